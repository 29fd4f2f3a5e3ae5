import { randomUUID } from 'node:crypto';
import { CONTENT_KINDS, type ContentSnapshot, type ContentType, type ReportReason } from './content.js';
import { moderationErrors } from './moderation.errors.js';

export type ReportStatus = 'open' | 'resolved';

export interface ReportState {
  id: string;
  caseId: string;
  reporterUserId: string;
  contentType: ContentType;
  contentId: string;
  reason: ReportReason;
  description: string | null;
  timestampSeconds: number | null;
  status: ReportStatus;
  createdAt: Date;
}

/** What a signed-in user sends (already read by the form's rules). */
export interface ReportInput {
  contentType: ContentType;
  contentId: string;
  reason: ReportReason;
  description: string | null;
  timestampSeconds: number | null;
}

/** One person's report of one piece of content; it joins the content's open case and is resolved with it. */
export class Report implements ReportState {
  id!: string;
  caseId!: string;
  reporterUserId!: string;
  contentType!: ContentType;
  contentId!: string;
  reason!: ReportReason;
  description!: string | null;
  timestampSeconds!: number | null;
  status!: ReportStatus;
  createdAt!: Date;

  constructor(state: ReportState) {
    Object.assign(this, state);
  }

  /**
   * A new report of content the reporter can see (`target`): never of their own, and a moment in it only within
   * its length. The case it joins is set when it is filed.
   */
  static file(reporterUserId: string, input: ReportInput, target: ContentSnapshot, now: Date): Report {
    if (target.ownerUserId === reporterUserId) throw moderationErrors.ownContent();
    const t = input.timestampSeconds;
    if (t !== null && target.durationSeconds !== null && t > Math.ceil(target.durationSeconds)) throw moderationErrors.timestampPastEnd(CONTENT_KINDS[input.contentType].noun);
    return new Report({
      id: randomUUID(),
      caseId: '',
      reporterUserId,
      contentType: input.contentType,
      contentId: input.contentId,
      reason: input.reason,
      description: input.description?.trim() || null,
      timestampSeconds: t,
      status: 'open',
      createdAt: now,
    });
  }
}
