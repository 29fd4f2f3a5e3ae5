import { CONTENT_KINDS, type ContentSnapshot, type ContentType } from './content.js';
import { moderationErrors } from './moderation.errors.js';

export type CaseStatus = 'open' | 'resolved';

/** What an admin may do with a case. */
export const CASE_ACTIONS = ['dismiss', 'remove', 'strike', 'remove_and_strike'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export type CaseResolution = 'dismissed' | 'removed' | 'struck' | 'removed_and_struck';

/** Per action: the case's resolution, and what each reporter is told. */
export const ACTION_OUTCOMES: Record<CaseAction, { resolution: CaseResolution; outcome: string; removes: boolean; strikes: boolean }> = {
  dismiss: { resolution: 'dismissed', outcome: 'No violation was found; the content stays up.', removes: false, strikes: false },
  remove: { resolution: 'removed', outcome: 'The content was removed.', removes: true, strikes: false },
  strike: { resolution: 'struck', outcome: 'The uploader received a guideline strike.', removes: false, strikes: true },
  remove_and_strike: { resolution: 'removed_and_struck', outcome: 'The content was removed and the uploader received a guideline strike.', removes: true, strikes: true },
};

export interface CaseState {
  id: string;
  contentType: ContentType;
  contentId: string;
  status: CaseStatus;
  ownerUserId: string | null;
  snapshot: ContentSnapshot;
  reportCount: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
  resolution: CaseResolution | null;
  resolutionReason: string | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

/**
 * The open reports of one piece of content, grouped for the moderation queue (one open case per content), with the
 * content as it was when first reported. An admin decides it once; later reports open a new case.
 */
export class ModerationCase implements CaseState {
  id!: string;
  contentType!: ContentType;
  contentId!: string;
  status!: CaseStatus;
  ownerUserId!: string | null;
  snapshot!: ContentSnapshot;
  reportCount!: number;
  firstReportedAt!: Date;
  lastReportedAt!: Date;
  resolution!: CaseResolution | null;
  resolutionReason!: string | null;
  resolvedAt!: Date | null;
  resolvedBy!: string | null;

  constructor(state: CaseState) {
    Object.assign(this, state);
  }

  /** An admin's decision, once: a profile can be struck or dismissed, never removed. */
  decide(action: CaseAction, reason: string, adminUserId: string, now: Date): (typeof ACTION_OUTCOMES)[CaseAction] {
    if (this.status !== 'open') throw moderationErrors.caseDecided();
    const effect = ACTION_OUTCOMES[action];
    if (effect.removes && !CONTENT_KINDS[this.contentType].removable) throw moderationErrors.profileNotRemovable();
    this.status = 'resolved';
    this.resolution = effect.resolution;
    this.resolutionReason = reason;
    this.resolvedAt = now;
    this.resolvedBy = adminUserId;
    return effect;
  }
}
