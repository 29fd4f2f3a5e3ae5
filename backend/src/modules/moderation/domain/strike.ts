import { randomUUID } from 'node:crypto';
import { CONTENT_KINDS, type ContentType } from './content.js';
import { moderationErrors } from './moderation.errors.js';
import { APPEAL_DAYS, DAY_MS, STRIKE_DAYS } from './rules.js';

export type StrikeStatus = 'active' | 'expired' | 'overturned';
export type AppealStatus = 'pending' | 'upheld' | 'overturned';
export type AppealDecision = 'uphold' | 'overturn';

export interface Appeal {
  message: string;
  status: AppealStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
  decidedBy: string | null;
}

export interface StrikeState {
  id: string;
  userId: string;
  caseId: string | null;
  contentType: ContentType;
  contentId: string;
  contentTitle: string | null;
  reason: string;
  /** Only ever set to overturned (by an appeal); 'expired' is a matter of time (see statusAt). */
  overturned: boolean;
  /** The content was taken down with this strike (and is still down: an overturn brings media back). */
  contentRemoved: boolean;
  createdAt: Date;
  expiresAt: Date;
  appealDeadline: Date;
  /** When the purge of the removed content's files was ordered (the appeal window closed, or the appeal was upheld). */
  filesPurgedAt: Date | null;
  appeal: Appeal | null;
}

/**
 * A guideline strike on a content owner: active for 90 days unless an appeal overturns it; appealable once within
 * 20 days. Content removed with it keeps its files (never served) while it can still come back.
 */
export class Strike implements StrikeState {
  id!: string;
  userId!: string;
  caseId!: string | null;
  contentType!: ContentType;
  contentId!: string;
  contentTitle!: string | null;
  reason!: string;
  overturned!: boolean;
  contentRemoved!: boolean;
  createdAt!: Date;
  expiresAt!: Date;
  appealDeadline!: Date;
  filesPurgedAt!: Date | null;
  appeal!: Appeal | null;

  constructor(state: StrikeState) {
    Object.assign(this, state);
  }

  static issue(input: { userId: string; caseId: string; contentType: ContentType; contentId: string; contentTitle: string | null; reason: string; contentRemoved: boolean }, now: Date): Strike {
    return new Strike({
      id: randomUUID(),
      ...input,
      overturned: false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STRIKE_DAYS * DAY_MS),
      appealDeadline: new Date(now.getTime() + APPEAL_DAYS * DAY_MS),
      filesPurgedAt: null,
      appeal: null,
    });
  }

  statusAt(now: Date): StrikeStatus {
    if (this.overturned) return 'overturned';
    return now.getTime() < this.expiresAt.getTime() ? 'active' : 'expired';
  }

  canAppealAt(now: Date): boolean {
    return this.statusAt(now) === 'active' && this.appeal === null && now.getTime() < this.appealDeadline.getTime();
  }

  /** The owner's one appeal, within 20 days, of a strike still active. */
  fileAppeal(message: string, now: Date): void {
    if (this.appeal) throw moderationErrors.alreadyAppealed();
    if (this.statusAt(now) !== 'active') throw moderationErrors.strikeNotActive();
    if (now.getTime() >= this.appealDeadline.getTime()) throw moderationErrors.appealWindowClosed();
    this.appeal = { message, status: 'pending', createdAt: now, decidedAt: null, decisionReason: null, decidedBy: null };
  }

  /**
   * An admin decides the pending appeal, once. Returns what happens to content removed with the strike: restored
   * (overturned), purged (upheld: it can no longer come back), or nothing.
   */
  decideAppeal(decision: AppealDecision, reason: string, adminUserId: string, now: Date): { restore: boolean; purge: boolean } {
    if (!this.appeal) throw moderationErrors.noPendingAppeal();
    if (this.appeal.status !== 'pending') throw moderationErrors.appealDecided();
    this.appeal = { ...this.appeal, status: decision === 'uphold' ? 'upheld' : 'overturned', decidedAt: now, decisionReason: reason, decidedBy: adminUserId };
    const hasFiles = this.contentRemoved && CONTENT_KINDS[this.contentType].files;
    if (decision === 'overturn') {
      this.overturned = true;
      // Media comes back; a removed comment was deleted for good.
      if (hasFiles) this.contentRemoved = false;
      return { restore: hasFiles, purge: false };
    }
    const purge = hasFiles && this.filesPurgedAt === null;
    if (purge) this.filesPurgedAt = now;
    return { restore: false, purge };
  }

  /**
   * Removed media whose strike can no longer be appealed (the window closed, unappealed): its files can go
   * (StrikeRepository.claimPurgeDue finds these). Marked once.
   */
  markFilesPurged(now: Date): boolean {
    const due = this.contentRemoved && CONTENT_KINDS[this.contentType].files && this.filesPurgedAt === null && this.appeal === null && !this.overturned && now.getTime() >= this.appealDeadline.getTime();
    if (due) this.filesPurgedAt = now;
    return due;
  }
}
