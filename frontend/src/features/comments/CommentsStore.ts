import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { components } from '../../api/schema';
import { errorDetail } from '../../shared/apiError';

export type CommentDto = components['schemas']['CommentDto'];
export type CommentOrder = 'newest' | 'top';
/** The kinds of content whose watch page has comments (reels keep their own panel). */
export type CommentedKind = 'video' | 'movie';
export type ThreadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const COMMENT_MAX = 500;
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${COMMENT_MAX} characters`,
  loadFailed: 'The comments could not be loaded.',
  postFailed: (detail: string) => `Failed to post comment: ${detail}`,
  editFailed: (detail: string) => `Failed to edit comment: ${detail}`,
  deleteFailed: (detail: string) => `Failed to delete comment: ${detail}`,
  likeFailed: 'Failed to like the comment. Please try again.',
  deleted: 'Comment deleted',
} as const;

/** Replies under one comment, read when the viewer opens them. */
export class Replies {
  items: CommentDto[] = [];
  status: ThreadStatus = 'idle';
  nextCursor: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }
}

/**
 * The comments of one video or movie: top-level comments newest first or top first, paged; replies (one level) read on
 * demand; posting, replying, editing and deleting (the server says who may), and likes on comments.
 */
export class CommentThread {
  items: CommentDto[] = [];
  status: ThreadStatus = 'idle';
  nextCursor: string | null = null;
  order: CommentOrder = 'newest';
  posting = false;
  replies = new Map<string, Replies>();
  private request = 0;

  constructor(
    private readonly store: CommentsStore,
    readonly kind: CommentedKind,
    readonly mediaId: string,
  ) {
    makeAutoObservable<CommentThread, 'store' | 'request'>(this, { store: false, request: false }, { autoBind: true });
  }

  get api() {
    return this.store.root.api;
  }

  async load(more = false): Promise<void> {
    const ticket = ++this.request;
    this.status = 'loading';
    const query = { order: this.order, limit: String(COMMENTS_PAGE_SIZE), ...(more && this.nextCursor ? { cursor: this.nextCursor } : {}) };
    try {
      const { data } =
        this.kind === 'video'
          ? await this.api.GET('/api/videos/{id}/comments', { params: { path: { id: this.mediaId }, query } })
          : await this.api.GET('/api/movies/{id}/comments', { params: { path: { id: this.mediaId }, query } });
      if (ticket !== this.request) return;
      runInAction(() => {
        if (!data) {
          this.status = 'error';
          return;
        }
        const seen = new Set(more ? this.items.map((c) => c.id) : []);
        this.items = more ? [...this.items, ...data.comments.filter((c) => !seen.has(c.id))] : data.comments;
        this.nextCursor = data.next_cursor;
        this.status = 'ready';
      });
    } catch {
      if (ticket === this.request) runInAction(() => (this.status = 'error'));
    }
  }

  setOrder(order: CommentOrder): void {
    if (this.order === order) return;
    this.order = order;
    this.nextCursor = null;
    void this.load();
  }

  repliesOf(id: string): Replies {
    let replies = this.replies.get(id);
    if (!replies) {
      replies = new Replies();
      this.replies.set(id, replies);
    }
    return replies;
  }

  async loadReplies(id: string, more = false): Promise<void> {
    const replies = this.repliesOf(id);
    replies.status = 'loading';
    try {
      const { data } = await this.api.GET('/api/comments/{id}/replies', {
        params: { path: { id }, query: { limit: String(COMMENTS_PAGE_SIZE), ...(more && replies.nextCursor ? { cursor: replies.nextCursor } : {}) } },
      });
      runInAction(() => {
        if (!data) {
          replies.status = 'error';
          return;
        }
        const seen = new Set(more ? replies.items.map((c) => c.id) : []);
        replies.items = more ? [...replies.items, ...data.comments.filter((c) => !seen.has(c.id))] : data.comments;
        replies.nextCursor = data.next_cursor;
        replies.status = 'ready';
      });
    } catch {
      runInAction(() => (replies.status = 'error'));
    }
  }

  /** Posts a comment (or a reply to `parentId`); the error sentence when it is refused, null when it is posted. */
  async post(content: string, parentId?: string): Promise<string | null> {
    const text = content.trim();
    if (!text) return COMMENT_MESSAGES.empty;
    if (text.length > COMMENT_MAX) return COMMENT_MESSAGES.tooLong;
    this.posting = true;
    let detail: string | null = null;
    let created: CommentDto | undefined;
    try {
      const body = { content: text, ...(parentId ? { parent_id: parentId } : {}) };
      const { data, error } =
        this.kind === 'video'
          ? await this.api.POST('/api/videos/{id}/comments', { params: { path: { id: this.mediaId } }, body })
          : await this.api.POST('/api/movies/{id}/comments', { params: { path: { id: this.mediaId } }, body });
      created = data;
      if (!data) detail = errorDetail(error, 'Please try again.');
    } catch {
      detail = 'Please try again.';
    }
    runInAction(() => {
      this.posting = false;
      if (!created) return;
      if (parentId) {
        const replies = this.repliesOf(parentId);
        // Replies never opened: read them all (the new one with the earlier ones), not the new one alone.
        if (replies.status === 'idle') void this.loadReplies(parentId);
        else replies.items = [...replies.items, created];
        this.patch(parentId, (c) => ({ ...c, reply_count: c.reply_count + 1 }));
      } else this.items = [created, ...this.items];
    });
    return detail;
  }

  async edit(id: string, content: string): Promise<string | null> {
    const text = content.trim();
    if (!text) return COMMENT_MESSAGES.empty;
    if (text.length > COMMENT_MAX) return COMMENT_MESSAGES.tooLong;
    try {
      const { data, error } = await this.api.PATCH('/api/comments/{id}', { params: { path: { id } }, body: { content: text } });
      if (!data) return errorDetail(error, 'Please try again.');
      runInAction(() => this.patch(id, () => data));
      return null;
    } catch {
      return 'Please try again.';
    }
  }

  async remove(id: string, parentId: string | null): Promise<boolean> {
    let ok = false;
    let detail = 'Please try again.';
    try {
      const { response, error } = await this.api.DELETE('/api/comments/{id}', { params: { path: { id } } });
      ok = response.ok;
      if (!ok) detail = errorDetail(error, detail);
    } catch {
      ok = false;
    }
    if (!ok) {
      this.store.root.notify.error(COMMENT_MESSAGES.deleteFailed(detail), { action: `comments.delete:${id}` });
      return false;
    }
    runInAction(() => {
      if (parentId) {
        const replies = this.repliesOf(parentId);
        replies.items = replies.items.filter((c) => c.id !== id);
        this.patch(parentId, (c) => ({ ...c, reply_count: Math.max(0, c.reply_count - 1) }));
      } else {
        this.items = this.items.filter((c) => c.id !== id);
        this.replies.delete(id);
      }
    });
    this.store.root.notify.success(COMMENT_MESSAGES.deleted, { action: `comments.delete:${id}` });
    return true;
  }

  async like(id: string): Promise<void> {
    try {
      const { data } = await this.api.POST('/api/comments/{id}/like', { params: { path: { id } } });
      if (!data) throw new Error('refused');
      runInAction(() => this.patch(id, (c) => ({ ...c, liked: data.liked, like_count: data.like_count })));
      this.store.root.notify.clear(`comments.like:${id}`);
    } catch {
      this.store.root.notify.error(COMMENT_MESSAGES.likeFailed, { action: `comments.like:${id}` });
    }
  }

  /** Changes one comment wherever it is shown (top level or a reply). */
  private patch(id: string, change: (c: CommentDto) => CommentDto): void {
    this.items = this.items.map((c) => (c.id === id ? change(c) : c));
    for (const replies of this.replies.values()) replies.items = replies.items.map((c) => (c.id === id ? change(c) : c));
  }
}

/** The comment threads of the pages opened, by kind and id. */
export class CommentsStore {
  private threads = new Map<string, CommentThread>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<CommentsStore, 'threads'>(this, { root: false, threads: false }, { autoBind: true });
  }

  thread(kind: CommentedKind, mediaId: string): CommentThread {
    const key = `${kind}:${mediaId}`;
    let thread = this.threads.get(key);
    if (!thread) {
      thread = new CommentThread(this, kind, mediaId);
      this.threads.set(key, thread);
    }
    return thread;
  }

  reset(): void {
    this.threads.clear();
  }
}
