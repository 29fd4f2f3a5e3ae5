import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorCode, errorDetail } from '../../shared/apiError';
import type { LoadStatus } from '../../shared/resource';
import type { MusicTrack } from '../music/types';
import type { VideoDto } from '../videos/types';
import {
  EDIT_FILTERS,
  EDITOR_LIMITS,
  defaultPreviewRange,
  deleteClip,
  editBody,
  editedLength,
  fitTexts,
  moveHandle,
  newText,
  previewProblem,
  sameEdit,
  sourceToEdited,
  splitAt,
  splitProblem,
  type HandleSide,
} from './timeline';
import { exportActive, type Filter, type EditBody, type EditorExport, type EditorSession, type EditorTab, type Resolution } from './types';

/** A change is saved this long after the last one (a drag or a typed word is one save). */
export const SAVE_DEBOUNCE_MS = 800;
/** An export under way is read again this often. */
export const EXPORT_POLL_MS = 1000;
/** The filter previews follow the playhead once it has stayed put this long. */
export const FRAMES_DEBOUNCE_MS = 400;
/** Undo steps kept. */
export const HISTORY_LIMIT = 100;
/** The background tracks offered (seed 002 §2.14: the first 5, each with Add). */
export const MUSIC_SHOWN = 5;

export const EDITOR_MESSAGES = {
  sessionFailed: 'The video could not be opened for editing',
  saveFailed: 'Your changes could not be saved',
  filmstripFailed: 'The filmstrip could not be loaded',
  frameFailed: 'This preview could not be loaded',
  previewFailed: 'The preview could not be rendered',
  tracksFailed: 'The music could not be loaded',
  exportsFailed: 'The exports could not be loaded',
  exportFailed: 'The export could not be started',
  exportProgressFailed: "The export's progress could not be read",
  cancelFailed: 'The export could not be cancelled',
  notSavedForExport: (detail: string) => `Your changes are not saved, so they cannot be exported yet: ${detail}`,
  upscale: (height: number, tile: string) => `Your video is ${height}p: ${tile} would upscale it`,
} as const;

/** The code of the server's 409 when the draft was saved elsewhere since it was read. */
export const VERSION_CONFLICT = 'EDITOR.VERSION_CONFLICT';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error';
/** What the save line says: everything saved, a save coming or under way, the server's refusal, or a conflict. */
export type SaveState = 'saved' | 'saving' | 'error' | 'conflict';

/** An image the server renders (the filmstrip, a filter preview), fetched with the user's token into a blob URL. */
export interface ImageState {
  status: LoadStatus;
  url: string | null;
  error: string | null;
}

export interface PreviewState {
  status: 'idle' | 'rendering' | 'ready' | 'error';
  url: string | null;
  error: string | null;
  from: number;
  to: number;
}

/** The key of the unfiltered frame among the filter previews. */
export const NO_FILTER = 'None';

const idleImage = (): ImageState => ({ status: 'idle', url: null, error: null });
const idlePreview = (): PreviewState => ({ status: 'idle', url: null, error: null, from: 0, to: 0 });

function revoke(url: string | null): void {
  if (url) URL.revokeObjectURL(url);
}

/**
 * The editor studio (seed 002 §2.14, issue 19): the open tab; the video being edited and its session (the source's
 * facts, the saved draft, the filmstrip and waveform); the edit document with its undo history, saved to the server a
 * moment after each change (optimistic versions: a conflict offers the latest version); the playhead; the filter
 * previews; a rendered preview of a range; the background tracks; and the exports with their progress.
 */
export class EditorStore {
  tab: EditorTab = 'upload';

  videoId: string | null = null;
  sessionStatus: SessionStatus = 'idle';
  sessionError: string | null = null;
  session: EditorSession | null = null;
  /** The video as the catalog shows it (its stream and HLS addresses, for the player). */
  source: VideoDto | null = null;

  /** The edit as it is now, and the documents before (undo) and after (redo) it. */
  present: EditBody | null = null;
  past: EditBody[] = [];
  future: EditBody[] = [];
  /** Changes with the same key in a row (a drag, a slider, typing in one field) are one undo step. */
  private mergeKey: string | null = null;

  /** The stored draft's version (0: none saved yet) and the document the server holds. */
  version = 0;
  private saved: EditBody | null = null;
  saving = false;
  saveError: { detail: string; conflict: boolean } | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<boolean> | null = null;

  /** Where the player is, in the source's seconds. */
  playhead = 0;
  /** A position the player is asked to go to (the counter makes the same position twice two requests). */
  seekRequest: { at: number; n: number } | null = null;

  filmstrip: ImageState = idleImage();
  /** The frame at `framesAt` with each filter (and NO_FILTER). */
  frames: Record<string, ImageState> = {};
  framesAt: number | null = null;
  private framesTimer: ReturnType<typeof setTimeout> | null = null;

  /** The edited range the next preview renders; null: 10 s around the playhead. */
  previewRange: { from: number; to: number } | null = null;
  preview: PreviewState = idlePreview();
  /** The player shows the rendered preview rather than the source. */
  showingPreview = false;

  tracks: MusicTrack[] = [];
  tracksStatus: LoadStatus = 'idle';
  tracksError: string | null = null;

  exports: EditorExport[] = [];
  exportsStatus: LoadStatus = 'idle';
  exportsError: string | null = null;
  exportTile: Resolution | null = null;
  exportPending = false;
  exportError: string | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private polling = false;
  /** Answers for an earlier video are dropped. */
  private ticket = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'mergeKey' | 'saveTimer' | 'inFlight' | 'framesTimer' | 'pollTimer' | 'polling' | 'ticket'>(
      this,
      { root: false, mergeKey: false, saveTimer: false, inFlight: false, framesTimer: false, pollTimer: false, polling: false, ticket: false },
      { autoBind: true },
    );
  }

  // ---- Tabs, the feature flag and the video ----

  /** The server's 'editor' flag (on while unknown: the server refuses what is off anyway). */
  get enabled(): boolean {
    return this.root.features.isEnabled('editor');
  }

  setTab(tab: EditorTab): void {
    this.tab = tab;
  }

  /** The user's videos that finished processing: the ones that can be edited. */
  get editableVideos(): VideoDto[] {
    return this.root.videos.ownVideos.filter((video) => video.status === 'ready');
  }

  /** Opens a video for editing (GET /api/editor/videos/{id}): its draft, filmstrip and exports. */
  async openVideo(id: string): Promise<void> {
    this.reset();
    const ticket = this.ticket;
    this.videoId = id;
    this.sessionStatus = 'loading';
    let session: EditorSession | undefined;
    let detail: string = EDITOR_MESSAGES.sessionFailed;
    try {
      const [outcome, video] = await Promise.all([
        this.root.api.GET('/api/editor/videos/{id}', { params: { path: { id } } }),
        this.root.api.GET('/api/videos/{id}', { params: { path: { id } } }).catch(() => ({ data: undefined })),
      ]);
      session = outcome.data;
      if (!session) detail = errorDetail(outcome.error, detail);
      if (session && ticket === this.ticket) runInAction(() => (this.source = video.data ?? this.root.videos.ownVideos.find((v) => v.id === id) ?? null));
    } catch {
      session = undefined;
    }
    if (ticket !== this.ticket) return;
    runInAction(() => {
      if (!session) {
        this.sessionStatus = 'error';
        this.sessionError = detail;
        return;
      }
      this.session = session;
      this.sessionStatus = 'ready';
      this.present = editBody(session.draft);
      this.saved = this.present;
      this.version = session.draft.version;
    });
    if (session) {
      void this.loadFilmstrip();
      void this.loadExports();
    }
  }

  /** Back to the selection: the changes are saved first (false, and the video stays open, when that fails). */
  async closeVideo(): Promise<boolean> {
    if (this.present && !(await this.save())) return false;
    this.reset();
    return true;
  }

  /** Lets go of the open video: timers stopped, blob URLs revoked, later answers dropped. */
  private reset(): void {
    this.ticket += 1;
    this.clearSaveTimer();
    this.stopPolling();
    if (this.framesTimer) clearTimeout(this.framesTimer);
    this.framesTimer = null;
    revoke(this.filmstrip.url);
    for (const frame of Object.values(this.frames)) revoke(frame.url);
    revoke(this.preview.url);
    this.videoId = null;
    this.session = null;
    this.source = null;
    this.sessionStatus = 'idle';
    this.sessionError = null;
    this.present = null;
    this.past = [];
    this.future = [];
    this.mergeKey = null;
    this.version = 0;
    this.saved = null;
    this.saving = false;
    this.saveError = null;
    this.inFlight = null;
    this.playhead = 0;
    this.seekRequest = null;
    this.filmstrip = idleImage();
    this.frames = {};
    this.framesAt = null;
    this.previewRange = null;
    this.preview = idlePreview();
    this.showingPreview = false;
    this.exports = [];
    this.exportsStatus = 'idle';
    this.exportsError = null;
    this.exportTile = null;
    this.exportPending = false;
    this.exportError = null;
  }

  /**
   * While the studio shows: exports under way are followed. Returns the function that lets go when it closes (what is
   * not saved yet is saved at once; the open video stays for when the studio opens again).
   */
  attach(): () => void {
    this.followExports();
    return () => {
      this.stopPolling();
      if (this.framesTimer) clearTimeout(this.framesTimer);
      this.framesTimer = null;
      if (this.saveTimer) void this.save();
    };
  }

  dispose(): void {
    this.reset();
  }

  // ---- The edit and its history ----

  /** The source's length in seconds. */
  get duration(): number {
    return this.session?.video.duration_seconds ?? 0;
  }

  /** The edited video's length. */
  get length(): number {
    return this.present ? editedLength(this.present) : 0;
  }

  /** The playhead on the edited timeline. */
  get editedPlayhead(): number {
    return this.present ? sourceToEdited(this.present, this.playhead) : 0;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /**
   * Applies a change to the edit. With `merge`, a change following one with the same key replaces it in the history
   * (one undo step for a whole drag or slide); `endMerge` closes such a run.
   */
  change(update: (edit: EditBody) => EditBody, merge?: string): void {
    if (!this.present) return;
    const next = update(this.present);
    if (sameEdit(next, this.present)) return;
    if (!merge || merge !== this.mergeKey) {
      this.past = [...this.past, this.present].slice(-HISTORY_LIMIT);
    }
    this.present = next;
    this.future = [];
    this.mergeKey = merge ?? null;
    this.scheduleSave();
  }

  endMerge(): void {
    this.mergeKey = null;
  }

  undo(): void {
    const previous = this.past[this.past.length - 1];
    if (!previous || !this.present) return;
    this.future = [this.present, ...this.future];
    this.past = this.past.slice(0, -1);
    this.present = previous;
    this.mergeKey = null;
    this.scheduleSave();
  }

  redo(): void {
    const next = this.future[0];
    if (!next || !this.present) return;
    this.past = [...this.past, this.present];
    this.future = this.future.slice(1);
    this.present = next;
    this.mergeKey = null;
    this.scheduleSave();
  }

  // ---- Cuts ----

  /** Clips changed: the texts are kept inside the new length. */
  private changeClips(update: (clips: EditBody['clips']) => EditBody['clips'], merge?: string): void {
    this.change((edit) => {
      const clips = update(edit.clips);
      const length = editedLength({ ...edit, clips });
      return { ...edit, clips, texts: fitTexts(edit.texts, length) };
    }, merge);
  }

  /** Why Split at playhead cannot cut here, or null. */
  get splitProblem(): string | null {
    return this.present ? splitProblem(this.present.clips, this.playhead) : null;
  }

  /** Cuts the clip under the playhead in two. */
  split(): void {
    const at = this.playhead;
    if (this.splitProblem) return;
    this.changeClips((clips) => splitAt(clips, at));
  }

  /** Moves a cut handle (a drag or arrow keys: one undo step per handle moved in a row) and shows that frame. */
  moveHandle(index: number, side: HandleSide, to: number): void {
    this.changeClips((clips) => moveHandle(clips, index, side, to, this.duration), `handle:${index}:${side}`);
    const clip = this.present?.clips[index];
    if (clip) this.seek(side === 'start' ? clip.start : Math.max(clip.start, clip.end - 0.05));
  }

  deleteClip(index: number): void {
    this.changeClips((clips) => deleteClip(clips, index));
  }

  // ---- Effects and audio ----

  /** A transition overlaps the clips (the edit gets shorter): the texts are kept inside the new length. */
  setTransition(transition: EditBody['transition']): void {
    this.change((edit) => ({ ...edit, transition, texts: fitTexts(edit.texts, editedLength({ ...edit, transition })) }));
  }

  /** Adds a title or caption at the playhead, 3 s long. */
  addText(kind: 'title' | 'caption'): void {
    this.change((edit) => ({ ...edit, texts: [...edit.texts, newText(kind, this.editedPlayhead, editedLength(edit))] }));
  }

  updateText(index: number, patch: Partial<EditBody['texts'][number]>, merge?: string): void {
    this.change((edit) => ({ ...edit, texts: edit.texts.map((text, i) => (i === index ? { ...text, ...patch } : text)) }), merge);
  }

  removeText(index: number): void {
    this.change((edit) => ({ ...edit, texts: edit.texts.filter((_, i) => i !== index) }));
  }

  setVolume(volume: number): void {
    this.change((edit) => ({ ...edit, volume: Math.round(volume) }), 'volume');
  }

  setSpeed(speed: number): void {
    this.change((edit) => ({ ...edit, speed, texts: fitTexts(edit.texts, editedLength({ ...edit, speed })) }), 'speed');
  }

  setMusicVolume(volume: number): void {
    this.change((edit) => (edit.music ? { ...edit, music: { ...edit.music, volume: Math.round(volume) } } : edit), 'music.volume');
  }

  // ---- Saving ----

  /** Changes not yet on the server. */
  get dirty(): boolean {
    return this.present !== null && (this.saved === null || !sameEdit(this.present, this.saved));
  }

  get saveState(): SaveState {
    if (this.saveError?.conflict) return 'conflict';
    if (this.saving || (this.dirty && !this.saveError)) return 'saving';
    if (this.saveError) return 'error';
    return 'saved';
  }

  private clearSaveTimer(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  private scheduleSave(): void {
    this.clearSaveTimer();
    if (this.saveError?.conflict) return;
    this.saveError = null;
    this.saveTimer = setTimeout(() => void this.save(), SAVE_DEBOUNCE_MS);
  }

  /**
   * Saves the edit now (PUT draft with the version read): true once the server holds the document shown. One save at
   * a time; changes made meanwhile are saved after it. A conflict stops saving until the latest version is reloaded.
   */
  async save(): Promise<boolean> {
    this.clearSaveTimer();
    const ticket = this.ticket;
    for (;;) {
      if (this.inFlight) {
        await this.inFlight;
        if (ticket !== this.ticket) return false;
        continue;
      }
      if (!this.present || !this.videoId || this.saveError?.conflict) return false;
      if (!this.dirty) return true;
      const put = this.put(this.videoId, editBody(this.present));
      this.inFlight = put;
      const ok = await put;
      if (ticket !== this.ticket) return false;
      runInAction(() => (this.inFlight = null));
      if (!ok) return false;
    }
  }

  private async put(id: string, edit: EditBody): Promise<boolean> {
    const ticket = this.ticket;
    this.saving = true;
    let version: number | undefined;
    let error: unknown;
    try {
      const outcome = await this.root.api.PUT('/api/editor/videos/{id}/draft', { params: { path: { id } }, body: { version: this.version, edit } });
      version = outcome.data?.version;
      error = outcome.error;
    } catch (thrown) {
      error = thrown;
    }
    if (ticket !== this.ticket) return false;
    runInAction(() => {
      this.saving = false;
      if (version !== undefined) {
        this.version = version;
        this.saved = edit;
        this.saveError = null;
      } else {
        this.saveError = { detail: errorDetail(error, EDITOR_MESSAGES.saveFailed), conflict: errorCode(error) === VERSION_CONFLICT };
      }
    });
    return version !== undefined;
  }

  /** Tries the failed save again. */
  retrySave(): void {
    this.saveError = null;
    void this.save();
  }

  /**
   * After a conflict: reads the latest version of the draft and shows it. The edit shown before is kept one undo away
   * (undoing it and saving puts it over the latest version).
   */
  async reloadLatest(): Promise<boolean> {
    const id = this.videoId;
    if (!id) return false;
    const ticket = this.ticket;
    let session: EditorSession | undefined;
    let detail: string = EDITOR_MESSAGES.sessionFailed;
    try {
      const outcome = await this.root.api.GET('/api/editor/videos/{id}', { params: { path: { id } } });
      session = outcome.data;
      if (!session) detail = errorDetail(outcome.error, detail);
    } catch {
      session = undefined;
    }
    if (ticket !== this.ticket) return false;
    runInAction(() => {
      if (!session) {
        this.saveError = { detail, conflict: true };
        return;
      }
      const latest = editBody(session.draft);
      this.clearSaveTimer();
      this.session = session;
      if (this.present && !sameEdit(this.present, latest)) this.past = [...this.past, this.present].slice(-HISTORY_LIMIT);
      this.present = latest;
      this.future = [];
      this.mergeKey = null;
      this.saved = latest;
      this.version = session.draft.version;
      this.saveError = null;
    });
    return session !== undefined;
  }

  // ---- The playhead and the player ----

  /** The player's time (the source's seconds). */
  setPlayhead(seconds: number): void {
    this.playhead = Math.max(0, Math.min(this.duration || seconds, seconds));
  }

  /** Moves the player to `seconds` of the source. */
  seek(seconds: number): void {
    this.setPlayhead(seconds);
    this.showingPreview = false;
    this.seekRequest = { at: this.playhead, n: (this.seekRequest?.n ?? 0) + 1 };
  }

  // ---- The filmstrip and the filter previews ----

  private async image(fetch: () => Promise<{ data?: Blob; error?: unknown }>, fallback: string): Promise<ImageState> {
    try {
      const { data, error } = await fetch();
      if (data) return { status: 'ready', url: URL.createObjectURL(data), error: null };
      return { status: 'error', url: null, error: errorDetail(error, fallback) };
    } catch {
      return { status: 'error', url: null, error: fallback };
    }
  }

  async loadFilmstrip(): Promise<void> {
    const id = this.videoId;
    if (!id) return;
    const ticket = this.ticket;
    this.filmstrip = { ...this.filmstrip, status: 'loading', error: null };
    const next = await this.image(
      () => this.root.api.GET('/api/editor/videos/{id}/filmstrip', { params: { path: { id } }, parseAs: 'blob' }),
      EDITOR_MESSAGES.filmstripFailed,
    );
    if (ticket !== this.ticket) return revoke(next.url);
    runInAction(() => {
      revoke(this.filmstrip.url);
      this.filmstrip = next;
    });
  }

  /** The filter previews follow the playhead: read once it has stayed put a moment. */
  followFrames(): () => void {
    const schedule = () => {
      if (this.framesTimer) clearTimeout(this.framesTimer);
      this.framesTimer = setTimeout(() => void this.loadFrames(), FRAMES_DEBOUNCE_MS);
    };
    schedule();
    return () => {
      if (this.framesTimer) clearTimeout(this.framesTimer);
      this.framesTimer = null;
    };
  }

  /** The playhead, to the tenth of a second, as the filter previews are read at it. */
  get framesPosition(): number {
    // The last frame a little before the end: at the very end there is none to draw.
    const last = Math.max(0, Math.floor((this.duration - 0.1) * 10) / 10);
    return Math.min(last, Math.round(this.playhead * 10) / 10);
  }

  /** Reads the frame at the playhead with every filter (GET frame?at=&filter=), unless they show that moment already. */
  async loadFrames(): Promise<void> {
    const id = this.videoId;
    if (!id) return;
    const at = this.framesPosition;
    if (this.framesAt === at && Object.values(this.frames).every((frame) => frame.status === 'ready')) return;
    const ticket = this.ticket;
    this.framesAt = at;
    const names = [NO_FILTER, ...EDIT_FILTERS];
    this.frames = Object.fromEntries(names.map((name) => [name, { ...(this.frames[name] ?? idleImage()), status: 'loading' as const, error: null }]));
    await Promise.all(
      names.map(async (name) => {
        const query = name === NO_FILTER ? { at } : { at, filter: name as Filter };
        const next = await this.image(
          () => this.root.api.GET('/api/editor/videos/{id}/frame', { params: { path: { id }, query }, parseAs: 'blob' }),
          EDITOR_MESSAGES.frameFailed,
        );
        if (ticket !== this.ticket || this.framesAt !== at) return revoke(next.url);
        runInAction(() => {
          revoke(this.frames[name]?.url ?? null);
          this.frames = { ...this.frames, [name]: next };
        });
      }),
    );
  }

  setFilter(filter: Filter | null): void {
    this.change((edit) => ({ ...edit, filter }));
  }

  // ---- The rendered preview ----

  /** The range the next preview renders: the chosen one, or 10 s around the playhead. */
  get previewSpan(): { from: number; to: number } {
    const length = this.length;
    if (this.previewRange && this.previewRange.to <= length + 0.001) return this.previewRange;
    return defaultPreviewRange(this.editedPlayhead, length);
  }

  setPreviewRange(range: { from: number; to: number } | null): void {
    this.previewRange = range;
  }

  get previewRangeProblem(): string | null {
    return previewProblem(this.previewSpan, this.length);
  }

  /** Renders the edit's range (POST preview, 360p) and plays it in the player. */
  async renderPreview(): Promise<void> {
    const id = this.videoId;
    if (!id || !this.present || this.preview.status === 'rendering') return;
    const { from, to } = this.previewSpan;
    const problem = previewProblem({ from, to }, this.length);
    if (problem) {
      this.preview = { ...this.preview, status: 'error', error: problem };
      return;
    }
    const ticket = this.ticket;
    const edit = editBody(this.present);
    this.preview = { ...this.preview, status: 'rendering', error: null };
    let url: string | null = null;
    let detail: string = EDITOR_MESSAGES.previewFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/editor/videos/{id}/preview', {
        params: { path: { id } },
        body: { edit, from, to },
        parseAs: 'blob',
      });
      if (data) url = URL.createObjectURL(data);
      else detail = errorDetail(error, detail);
    } catch {
      url = null;
    }
    if (ticket !== this.ticket) return revoke(url);
    runInAction(() => {
      if (url) {
        revoke(this.preview.url);
        this.preview = { status: 'ready', url, error: null, from, to };
        this.showingPreview = true;
      } else {
        this.preview = { ...this.preview, status: 'error', error: detail };
      }
    });
  }

  /** The player goes back to the source video. */
  showSource(): void {
    this.showingPreview = false;
  }

  showPreview(): void {
    if (this.preview.url) this.showingPreview = true;
  }

  // ---- Background music ----

  /** The first 5 audio tracks (GET /api/music/tracks?content_type=audio). */
  async loadTracks(): Promise<void> {
    if (this.tracksStatus !== 'ready') this.tracksStatus = 'loading';
    this.tracksError = null;
    let tracks: MusicTrack[] | undefined;
    let detail: string = EDITOR_MESSAGES.tracksFailed;
    try {
      const { data, error } = await this.root.api.GET('/api/music/tracks', { params: { query: { content_type: 'audio', limit: String(MUSIC_SHOWN) } } });
      tracks = data?.tracks;
      if (!tracks) detail = errorDetail(error, detail);
    } catch {
      tracks = undefined;
    }
    runInAction(() => {
      if (tracks) {
        this.tracks = tracks.slice(0, MUSIC_SHOWN);
        this.tracksStatus = 'ready';
      } else {
        this.tracksStatus = 'error';
        this.tracksError = detail;
      }
    });
  }

  addTrack(trackId: string): void {
    this.change((edit) => ({ ...edit, music: { track_id: trackId, volume: edit.music?.volume ?? EDITOR_LIMITS.musicVolumeDefault } }));
  }

  removeTrack(): void {
    this.change((edit) => ({ ...edit, music: null }));
  }

  // ---- Exports ----

  /** The video's recent exports (GET exports, newest first); any still under way is followed. */
  async loadExports(): Promise<void> {
    const id = this.videoId;
    if (!id) return;
    const ticket = this.ticket;
    if (this.exportsStatus !== 'ready') this.exportsStatus = 'loading';
    let list: EditorExport[] | undefined;
    let detail: string = EDITOR_MESSAGES.exportsFailed;
    try {
      const { data, error } = await this.root.api.GET('/api/editor/videos/{id}/exports', { params: { path: { id } } });
      list = data?.exports;
      if (!list) detail = errorDetail(error, detail);
    } catch {
      list = undefined;
    }
    if (ticket !== this.ticket) return;
    runInAction(() => {
      if (list) {
        this.exports = list;
        this.exportsStatus = 'ready';
        this.exportsError = null;
      } else {
        this.exportsStatus = 'error';
        this.exportsError = detail;
      }
    });
    this.followExports();
  }

  /** Whether the source allows an export tile (never upscaling). */
  allows(tile: Resolution): boolean {
    return this.session?.allowed_resolutions.includes(tile) ?? false;
  }

  chooseTile(tile: Resolution): void {
    if (this.allows(tile)) this.exportTile = tile;
  }

  /** The export just started or followed: the newest of this session. */
  get latestExport(): EditorExport | null {
    return this.exports[0] ?? null;
  }

  /** Saves the edit, then exports that version at the chosen tile (POST exports) and follows its progress. */
  async startExport(): Promise<boolean> {
    const id = this.videoId;
    const resolution = this.exportTile;
    if (!id || !resolution || this.exportPending) return false;
    const ticket = this.ticket;
    this.exportPending = true;
    this.exportError = null;
    const saved = await this.save();
    if (ticket !== this.ticket) return false;
    if (!saved) {
      runInAction(() => {
        this.exportPending = false;
        this.exportError = EDITOR_MESSAGES.notSavedForExport(this.saveError?.detail ?? EDITOR_MESSAGES.saveFailed);
      });
      return false;
    }
    let created: EditorExport | undefined;
    let detail: string = EDITOR_MESSAGES.exportFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/editor/videos/{id}/exports', {
        params: { path: { id } },
        body: { resolution, version: this.version },
      });
      created = data;
      if (!created) detail = errorDetail(error, detail);
    } catch {
      created = undefined;
    }
    if (ticket !== this.ticket) return false;
    runInAction(() => {
      this.exportPending = false;
      if (created) this.exports = [created, ...this.exports.filter((entry) => entry.id !== created?.id)];
      else this.exportError = detail;
    });
    if (created) this.followExports();
    return created !== undefined;
  }

  /** Cancels an export under way (POST cancel). */
  async cancelExport(exportId: string): Promise<void> {
    const ticket = this.ticket;
    this.exportError = null;
    let updated: EditorExport | undefined;
    let detail: string = EDITOR_MESSAGES.cancelFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/editor/exports/{id}/cancel', { params: { path: { id: exportId } } });
      updated = data;
      if (!updated) detail = errorDetail(error, detail);
    } catch {
      updated = undefined;
    }
    if (ticket !== this.ticket) return;
    runInAction(() => {
      if (updated) this.replaceExport(updated);
      else this.exportError = detail;
    });
    // A refusal (it finished meanwhile) shows its outcome at the next read.
    if (!updated) void this.pollExports();
  }

  private replaceExport(next: EditorExport): void {
    this.exports = this.exports.map((entry) => (entry.id === next.id ? next : entry));
  }

  /** Polls every second while an export is queued, rendering or publishing. */
  private followExports(): void {
    const active = this.exports.some((entry) => exportActive(entry.status));
    if (!active) return this.stopPolling();
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => void this.pollExports(), EXPORT_POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** Reads each export under way (GET /api/editor/exports/{id}). */
  async pollExports(): Promise<void> {
    if (this.polling) return;
    const ticket = this.ticket;
    const active = this.exports.filter((entry) => exportActive(entry.status));
    this.polling = true;
    const results = await Promise.all(
      active.map(async (entry) => {
        try {
          const { data, error } = await this.root.api.GET('/api/editor/exports/{id}', { params: { path: { id: entry.id } } });
          return data ? { data } : { detail: errorDetail(error, EDITOR_MESSAGES.exportProgressFailed) };
        } catch {
          return { detail: EDITOR_MESSAGES.exportProgressFailed };
        }
      }),
    );
    this.polling = false;
    if (ticket !== this.ticket) return;
    let published = false;
    runInAction(() => {
      let failure: string | null = null;
      for (const result of results) {
        if ('data' in result && result.data) {
          published ||= result.data.status === 'done';
          this.replaceExport(result.data);
        } else if ('detail' in result && result.detail) failure = result.detail;
      }
      this.exportsError = failure;
    });
    this.followExports();
    // The new video joins the user's videos (Recent uploads, the picker).
    if (published) void this.root.videos.refresh();
  }
}
