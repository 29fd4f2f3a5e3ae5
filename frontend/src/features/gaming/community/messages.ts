import type { PostInput, PostType } from './types';

/** Seed 002 §8/§9 texts and the server's messages (issue 15 contract), verbatim. */
export const COMMUNITY_MESSAGES = {
  created: 'Post created!',
  createFailed: 'Failed to create post',
  titleRequired: 'Please enter a title',
  gameRequired: 'Please enter a game',
  contentRequired: 'Please enter some content',
  titleTooLong: 'Title must be at most 150 characters',
  gameTooLong: 'Game must be at most 100 characters',
  contentTooLong: 'Content must be at most 10000 characters',
  commentRequired: 'Please enter a comment',
  commentTooLong: 'Comment must be at most 2000 characters',
  loadFailed: 'Could not load community posts',
  likeFailed: 'Could not update your like',
  commentFailed: 'Failed to add comment',
  commentsFailed: 'Could not load comments',
  deleteFailed: 'Failed to delete post',
  deleted: 'Post deleted',
  commentDeleteFailed: 'Failed to delete comment',
} as const;

export const POST_LIMITS = { title: 150, game: 100, content: 10_000, comment: 2000, page: 20 } as const;

export const POST_TYPES: { value: PostType; label: string; color: string }[] = [
  { value: 'discussion', label: 'Discussion', color: 'blue' },
  { value: 'review', label: 'Review', color: 'teal' },
  { value: 'guide', label: 'Guide', color: 'violet' },
  { value: 'clip', label: 'Clip', color: 'red' },
];

export const postTypeOf = (type: PostType) => POST_TYPES.find((t) => t.value === type) ?? POST_TYPES[0];

export type PostErrors = Partial<Record<keyof PostInput, string>>;

/** The dialog's checks with the server's messages; empty when the post can be sent. */
export function validatePost(input: PostInput): PostErrors {
  const errors: PostErrors = {};
  const title = input.title.trim();
  const game = input.game.trim();
  const content = input.content.trim();
  if (!title) errors.title = COMMUNITY_MESSAGES.titleRequired;
  else if (title.length > POST_LIMITS.title) errors.title = COMMUNITY_MESSAGES.titleTooLong;
  if (!game) errors.game = COMMUNITY_MESSAGES.gameRequired;
  else if (game.length > POST_LIMITS.game) errors.game = COMMUNITY_MESSAGES.gameTooLong;
  if (!content) errors.content = COMMUNITY_MESSAGES.contentRequired;
  else if (content.length > POST_LIMITS.content) errors.content = COMMUNITY_MESSAGES.contentTooLong;
  return errors;
}
