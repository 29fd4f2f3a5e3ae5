import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { EDIT_RENDERER, EDIT_REPOSITORY, type EditExport, type EditRenderer, type EditRepository } from '../domain/edit.js';
import type { MediaVisibility } from '../domain/media.js';
import { MEDIA_LIMITS } from '../domain/media-rules.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { EDITOR_EXPORT_JOB, EDITOR_MESSAGES, EditorSources } from './editor.use-cases.js';
import { ownerFacing } from './process-media.job.js';
import { PublishLocalFileUseCase } from './publish-local-file.use-case.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

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
/** An open export whose row has not moved for this long is queued again by the sweeper. */
export const STALE_EXPORT_MS = 10 * 60_000;

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
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
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
      try {
        await this.export(e);
      } catch (err) {
        const reason = (err as Error).message;
        if (err instanceof RenderFailed || retryCount >= EXPORT_RETRIES) {
          this.logger.warn(`export ${e.id} failed: ${reason}`);
          await this.edits.updateExport(e.id, { status: 'failed', error: `Export failed: ${ownerFacing(reason).slice(0, 300)}` });
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
    if (!(await this.edits.updateExport(e.id, { status: 'rendering', progress: 0 }))) return;

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
      if (latest !== written && Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
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
      if (!(await this.edits.updateExport(e.id, { status: 'publishing', progress: 99 }))) return;
      const title = `${original.title.slice(0, MEDIA_LIMITS.title - ' (edited)'.length)} (edited)`;
      const resultId = await this.publish.execute(e.userId, 'video', { title, description: original.description ?? '', is_vertical: String(original.isVertical) }, outFile);
      await this.sameAccount(resultId, original.accountId, original.visibility);
      await this.edits.updateExport(e.id, { status: 'done', progress: 100, resultMediaId: resultId, error: null });
    } finally {
      clearInterval(poll);
      await music?.release();
      await source.release();
      await rm(work, { recursive: true, force: true });
    }
  }

  /** The new video belongs to the original's account (publishing puts it in the owner's active one). */
  private async sameAccount(mediaId: string, accountId: string, visibility: MediaVisibility): Promise<void> {
    const m = await this.media.find(mediaId);
    if (!m || (m.accountId === accountId && m.visibility === visibility)) return;
    m.accountId = accountId;
    m.visibility = visibility;
    await this.uow.commit();
  }

  /** Queues again the exports still open whose row has not moved for STALE_EXPORT_MS (their job was lost). */
  @Interval('editor-export-sweeper', 60_000)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      for (const id of await this.stale.openExportsSince(new Date(Date.now() - STALE_EXPORT_MS), 50)) {
        await this.jobs.send(EDITOR_EXPORT_JOB, { exportId: id }, { singletonKey: `export:${id}` });
      }
    });
  }
}
