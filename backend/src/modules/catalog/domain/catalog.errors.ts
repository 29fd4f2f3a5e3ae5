import { DomainError } from '../../../common/errors/domain-error.js';
import { COMMENT_MESSAGES } from './comment.js';
import { RATING_MESSAGES } from './movie-rating.js';

export const MediaNotFound = () => new DomainError('not_found', 'CATALOG.NOT_FOUND', 'Not found');
export const NoVideoFile = () => new DomainError('invalid', 'CATALOG.NO_FILE', 'Please select a video file');
export const NotAVideo = (message = 'Please select a video file') => new DomainError('invalid', 'CATALOG.NOT_A_VIDEO', message);
export const EmptyFile = () => new DomainError('invalid', 'CATALOG.EMPTY_FILE', 'File cannot be empty');
export const FileTooLarge = (message: string) => new DomainError('too_large', 'CATALOG.TOO_LARGE', message);
export const NoMovieFile = () => new DomainError('invalid', 'CATALOG.NO_FILE', 'Please select a movie file');
export const MonetizationNotAllowed = () =>
  new DomainError('forbidden', 'CATALOG.MONETIZATION_NOT_ALLOWED', 'Monetization is available to creator program members only');
export const NoPublishingAccount = () => new DomainError('invalid', 'CATALOG.NO_ACCOUNT', 'You have no active account to publish with');
export const CommentEmpty = () => new DomainError('invalid', 'CATALOG.COMMENT_EMPTY', COMMENT_MESSAGES.empty);
export const CommentTooLong = () => new DomainError('invalid', 'CATALOG.COMMENT_TOO_LONG', COMMENT_MESSAGES.tooLong);
/** A premium movie's bytes, asked for by someone who is not premium, its owner or an administrator. */
export const PremiumRequired = () => new DomainError('forbidden', 'CATALOG.PREMIUM_REQUIRED', 'This movie is for Premium members. Get Premium to watch it.');
/** The channel's comment_permissions: none, or followers only. */
export const CommentsOff = () => new DomainError('forbidden', 'CATALOG.COMMENTS_OFF', 'Comments are turned off for this channel');
export const CommentsFollowersOnly = () => new DomainError('forbidden', 'CATALOG.COMMENTS_FOLLOWERS_ONLY', 'Only followers of this channel can comment');
/** A comment the caller cannot see, or may not change (another user's): as if it did not exist. */
export const CommentNotFound = () => new DomainError('not_found', 'CATALOG.COMMENT_NOT_FOUND', 'Comment not found');
/** parent_id names no comment on this item (or one deleted meanwhile). */
const REPLY_PARENT_GONE = 'The comment you are replying to does not exist on this item';
export const ReplyParentNotFound = () =>
  new DomainError('invalid', 'CATALOG.REPLY_PARENT_NOT_FOUND', REPLY_PARENT_GONE, [{ field: 'parent_id', message: REPLY_PARENT_GONE }]);
/** Threads are one level deep. */
const REPLY_TO_REPLY = 'You can only reply to a top-level comment, not to a reply';
export const ReplyToReply = () => new DomainError('invalid', 'CATALOG.REPLY_TO_REPLY', REPLY_TO_REPLY, [{ field: 'parent_id', message: REPLY_TO_REPLY }]);
/** A movie's owner rating it: the average is its audience's. */
export const CannotRateOwnMovie = () => new DomainError('forbidden', 'CATALOG.OWN_MOVIE_RATING', RATING_MESSAGES.ownMovie);
