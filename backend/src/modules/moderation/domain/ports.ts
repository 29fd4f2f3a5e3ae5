import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { AuditEntry } from './audit.js';
import type { CaseStatus, ModerationCase } from './case.js';
import type { ContentPreview, ContentSnapshot, ContentType } from './content.js';
import type { Report } from './report.js';
import type { Strike } from './strike.js';

/** A page of a keyset-paged list: the rows, and where the next page starts (null at the end). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** Reports and the cases they are grouped in (SQL-owned tables). Writes join the caller's transaction. */
export interface CaseRepository {
  /** The content's open case, created from the snapshot if there is none, with one more report counted. Returns its id. */
  openCaseFor(type: ContentType, contentId: string, snapshot: ContentSnapshot, reportedAt: Date): Promise<string>;
  find(id: string, opts?: { lock?: boolean }): Promise<ModerationCase | null>;
  /** Writes a decided case. */
  saveDecision(c: ModerationCase): Promise<void>;
  /** Open: most reported first, then the longest waiting; resolved: the latest decided first. `cursor` is the previous page's. */
  list(status: CaseStatus, limit: number, cursor: string | null): Promise<Page<ModerationCase>>;
}

export interface ReportRepository {
  /** Whether the reporter has reported this content before (at any time). */
  exists(reporterUserId: string, type: ContentType, contentId: string): Promise<boolean>;
  /** Reports the reporter filed since `since`, and the oldest of them. */
  countSince(reporterUserId: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  /** Adds the report unless the reporter reported this content already (then false). */
  add(report: Report): Promise<boolean>;
  /** Resolves every open report of the case; returns them (each reporter is told). */
  resolveOpen(caseId: string, outcome: string, at: Date): Promise<{ id: string; reporterUserId: string }[]>;
  /** The newest `perCase` reports of each case. */
  latestOf(caseIds: string[], perCase: number): Promise<Map<string, Report[]>>;
}

export interface StrikeRepository {
  find(id: string, opts?: { lock?: boolean }): Promise<Strike | null>;
  add(strike: Strike): Promise<void>;
  /** Writes its appeal, overturn and purge marks. */
  save(strike: Strike): Promise<void>;
  /** A user's strikes, newest first. */
  listOf(userId: string, limit: number): Promise<Strike[]>;
  /** Strikes whose appeal is pending, the oldest appeal first. */
  pendingAppeals(limit: number): Promise<Strike[]>;
  /** The active strike (not overturned, not expired at `now`) that runs the longest, if any. */
  activeOf(userId: string, now: Date): Promise<Strike | null>;
  /** Strikes whose removed content's files are due for purging at `now` (see Strike.purgeDueAt), locked, skipping locked ones. */
  claimPurgeDue(now: Date, limit: number): Promise<Strike[]>;
}

export interface AuditLog {
  add(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(limit: number, cursor: string | null): Promise<Page<AuditEntry>>;
}

/**
 * The content of other contexts, per kind (infrastructure/content-directory.ts): found as the viewer may see it,
 * taken down, brought back, its files purged. Every call is idempotent.
 */
export interface ContentDirectory {
  /** The content as the viewer may see it now; null when it does not exist or the viewer cannot see it. */
  find(type: ContentType, id: string, viewerUserId: string): Promise<ContentSnapshot | null>;
  remove(type: ContentType, id: string, opts: { purgeFiles: boolean }): Promise<void>;
  /** Brings removed content back; false when it cannot come back (deleted for good, files gone). */
  restore(type: ContentType, id: string): Promise<boolean>;
  /** Deletes the files of removed content for good. */
  purge(type: ContentType, id: string): Promise<void>;
  /** What the queue's preview shows now of the content (or of the item a comment is on); null when nothing is playable. */
  preview(type: ContentType, id: string, snapshot: ContentSnapshot): Promise<ContentPreview | null>;
  /** The same for many at once, in their order (one lookup per owning context, not one per item). */
  previews(items: { type: ContentType; id: string; snapshot: ContentSnapshot }[]): Promise<(ContentPreview | null)[]>;
}

/** Display names of users (null when the user is gone). */
export interface UserNames {
  usernames(userIds: string[]): Promise<Map<string, string>>;
}

/** The time, injectable so that tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

/** Moderation's unit of work: transactions, advisory locks, and a scope for work outside any request. */
export interface ModerationUnitOfWork extends UnitOfWork {
  /** Inside inTransaction: waits for a lock named `name`, held until the transaction ends. */
  lock(name: string): Promise<void>;
  /** Runs fn with its own entity manager (scheduled work): callable from anywhere. */
  isolated<T>(fn: () => Promise<T>): Promise<T>;
}

export const CASES = Symbol('ModerationCaseRepository');
export const REPORTS = Symbol('ModerationReportRepository');
export const STRIKES = Symbol('ModerationStrikeRepository');
export const AUDIT_LOG = Symbol('ModerationAuditLog');
export const CONTENT_DIRECTORY = Symbol('ModerationContentDirectory');
export const USER_NAMES = Symbol('ModerationUserNames');
export const CLOCK = Symbol('ModerationClock');
export const MODERATION_UNIT_OF_WORK = Symbol('ModerationUnitOfWork');
