import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { AdAccrual } from './ad-revenue.js';
import type { ChannelMember, MembershipTier } from './membership.js';
import type { ActiveStrike, ApplicationStatus, PartnerApplication } from './partner-application.js';
import type { Payout } from './payout.js';
import type { BankAccountView, PlatformWithdrawal, SealedBankAccount } from './platform.js';
import type { PremiumPeriod } from './premium.js';

/**
 * The repositories of monetization (the ledger's own port is `Ledger` in ledger.ts). Writes join the caller's
 * transaction; `lock` reads take the row's lock until it ends.
 */
export interface PayoutRepository {
  find(id: string, opts?: { lock?: boolean }): Promise<Payout | null>;
  /** A creator's payouts, newest first. */
  listOf(userId: string, limit: number): Promise<Payout[]>;
  /** Payouts waiting for an admin, oldest first. */
  pending(limit: number): Promise<Payout[]>;
  add(payout: Payout): Promise<void>;
  /** Writes a decided payout's status and reason (decided now). */
  saveDecision(payout: Payout): Promise<void>;
}

export interface PartnerApplicationRepository {
  find(id: string, opts?: { lock?: boolean }): Promise<PartnerApplication | null>;
  /** A creator's latest application. */
  latestOf(userId: string): Promise<PartnerApplication | null>;
  /** The status of each creator's latest application, in one query; creators who never applied are absent. */
  latestStatuses(userIds: string[]): Promise<Map<string, ApplicationStatus>>;
  /** Oldest first; 'all' for every status. */
  list(status: ApplicationStatus | 'all', limit: number): Promise<PartnerApplication[]>;
  /** Throws alreadyApplied when the creator has a pending application already (one at a time). */
  add(application: PartnerApplication): Promise<void>;
  /** Writes a decision (decided now). */
  saveDecision(application: PartnerApplication): Promise<void>;
}

export interface MembershipRepository {
  tier(id: string): Promise<MembershipTier | null>;
  /** Active tiers, of one account or all, by channel name, price and name. */
  activeTiers(onlyAccountId?: string): Promise<MembershipTier[]>;
  /** Throws tierExists when the channel has an active tier of that name (unless `ignoreConflict`). */
  addTier(tier: MembershipTier, opts?: { ignoreConflict?: boolean }): Promise<void>;
  retireTier(tierId: string): Promise<void>;
  /** Members whose time has not run out, per account. */
  activeMemberCounts(accountIds: string[]): Promise<Map<string, number>>;
  /** A user's memberships (active or lapsed) in these accounts. */
  membershipsOf(memberUserId: string, accountIds: string[]): Promise<{ accountId: string; tierName: string; expiresAt: Date }[]>;
  /**
   * The member's time on the tier's channel runs `days` more, in one statement. Time left on another tier of the
   * channel is converted at the two prices (30 days of a $2.99 tier become about 12.8 days of a $6.99 one, and
   * back), so cheap months cannot be turned into dear ones and an upgrade loses nothing. Returns the membership's id.
   */
  extend(tier: MembershipTier, memberUserId: string, days: number): Promise<string>;
  /** A channel's members, newest first. */
  members(accountId: string, opts: { limit: number; includeLapsed: boolean }): Promise<ChannelMember[]>;
}

export interface PremiumPeriodRepository {
  /** Once per payment session. */
  add(period: PremiumPeriod): Promise<void>;
  /** Periods that overlap [from, to). */
  overlapping(from: Date, to: Date): Promise<PremiumPeriod[]>;
}

export interface AdAccrualRepository {
  /** An item's accrual, created empty if new, locked for the rest of the transaction. */
  lockOrCreate(mediaId: string, userId: string): Promise<AdAccrual>;
  /** Writes an accrual as it now is (a baseline replaces whatever was there). */
  save(accrual: AdAccrual): Promise<void>;
}

/** The platform owner's bank account (one) and withdrawals. */
export interface PlatformTreasury {
  bankAccount(): Promise<BankAccountView | null>;
  /** Saves (or replaces) the bank account, unverified. */
  saveBankAccount(account: SealedBankAccount): Promise<void>;
  addWithdrawal(withdrawal: PlatformWithdrawal): Promise<void>;
}

/** Marks of one-time work on this database (seeding), so what was removed afterwards is not recreated. */
export interface SeedMarks {
  has(name: string): Promise<boolean>;
  mark(name: string): Promise<void>;
}

/** Monetization's unit of work: transactions, and the scope of work run outside any request. */
export interface MoneyUnitOfWork extends UnitOfWork {
  /** Inside inTransaction: takes a lock named `name` for the rest of the transaction unless another holds it. */
  tryLock(name: string): Promise<boolean>;
  /** Runs fn with its own entity manager (scheduled work, bootstrap): callable from anywhere. */
  isolated<T>(fn: () => Promise<T>): Promise<T>;
}

export const PAYOUTS = Symbol('PayoutRepository');
export const PARTNER_APPLICATIONS = Symbol('PartnerApplicationRepository');
export const MEMBERSHIPS = Symbol('MembershipRepository');
export const PREMIUM_PERIODS = Symbol('PremiumPeriodRepository');
export const AD_ACCRUALS = Symbol('AdAccrualRepository');
export const PLATFORM_TREASURY = Symbol('PlatformTreasury');
export const SEED_MARKS = Symbol('SeedMarks');
export const MONEY_UNIT_OF_WORK = Symbol('MoneyUnitOfWork');

/** A creator's standing with the community guidelines (moderation's strikes): the active strike, if any. */
export interface GuidelineStanding {
  activeStrike(userId: string): Promise<ActiveStrike | null>;
}

export const GUIDELINE_STANDING = Symbol('GuidelineStanding');
