import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { appOrigin, copyToClipboard } from '../../shared/clipboard';
import { multipart } from '../../shared/multipart';
import { byId, PagedList, type Page, type PageOutcome, type PageRequest } from '../../shared/pagedList';
import { isVideoFile, nameWithoutExtension } from '../media/videoFiles';
import { QUICK_UPLOAD_MAX_BYTES, VIDEO_MESSAGES, videoLink } from './messages';
import { mineList, type VideoDto, type VideoListKey, type VideoUploadInput } from './types';

/**
 * A video opened by its link (`/videos/:id`): being read, shown, not available (404: unknown, removed or not visible
 * to this viewer), or not read (any other failure, which can be retried).
 */
export type LinkedVideoStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

/** The field the file is sent in: `file` for the upload forms, `video` for the quick editor upload (seed 002 §7). */
export type UploadFileField = 'file' | 'video';

/** A list of videos, paged by the X-Next-Cursor header. */
export type VideoList = PagedList<VideoDto>;

/** What a form shows after an upload: done, or the sentence and the field it is about. */
export type UploadResult = { ok: true; video: VideoDto } | { ok: false; detail: string; field?: 'file' | 'title' };

/** While one of the user's own videos is processing, the list is asked again this often. */
export const PROCESSING_POLL_MS = 5000;
export const VIDEO_PAGE_SIZE = 20;
/** Pages asked for when a whole list is read (the server's largest page). */
export const VIDEO_FULL_PAGE_SIZE = 100;
/** A whole list is read up to this many pages; past them the count shows "+". */
export const VIDEO_MAX_PAGES = 50;

type ListQuery = { is_vertical?: 'true' | 'false'; mine?: 'true' };

const QUERY: Record<VideoListKey, ListQuery> = {
  all: {},
  horizontal: { is_vertical: 'false' },
  vertical: { is_vertical: 'true' },
  'mine:all': { mine: 'true' },
  'mine:horizontal': { mine: 'true', is_vertical: 'false' },
  'mine:vertical': { mine: 'true', is_vertical: 'true' },
};

const LIST_KEYS = Object.keys(QUERY) as VideoListKey[];

/** Every upload of a video (the forms, the editor's quick upload) is one action for its toasts. */
const UPLOAD_TOAST = { action: 'videos.upload' } as const;

export interface WatchOptions {
  /** Read every page, following the next cursor, rather than the first one only (a count of the whole list). */
  everyPage?: boolean;
}

/**
 * Videos (seed 002 §2.3, §2.5, §7): the public lists (all, horizontal, vertical) and the user's own (`mine:…`, every
 * state), paged by cursor and polled while one of the user's uploads is processing; likes, views and watch-time
 * heartbeats; sharing, and the video a shared link (`/videos/:id`) opens; and the single-request upload of the home,
 * upload section and quick editor forms.
 */
export class VideosStore {
  readonly lists: Record<VideoListKey, VideoList>;
  uploadPending = false;
  /** Video ids with a like call under way. */
  likePending = new Set<string>();
  /** A video opened on its own (a feed item, a notification), read by its id and shown in a dialog. */
  opened: VideoDto | null = null;
  openedStatus: 'idle' | 'loading' | 'ready' = 'idle';
  /** The id a shared link (`/videos/:id`) opened, how reading it went, and the video read. */
  linkedId: string | null = null;
  linkedStatus: LinkedVideoStatus = 'idle';
  linked: VideoDto | null = null;

  constructor(readonly root: RootStore) {
    this.lists = Object.fromEntries(
      LIST_KEYS.map((kind) => [kind, new PagedList<VideoDto>((request) => this.fetchPage(kind, request), byId)]),
    ) as Record<VideoListKey, VideoList>;
    makeAutoObservable(this, { root: false, lists: false }, { autoBind: true });
  }

  /** The user's own videos loaded so far, newest first, in every state (the editor's recent uploads). */
  get ownVideos(): VideoDto[] {
    return this.lists[mineList('all')].items;
  }

  hasProcessing(kind: VideoListKey): boolean {
    return this.lists[kind].items.some((video) => video.is_owner && video.status === 'processing');
  }

  /**
   * Loads `kind` (its first page, or every page) and keeps it current while a view shows it: polled every 5 s while
   * one of the user's own videos is processing. Returns the function that stops.
   */
  watch(kind: VideoListKey, { everyPage = false }: WatchOptions = {}): () => void {
    void (everyPage ? this.loadEveryPage(kind) : this.load(kind));
    const timer = setInterval(() => {
      if (this.hasProcessing(kind) && this.lists[kind].status !== 'loading') void this.poll(kind);
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }

  /** The first page of `kind`; a reload keeps the list shown until it arrives. */
  async load(kind: VideoListKey, pageSize = VIDEO_PAGE_SIZE): Promise<boolean> {
    const outcome = await this.lists[kind].load({ limit: pageSize });
    this.sayLoaded(kind, outcome);
    return outcome === 'loaded';
  }

  /** The next page of `kind`, added below; false when there was none to load or it failed. */
  async loadMore(kind: VideoListKey, pageSize = VIDEO_PAGE_SIZE): Promise<boolean> {
    const outcome = await this.lists[kind].loadMore({ limit: pageSize });
    this.sayLoaded(kind, outcome);
    return outcome === 'loaded';
  }

  /**
   * The whole of `kind`: the first page, then the next ones as long as the server gives a next cursor (X-Next-Cursor),
   * up to VIDEO_MAX_PAGES. A page that fails leaves the cursor, so the list says it is not complete.
   */
  async loadEveryPage(kind: VideoListKey): Promise<boolean> {
    if (!(await this.load(kind, VIDEO_FULL_PAGE_SIZE))) return false;
    for (let pages = 1; pages < VIDEO_MAX_PAGES && this.lists[kind].nextCursor; pages += 1) {
      if (!(await this.loadMore(kind, VIDEO_FULL_PAGE_SIZE))) return false;
    }
    return true;
  }

  /** Reloads every list shown so far (after an upload). */
  async refresh(): Promise<void> {
    const kinds = LIST_KEYS.filter((kind) => this.lists[kind].status !== 'idle');
    await Promise.all(kinds.map((kind) => this.poll(kind)));
  }

  /** Asks for the first page again and merges it: new videos on top, the others updated in place. */
  async poll(kind: VideoListKey): Promise<void> {
    await this.lists[kind].refresh();
  }

  /** Toggles the user's like; the count shown is the server's. */
  async like(id: string): Promise<boolean> {
    if (this.likePending.has(id)) return false;
    this.likePending.add(id);
    let state: { liked: boolean; likes: number } | undefined;
    try {
      const { data } = await this.root.api.POST('/api/videos/{id}/like', { params: { path: { id } } });
      state = data;
    } catch {
      state = undefined;
    }
    runInAction(() => {
      this.likePending.delete(id);
      if (state) this.update(id, { liked: state.liked, likes: state.likes });
    });
    if (state) this.root.notify.clear(`videos.like:${id}`);
    else this.root.notify.error(VIDEO_MESSAGES.likeFailed, { action: `videos.like:${id}` });
    return state !== undefined;
  }

  /** Counts a view when playback starts (one per viewer per 30 minutes, decided by the server). */
  async recordView(id: string): Promise<void> {
    try {
      const { data } = await this.root.api.POST('/api/videos/{id}/view', { params: { path: { id } } });
      if (data) runInAction(() => this.update(id, { views: data.views }));
    } catch {
      // A view that could not be counted is not the viewer's problem.
    }
  }

  /**
   * Reports seconds actually watched (1 to 60) and, when known, where playback is (Continue watching); the server
   * takes them from signed-in viewers only.
   */
  async heartbeat(id: string, seconds: number, position?: number): Promise<void> {
    if (!this.root.auth.user) return;
    const whole = Math.min(60, Math.max(1, Math.floor(seconds)));
    const at = position !== undefined && Number.isFinite(position) && position >= 0 ? { position: Math.floor(position) } : {};
    try {
      await this.root.api.POST('/api/videos/{id}/heartbeat', { params: { path: { id } }, body: { seconds: whole, ...at } });
    } catch {
      // Watch time is best effort.
    }
  }

  /**
   * The single-request upload (seed 002 §2.3, §2.4, §5, §7): a file and a title are required. Monetization is sent
   * only for creator-program users; the home form leaves is_vertical out. The file goes in `fileField`.
   */
  async upload(input: VideoUploadInput, fileField: UploadFileField = 'file'): Promise<UploadResult> {
    if (!input.file) {
      this.root.notify.error(VIDEO_MESSAGES.selectVideo, UPLOAD_TOAST);
      return { ok: false, detail: VIDEO_MESSAGES.selectVideo, field: 'file' };
    }
    const title = input.title.trim();
    if (!title) return { ok: false, detail: VIDEO_MESSAGES.titleRequired, field: 'title' };
    const monetize = (this.root.auth.user?.creator_program ?? false) && input.monetization_enabled;

    this.uploadPending = true;
    let video: VideoDto | undefined;
    let message: string = VIDEO_MESSAGES.uploadFailedRetry;
    let detail: string = VIDEO_MESSAGES.uploadFailedRetry;
    try {
      const { data, error } = await this.root.api.POST('/api/videos/upload', {
        ...multipart({
          [fileField]: { blob: input.file, filename: input.file.name },
          title,
          description: input.description.trim(),
          is_vertical: input.is_vertical === undefined ? undefined : String(input.is_vertical),
          monetization_enabled: String(monetize),
        }),
      });
      video = data;
      if (!data) {
        detail = errorDetail(error, VIDEO_MESSAGES.uploadFailedRetry);
        message = detail === VIDEO_MESSAGES.uploadFailedRetry ? detail : VIDEO_MESSAGES.uploadFailed(detail);
      }
    } catch {
      video = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
    });
    if (!video) {
      this.root.notify.error(message, UPLOAD_TOAST);
      return { ok: false, detail };
    }
    this.root.notify.success(VIDEO_MESSAGES.uploaded, UPLOAD_TOAST);
    void this.refresh();
    return { ok: true, video };
  }

  /**
   * The quick editor upload (seed 002 §5, §7): the chosen file at once, sent as `video`, titled with its name; over
   * 1 GB is refused.
   */
  async quickUpload(file: File): Promise<UploadResult> {
    if (file.size > QUICK_UPLOAD_MAX_BYTES) {
      this.root.notify.error(VIDEO_MESSAGES.quickTooLarge, UPLOAD_TOAST);
      return { ok: false, detail: VIDEO_MESSAGES.quickTooLarge, field: 'file' };
    }
    if (!isVideoFile(file)) {
      this.root.notify.error(VIDEO_MESSAGES.selectVideo, UPLOAD_TOAST);
      return { ok: false, detail: VIDEO_MESSAGES.selectVideo, field: 'file' };
    }
    return this.upload({ file, title: nameWithoutExtension(file.name), description: '', monetization_enabled: false }, 'video');
  }

  /**
   * Opens one video in the dialog, read by its id (GET /api/videos/{id}). One the server does not show (404) says
   * 'This video is not available'.
   */
  async openById(id: string): Promise<boolean> {
    this.opened = null;
    this.openedStatus = 'loading';
    const { video, missing } = await this.fetchVideo(id);
    if (this.openedStatus !== 'loading') return false; // closed meanwhile
    runInAction(() => {
      this.opened = video;
      this.openedStatus = video ? 'ready' : 'idle';
    });
    if (video) this.root.notify.clear('videos.open');
    else this.root.notify.error(missing ? VIDEO_MESSAGES.unavailable : VIDEO_MESSAGES.loadOneFailed, { action: 'videos.open' });
    return video !== null;
  }

  closeOpened(): void {
    this.opened = null;
    this.openedStatus = 'idle';
  }

  /**
   * Reads the video of a shared link (`/videos/:id`, GET /api/videos/{id}). The page says when it is not available
   * (404) or could not be read (Try again reads it again).
   */
  async openLink(id: string): Promise<boolean> {
    this.linkedId = id;
    this.linkedStatus = 'loading';
    this.linked = null;
    const { video, missing } = await this.fetchVideo(id);
    // Closed, or another link opened, while the video was read.
    if (this.linkedId !== id || this.linkedStatus !== 'loading') return false;
    runInAction(() => {
      this.linked = video;
      this.linkedStatus = video ? 'ready' : missing ? 'missing' : 'error';
    });
    return video !== null;
  }

  closeLink(): void {
    this.linkedId = null;
    this.linkedStatus = 'idle';
    this.linked = null;
  }

  /** Copies `{origin}/videos/{id}` (the address `/videos/:id` opens), with the same toasts as the reels' share. */
  async share(video: Pick<VideoDto, 'id'>): Promise<boolean> {
    const link = videoLink(appOrigin(), video.id);
    const copied = await copyToClipboard(link);
    const toast = { action: `videos.share:${video.id}` };
    if (copied) this.root.notify.success(VIDEO_MESSAGES.linkCopied, toast);
    else this.root.notify.error(VIDEO_MESSAGES.linkCopyFailed(link), toast);
    return copied;
  }

  /** A list that failed says so; one read again since takes the failure's toast away. */
  private sayLoaded(kind: VideoListKey, outcome: PageOutcome): void {
    if (outcome === 'failed') this.root.notify.error(VIDEO_MESSAGES.loadFailed, { action: `videos.load:${kind}` });
    else if (outcome === 'loaded') this.root.notify.clear(`videos.load:${kind}`);
  }

  reset(): void {
    this.opened = null;
    this.openedStatus = 'idle';
    this.closeLink();
    for (const list of Object.values(this.lists)) list.reset();
    this.uploadPending = false;
    this.likePending.clear();
  }

  private update(id: string, change: Partial<VideoDto>): void {
    if (this.opened?.id === id) this.opened = { ...this.opened, ...change };
    if (this.linked?.id === id) this.linked = { ...this.linked, ...change };
    for (const list of Object.values(this.lists)) list.map((video) => (video.id === id ? { ...video, ...change } : video));
  }

  /** One video by its id; `missing` when the server does not show it (404). */
  private async fetchVideo(id: string): Promise<{ video: VideoDto | null; missing: boolean }> {
    try {
      const { data, response } = await this.root.api.GET('/api/videos/{id}', { params: { path: { id } } });
      return { video: data ?? null, missing: response.status === 404 };
    } catch {
      return { video: null, missing: false };
    }
  }

  private async fetchPage(kind: VideoListKey, { cursor, limit = VIDEO_PAGE_SIZE, signal }: PageRequest): Promise<Page<VideoDto> | undefined> {
    const { data, response } = await this.root.api.GET('/api/videos', {
      params: { query: { ...QUERY[kind], limit: String(limit), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    return data ? { items: data, next: response.headers.get('X-Next-Cursor') || null } : undefined;
  }
}
