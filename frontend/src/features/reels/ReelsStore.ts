import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { appOrigin, copyToClipboard } from '../../shared/clipboard';
import { byId, PagedList, type Page, type PageRequest } from '../../shared/pagedList';
import type { LoadStatus } from '../../shared/resource';
import { postMultipartWithProgress } from '../../shared/xhrUpload';
import {
  REEL_COMMENT_MAX,
  REEL_DESCRIPTION_MAX,
  REEL_MESSAGES,
  REEL_TITLE_MAX,
  normalizeTags,
  reelFileProblem,
  reelLink,
} from './messages';
import { SAMPLE_COMMENTS, SAMPLE_REELS } from './samples';
import type { Reel, ReelComment, ReelDto, ReelUploadInput } from './types';

export const REEL_PAGE_SIZE = 20;
/** Comments are read a page at a time, oldest first. */
export const REEL_COMMENT_PAGE_SIZE = 20;
export const REEL_POLL_MS = 5000;

/**
 * A reel opened by its link (`/reels/:id`): being read, shown, not available (404: unknown, removed or not
 * visible to this viewer), or not read (any other failure, which can be retried).
 */
export type LinkedReelStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

export type ReelUploadResult = { ok: true; reel: ReelDto } | { ok: false; detail: string; field?: 'file' | 'title' | 'description' };
export type CommentResult = { ok: true } | { ok: false; detail: string };

/** What the comments drawer shows of one reel's comments. */
export interface CommentsState {
  /** The pages read so far, oldest first (or the samples). */
  items: readonly ReelComment[];
  /** Comments posted here that the pages read so far do not hold yet: shown after them, at once. */
  posted: readonly ReelComment[];
  status: LoadStatus;
  /** True when the comments could not be loaded and the samples show instead. */
  sample: boolean;
  /** The server's `next_cursor`: more comments follow; null at the end. */
  nextCursor: string | null;
  loadingMore: boolean;
  /** True when the last attempt to read the next page failed (it can be tried again). */
  moreFailed: boolean;
}

const NO_COMMENTS: CommentsState = {
  items: [],
  posted: [],
  status: 'idle',
  sample: false,
  nextCursor: null,
  loadingMore: false,
  moreFailed: false,
};

/**
 * Reels (seed 002 §2.6, §4, §5, §7, §8): the list (with the sample fallback), the full-screen viewer's state
 * (current reel, play/pause, mute starting muted, the comments drawer), likes, comments, views, sharing and the
 * upload with its progress.
 */
export class ReelsStore {
  /** The list, newest first, a page at a time; its first load clamps the viewer and says when it failed. */
  readonly list: PagedList<ReelDto> = new PagedList((request) => this.fetchPage(request), {
    ...byId,
    onLoad: (outcome) => {
      if (this.index >= this.shown.length) this.index = Math.max(0, this.shown.length - 1);
      if (outcome === 'failed') this.root.notify.error(REEL_MESSAGES.loadFailed, { action: 'reels.load' });
      else this.root.notify.clear('reels.load');
    },
  });

  viewerOpen = false;
  index = 0;
  /** The id a shared link opened, and how reading it went. */
  linkedId: string | null = null;
  linkedStatus: LinkedReelStatus = 'idle';
  /** The linked reel as read by its id, shown first while it is not among the loaded pages. */
  linked: ReelDto | null = null;
  playing = true;
  muted = true;
  commentsOpen = false;
  /** Each reel's comments read so far, by reel id. */
  private commentPages = new Map<string, PagedList<ReelComment>>();
  /** Comments posted here, by reel id; those the pages read hold show there, in their place. */
  private posted = new Map<string, ReelComment[]>();
  commentPending = false;

  uploadPending = false;
  /** 0 to 100 while an upload is sent. */
  uploadProgress = 0;
  likePending = new Set<string>();

  private viewed = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'viewed' | 'fetchPage' | 'fetchComments'>(
      this,
      { root: false, list: false, viewed: false, fetchPage: false, fetchComments: false },
      { autoBind: true },
    );
  }

  get reels(): readonly ReelDto[] {
    return this.list.items;
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get nextCursor(): string | null {
    return this.list.nextCursor;
  }

  get loadingMore(): boolean {
    return this.list.loadingMore;
  }

  /** Samples show when the list could not be loaded, or is empty (seed 002 §8). */
  get usingSamples(): boolean {
    return (this.status === 'error' || this.status === 'ready') && this.reels.length === 0;
  }

  /** What the grid and the viewer show: the list (or the samples), after the linked reel when the list lacks it. */
  get shown(): readonly Reel[] {
    const list: readonly Reel[] = this.usingSamples ? SAMPLE_REELS : this.reels;
    const linked = this.linked;
    if (!linked || list.some((reel) => reel.id === linked.id)) return list;
    return [linked, ...list];
  }

  get current(): Reel | null {
    return this.shown[this.index] ?? null;
  }

  /** "12", or "20+" when more pages exist. */
  get countLabel(): string {
    return `${this.shown.length}${this.nextCursor && !this.usingSamples ? '+' : ''}`;
  }

  get hasProcessing(): boolean {
    return this.reels.some((reel) => reel.is_owner && reel.status === 'processing');
  }

  /** Loads the list and keeps it current while shown (polled while one of the user's reels is processing). */
  watch(): () => void {
    void this.load();
    const timer = setInterval(() => {
      if (this.hasProcessing && this.status !== 'loading') void this.poll();
    }, REEL_POLL_MS);
    return () => clearInterval(timer);
  }

  /**
   * The first page; a failure says 'Failed to load reels' and the samples show (seed 002 §8). A load already under way
   * is joined rather than asked again.
   */
  async load(): Promise<boolean> {
    return (await this.list.load({ join: true })) === 'loaded';
  }

  async loadMore(): Promise<boolean> {
    if (this.usingSamples) return false;
    return (await this.list.loadMore()) === 'loaded';
  }

  /** The first page again, merged: new reels on top, the others updated in place; the viewer stays on its reel. */
  async poll(): Promise<void> {
    await this.list.refresh({
      around: () => {
        const current = this.current?.id;
        return () => {
          const at = current ? this.shown.findIndex((reel) => reel.id === current) : -1;
          if (at >= 0) this.index = at;
        };
      },
    });
  }

  // --- The viewer

  /** Watch Reels: the viewer from the first reel; with none, 'No reels available to watch' (seed 002 §4). */
  watchAll(): void {
    this.openViewer(0);
  }

  /** Opens the viewer on a reel, playing and muted: it starts muted every time (seed 002 §2.6, §4). */
  openViewer(index: number): void {
    this.index = Math.min(Math.max(0, index), Math.max(0, this.shown.length - 1));
    this.viewerOpen = true;
    this.playing = true;
    this.muted = true;
    this.commentsOpen = false;
  }

  /**
   * Opens the viewer on a shared reel (`/reels/:id`): the reel is read by its id (getReel), and the list is loaded
   * alongside so that the viewer pages on to the others. A reel that is not available (404) leaves the viewer
   * saying so, with a way back.
   */
  async openById(id: string): Promise<boolean> {
    this.linkedId = id;
    this.linkedStatus = 'loading';
    this.linked = null;
    this.viewerOpen = true;
    this.commentsOpen = false;
    this.playing = true;
    this.muted = true;
    const [read] = await Promise.all([this.fetchReel(id), this.status === 'ready' ? Promise.resolve(true) : this.load()]);
    // Closed, or another link opened, while the reel was read.
    if (this.linkedId !== id || !this.viewerOpen) return false;
    runInAction(() => {
      if (read.reel) {
        const fresh = read.reel;
        this.linked = fresh;
        this.linkedStatus = 'ready';
        this.update(fresh.id, fresh);
        this.index = Math.max(0, this.shown.findIndex((reel) => reel.id === fresh.id));
      } else {
        this.linkedStatus = read.missing ? 'missing' : 'error';
      }
    });
    return read.reel !== null;
  }

  /** The viewer is on a link whose reel is being read or could not be shown. */
  get linkPending(): boolean {
    return this.linkedStatus === 'loading' || this.linkedStatus === 'missing' || this.linkedStatus === 'error';
  }

  closeViewer(): void {
    this.viewerOpen = false;
    this.commentsOpen = false;
    this.linkedId = null;
    this.linkedStatus = 'idle';
    this.linked = null;
  }

  next(): void {
    if (this.linkPending) return;
    if (this.index < this.shown.length - 1) {
      this.index += 1;
      this.playing = true;
    }
    if (this.index >= this.shown.length - 3) void this.loadMore();
  }

  previous(): void {
    if (this.linkPending) return;
    if (this.index > 0) {
      this.index -= 1;
      this.playing = true;
    }
  }

  /** Play/pause; a sample has no video, so there is nothing to play or pause. */
  togglePlay(): void {
    if (this.current?.sample) return;
    this.playing = !this.playing;
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
  }

  /** Mute/unmute; a sample has no video, so no sound to turn on. */
  toggleMute(): void {
    if (this.current?.sample) return;
    this.muted = !this.muted;
  }

  openComments(): void {
    const reel = this.current;
    if (!reel || reel.sample) return;
    this.commentsOpen = true;
    void this.loadComments(reel.id);
  }

  closeComments(): void {
    this.commentsOpen = false;
  }

  // --- Calls about one reel

  /** Toggles the user's like; the viewer shows the server's answer (liked, count). */
  async like(reel: Reel): Promise<boolean> {
    if (reel.sample || !this.root.auth.user || this.likePending.has(reel.id)) return false;
    this.likePending.add(reel.id);
    let state: { liked: boolean; likes: number } | undefined;
    try {
      const { data } = await this.root.api.POST('/api/reels/{id}/like', { params: { path: { id: reel.id } } });
      state = data;
    } catch {
      state = undefined;
    }
    runInAction(() => {
      this.likePending.delete(reel.id);
      if (state) this.update(reel.id, { liked: state.liked, likes: state.likes });
    });
    if (state) this.root.notify.clear(`reels.like:${reel.id}`);
    else this.root.notify.error(REEL_MESSAGES.likeFailed, { action: `reels.like:${reel.id}` });
    return state !== undefined;
  }

  commentsOf(id: string): CommentsState {
    const pages = this.commentPages.get(id);
    const read = new Set(pages?.items.map((comment) => comment.id));
    const posted = (this.posted.get(id) ?? []).filter((comment) => !read.has(comment.id));
    if (!pages) return { ...NO_COMMENTS, posted };
    // Nothing could be read, nor posted here: the samples show instead (seed 002 §8).
    const sample = pages.status === 'error' && pages.items.length === 0 && posted.length === 0;
    return {
      items: sample ? SAMPLE_COMMENTS : pages.items,
      posted,
      status: pages.status,
      sample,
      nextCursor: pages.nextCursor,
      loadingMore: pages.loadingMore,
      moreFailed: pages.moreFailed,
    };
  }

  /** What the drawer lists: the pages read, then the comments posted here beyond them. */
  commentList(id: string): readonly ReelComment[] {
    const state = this.commentsOf(id);
    return state.posted.length ? [...state.items, ...state.posted] : state.items;
  }

  /** The first page of a reel's comments; a failure shows the sample comments, marked as such (seed 002 §8). */
  async loadComments(id: string): Promise<void> {
    let pages = this.commentPages.get(id);
    if (!pages) {
      pages = new PagedList<ReelComment>((request) => this.fetchComments(id, request), byId);
      this.commentPages.set(id, pages);
    }
    await pages.load();
  }

  /** The next page of a reel's comments, after those read (Load more comments). */
  async loadMoreComments(id: string): Promise<boolean> {
    const pages = this.commentPages.get(id);
    return pages !== undefined && (await pages.loadMore()) === 'loaded';
  }

  /**
   * Posts a comment (non-blank, at most 500 characters); a failure says 'Failed to post comment' (or the server's
   * reason), which the drawer shows under the comment: no toast.
   */
  async postComment(id: string, content: string): Promise<CommentResult> {
    const text = content.trim();
    if (!text) return { ok: false, detail: REEL_MESSAGES.commentEmpty };
    if (text.length > REEL_COMMENT_MAX) return { ok: false, detail: REEL_MESSAGES.commentTooLong };
    this.commentPending = true;
    let comment: ReelComment | undefined;
    let detail: string = REEL_MESSAGES.commentFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/reels/{id}/comments', {
        params: { path: { id } },
        body: { content: text },
      });
      comment = data;
      if (!data) detail = errorDetail(error, REEL_MESSAGES.commentFailed);
    } catch {
      comment = undefined;
    }
    runInAction(() => {
      this.commentPending = false;
      if (!comment) return;
      this.posted.set(id, [...(this.posted.get(id) ?? []), comment]);
      const reel = this.reels.find((entry) => entry.id === id) ?? (this.linked?.id === id ? this.linked : undefined);
      if (reel) this.update(id, { comments: reel.comments + 1 });
    });
    if (!comment) return { ok: false, detail };
    return { ok: true };
  }

  /** Copies `{origin}/reels/{id}` (seed 002 §2.1). */
  async share(reel: Reel): Promise<boolean> {
    if (reel.sample) return false;
    const link = reelLink(appOrigin(), reel.id);
    const copied = await copyToClipboard(link);
    const toast = { action: `reels.share:${reel.id}` };
    if (copied) this.root.notify.success(REEL_MESSAGES.linkCopied, toast);
    else this.root.notify.error(REEL_MESSAGES.linkCopyFailed(link), toast);
    return copied;
  }

  /** Counts a view the first time a reel plays in this page. */
  async recordView(reel: Reel): Promise<void> {
    if (reel.sample || reel.status !== 'ready' || this.viewed.has(reel.id)) return;
    this.viewed.add(reel.id);
    try {
      await this.root.api.POST('/api/reels/{id}/view', { params: { path: { id: reel.id } } });
    } catch {
      // A view that could not be counted is not the viewer's problem.
    }
  }

  // --- Upload

  /**
   * Uploads a reel (seed 002 §5, §7): the file checked first, title and description lengths, hashtags normalised,
   * with progress. A failure says 'Failed to upload reel' with the server's reason, and a refusal names its field:
   * the form shows both, so they are not toasted too.
   */
  async upload(input: ReelUploadInput): Promise<ReelUploadResult> {
    const fileProblem = reelFileProblem(input.file);
    const title = input.title.trim();
    const description = input.description.trim();
    let problem: ReelUploadResult | null = null;
    if (fileProblem) problem = { ok: false, detail: fileProblem, field: 'file' };
    else if (!title) problem = { ok: false, detail: REEL_MESSAGES.titleRequired, field: 'title' };
    else if (title.length > REEL_TITLE_MAX) problem = { ok: false, detail: REEL_MESSAGES.titleTooLong, field: 'title' };
    else if (description.length > REEL_DESCRIPTION_MAX) {
      problem = { ok: false, detail: REEL_MESSAGES.descriptionTooLong, field: 'description' };
    }
    if (problem || !input.file) {
      return problem ?? { ok: false as const, detail: REEL_MESSAGES.selectVideo, field: 'file' as const };
    }
    const file = input.file;
    const monetize = (this.root.auth.user?.creator_program ?? false) && input.monetization_enabled;

    this.uploadPending = true;
    this.uploadProgress = 0;
    let reel: ReelDto | undefined;
    let detail: string = REEL_MESSAGES.uploadFailed;
    try {
      const outcome = await postMultipartWithProgress<ReelDto>(
        '/api/reels/upload',
        {
          file: { blob: file, filename: file.name },
          title,
          description,
          tags: JSON.stringify(normalizeTags(input.tags)),
          monetization_enabled: String(monetize),
        },
        {
          token: this.root.auth.token,
          onProgress: (fraction) => runInAction(() => (this.uploadProgress = Math.round(fraction * 100))),
        },
      );
      reel = outcome.data;
      if (!outcome.data) detail = errorDetail(outcome.error, REEL_MESSAGES.uploadFailed);
    } catch {
      reel = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
      if (!reel) this.uploadProgress = 0;
    });
    if (!reel) return { ok: false, detail };
    this.root.notify.success(REEL_MESSAGES.uploaded, { action: 'reels.upload' });
    const created = reel;
    runInAction(() => {
      if (!this.reels.some((entry) => entry.id === created.id)) this.list.set([created, ...this.reels]);
    });
    return { ok: true, reel: created };
  }

  reset(): void {
    this.list.reset();
    this.viewerOpen = false;
    this.index = 0;
    this.linkedId = null;
    this.linkedStatus = 'idle';
    this.linked = null;
    this.commentsOpen = false;
    for (const pages of this.commentPages.values()) pages.reset();
    this.commentPages.clear();
    this.posted.clear();
    this.uploadProgress = 0;
    this.viewed.clear();
  }

  private update(id: string, change: Partial<ReelDto>): void {
    this.list.map((reel) => (reel.id === id ? { ...reel, ...change } : reel));
    if (this.linked?.id === id) this.linked = { ...this.linked, ...change };
  }

  /** One reel by its id: the reel, or why not (`missing` for a 404). */
  private async fetchReel(id: string): Promise<{ reel: ReelDto | null; missing: boolean }> {
    try {
      const { data, response } = await this.root.api.GET('/api/reels/{id}', { params: { path: { id } } });
      return { reel: data ?? null, missing: response.status === 404 };
    } catch {
      return { reel: null, missing: false };
    }
  }

  /** One page of a reel's comments, oldest first. */
  private async fetchComments(id: string, { cursor, signal }: PageRequest): Promise<Page<ReelComment> | undefined> {
    const { data } = await this.root.api.GET('/api/reels/{id}/comments', {
      params: { path: { id }, query: { limit: String(REEL_COMMENT_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    return data && { items: data.comments, next: data.next_cursor };
  }

  private async fetchPage({ cursor, signal }: PageRequest): Promise<Page<ReelDto> | undefined> {
    const { data } = await this.root.api.GET('/api/reels', {
      params: { query: { limit: String(REEL_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    return data && { items: data.reels, next: data.next_cursor };
  }
}
