import { formatClock } from '../../shared/format';

/** Texts of seed 000 (§5 report validation, §8 error catalogue, §9 success messages), used verbatim. */
export const REPORT_MESSAGES = {
  loginRequired: 'Please login to report content',
  reasonRequired: 'Please select a reason for reporting',
  alreadyReported: 'You have already reported this content',
  failed: 'Failed to submit report. Please try again.',
  reported: 'Content reported successfully. Our moderation team will review it shortly.',
  /** The page's own: a time the dialog cannot read, or one past the media's end. */
  badTime: 'Enter the time as m:ss, for example 1:23',
  timePastEnd: (length: string) => `The time is past the end (${length})`,
} as const;

/** What a report is about (the server's content_type), in ONE list: a later kind adds one line. */
export const CONTENT_TYPES = ['video', 'reel', 'movie', 'comment', 'user', 'live_stream', 'live_chat_message', 'community_post', 'track', 'episode'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Kinds whose reports may say where in the media (timestamp_seconds). */
export const TIMED_CONTENT: readonly ContentType[] = ['video', 'reel', 'movie', 'track', 'episode'];

/** How each kind is named in the console and the creator's strikes. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  video: 'Video',
  reel: 'Short',
  movie: 'Movie',
  comment: 'Comment',
  user: 'Channel',
  live_stream: 'Live stream',
  live_chat_message: 'Live chat message',
  community_post: 'Community post',
  track: 'Track',
  episode: 'Podcast episode',
};

/** Kinds that are a piece of text on something else (a comment, a live chat message): the console quotes them. */
export const TEXT_CONTENT: readonly ContentType[] = ['comment', 'live_chat_message'];

/** A kind's name; an unknown one (a kind added on the server first) as the server spells it. */
export function contentTypeLabel(type: string): string {
  return Object.hasOwn(CONTENT_TYPE_LABELS, type) ? CONTENT_TYPE_LABELS[type as ContentType] : type;
}

/** The reasons of seed 000 §5, in its order, with the words the dialog shows. */
export const REPORT_REASONS = [
  { value: 'sexual_content', label: 'Sexual content' },
  { value: 'nudity', label: 'Nudity' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'spam', label: 'Spam or misleading' },
  { value: 'violence', label: 'Violence' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** A reason's words; an unknown one as sent. */
export function reasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** A strike is in force this many days, and can be appealed this many days after it was given. */
export const STRIKE_DAYS = 90;
export const APPEAL_DAYS = 20;

/** A report's optional details: at most this many characters (the server's limit). */
export const REPORT_DESCRIPTION_MAX = 1000;
/** An admin's decision reason: 1 to 500 characters. */
export const DECISION_REASON_MAX = 500;
/** An appeal's message: 1 to 2000 characters. */
export const APPEAL_MESSAGE_MAX = 2000;

/**
 * The time a viewer typed ("83", "1:23", "1:02:03") in whole seconds; null when left empty, NaN when it cannot be
 * read.
 */
export function parseTimestamp(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d{1,7}(:\d{1,2}){0,2}$/.test(trimmed)) return Number.NaN;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part > 59)) return Number.NaN;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** The player's position as the dialog first shows it ("1:23"); empty when there is none. */
export function timestampText(seconds: number | null | undefined): string {
  return seconds !== null && seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? formatClock(Math.floor(seconds)) : '';
}

/** Decisions on a case (admin console). */
export const CASE_ACTIONS = ['dismiss', 'remove', 'strike', 'remove_and_strike'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

export const CASE_ACTION_LABELS: Record<CaseAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  strike: 'Strike',
  remove_and_strike: 'Remove and strike',
};

/** What each decision does, as the confirmation says it. */
export const CASE_ACTION_EFFECTS: Record<CaseAction, string> = {
  dismiss: 'The reports are closed and the content stays up. Each reporter is told no violation was found.',
  remove: 'The content is taken down for everyone, its owner included. The owner is told why.',
  strike: `The content stays up and its owner receives a guideline strike for ${STRIKE_DAYS} days (appealable for ${APPEAL_DAYS} days).`,
  remove_and_strike: `The content is taken down and its owner receives a guideline strike for ${STRIKE_DAYS} days (appealable for ${APPEAL_DAYS} days).`,
};

/** How a resolved case ended. */
export const RESOLUTION_LABELS: Record<string, { label: string; color: string }> = {
  dismissed: { label: 'Dismissed', color: 'gray' },
  removed: { label: 'Removed', color: 'red' },
  struck: { label: 'Strike', color: 'orange' },
  removed_and_struck: { label: 'Removed and strike', color: 'red' },
};

/** Audit log actions. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  dismiss: 'Dismissed reports',
  remove: 'Removed content',
  strike: 'Gave a strike',
  remove_and_strike: 'Removed content and gave a strike',
  uphold_appeal: 'Upheld a strike on appeal',
  overturn_appeal: 'Overturned a strike on appeal',
};

/** A strike's standing, for its owner. */
export const STRIKE_STATUS: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
  overturned: { label: 'Overturned', color: 'green' },
};

/** An appeal's standing. */
export const APPEAL_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Appeal under review', color: 'yellow' },
  upheld: { label: 'Appeal rejected', color: 'red' },
  overturned: { label: 'Appeal granted', color: 'green' },
};

/** The console's and the creator's own texts. */
export const MODERATION_MESSAGES = {
  casesLoadFailed: 'Failed to load reports',
  appealsLoadFailed: 'Failed to load appeals',
  auditLoadFailed: 'Failed to load the audit log',
  moreFailed: 'The next page could not be loaded.',
  decided: {
    dismiss: 'Reports dismissed; the content stays up',
    remove: 'Content removed',
    strike: 'Strike given to the owner',
    remove_and_strike: 'Content removed and strike given to the owner',
  } satisfies Record<CaseAction, string>,
  decisionFailed: (detail: string) => `Failed to decide: ${detail}`,
  appealDecided: { uphold: 'Strike upheld', overturn: 'Strike overturned' },
  appealDecisionFailed: (detail: string) => `Failed to decide the appeal: ${detail}`,
  strikesLoadFailed: 'Failed to load your strikes',
  appealSent: 'Appeal sent. An administrator will review it.',
  appealFailed: (detail: string) => `Failed to send the appeal: ${detail}`,
  appealRequired: 'Please explain why the strike should be removed',
  noDetail: 'the server did not answer. Please try again.',
} as const;
