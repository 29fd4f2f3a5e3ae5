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

/** When funds posted now to a pending account become available. */
export const pendingUntil = (now = Date.now()): Date => new Date(now + PENDING_DAYS * 86_400_000);

/** The first moment of a calendar month (UTC): statements and the premium pool count by month. */
export const monthStart = (now = new Date()): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

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

/** One leg of a transaction: cents into (positive) or out of (negative) one account. */
export interface Entry {
  accountId: string;
  cents: number;
}

/** An account's maintained balance and the sum of everything ever credited to it. */
export interface AccountBalance {
  balance: number;
  credited: number;
}

/** A revenue transaction about a user, as their statement shows it. */
export interface MonthlyRevenue {
  month: string;
  source: RevenueSource;
  grossCents: number;
  platformCents: number;
  creatorCents: number;
}

/** A creator's lifetime earnings: everything ever credited to their pending account. */
export interface TopEarner {
  userId: string;
  cents: number;
}

export interface RevenueLine {
  kind: string;
  createdAt: Date;
  creatorCents: number;
  platformCents: number;
}

/**
 * The maturation of one transaction: each positive entry into a pending account moves, whole, to the account it
 * matures into (nothing else of the transaction moves).
 */
export function maturationEntries(entries: Entry[]): Entry[] {
  return entries.flatMap((e) => {
    const target = maturedAccount(e.accountId);
    return e.cents > 0 && target ? [{ accountId: e.accountId, cents: -e.cents }, { accountId: target, cents: e.cents }] : [];
  });
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
  /** What the transaction is for, when its kind needs it (a Super Chat's live stream id): revenue is summed by it. */
  reference?: string | null;
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

/**
 * The ledger as the application sees it (PgLedger): the repository of accounts, transactions and entries. `post` and
 * `lockBalance` run inside the caller's transaction and take the accounts' row locks in the one global order.
 */
export interface Ledger {
  /** Writes a posting once: false when its idempotency key was already posted (a replay changes nothing). */
  post(p: Posting): Promise<boolean>;
  /** Locks an account for the rest of the transaction and returns its balance (0 when never used). */
  lockBalance(accountId: string): Promise<number>;
  balances(accountIds: string[]): Promise<Map<string, AccountBalance>>;
  creditedSince(accountIds: string[], since: Date): Promise<number>;
  balanceAt(accountId: string, at: Date): Promise<number>;
  revenueSince(userId: string, since: Date, limit?: number): Promise<RevenueLine[]>;
  /** Gross money paid in (cents taken from external:payments) per reference, by transactions of one kind; unknown references are left out. */
  grossByReference(kind: TransactionKind, references: string[]): Promise<Map<string, number>>;
  /**
   * Revenue per calendar month (UTC, 'YYYY-MM') and source since a moment: gross paid in (from external:*), the
   * platform's share (into platform:pending:*) and the creators' (into user pending accounts; premium's through the
   * pool's distributions). Months and sources without revenue are absent.
   */
  revenueByMonth(since: Date): Promise<MonthlyRevenue[]>;
  /**
   * The creators with the highest lifetime earnings (everything credited to `user:<id>:pending`), highest first, ties
   * by user id; `limit` of them after skipping `offset`. Creators who earned nothing are absent.
   */
  topEarners(limit: number, offset?: number): Promise<TopEarner[]>;
  /** Whether any transaction's idempotency key starts with this prefix (a run already posted). */
  postedWithKeyPrefix(prefix: string): Promise<boolean>;
  /** Matures up to `limit` due transactions in its own transaction; returns how many it claimed. */
  matureDue(now: Date, limit?: number): Promise<number>;
}

export const LEDGER = Symbol('LEDGER');
