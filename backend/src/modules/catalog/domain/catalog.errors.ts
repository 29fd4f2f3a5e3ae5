import { DomainError } from '../../../common/errors/domain-error.js';
import { COMMENT_MESSAGES } from './comment.js';

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
