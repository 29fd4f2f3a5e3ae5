import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { isUuid } from '../../../common/keyset.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import {
  allowedResolutions,
  defaultEdit,
  EDIT_FILTERS,
  EDIT_LIMITS,
  EDIT_RENDERER,
  EDIT_REPOSITORY,
  editorErrors,
  exportHeight,
  OPEN_EXPORTS_PER_USER,
  previewEdit,
  shortSide,
  validateEdit,
  type EditDocument,
  type EditExport,
  type EditFilter,
  type EditRenderer,
  type EditRepository,
  type ExportResolution,
  type SourceFacts,
} from '../domain/edit.js';
import type { Media } from '../domain/media.js';
import { computePeaks, MUSIC_REPOSITORY, type MusicRepository } from '../domain/music.js';
import { MEDIA_PROCESSOR, MEDIA_REPOSITORY, type MediaProcessor, type MediaRepository } from '../domain/ports.js';

export const EDITOR_EXPORT_JOB = 'editor.export';
/** The filmstrip every session shows: this many frames of this width, side by side. */
export const FILMSTRIP = { frames: 10, frameWidth: 160 } as const;
/** The width of a frame for the filter previews. */
export const FRAME_WIDTH = 320;
/** The exports a video's list shows, newest first. */
export const EXPORTS_LISTED = 20;

export const EDITOR_MESSAGES = {
  frameAt: 'at must be a number of seconds within the video',
  trackGone: 'The background track is no longer available: choose another one',
  sourceGone: 'The original video is no longer available',
} as const;

/** What the editor knows of a source beyond its media row: whether it has sound, and its waveform. Made once, kept. */
interface SourceInfo {
  hasAudio: boolean;
  peaks: number[] | null;
}

/** The draft a session shows: the saved one, or the whole video unchanged (version 0). */
export interface DraftView {
  edit: EditDocument;
  version: number;
  updatedAt: Date | null;
}

export interface EditorSession {
  media: Media;
  facts: SourceFacts;
  draft: DraftView;
  allowedResolutions: ExportResolution[];
  peaks: number[] | null;
}

/** A file made for one response (a preview, a frame): the caller sends it, then calls done() to remove it. */
export interface TempFile {
  path: string;
  done(): Promise<void>;
}

const sourceInfoKey = (mediaId: string) => `editor-sources/${mediaId}.json`;
export const filmstripKey = (mediaId: string) => `editor-filmstrips/${mediaId}.jpg`;
/** The files the editor derives from a video (its facts and waveform, its filmstrip): purged with the video's own. */
export const editorFilesOf = (mediaId: string): string[] => [sourceInfoKey(mediaId), filmstripKey(mediaId)];

/**
 * The sources the editor works on: only the caller's own ready videos (anyone else, admins included, is told it is not
 * editable, as if it did not exist), their facts, and the background tracks a user may use. Shared by the use cases
 * and the export job.
 */
@Injectable()
export class EditorSources {
  private readonly logger = new Logger('EditorSources');

  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(MEDIA_PROCESSOR) private readonly processor: MediaProcessor,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get tmpDir(): string {
    return join(this.config.dataDir, 'tmp');
  }

  /** A temporary folder under DATA_DIR/tmp (removed by the caller). */
  async workDir(prefix: string): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return mkdtemp(join(this.tmpDir, `${prefix}-`));
  }

  /** The caller's own video, ready: 404 EDITOR.NOT_EDITABLE for anything else, 409 EDITOR.NOT_READY while processing. */
  async editable(mediaId: string, userId: string): Promise<Media> {
    const m = isUuid(mediaId) ? await this.media.find(mediaId) : null;
    if (!m || m.kind !== 'video' || m.userId !== userId || m.status === 'removed' || m.status === 'failed') throw editorErrors.notEditable();
    if (m.status !== 'ready') throw editorErrors.notReady();
    return m;
  }

  /** The source's facts: its size and length from processing, its sound from the source info (made once). */
  async facts(m: Media): Promise<{ facts: SourceFacts; info: SourceInfo }> {
    const info = await this.info(m);
    return { facts: { durationSeconds: Number(m.durationSeconds ?? 0), width: Number(m.width ?? 0), height: Number(m.height ?? 0), hasAudio: info.hasAudio }, info };
  }

  private async info(m: Media): Promise<SourceInfo> {
    const key = sourceInfoKey(m.id);
    if (await this.storage.stat(key)) {
      try {
        const chunks: Buffer[] = [];
        for await (const c of this.storage.read(key)) chunks.push(c as Buffer);
        const v = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SourceInfo;
        if (typeof v.hasAudio === 'boolean') return { hasAudio: v.hasAudio, peaks: Array.isArray(v.peaks) ? v.peaks : null };
      } catch (e) {
        this.logger.warn(`source info of ${m.id} unreadable, made again: ${(e as Error).message}`);
      }
    }
    const source = await this.storage.localFile(m.originalKey);
    let info: SourceInfo;
    try {
      const probe = await this.processor.probe(source.path);
      const hasAudio = probe?.hasAudio ?? false;
      info = { hasAudio, peaks: hasAudio ? computePeaks(await this.processor.lowRateSamples(source.path)) : null };
    } finally {
      await source.release();
    }
    await this.storage.write(key, Buffer.from(JSON.stringify(info)));
    return info;
  }

  /** A track the user may put under a video: an audio track of theirs, or a public one, ready either way. */
  async trackAllowed(userId: string, trackId: string): Promise<Media | null> {
    if (!isUuid(trackId)) return null;
    const t = await this.media.find(trackId);
    if (!t || t.kind !== 'track' || t.status !== 'ready') return null;
    if (t.userId !== userId && t.visibility !== 'public') return null;
    const details = (await this.music.details([t.id])).get(t.id);
    return details?.contentType === 'audio' ? t : null;
  }

  /** The rules of an edit against this source, for this user (the music they may use). */
  validate(doc: EditDocument, facts: SourceFacts, userId: string): Promise<EditDocument> {
    return validateEdit(doc, facts, async (trackId) => (await this.trackAllowed(userId, trackId)) !== null);
  }
}

/**
 * The editor studio's use cases (issue 19): a video's session (facts, draft, filmstrip, waveform), saving the draft
 * from the version it was read at, a frame with a filter, a low-resolution preview of a range of an edit, and exports:
 * started from a saved version (a snapshot of it), listed, read and cancelled by their owner only.
 */
@Injectable()
export class EditorUseCases {
  constructor(
    private readonly sources: EditorSources,
    @Inject(EDIT_REPOSITORY) private readonly edits: EditRepository,
    @Inject(EDIT_RENDERER) private readonly renderer: EditRenderer,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly jobs: JobsService,
  ) {}

  async session(mediaId: string, userId: string): Promise<EditorSession> {
    const m = await this.sources.editable(mediaId, userId);
    const { facts, info } = await this.sources.facts(m);
    return { media: m, facts, draft: await this.draftOf(m, userId), allowedResolutions: allowedResolutions(shortSide(facts)), peaks: info.peaks };
  }

  private async draftOf(m: Media, userId: string): Promise<DraftView> {
    const d = await this.edits.draft(m.id, userId);
    return d ? { edit: d.edit, version: d.version, updatedAt: d.updatedAt } : { edit: defaultEdit(Number(m.durationSeconds ?? 0)), version: 0, updatedAt: null };
  }

  /** Saves the draft if `version` is the stored one (0 when none is saved); the edit is checked first, changing nothing when wrong. */
  async saveDraft(mediaId: string, userId: string, version: number, doc: EditDocument): Promise<DraftView> {
    const m = await this.sources.editable(mediaId, userId);
    const { facts } = await this.sources.facts(m);
    const edit = await this.sources.validate(doc, facts, userId);
    const saved = await this.edits.save(m.id, userId, version, edit);
    if (!saved) throw editorErrors.versionConflict();
    return { edit: saved.edit, version: saved.version, updatedAt: saved.updatedAt };
  }

  /** The session's filmstrip, made on first use and kept in storage: its key. */
  async filmstrip(mediaId: string, userId: string): Promise<string> {
    const m = await this.sources.editable(mediaId, userId);
    const key = filmstripKey(m.id);
    if (await this.storage.stat(key)) return key;
    const { facts } = await this.sources.facts(m);
    const work = await this.sources.workDir('editor-filmstrip');
    const source = await this.storage.localFile(m.originalKey);
    try {
      const out = join(work, 'filmstrip.jpg');
      await this.renderer.filmstrip(source.path, facts, FILMSTRIP.frames, FILMSTRIP.frameWidth, out);
      await this.storage.adopt(key, out);
      return key;
    } finally {
      await source.release();
      await rm(work, { recursive: true, force: true });
    }
  }

  /** One frame at `at` seconds, FRAME_WIDTH wide, with a filter (or none): the filter tiles' previews. */
  async frame(mediaId: string, userId: string, at: number, filter: string | null): Promise<TempFile> {
    const m = await this.sources.editable(mediaId, userId);
    const duration = Number(m.durationSeconds ?? 0);
    const problems = [];
    if (typeof at !== 'number' || !Number.isFinite(at) || at < 0 || at > duration) problems.push({ field: 'at', message: EDITOR_MESSAGES.frameAt });
    if (filter !== null && !EDIT_FILTERS.includes(filter as EditFilter)) problems.push({ field: 'filter', message: `filter must be one of ${EDIT_FILTERS.join(', ')}` });
    if (problems.length) throw new ValidationError(problems, 'EDITOR.INVALID_FRAME');
    // The last frame is a little before the end (a seek to the very end finds nothing to decode).
    const seek = Math.max(0, Math.min(at, duration - 0.1));
    return this.produce('editor-frame', 'frame.jpg', m, (source, out) => this.renderer.frame(source, seek, FRAME_WIDTH, filter as EditFilter | null, out));
  }

  /**
   * A 360p (or the source's size when smaller) render of the edited range [from, to) of an edit that need not be
   * saved: checked as a save is, then cut to the range. `signal` stops it (the client went away).
   */
  async preview(mediaId: string, userId: string, doc: EditDocument, from: number, to: number, signal?: AbortSignal): Promise<TempFile> {
    const m = await this.sources.editable(mediaId, userId);
    const { facts } = await this.sources.facts(m);
    const edit = await this.sources.validate(doc, facts, userId);
    const part = previewEdit(edit, from, to);
    const height = Math.min(EDIT_LIMITS.previewHeight, Math.max(2, Math.floor(shortSide(facts) / 2) * 2));
    const track = part.edit.music ? await this.sources.trackAllowed(userId, part.edit.music.trackId) : null;
    const music = track ? await this.storage.localFile(track.originalKey) : null;
    try {
      return await this.produce('editor-preview', 'preview.mp4', m, (source, outFile) =>
        this.renderer.render({ source, facts, edit: part.edit, height, outFile, music: music ? { path: music.path, offset: part.musicOffset } : null, quality: 'preview', signal }),
      );
    } finally {
      await music?.release();
    }
  }

  private async produce(prefix: string, name: string, m: Media, make: (source: string, out: string) => Promise<void>): Promise<TempFile> {
    const work = await this.sources.workDir(prefix);
    const done = () => rm(work, { recursive: true, force: true });
    const source = await this.storage.localFile(m.originalKey);
    try {
      const out = join(work, name);
      await make(source.path, out);
      return { path: out, done };
    } catch (e) {
      await done();
      throw e;
    } finally {
      await source.release();
    }
  }

  /**
   * Exports the saved draft of `version` (0: none saved, the whole video unchanged) at a tile no taller than the
   * source: a snapshot of that edit, queued for the export job.
   */
  async startExport(mediaId: string, userId: string, resolution: ExportResolution, version: number): Promise<EditExport> {
    const m = await this.sources.editable(mediaId, userId);
    const { facts } = await this.sources.facts(m);
    const height = exportHeight(resolution, facts);
    const draft = await this.draftOf(m, userId);
    if (draft.version !== version) throw editorErrors.versionConflict();
    // Checked again: the video or a track may have changed since the draft was saved.
    const edit = await this.sources.validate(draft.edit, facts, userId);
    const now = new Date();
    const e: EditExport = { id: randomUUID(), mediaId: m.id, userId, resolution, height, edit, status: 'queued', progress: 0, resultMediaId: null, error: null, createdAt: now, updatedAt: now };
    if (!(await this.edits.addExport(e, OPEN_EXPORTS_PER_USER))) throw editorErrors.tooManyExports(OPEN_EXPORTS_PER_USER);
    // Without a running queue (tests with jobs off) the sweeper queues it once jobs run.
    await this.jobs.send(EDITOR_EXPORT_JOB, { exportId: e.id }, { singletonKey: `export:${e.id}` });
    return e;
  }

  async exportsOf(mediaId: string, userId: string): Promise<EditExport[]> {
    const m = await this.sources.editable(mediaId, userId);
    return this.edits.exportsOf(m.id, userId, EXPORTS_LISTED);
  }

  async getExport(id: string, userId: string): Promise<EditExport> {
    const e = isUuid(id) ? await this.edits.exportById(id) : null;
    if (!e || e.userId !== userId) throw editorErrors.exportNotFound();
    return e;
  }

  /** Cancels an export still queued or rendering (its job stops rendering within a second); 409 once it is publishing or has ended. */
  async cancelExport(id: string, userId: string): Promise<EditExport> {
    const e = await this.getExport(id, userId);
    // Publishing: the render is over and the new video is being made; it can no longer be taken back.
    if (e.status === 'done' || e.status === 'failed' || e.status === 'cancelled' || e.status === 'publishing') throw editorErrors.exportFinished();
    // Only from queued or rendering: the job may have moved it to publishing since it was read.
    if (!(await this.edits.updateExport(e.id, { status: 'cancelled' }, ['queued', 'rendering']))) throw editorErrors.exportFinished();
    return this.getExport(id, userId);
  }
}
