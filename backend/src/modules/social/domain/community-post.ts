import { DomainError } from '../../../common/errors/domain-error.js';

/** Gaming community posts (seed 002 §3 Community post, §2.10 Community tab): their kinds, limits and messages. */
export const POST_TYPES = ['discussion', 'review', 'guide', 'clip'] as const;
export type PostType = (typeof POST_TYPES)[number];
export const DEFAULT_POST_TYPE: PostType = 'discussion';

export const POST_TITLE_MAX = 150;
export const POST_GAME_MAX = 100;
export const POST_CONTENT_MAX = 10_000;
export const COMMENT_MAX = 2000;
/** Per author, in any rolling hour (the database counts, so every process agrees). */
export const POSTS_PER_HOUR = 30;
export const COMMENTS_PER_HOUR = 120;
export const HOUR_MS = 3_600_000;
/** The list's page: 20 by default, at most 50. */
export const POSTS_PAGE_DEFAULT = 20;
export const POSTS_PAGE_MAX = 50;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `Title must be at most ${POST_TITLE_MAX} characters`,
  gameRequired: 'Please enter a game',
  gameTooLong: `Game must be at most ${POST_GAME_MAX} characters`,
  contentRequired: 'Please enter some content',
  contentTooLong: `Content must be at most ${POST_CONTENT_MAX} characters`,
  postType: `post_type must be one of ${POST_TYPES.join(', ')}`,
  videoId: 'video_id must be the id of one of your videos',
  videoOnlyForClips: 'Only clip posts can attach a video',
  commentRequired: 'Please enter a comment',
  commentTooLong: `Comment must be at most ${COMMENT_MAX} characters`,
  limit: `limit must be a whole number from 1 to ${POSTS_PAGE_MAX}`,
} as const;

const M = COMMUNITY_MESSAGES;

export const communityErrors = {
  invalid: (field: string, message: string) => new DomainError('invalid', 'VALIDATION_FAILED', message, [{ field, message }]),
  postNotFound: () => new DomainError('not_found', 'SOCIAL.POST_NOT_FOUND', 'Post not found'),
  commentNotFound: () => new DomainError('not_found', 'SOCIAL.COMMENT_NOT_FOUND', 'Comment not found'),
  videoNotFound: () => new DomainError('not_found', 'SOCIAL.VIDEO_NOT_FOUND', 'Video not found'),
  tooManyPosts: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'SOCIAL.TOO_MANY_POSTS', `You can publish at most ${POSTS_PER_HOUR} posts an hour. Please try again later.`, undefined, retryAfterSeconds),
  tooManyComments: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'SOCIAL.TOO_MANY_COMMENTS', `You can post at most ${COMMENTS_PER_HOUR} comments an hour. Please try again later.`, undefined, retryAfterSeconds),
};

export interface PostDraft {
  title: string;
  content: string;
  game: string;
  type: PostType;
  videoId: string | null;
}

export interface PostInput {
  title?: unknown;
  content?: unknown;
  game?: unknown;
  post_type?: unknown;
  video_id?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A required text: trimmed, non-blank, at most `max` characters. */
function required(field: string, v: unknown, max: number, missing: string, tooLong: string): string {
  const s = text(v);
  if (!s) throw communityErrors.invalid(field, missing);
  if (s.length > max) throw communityErrors.invalid(field, tooLong);
  return s;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A new post's fields, the same rules as the create form's DTO (every caller, the demo included, goes through them):
 * title, game and content required and bounded; a type of the list (discussion by default); a video only on a clip.
 */
export function draftPost(input: PostInput): PostDraft {
  const title = required('title', input.title, POST_TITLE_MAX, M.titleRequired, M.titleTooLong);
  const game = required('game', input.game, POST_GAME_MAX, M.gameRequired, M.gameTooLong);
  const content = required('content', input.content, POST_CONTENT_MAX, M.contentRequired, M.contentTooLong);
  const rawType = input.post_type === undefined || input.post_type === null || input.post_type === '' ? DEFAULT_POST_TYPE : input.post_type;
  if (typeof rawType !== 'string' || !(POST_TYPES as readonly string[]).includes(rawType)) throw communityErrors.invalid('post_type', M.postType);
  const type = rawType as PostType;
  const rawVideo = input.video_id === undefined || input.video_id === null || input.video_id === '' ? null : input.video_id;
  if (rawVideo !== null && type !== 'clip') throw communityErrors.invalid('video_id', M.videoOnlyForClips);
  // An id that is not one matches none of the author's videos.
  if (rawVideo !== null && (typeof rawVideo !== 'string' || !UUID.test(rawVideo))) throw communityErrors.videoNotFound();
  return { title, content, game, type, videoId: rawVideo === null ? null : (rawVideo as string).toLowerCase() };
}

/** A comment's text: trimmed, 1 to 2000 characters. */
export function commentText(v: unknown): string {
  return required('content', v, COMMENT_MAX, M.commentRequired, M.commentTooLong);
}

/** A stored post as the context reads it. */
export interface CommunityPost {
  id: string;
  authorId: string;
  title: string;
  content: string;
  game: string;
  type: PostType;
  videoId: string | null;
  likes: number;
  comments: number;
  createdAt: Date;
  removedAt: Date | null;
}

export interface CommunityComment {
  id: string;
  postId: string;
  authorId: string;
  content: string;
  createdAt: Date;
}

/** Only the post's author deletes it; to anyone else it is as if it did not exist. */
export function assertPostAuthor(post: CommunityPost, userId: string): void {
  if (post.authorId !== userId) throw communityErrors.postNotFound();
}

/** A comment is deleted by its author or by the author of the post it is on; to anyone else it does not exist. */
export function assertMayDeleteComment(post: CommunityPost, comment: CommunityComment, userId: string): void {
  if (comment.authorId !== userId && post.authorId !== userId) throw communityErrors.commentNotFound();
}
