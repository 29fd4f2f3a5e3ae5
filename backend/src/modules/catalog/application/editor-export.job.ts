import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../../../common/errors/domain-error.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { EDIT_RENDERER, EDIT_REPOSITORY, type EditExport, type EditRenderer, type EditRepository } from '../domain/edit.js';
import { MEDIA_LIMITS } from '../domain/media-rules.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { EDITOR_EXPORT_JOB, EDITOR_MESSAGES, EditorSources } from './editor.use-cases.js';
import { ownerFacing } from './process-media.job.js';
import { PublishLocalFileUseCase } from './publish-local-file.use-case.js';

/** Exports whose job may have been lost: still open, and their row has not moved for a while. */
export interface StaleExports {
  openExportsSince(before: Date, limit: number): Promise<string[]>;
}
export const STALE_EXPORTS = Symbol('STALE_EXPORTS');

export const EXPORT_RETRIES = 2;
/** How often a running export looks at its row for a cancel. */
export const CANCEL_POLL_MS = 500;
/** Progress is written at most this often. */
export const PROGRESS_WRITE_MS = 1000;
/** A running export writes its row at least this often (its progress, or only the time): its heartbeat. */
export const HEARTBEAT_MS = 30_000;
/**
 * An open export whose row has not moved for this long lost its run (the process died): the sweeper queues it again,
 * and a new run may take it over from the one that stopped.
 */
export const STALE_EXPORT_MS = 3 * 60_000;
/** What the owner reads when saving the new video kept failing for a reason that is not theirs (a database fault). */
export const PUBLISH_FAILED = 'Export failed: the new video could not be saved. Please try again.';

const finished = (e: EditExport) => e.status === 'done' || e.status === 'failed' || e.status === 'cancelled';

/** The renderer failed (not the database, not the queue): the export fails at once, with the reason its owner sees. */
class RenderFailed extends Error {}

/**
 * The export job (`editor.export`): queued → rendering (progress 0–100, written at most once a second) → publishing (the
 * rendered MP4 goes through PublishLocalFileUseCase as a new video of the owner, titled '<title> (edited)', in the
 * original's account, processed into the HLS ladder by the processing job) → done with the new video's id. The original
 * is kept. While rendering it reads its row every CANCEL_POLL_MS and kills ffmpeg when the owner cancelled. A render
 * that fails marks the export failed with an owner-facing reason; anything else (the database) is retried by pg-boss,
 * and a run that finds the export done, failed or cancelled does nothing. A sweeper queues open exports whose job was
 * lost (a server stopped while one was queued or running). Temporary files are removed whatever happens.
 */
@Injectable()
export class EditorExportJob implements OnModuleInit {
  private readonly logger = new Logger('EditorExport');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    private readonly sources: EditorSources,
    private readonly publish: PublishLocalFileUseCase,
    @Inject(EDIT_REPOSITORY) private readonly edits: EditRepository,
    @Inject(STALE_EXPORTS) private readonly stale: StaleExports,
    @Inject(EDIT_RENDERER) private readonly renderer: EditRenderer,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ exportId: string }>({
      name: EDITOR_EXPORT_JOB,
      handler: (data, meta) => this.run(data.exportId, meta.retryCount),
      retryLimit: EXPORT_RETRIES,
      retryDelaySeconds: 15,
      concurrency: 1,
      policy: 'exclusive',
      expireInSeconds: 6 * 3600,
    });
  }

  async run(exportId: string, retryCount = EXPORT_RETRIES): Promise<void> {
    await RequestContext.create(this.orm.em, async () => {
      const e = await this.edits.exportById(exportId);
      if (!e) {
        // Queued by a request whose row is not visible yet: try again.
        if (retryCount < EXPORT_RETRIES) throw new Error(`export ${exportId} is not visible yet`);
        return;
      }
      if (finished(e)) return;
      // Published before its process died: only the end is left.
      if (e.resultMediaId) {
        await this.edits.updateExport(e.id, { status: 'done', progress: 100, error: null });
        return;
      }
      try {
        await this.export(e);
      } catch (err) {
        const reason = (err as Error).message;
        // The render failed, or publishing refused the video for a reason of the owner's (a rule): no retry helps.
        if (err instanceof RenderFailed || err instanceof DomainError || retryCount >= EXPORT_RETRIES) {
          this.logger.warn(`export ${e.id} failed: ${reason}`);
          const shown = err instanceof RenderFailed ? `Export failed: ${ownerFacing(reason)}` : err instanceof DomainError ? `Export failed: ${reason}` : PUBLISH_FAILED;
          await this.edits.updateExport(e.id, { status: 'failed', error: shown.slice(0, 300) });
          return;
        }
        // Tried again from the start (a new render): the row says so meanwhile.
        await this.edits.updateExport(e.id, { status: 'queued', progress: 0 });
        throw err;
      }
    });
  }

  private async export(e: EditExport): Promise<void> {
    const original = await this.media.find(e.mediaId);
    if (!original || original.kind !== 'video' || original.userId !== e.userId || original.status !== 'ready') throw new RenderFailed(EDITOR_MESSAGES.sourceGone);
    const { facts } = await this.sources.facts(original);
    const track = e.edit.music ? await this.sources.trackAllowed(e.userId, e.edit.music.trackId) : null;
    if (e.edit.music && !track) throw new RenderFailed(EDITOR_MESSAGES.trackGone);
    // One run at a time: another has it unless it is queued, or its run stopped moving (a process that died).
    if (!(await this.edits.claimExport(e.id, new Date(Date.now() - STALE_EXPORT_MS)))) return;

    const work = await this.sources.workDir('editor-export');
    const source = await this.storage.localFile(original.originalKey);
    const music = track ? await this.storage.localFile(track.originalKey) : null;
    const abort = new AbortController();
    let cancelled = false;
    let latest = 0;
    let written = 0;
    let lastWrite = Date.now();
    let writing: Promise<unknown> = Promise.resolve();
    // The owner's cancel, seen from the row; and the progress, written at most once a second, one write at a time.
    const poll = setInterval(() => {
      void this.edits.exportById(e.id).then(
        (row) => {
          if (row?.status === 'cancelled' && !cancelled) {
            cancelled = true;
            abort.abort();
          }
        },
        () => undefined,
      );
      if ((latest !== written && Date.now() - lastWrite >= PROGRESS_WRITE_MS) || Date.now() - lastWrite >= HEARTBEAT_MS) {
        const p = latest;
        lastWrite = Date.now();
        writing = writing.then(() =>
          this.edits.updateExport(e.id, { progress: p }).then(
            () => (written = p),
            () => undefined,
          ),
        );
      }
    }, CANCEL_POLL_MS);
    const outFile = join(work, 'export.mp4');
    try {
      try {
        await this.renderer.render({
          source: source.path,
          facts,
          edit: e.edit,
          height: e.height,
          outFile,
          music: music ? { path: music.path } : null,
          quality: 'export',
          // The last percent is the publishing.
          onProgress: (p) => (latest = Math.max(latest, Math.min(99, Math.floor(p)))),
          signal: abort.signal,
        });
      } catch (err) {
        if (cancelled || abort.signal.aborted) return;
        throw new RenderFailed((err as Error).message);
      } finally {
        clearInterval(poll);
        await writing;
      }
      // Cancelled between the last poll and the end of the render: nothing is published.
      if (!(await this.edits.updateExport(e.id, { status: 'publishing', progress: 99 }, ['rendering']))) return;
      const title = `${original.title.slice(0, MEDIA_LIMITS.title - ' (edited)'.length)} (edited)`;
      // In the original's account (one of the owner's own); the id is kept at once, so a run after a crash finishes
      // this export instead of publishing the video again.
      const resultId = await this.publish.execute(e.userId, 'video', { title, description: original.description ?? '', is_vertical: String(original.isVertical) }, outFile, { asAccount: original.accountId });
      await this.edits.updateExport(e.id, { resultMediaId: resultId });
      await this.edits.updateExport(e.id, { status: 'done', progress: 100, error: null });
    } finally {
      clearInterval(poll);
      await music?.release();
      await source.release();
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Queues again the exports still open whose row has not moved for STALE_EXPORT_MS (their job was lost). */
  @Interval('editor-export-sweeper', 60_000)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      for (const id of await this.stale.openExportsSince(new Date(Date.now() - STALE_EXPORT_MS), 50)) {
        // A key of its own per period: the job of a process that died still holds `export:<id>` until pg-boss expires it.
        await this.jobs.send(EDITOR_EXPORT_JOB, { exportId: id }, { singletonKey: `export:${id}:${Math.floor(Date.now() / STALE_EXPORT_MS)}` });
      }
    });
  }
}
