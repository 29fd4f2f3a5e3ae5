/** Reel comments: non-blank, at most this many characters. */
export const COMMENT_MAX = 500;
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${COMMENT_MAX} characters`,
} as const;

/** A comment on a reel, shown under the handle of the account that wrote it. */
export class MediaComment {
  id: string;
  mediaId: string;
  userId: string;
  accountId: string;
  username: string;
  content: string;
  createdAt: Date = new Date();
}
