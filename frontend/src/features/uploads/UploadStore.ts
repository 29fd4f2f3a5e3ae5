import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { errorCode, errorDetail } from '../../shared/apiError';
import { multipart } from '../../shared/multipart';
import { localStore } from '../../shared/storage';
import { nameWithoutExtension } from '../media/videoFiles';
import type { VideoDto } from '../videos/types';
import { UPLOAD_MESSAGES, largeUploadProblem } from './messages';

export type UploadSessionDto = components['schemas']['UploadSessionDto'];

/** The status panel's states (seed 002 §2.4, §4 Large upload). */
export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'completed' | 'error';

/** The pause between two chunks (seed 002 §4, §9). */
export const CHUNK_PAUSE_MS = 10;
/** A completed upload returns to idle after this (seed 002 §4, §9). */
export const COMPLETED_RESET_MS = 3000;
/** A chunk that fails on the network or with a server error is sent again this many times, after 1 s, 2 s, 4 s. */
export const CHUNK_RETRIES = 3;
const RETRY_BASE_MS = 1000;
/**
 * A chunk the server could not take just now (429 with Retry-After: `UPLOAD.BUSY`, another process holds the session
 * or lost its lock; `RATE_LIMITED`, the address's per-minute budget is spent) is sent again after the wait the server
 * names, this many times, before the upload fails.
 */
export const CHUNK_WAIT_RETRIES = 5;
/** The longest wait a Retry-After may ask for and still be waited out (a rate limit's window is one minute). */
export const MAX_RETRY_AFTER_MS = 60_000;
/** UPLOAD.BUSY without a readable Retry-After is retried after this. */
const BUSY_DEFAULT_MS = 1000;

/** Why the upload is waiting before it sends a chunk again, and for how long (the status panel says it). */
export interface UploadWait {
  reason: 'busy' | 'rate_limited';
  /** The chunk that will be sent again. */
  index: number;
  seconds: number;
}

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before sending a chunk refused with 429 again, or null when the refusal stands. UPLOAD.BUSY is
 * always worth a retry (the chunk was not written through no fault of the request). A rate limit is retried only
 * when the server says when (Retry-After, at most a minute): the chunk is idempotent and the window then resets.
 * Any other 429, or a wait longer than a minute, fails as before: Retry is the user's.
 */
function chunkWait(code: string | null, header: string | null): { reason: UploadWait['reason']; ms: number } | null {
  const asked = retryAfterMs(header);
  if (code === 'UPLOAD.BUSY') return { reason: 'busy', ms: Math.min(asked ?? BUSY_DEFAULT_MS, MAX_RETRY_AFTER_MS) };
  if (code === 'RATE_LIMITED' && asked !== null && asked <= MAX_RETRY_AFTER_MS) return { reason: 'rate_limited', ms: asked };
  return null;
}

/** The large upload is one action for its toasts: each says where it stands now, in place of the one before. */
const TOAST = { action: 'upload.large' } as const;

/** Unfinished uploads are remembered in localStorage under this prefix, per user and file. */
export const UPLOAD_STORAGE_PREFIX = 'scriven.upload:';

/** What this browser remembers of an unfinished upload, to resume it after a reload. */
export interface StoredUpload {
  key: string;
  session_id: string;
  filename: string;
  title: string;
  total_size: number;
  saved_at: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The same file chosen again (after a reload) has the same name, size and modification time. */
export function fileFingerprint(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/** What this browser keeps under `key`: null when there is nothing readable. */
function readStored(key: string): Partial<Omit<StoredUpload, 'key'>> | null {
  const value = localStore.readJson(key);
  return value && typeof value === 'object' ? (value as Partial<Omit<StoredUpload, 'key'>>) : null;
}

/**
 * The large (chunked) upload (seed 002 §2.4, §4, §5, §7; product.md §4): the form's fields, the session, which chunks
 * the server has, and the state machine idle → uploading ⇄ paused → completed → idle (3 s), with error from any
 * failure. Chunks go one at a time, 10 ms apart; Pause aborts the chunk in flight (the server takes a repeated chunk
 * harmlessly). The session id is kept in localStorage, so choosing the same file after a reload offers Resume, which
 * sends only the chunks the server is missing.
 */
export class UploadStore {
  phase: UploadPhase = 'idle';
  file: File | null = null;
  title = '';
  description = '';
  isVertical = false;
  monetizationEnabled = false;

  session: UploadSessionDto | null = null;
  /** Indexes of the chunks the server has. */
  uploaded = observable.set<number>();
  /** The sentence of the last failure, shown in the status panel. */
  error: string | null = null;
  /** True while the init call is under way. */
  starting = false;
  /** An unfinished session of the chosen file, found in this browser: the form offers to resume it. */
  resumable: UploadSessionDto | null = null;
  checkingResume = false;
  /** The video the last completed upload created. */
  completedVideo: VideoDto | null = null;
  /** Unfinished uploads this browser remembers for the signed-in user. */
  stored: StoredUpload[] = [];
  /** Set while a chunk the server could not take yet waits to be sent again (the upload is not failing). */
  waiting: UploadWait | null = null;

  private runId = 0;
  private inFlight: AbortController | null = null;
  private resetTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts the waits begun: a wait that ends clears `waiting` only when no other began since. */
  private waitCount = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'runId' | 'inFlight' | 'resetTimer' | 'waitCount'>(
      this,
      { root: false, runId: false, inFlight: false, resetTimer: false, waitCount: false },
      { autoBind: true },
    );
  }

  get totalChunks(): number {
    return this.session?.total_chunks ?? 0;
  }

  get uploadedCount(): number {
    return this.uploaded.size;
  }

  /** Bytes the server has, counting each chunk's real size (the last one is shorter). */
  get uploadedBytes(): number {
    const session = this.session;
    if (!session) return 0;
    let bytes = 0;
    for (const index of this.uploaded) {
      bytes += Math.min(session.chunk_size, session.total_size - index * session.chunk_size);
    }
    return bytes;
  }

  /** 0 to 100. */
  get progress(): number {
    if (this.phase === 'completed') return 100;
    const total = this.session?.total_size ?? 0;
    return total > 0 ? Math.min(100, (this.uploadedBytes / total) * 100) : 0;
  }

  /** Start Upload is disabled without a title (seed 002 §2.4) or a file. */
  get canStart(): boolean {
    return (this.phase === 'idle' || this.phase === 'error') && !this.session && this.file !== null && this.title.trim() !== '' && !this.starting;
  }

  /** The form is locked while a session is under way. */
  get busy(): boolean {
    return this.phase === 'uploading' || this.phase === 'paused' || this.starting;
  }

  setTitle(title: string): void {
    this.title = title;
  }

  setDescription(description: string): void {
    this.description = description;
  }

  setVertical(value: boolean): void {
    this.isVertical = value;
  }

  setMonetization(value: boolean): void {
    this.monetizationEnabled = value;
  }

  /**
   * Chooses the file (seed 002 §5): a video by type or extension, not empty, at most 256GB. An empty title becomes
   * the file name without extension. Selecting a new file sets idle, and looks for an unfinished upload of it.
   */
  selectFile(file: File | null): boolean {
    if (this.busy) return false;
    if (!file) {
      this.clearFile();
      return true;
    }
    const problem = largeUploadProblem(file);
    if (problem) {
      this.root.notify.error(problem, TOAST);
      return false;
    }
    const previousDefault = this.file ? nameWithoutExtension(this.file.name) : null;
    this.cancelResetTimer();
    this.file = file;
    this.phase = 'idle';
    this.error = null;
    this.session = null;
    this.uploaded.clear();
    this.completedVideo = null;
    this.resumable = null;
    if (!this.title.trim() || this.title === previousDefault) this.title = nameWithoutExtension(file.name);
    void this.checkResume(file);
    return true;
  }

  /** Start Upload: a new session (seed 002 §4), then every chunk, then the completion call. */
  async start(): Promise<boolean> {
    const file = this.file;
    const title = this.title.trim();
    if (!file || !title) {
      this.root.notify.error(UPLOAD_MESSAGES.fileAndTitleRequired, TOAST);
      return false;
    }
    if (this.busy) return false;
    // Starting over leaves the unfinished session of this file behind: the server deletes what it received.
    for (const abandoned of [this.resumable?.session_id, this.session?.session_id]) {
      if (abandoned) void this.cancelOnServer(abandoned);
    }
    this.session = null;
    this.forget(file);
    this.resumable = null;
    this.cancelResetTimer();
    this.phase = 'uploading';
    this.error = null;
    this.completedVideo = null;
    this.uploaded.clear();
    this.starting = true;
    const run = ++this.runId;

    let session: UploadSessionDto | undefined;
    let detail: string = UPLOAD_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.POST('/api/videos/upload/init', {
        body: {
          filename: file.name,
          total_size: file.size,
          title,
          description: this.description.trim(),
          is_vertical: this.isVertical,
          monetization_enabled: this.canMonetize && this.monetizationEnabled,
        },
      });
      session = data;
      if (!data) detail = errorDetail(error, UPLOAD_MESSAGES.noDetail);
    } catch {
      session = undefined;
    }
    runInAction(() => {
      // After a Cancel, a new upload may be starting: its own init is under way.
      if (run === this.runId) this.starting = false;
    });
    if (run !== this.runId) {
      // Cancelled while the session was being opened: it is neither kept nor remembered for Resume, and the server is
      // asked to cancel it, or it would count against the user's uploads in progress until it expired.
      if (session) void this.cancelOnServer(session.upload_id);
      return false;
    }
    if (!session) {
      this.fail(UPLOAD_MESSAGES.initFailed(detail));
      return false;
    }
    const started = session;
    runInAction(() => {
      this.session = started;
      for (const index of started.uploaded_chunks) this.uploaded.add(index);
    });
    this.remember(file, started);
    this.root.notify.success(UPLOAD_MESSAGES.initialized(started.total_chunks), TOAST);
    return this.run(run);
  }

  /** Resume the unfinished session of the chosen file (after a reload): only the missing chunks are sent. */
  async resumeStored(): Promise<boolean> {
    const session = this.resumable;
    if (!session || !this.file || this.busy) return false;
    this.cancelResetTimer();
    this.session = session;
    this.resumable = null;
    this.title = session.title;
    this.uploaded.replace(session.uploaded_chunks);
    this.error = null;
    this.phase = 'uploading';
    return this.run(++this.runId);
  }

  /** Uploading becomes paused; the chunk in flight is abandoned and sent again on Resume. */
  pause(): void {
    if (this.phase !== 'uploading' || !this.session) return;
    this.phase = 'paused';
    this.waiting = null;
    this.runId += 1;
    this.inFlight?.abort();
  }

  /**
   * Paused becomes uploading. After an error, the same session is tried again: the server says which chunks it has.
   */
  async resume(): Promise<boolean> {
    const session = this.session;
    if (!session || !this.file) return false;
    if (this.phase === 'paused') {
      this.phase = 'uploading';
      return this.run(++this.runId);
    }
    if (this.phase !== 'error') return false;
    this.phase = 'uploading';
    this.error = null;
    const run = ++this.runId;
    const fresh = await this.fetchStatus(session.session_id);
    if (run !== this.runId) return false;
    if (fresh && fresh.status === 'active') {
      runInAction(() => {
        this.session = fresh;
        this.uploaded.replace(fresh.uploaded_chunks);
      });
    }
    return this.run(run);
  }

  /** Uploading or paused becomes idle: every field is reset and the server is asked to cancel (seed 002 §4). */
  async cancel(): Promise<void> {
    const sessionId = this.session?.session_id ?? null;
    const file = this.file;
    this.runId += 1;
    this.inFlight?.abort();
    if (file) this.forget(file);
    this.reset();
    if (sessionId) {
      const message = await this.cancelOnServer(sessionId);
      if (message) this.root.notify.info(message, TOAST);
    }
  }

  /** Completed returns to idle (seed 002 §4): a new upload can be chosen. */
  uploadAnother(): void {
    if (this.phase !== 'completed' && this.phase !== 'error') return;
    if (this.phase === 'error') {
      void this.cancel();
      return;
    }
    this.reset();
  }

  /** Every field back to its default; nothing is sent. */
  reset(): void {
    this.runId += 1;
    this.inFlight?.abort();
    this.cancelResetTimer();
    this.phase = 'idle';
    this.file = null;
    this.title = '';
    this.description = '';
    this.isVertical = false;
    this.monetizationEnabled = false;
    this.session = null;
    this.uploaded.clear();
    this.error = null;
    this.starting = false;
    this.resumable = null;
    this.checkingResume = false;
    this.completedVideo = null;
    this.waiting = null;
  }

  /** Reads the unfinished uploads this browser remembers for the signed-in user. */
  loadStored(): void {
    const prefix = this.storagePrefix();
    const found: StoredUpload[] = [];
    for (const key of prefix ? localStore.keys(prefix) : []) {
      const value = readStored(key);
      if (!value) localStore.remove(key);
      else if (typeof value.session_id === 'string') found.push({ ...(value as Omit<StoredUpload, 'key'>), key });
    }
    this.stored = found.sort((a, b) => b.saved_at.localeCompare(a.saved_at));
  }

  /** Gives up an unfinished upload remembered by this browser: the server deletes what it received. */
  async discardStored(entry: StoredUpload): Promise<void> {
    localStore.remove(entry.key);
    if (this.resumable?.session_id === entry.session_id) this.resumable = null;
    this.loadStored();
    const message = await this.cancelOnServer(entry.session_id);
    if (message) this.root.notify.info(message, { action: `upload.discard:${entry.session_id}` });
  }

  dispose(): void {
    this.runId += 1;
    this.inFlight?.abort();
    this.cancelResetTimer();
  }

  /** Creator-program users may switch on monetization (seed 002 §1, §2.4). */
  private get canMonetize(): boolean {
    return this.root.auth.user?.creator_program ?? false;
  }

  private async checkResume(file: File): Promise<void> {
    const key = this.storageKey(file);
    if (!key) return;
    const stored = readStored(key);
    if (typeof stored?.session_id !== 'string' || !stored.session_id) {
      localStore.remove(key); // nothing, or nothing usable
      return;
    }
    this.checkingResume = true;
    const session = await this.fetchStatus(stored.session_id);
    runInAction(() => {
      this.checkingResume = false;
      if (this.file !== file || this.busy) return;
      if (session && session.status === 'active' && session.total_size === file.size) {
        this.resumable = session;
      } else {
        localStore.remove(key);
        this.loadStored();
      }
    });
  }

  /** Sends the missing chunks in order, 10 ms apart, then completes. Stops quietly when paused or cancelled. */
  private async run(run: number): Promise<boolean> {
    const file = this.file;
    const session = this.session;
    if (!file || !session) return false;
    let resynced = false;
    for (;;) {
      for (;;) {
        if (run !== this.runId || this.phase !== 'uploading') return false;
        const next = this.nextMissing(session.total_chunks);
        if (next === null) break;
        if (!(await this.sendChunk(run, file, session, next))) return false;
        await sleep(CHUNK_PAUSE_MS);
      }
      if (run !== this.runId || this.phase !== 'uploading') return false;
      const outcome = await this.complete(session);
      if (run !== this.runId) return false;
      if (outcome.ok) {
        this.completed(file, outcome.video);
        return true;
      }
      // The server misses chunks this page believed sent (a restart lost them): ask which, and send them once more.
      if (!resynced && outcome.missing) {
        resynced = true;
        const fresh = await this.fetchStatus(session.session_id);
        if (run !== this.runId) return false;
        if (fresh && fresh.status === 'active' && fresh.uploaded_chunks.length < fresh.total_chunks) {
          runInAction(() => this.uploaded.replace(fresh.uploaded_chunks));
          continue;
        }
      }
      this.fail(UPLOAD_MESSAGES.completeFailed(outcome.detail));
      return false;
    }
  }

  private nextMissing(total: number): number | null {
    for (let index = 0; index < total; index += 1) if (!this.uploaded.has(index)) return index;
    return null;
  }

  /** One chunk, sent again after a network or server error; false when it failed for good, or on pause/cancel. */
  private async sendChunk(run: number, file: File, session: UploadSessionDto, index: number): Promise<boolean> {
    const start = index * session.chunk_size;
    const end = Math.min(file.size, start + session.chunk_size);
    let waits = 0;
    for (let attempt = 0; ; ) {
      const controller = new AbortController();
      this.inFlight = controller;
      let retryable = true;
      let wait: { reason: UploadWait['reason']; ms: number } | null = null;
      let failure: string = UPLOAD_MESSAGES.uploadFailedRetry;
      try {
        const { data, error, response } = await this.root.api.POST('/api/videos/upload/chunk/{sessionId}', {
          // The index goes in the query too, so the server knows where the chunk belongs before its bytes arrive.
          params: { path: { sessionId: session.session_id }, query: { chunk_index: String(index) } },
          ...multipart({ chunk_index: String(index), file: { blob: file.slice(start, end), filename: file.name } }),
          signal: controller.signal,
        });
        if (run !== this.runId) return false;
        if (data) {
          runInAction(() => this.uploaded.add(index));
          return true;
        }
        retryable = response.status >= 500;
        if (response.status === 429) wait = chunkWait(errorCode(error), response.headers.get('Retry-After'));
        failure = UPLOAD_MESSAGES.uploadFailed(errorDetail(error, UPLOAD_MESSAGES.noDetail));
      } catch {
        // Aborted by Pause or Cancel, or the network failed.
        if (controller.signal.aborted || run !== this.runId) return false;
      } finally {
        if (this.inFlight === controller) this.inFlight = null;
      }
      if (wait) {
        // The server asked for a wait: the upload is waiting, not failing, unless it has waited too often already.
        if (waits >= CHUNK_WAIT_RETRIES) {
          this.fail(failure);
          return false;
        }
        waits += 1;
        const waitNumber = ++this.waitCount;
        runInAction(() => (this.waiting = { reason: wait.reason, index, seconds: Math.max(1, Math.ceil(wait.ms / 1000)) }));
        await sleep(wait.ms);
        runInAction(() => {
          if (waitNumber === this.waitCount) this.waiting = null;
        });
      } else {
        if (!retryable || attempt >= CHUNK_RETRIES) {
          this.fail(failure);
          return false;
        }
        await sleep(RETRY_BASE_MS * 2 ** attempt);
        attempt += 1;
      }
      if (run !== this.runId || this.phase !== 'uploading') return false;
    }
  }

  private async complete(
    session: UploadSessionDto,
  ): Promise<{ ok: true; video: VideoDto } | { ok: false; detail: string; missing: boolean }> {
    try {
      const { data, error, response } = await this.root.api.POST('/api/videos/upload/complete/{uploadId}', {
        params: { path: { uploadId: session.upload_id } },
      });
      if (data) return { ok: true, video: data };
      const detail = errorDetail(error, UPLOAD_MESSAGES.noDetail);
      return { ok: false, detail, missing: response.status === 400 && /missing/i.test(detail) };
    } catch {
      return { ok: false, detail: UPLOAD_MESSAGES.noDetail, missing: false };
    }
  }

  private completed(file: File, video: VideoDto): void {
    this.forget(file);
    runInAction(() => {
      this.phase = 'completed';
      this.completedVideo = video;
      for (let index = 0; index < this.totalChunks; index += 1) this.uploaded.add(index);
      this.cancelResetTimer();
      this.resetTimer = setTimeout(() => {
        this.resetTimer = null;
        if (this.phase === 'completed') this.reset();
      }, COMPLETED_RESET_MS);
    });
    this.root.notify.success(UPLOAD_MESSAGES.uploaded, TOAST);
    void this.root.videos.refresh();
  }

  /** The status panel says why (seed 002 §2.4): one message, so no toast beside it; an earlier toast of this upload goes. */
  private fail(message: string): void {
    runInAction(() => {
      this.phase = 'error';
      this.error = message;
      this.waiting = null;
    });
    this.root.notify.clear(TOAST.action);
  }

  private async fetchStatus(sessionId: string): Promise<UploadSessionDto | null> {
    try {
      const { data } = await this.root.api.GET('/api/videos/upload/status/{id}', { params: { path: { id: sessionId } } });
      return data ?? null;
    } catch {
      return null;
    }
  }

  private async cancelOnServer(sessionId: string): Promise<string | null> {
    try {
      const { data } = await this.root.api.DELETE('/api/videos/upload/cancel/{uploadId}', {
        params: { path: { uploadId: sessionId } },
      });
      return data?.message ?? null;
    } catch {
      // Unreachable now: the server expires idle sessions on its own.
      return null;
    }
  }

  private storagePrefix(): string | null {
    const userId = this.root.auth.user?.id;
    return userId ? `${UPLOAD_STORAGE_PREFIX}${userId}:` : null;
  }

  private storageKey(file: File): string | null {
    const prefix = this.storagePrefix();
    return prefix ? prefix + fileFingerprint(file) : null;
  }

  private remember(file: File, session: UploadSessionDto): void {
    const key = this.storageKey(file);
    if (!key) return;
    const value: Omit<StoredUpload, 'key'> = {
      session_id: session.session_id,
      filename: file.name,
      title: session.title,
      total_size: file.size,
      saved_at: new Date().toISOString(),
    };
    // Without storage the upload still works; it just cannot be resumed after a reload.
    localStore.writeJson(key, value);
    this.loadStored();
  }

  private forget(file: File): void {
    const key = this.storageKey(file);
    if (key) localStore.remove(key);
    this.loadStored();
  }

  private clearFile(): void {
    this.file = null;
    this.resumable = null;
    if (this.phase === 'error' && !this.session) this.phase = 'idle';
  }

  private cancelResetTimer(): void {
    if (this.resetTimer !== null) clearTimeout(this.resetTimer);
    this.resetTimer = null;
  }
}
