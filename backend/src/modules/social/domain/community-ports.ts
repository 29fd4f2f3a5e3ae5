import type { CommunityComment, CommunityPost, PostType } from './community-post.js';

export interface PostFilter {
  /** Matched whole, whatever the case. */
  game: string | null;
  type: PostType | null;
  /** Keyset: posts older than this one (created_at, id). */
  before: { at: Date; id: string } | null;
}

/**
 * Community posts, their likes and comments (SQL-owned tables). Counters move in the same statement as the rows they
 * count; a removed post (moderation) is read only when asked for.
 */
export interface CommunityPosts {
  insert(post: CommunityPost): Promise<void>;
  find(id: string, opts?: { includeRemoved?: boolean; lock?: boolean }): Promise<CommunityPost | null>;
  /** Newest first, removed posts left out. */
  list(filter: PostFilter, limit: number): Promise<CommunityPost[]>;
  delete(id: string): Promise<void>;
  /** An author's newest post with this exact title, removed or not (the demo resuming after a stop). */
  findByAuthorTitle(authorId: string, title: string): Promise<CommunityPost | null>;
  /** How many posts an author published since a time (deleted ones are not counted), and the oldest of them. */
  countPostsSince(authorId: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  /** Likes or takes the like back; the caller holds the post's row lock (find with lock), which serialises toggles. */
  toggleLike(postId: string, userId: string, now: Date): Promise<{ liked: boolean; likes: number }>;
  likedAmong(userId: string | null, postIds: string[]): Promise<Set<string>>;
  /** Oldest first, after a keyset position. */
  comments(postId: string, after: { at: Date; id: string } | null, limit: number): Promise<CommunityComment[]>;
  findComment(postId: string, commentId: string): Promise<CommunityComment | null>;
  /** The caller holds the post's row lock. */
  addComment(comment: CommunityComment): Promise<void>;
  deleteComment(postId: string, commentId: string): Promise<void>;
  countCommentsSince(authorId: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  /**
   * Moderation hides a post; with `asOf` (a late durable event's decision time) nothing changes when the post was
   * restored after it.
   */
  markRemoved(id: string, at: Date, asOf?: Date): Promise<void>;
  /** Shows it again (false when there is no such post, or `asOf` is older than its removal). */
  markRestored(id: string, at: Date, asOf?: Date): Promise<boolean>;
  /** Whether each existing post is removed now (moderation's queue); a post that no longer exists is left out. */
  removedStates(ids: string[]): Promise<Map<string, boolean>>;
  /** A removed post goes for good (nothing for a post that is not removed). */
  purgeRemoved(id: string, asOf?: Date): Promise<void>;
  /** A deleted user's posts, comments and likes go, the counters of the posts they touched kept right. */
  removeAuthor(userId: string): Promise<void>;
}

/** A video a clip post shows, from the catalog. */
export interface ClipVideo {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

/** The catalog seen from community posts: a user's own ready videos, and the videos posts show. */
export interface ClipVideos {
  /** The user's own ready, public video; null when it is not theirs, not ready, removed or missing. */
  ownReadyVideo(userId: string, videoId: string): Promise<ClipVideo | null>;
  /** The videos others may watch now, by id (the others are left out). */
  shown(videoIds: string[], viewerId: string | null): Promise<Map<string, ClipVideo>>;
}

export interface CommunityClock {
  now(): Date;
}

export const COMMUNITY_POSTS = Symbol('CommunityPosts');
export const CLIP_VIDEOS = Symbol('ClipVideos');
export const COMMUNITY_CLOCK = Symbol('CommunityClock');
