import { randomUUID } from 'node:crypto';
import { Accounts, pendingUntil, type Posting } from './ledger.js';
import { moneyErrors, PREMIUM_PACKAGES, PREMIUM_PLATFORM_FEE_CENTS, type PremiumPackage } from './rules.js';

/** One of the premium packages a buyer may choose (monthly or yearly). */
export function premiumPackage(packageType: unknown): { type: PremiumPackage; cents: number; days: number; name: string } {
  if (typeof packageType !== 'string' || !Object.hasOwn(PREMIUM_PACKAGES, packageType)) throw moneyErrors.badPackage();
  return { type: packageType as PremiumPackage, ...PREMIUM_PACKAGES[packageType as PremiumPackage] };
}

/** How many days a paid session's package adds (30 for a package no longer offered). */
export const premiumDays = (packageType: string): number => PREMIUM_PACKAGES[packageType as PremiumPackage]?.days ?? 30;

/** A premium payment: $1 (at most the amount) to the platform, the rest into the creator pool. */
export function premiumPaymentPosting(sessionId: string, amountCents: number, memo: string): Posting {
  const fee = Math.min(PREMIUM_PLATFORM_FEE_CENTS, amountCents);
  return {
    idempotencyKey: `payment:${sessionId}`,
    kind: 'premium',
    memo,
    userId: null,
    maturesAt: pendingUntil(),
    entries: [
      { accountId: Accounts.externalPayments, cents: -amountCents },
      { accountId: Accounts.platformPending('premium'), cents: fee },
      ...(amountCents > fee ? [{ accountId: Accounts.premiumPool, cents: amountCents - fee }] : []),
    ],
  };
}

/** When one paid premium period ran: the premium pool is shared by the watch time inside these periods. */
export class PremiumPeriod {
  constructor(
    readonly id: string,
    readonly userId: string,
    /** The payment session that paid for it (one period per session). */
    readonly sessionId: string | null,
    readonly startsAt: Date,
    readonly endsAt: Date,
  ) {}

  static paid(userId: string, sessionId: string, period: { startsAt: Date; endsAt: Date }): PremiumPeriod {
    return new PremiumPeriod(randomUUID(), userId, sessionId, period.startsAt, period.endsAt);
  }
}

/** The month whose watch time a run at `now` shares: the calendar month before now's (UTC). */
export function poolMonth(thisMonth: Date): { from: Date; to: Date; label: string } {
  const from = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1));
  return { from, to: thisMonth, label: from.toISOString().slice(0, 7) };
}

/**
 * The creators' shares of `amountCents` by watch seconds, in creator order, each rounded down; creators whose share
 * rounds to nothing are left out, and what is left over stays in the pool.
 */
export function poolShares(amountCents: number, watch: Map<string, number>): { creator: string; cents: number }[] {
  const totalSeconds = [...watch.values()].reduce((a, s) => a + s, 0);
  if (totalSeconds === 0 || amountCents <= 0) return [];
  return [...watch.entries()]
    .sort()
    .map(([creator, seconds]) => ({ creator, cents: Math.floor((amountCents * seconds) / totalSeconds) }))
    .filter((s) => s.cents > 0);
}

/** A creator's share of a month's pool: from the pool into their pending earnings. */
export function poolSharePosting(label: string, creator: string, cents: number): Posting {
  return {
    idempotencyKey: `premium-pool:${label}:${creator}`,
    kind: 'premium_pool',
    memo: `Premium watch time, ${label}`,
    userId: creator,
    maturesAt: pendingUntil(),
    entries: [
      { accountId: Accounts.premiumPool, cents: -cents },
      { accountId: Accounts.userPending(creator), cents },
    ],
  };
}
