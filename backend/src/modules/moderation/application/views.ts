import type { ModerationCase } from '../domain/case.js';
import type { ContentPreview } from '../domain/content.js';
import type { Report } from '../domain/report.js';
import type { Strike, StrikeStatus } from '../domain/strike.js';

/** A case as the queue shows it: the snapshot, who owns the content, its latest reports and what can be played now. */
export interface CaseView {
  case: ModerationCase;
  ownerUsername: string | null;
  resolvedByUsername: string | null;
  reports: { report: Report; reporterUsername: string | null }[];
  preview: ContentPreview | null;
  /** The content is down by moderation's decision now. */
  removed: boolean;
}

/** A strike as of now (its status and whether it can still be appealed are a matter of time). */
export interface StrikeView {
  strike: Strike;
  status: StrikeStatus;
  canAppeal: boolean;
  /** The struck user's display name (admin views). */
  username: string | null;
}

export const strikeView = (strike: Strike, now: Date, username: string | null = null): StrikeView => ({
  strike,
  status: strike.statusAt(now),
  canAppeal: strike.canAppealAt(now),
  username,
});
