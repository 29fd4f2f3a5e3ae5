import { DomainError } from '../../../common/errors/domain-error.js';

/**
 * The double-entry ledger's vocabulary. Every money event is one transaction whose entries sum to zero; a balance is
 * the sum of an account's entries (kept as a maintained total, checked against the entries by the tests).
 *
 * Accounts:
 * - `user:<id>:pending`, `user:<id>:available`, `user:<id>:in_transit`, `user:<id>:paid_out`: a creator's earnings,
 *   from a payment (pending 7 days) to available, to a requested payout, to paid out.
 * - `platform:pending:<source>` (premium, membership, super_chat, ads), `platform:available`, `platform:withdrawn`.
 * - `pool:premium`: premium payments less the platform fee, shared monthly among creators by premium watch time.
 * - `external:payments`, `external:advertisers`: where money comes from (they go negative: what came in).
 */
export type RevenueSource = 'premium' | 'membership' | 'super_chat' | 'ads';
export type TransactionKind = RevenueSource | 'premium_pool' | 'maturation' | 'payout_request' | 'payout_completed' | 'payout_failed' | 'withdrawal';

export const PENDING_DAYS = 7;

export const Accounts = {
  userPending: (userId: string) => `user:${userId}:pending`,
  userAvailable: (userId: string) => `user:${userId}:available`,
  userInTransit: (userId: string) => `user:${userId}:in_transit`,
  userPaidOut: (userId: string) => `user:${userId}:paid_out`,
  platformPending: (source: RevenueSource) => `platform:pending:${source}`,
  platformAvailable: 'platform:available',
  platformWithdrawn: 'platform:withdrawn',
  premiumPool: 'pool:premium',
  externalPayments: 'external:payments',
  externalAdvertisers: 'external:advertisers',
} as const;

/** Accounts that record money coming from outside, so their balance is negative. */
export function mayGoNegative(accountId: string): boolean {
  return accountId.startsWith('external:');
}

/** The user an account belongs to, if any. */
export function accountOwner(accountId: string): string | null {
  const m = /^user:([0-9a-f-]{36}):/.exec(accountId);
  return m ? m[1] : null;
}

/** Where a pending account's funds go when they mature. */
export function maturedAccount(pendingAccountId: string): string | null {
  if (pendingAccountId.startsWith('platform:pending:')) return Accounts.platformAvailable;
  const owner = accountOwner(pendingAccountId);
  return owner && pendingAccountId.endsWith(':pending') ? Accounts.userAvailable(owner) : null;
}

export interface Entry {
  accountId: string;
  cents: number;
}

export interface Posting {
  /** Unique per money event (the provider's session or event id, a payout id...): a replay changes nothing. */
  idempotencyKey: string;
  kind: TransactionKind;
  memo: string;
  /** The user the transaction is about (a creator's revenue, a payout): their statements list it. */
  userId: string | null;
  entries: Entry[];
  /** When the transaction's pending entries become available. */
  maturesAt?: Date | null;
}

export class LedgerInvariantError extends Error {}

export class InsufficientFunds extends DomainError {
  constructor(message = 'Insufficient available balance') {
    super('conflict', 'MONEY.INSUFFICIENT_FUNDS', message);
  }
}

/** Checks a posting before it is written: whole cents, no zero entries, balanced. */
export function checkPosting(p: Posting): void {
  if (!p.idempotencyKey) throw new LedgerInvariantError('a posting needs an idempotency key');
  if (p.entries.length < 2) throw new LedgerInvariantError('a posting needs at least two entries');
  let sum = 0;
  for (const e of p.entries) {
    if (!Number.isSafeInteger(e.cents) || e.cents === 0) throw new LedgerInvariantError(`bad entry ${e.accountId} ${e.cents}`);
    sum += e.cents;
  }
  if (sum !== 0) throw new LedgerInvariantError(`posting ${p.idempotencyKey} is not balanced (${sum})`);
}

/** A split of a gross amount: the payee's share rounded down, the remainder to the platform. */
export function split(grossCents: number, payeePercent: number): { payee: number; platform: number } {
  const payee = Math.floor((grossCents * payeePercent) / 100);
  return { payee, platform: grossCents - payee };
}

/** The ledger as the application sees it (PgLedger). `post` runs inside the caller's transaction. */
export interface Ledger {
  post(p: Posting): Promise<boolean>;
  lockBalance(accountId: string): Promise<number>;
  balances(accountIds: string[]): Promise<Map<string, { balance: number; credited: number }>>;
  creditedSince(accountIds: string[], since: Date): Promise<number>;
  balanceAt(accountId: string, at: Date): Promise<number>;
  revenueSince(userId: string, since: Date, limit?: number): Promise<{ kind: string; createdAt: Date; creatorCents: number; platformCents: number }[]>;
  matureDue(now: Date, limit?: number): Promise<number>;
}

export const LEDGER = Symbol('LEDGER');
