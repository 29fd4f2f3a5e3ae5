import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { RootStore } from '../../../stores/RootStore';
import { errorDetail, sendChange } from '../../../shared/apiError';
import { PagedList, byId, type PageRequest } from '../../../shared/pagedList';
import type { LoadStatus } from '../../../shared/resource';
import { mineList } from '../../videos/types';
import { COMMUNITY_MESSAGES, POST_LIMITS, validatePost, type PostErrors } from './messages';
import type { CommunityComment, CommunityPost, PostInput, PostType } from './types';

/** Comments a page brings (the server's most). */
const COMMENTS_PAGE = 100;

const FORM_FIELDS: readonly (keyof PostInput)[] = ['title', 'game', 'content', 'post_type', 'video_id'];

function fieldErrors(error: unknown): PostErrors {
  const list = error && typeof error === 'object' && 'errors' in error ? (error as { errors?: unknown }).errors : undefined;
  const errors: PostErrors = {};
  if (!Array.isArray(list)) return errors;
  for (const entry of list as { field?: string; message?: string }[]) {
    const field = entry.field as keyof PostInput | undefined;
    if (field && FORM_FIELDS.includes(field) && entry.message && !errors[field]) errors[field] = entry.message;
  }
  return errors;
}

/** One post's comments, opened inline under it. */
export class PostComments {
  items: CommunityComment[] = [];
  status: LoadStatus = 'idle';
  sending = false;
  error: string | null = null;
  /** The cursor of the next page of comments (X-Next-Cursor); null when all are shown. */
  nextCursor: string | null = null;
  loadingMore = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  clearError(): void {
    this.error = null;
  }
}

/**
 * The gaming community (seed 002 §2.10, §3, §5): posts newest first, filtered by game and type and paged by keyset;
 * creating a post (a clip may carry one of the author's ready videos); likes (optimistic), comments, deleting.
 */
export class CommunityStore {
  game: string | null = null;
  type: PostType | null = null;
  readonly posts: PagedList<CommunityPost>;
  /** Games seen in posts (the game filter's choices), in the order first seen. */
  knownGames: string[] = [];
  createErrors: PostErrors = {};
  creating = false;
  /** Comments of the posts opened, by post id. */
  comments = observable.map<string, PostComments>();
  liking = new Set<string>();
  /** Posts a page asks for. */
  pageSize: number = POST_LIMITS.page;

  constructor(readonly root: RootStore) {
    this.posts = new PagedList<CommunityPost>((request) => this.fetchPage(request), byId);
    makeAutoObservable(this, { root: false, posts: false }, { autoBind: true });
  }

  private async fetchPage({ cursor, limit, signal }: PageRequest) {
    const query: { game?: string; post_type?: PostType; before?: string; limit?: number } = { limit: limit ?? this.pageSize };
    if (this.game) query.game = this.game;
    if (this.type) query.post_type = this.type;
    if (cursor) query.before = cursor;
    const { data, response } = await this.root.api.GET('/api/gaming/community/posts', { params: { query }, signal });
    if (!data) return undefined;
    const items = data;
    runInAction(() => this.noteGames(items));
    return { items, next: response.headers.get('X-Next-Cursor') || null };
  }

  private noteGames(posts: CommunityPost[]): void {
    for (const post of posts) {
      if (!this.knownGames.some((g) => g.toLowerCase() === post.game.toLowerCase())) this.knownGames.push(post.game);
    }
  }

  load(): Promise<unknown> {
    return this.posts.load();
  }

  loadMore(): Promise<unknown> {
    return this.posts.loadMore();
  }

  setGame(game: string | null): void {
    const value = game?.trim() || null;
    if (value === this.game) return;
    this.game = value;
    void this.posts.load();
  }

  setType(type: PostType | null): void {
    if (type === this.type) return;
    this.type = type;
    void this.posts.load();
  }

  private patch(id: string, change: Partial<CommunityPost>): void {
    const post = this.posts.items.find((p) => p.id === id);
    if (post) Object.assign(post, change);
  }

  clearCreateErrors(field?: keyof PostInput): void {
    if (!field) this.createErrors = {};
    else if (this.createErrors[field]) {
      const { [field]: _gone, ...rest } = this.createErrors;
      this.createErrors = rest;
    }
  }

  /** The user's own ready videos (for a clip's picker): their videos list, read when the dialog opens. */
  get myReadyVideos() {
    return this.root.videos.ownVideos.filter((v) => v.status === 'ready');
  }

  get myVideosStatus(): LoadStatus {
    return this.root.videos.lists[mineList('all')].status;
  }

  loadMyVideos(): void {
    void this.root.videos.load(mineList('all'), 50);
  }

  /** Creates a post; true when the server took it ('Post created!'), false with the form's errors or a toast. */
  async create(input: PostInput): Promise<boolean> {
    if (this.creating) return false;
    const errors = validatePost(input);
    this.createErrors = errors;
    if (Object.keys(errors).length > 0) return false;
    this.creating = true;
    const body: { title: string; game: string; content: string; post_type: PostType; video_id?: string } = {
      title: input.title.trim(),
      game: input.game.trim(),
      content: input.content.trim(),
      post_type: input.post_type,
    };
    if (input.post_type === 'clip' && input.video_id) body.video_id = input.video_id;
    let created: CommunityPost | null = null;
    let failure: unknown = null;
    try {
      const { data, error } = await this.root.api.POST('/api/gaming/community/post', { body });
      if (data) created = data;
      else failure = error ?? {};
    } catch {
      failure = {};
    }
    runInAction(() => {
      this.creating = false;
      if (created) {
        const post = created;
        this.createErrors = {};
        this.noteGames([post]);
        const matches = (!this.game || this.game.toLowerCase() === post.game.toLowerCase()) && (!this.type || this.type === post.type);
        if (matches && !this.posts.items.some((p) => p.id === post.id)) this.posts.items.unshift(post);
      } else this.createErrors = fieldErrors(failure);
    });
    const toast = { action: 'gaming.community.create' };
    if (created) this.root.notify.success(COMMUNITY_MESSAGES.created, toast);
    else this.root.notify.error(COMMUNITY_MESSAGES.createFailed, toast);
    return created !== null;
  }

  /** Likes or unlikes at once; the server's count is taken, or the like goes back as it was when it refuses. */
  async toggleLike(id: string): Promise<void> {
    const post = this.posts.items.find((p) => p.id === id);
    if (!post || this.liking.has(id)) return;
    const before = { liked: post.liked, likes: post.likes };
    this.liking.add(id);
    this.patch(id, { liked: !before.liked, likes: Math.max(0, before.likes + (before.liked ? -1 : 1)) });
    const result = await sendChange(
      () => this.root.api.POST('/api/gaming/community/post/{id}/like', { params: { path: { id } } }),
      COMMUNITY_MESSAGES.likeFailed,
    );
    runInAction(() => {
      this.liking.delete(id);
      if (result.ok) {
        const answer = result.data as { liked: boolean; likes: number };
        this.patch(id, { liked: answer.liked, likes: answer.likes });
      } else this.patch(id, before);
    });
    if (!result.ok) this.root.notify.error(result.detail, { action: `gaming.community.like:${id}` });
  }

  async deletePost(id: string): Promise<boolean> {
    let ok = false;
    let detail: string = COMMUNITY_MESSAGES.deleteFailed;
    try {
      const { response, error } = await this.root.api.DELETE('/api/gaming/community/post/{id}', { params: { path: { id } } });
      ok = response.status === 204 || response.ok;
      if (!ok) detail = errorDetail(error, detail);
    } catch {
      // The fallback.
    }
    runInAction(() => {
      if (ok) {
        this.posts.items = this.posts.items.filter((p) => p.id !== id);
        this.comments.delete(id);
      }
    });
    if (ok) this.root.notify.success(COMMUNITY_MESSAGES.deleted, { action: `gaming.community.delete:${id}` });
    else this.root.notify.error(detail, { action: `gaming.community.delete:${id}` });
    return ok;
  }

  commentsOf(postId: string): PostComments | undefined {
    return this.comments.get(postId);
  }

  /** Opens (and reads) a post's comments, or closes them. */
  toggleComments(postId: string): void {
    if (this.comments.has(postId)) {
      this.comments.delete(postId);
      return;
    }
    const entry = new PostComments();
    this.comments.set(postId, entry);
    void this.loadComments(postId);
  }

  /** The first page of a post's comments (oldest first), or with `more` the next one after those shown. */
  async loadComments(postId: string, more = false): Promise<void> {
    const entry = this.comments.get(postId);
    if (!entry || (more && (!entry.nextCursor || entry.loadingMore))) return;
    if (more) entry.loadingMore = true;
    else entry.status = 'loading';
    const query: { limit: number; cursor?: string } = { limit: COMMENTS_PAGE };
    if (more && entry.nextCursor) query.cursor = entry.nextCursor;
    try {
      const { data, response } = await this.root.api.GET('/api/gaming/community/post/{id}/comments', { params: { path: { id: postId }, query } });
      runInAction(() => {
        entry.loadingMore = false;
        if (data) {
          const known = new Set(entry.items.map((c) => c.id));
          entry.items = more ? [...entry.items, ...data.filter((c) => !known.has(c.id))] : data;
          entry.nextCursor = response.headers.get('X-Next-Cursor') || null;
          entry.status = 'ready';
        } else if (!more) entry.status = 'error';
      });
    } catch {
      runInAction(() => {
        entry.loadingMore = false;
        if (!more) entry.status = 'error';
      });
    }
  }

  /** Adds a comment; true when it was taken (the box is then cleared). */
  async addComment(postId: string, text: string): Promise<boolean> {
    const entry = this.comments.get(postId);
    if (!entry || entry.sending) return false;
    const content = text.trim();
    if (!content) {
      entry.error = COMMUNITY_MESSAGES.commentRequired;
      return false;
    }
    if (content.length > POST_LIMITS.comment) {
      entry.error = COMMUNITY_MESSAGES.commentTooLong;
      return false;
    }
    entry.error = null;
    entry.sending = true;
    const result = await sendChange(
      () => this.root.api.POST('/api/gaming/community/post/{id}/comments', { params: { path: { id: postId } }, body: { content } }),
      COMMUNITY_MESSAGES.commentFailed,
    );
    runInAction(() => {
      entry.sending = false;
      if (result.ok) {
        entry.items.push(result.data as CommunityComment);
        const post = this.posts.items.find((p) => p.id === postId);
        if (post) post.comments += 1;
      } else entry.error = result.detail;
    });
    return result.ok;
  }

  async deleteComment(postId: string, commentId: string): Promise<boolean> {
    const entry = this.comments.get(postId);
    let ok = false;
    let detail: string = COMMUNITY_MESSAGES.commentDeleteFailed;
    try {
      const { response, error } = await this.root.api.DELETE('/api/gaming/community/post/{id}/comments/{commentId}', {
        params: { path: { id: postId, commentId } },
      });
      ok = response.ok;
      if (!ok) detail = errorDetail(error, detail);
    } catch {
      // The fallback.
    }
    runInAction(() => {
      if (!ok) return;
      if (entry) entry.items = entry.items.filter((c) => c.id !== commentId);
      const post = this.posts.items.find((p) => p.id === postId);
      if (post) post.comments = Math.max(0, post.comments - 1);
    });
    if (!ok) this.root.notify.error(detail, { action: `gaming.community.comment.delete:${commentId}` });
    return ok;
  }
}
