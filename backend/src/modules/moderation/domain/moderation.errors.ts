import { DomainError } from '../../../common/errors/domain-error.js';
import { CONTENT_TYPES, REPORT_REASONS } from './content.js';
import { MAX_REPORTS_PER_HOUR } from './rules.js';

export class ModerationError extends DomainError {}

/** The messages of moderation's forms and rules (seed 000 §5 and §8 where it has them), used verbatim by DTOs and domain. */
export const MODERATION_MESSAGES = {
  loginRequired: 'Please login to report content',
  reasonRequired: 'Please select a reason for reporting',
  reasonUnknown: `reason must be one of ${REPORT_REASONS.join(', ')}`,
  contentType: `content_type must be one of ${CONTENT_TYPES.join(', ')}`,
  contentId: 'content_id is required',
  description: 'Description must be at most 1000 characters',
  timestamp: 'timestamp_seconds must be a whole number of seconds, 0 or more',
  timestampNotMedia: 'A timestamp can only be given when reporting a video, reel or movie',
  action: 'action must be one of dismiss, remove, strike, remove_and_strike',
  reasonNeeded: 'A reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  appealNeeded: 'Please explain why the strike should be removed',
  appealTooLong: 'Appeal message must be at most 2000 characters',
  decision: 'decision must be uphold or overturn',
  caseStatus: 'status must be open or resolved',
} as const;

export const moderationErrors = {
  loginRequired: () => new ModerationError('unauthenticated', 'AUTH.REQUIRED', MODERATION_MESSAGES.loginRequired),
  contentNotFound: () => new ModerationError('not_found', 'MODERATION.CONTENT_NOT_FOUND', 'Content not found'),
  ownContent: () => new ModerationError('invalid', 'MODERATION.OWN_CONTENT', 'You cannot report your own content'),
  alreadyReported: () => new ModerationError('invalid', 'MODERATION.ALREADY_REPORTED', 'You have already reported this content'),
  tooManyReports: (retryAfterSeconds: number) =>
    new ModerationError('rate_limited', 'MODERATION.TOO_MANY_REPORTS', `You can report at most ${MAX_REPORTS_PER_HOUR} items an hour. Try again later.`, undefined, retryAfterSeconds),
  timestampPastEnd: (noun: string) => {
    const message = `The timestamp is past the end of the ${noun}`;
    return new ModerationError('invalid', 'MODERATION.TIMESTAMP_PAST_END', message, [{ field: 'timestamp_seconds', message }]);
  },
  caseNotFound: () => new ModerationError('not_found', 'MODERATION.CASE_NOT_FOUND', 'Case not found'),
  caseDecided: () => new ModerationError('conflict', 'MODERATION.CASE_DECIDED', 'This case has already been decided'),
  profileNotRemovable: () => {
    const message = 'A profile cannot be removed: strike its owner or dismiss the reports';
    return new ModerationError('invalid', 'MODERATION.PROFILE_NOT_REMOVABLE', message, [{ field: 'action', message }]);
  },
  strikeNotFound: () => new ModerationError('not_found', 'MODERATION.STRIKE_NOT_FOUND', 'Strike not found'),
  alreadyAppealed: () => new ModerationError('conflict', 'MODERATION.ALREADY_APPEALED', 'This strike has already been appealed'),
  appealWindowClosed: () => new ModerationError('conflict', 'MODERATION.APPEAL_WINDOW_CLOSED', 'The appeal window for this strike has closed'),
  strikeNotActive: () => new ModerationError('conflict', 'MODERATION.STRIKE_NOT_ACTIVE', 'This strike is no longer active'),
  appealDecided: () => new ModerationError('conflict', 'MODERATION.APPEAL_DECIDED', 'This appeal has already been decided'),
  noPendingAppeal: () => new ModerationError('conflict', 'MODERATION.NO_PENDING_APPEAL', 'This strike has no pending appeal'),
  badCursor: () =>
    new ModerationError('invalid', 'MODERATION.BAD_CURSOR', 'This page link is not valid any more; start again from the first page', [{ field: 'cursor', message: 'Invalid cursor' }]),
};
