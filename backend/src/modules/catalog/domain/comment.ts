/** Comments: non-blank, at most this many characters. */
export const COMMENT_MAX = 500;
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${COMMENT_MAX} characters`,
} as const;

/**
 * A comment on a reel, video or movie, shown under the account that wrote it. Threads are one level deep: a top-level
 * comment (parentId null) may have replies, a reply has none. The item's `comments` counter counts both.
 */
export class MediaComment {
  id: string;
  mediaId: string;
  /** The top-level comment this one answers; null for a top-level comment. */
  parentId: string | null = null;
  userId: string;
  accountId: string;
  /** The account's handle when it was written (shown if the account is gone). */
  username: string;
  content: string;
  likeCount = 0;
  /** Top-level comments: how many replies it has. */
  replyCount = 0;
  createdAt: Date = new Date();
  editedAt: Date | null = null;

  get isReply(): boolean {
    return this.parentId !== null;
  }

  /** Only its author may change its text. */
  canEdit(viewer: string | null): boolean {
    return viewer !== null && viewer === this.userId;
  }

  /** Its author, and the owner of the item it is on. */
  canDelete(viewer: string | null, mediaOwnerId: string): boolean {
    return viewer !== null && (viewer === this.userId || viewer === mediaOwnerId);
  }
}

/** Top-level comments: newest first, most liked first (then newest), or oldest first (the reel routes). */
export type CommentOrder = 'newest' | 'top' | 'oldest';

export interface CommentPage {
  items: MediaComment[];
  nextCursor: string | null;
}

/**
 * Comments and their likes. Every change keeps the counters exact under concurrency (the item's `comments`, a
 * comment's `reply_count` and `like_count`); a thread's rows are locked top-level first, so changes never deadlock.
 */
export interface CommentRepository {
  find(id: string): Promise<MediaComment | null>;
  /** Top-level comments of an item. A cursor that is not one of this order's starts from the beginning. */
  listTopLevel(mediaId: string, order: CommentOrder, limit: number, cursor: string | undefined): Promise<CommentPage>;
  /** Replies to a comment, oldest first. */
  listReplies(parentId: string, limit: number, cursor: string | undefined): Promise<CommentPage>;
  /** Inserts it and counts it (a reply also on its parent); false when the parent is gone meanwhile. Inside a transaction. */
  add(comment: MediaComment): Promise<boolean>;
  /** The new text, marked edited; null when the comment is gone. */
  edit(id: string, content: string): Promise<MediaComment | null>;
  /** Deletes it (a top-level comment with its replies) and their likes, and uncounts them; false when already gone. Inside a transaction. */
  remove(id: string): Promise<boolean>;
  /** Likes or unlikes; null when the comment is gone. */
  toggleLike(id: string, userId: string): Promise<{ liked: boolean; likeCount: number } | null>;
  likedBy(ids: string[], userId: string | null): Promise<Set<string>>;
}

export const COMMENT_REPOSITORY = Symbol('CommentRepository');
