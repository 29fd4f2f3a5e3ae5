import type { components } from '../api/schema';

type PartnerStatus = components['schemas']['PartnerProgramStatusDto']['status'];
type PayoutStatus = components['schemas']['PayoutDto']['status'];
type BankDetails = components['schemas']['BankDetailsDto'];

/** A creator's balances in integer cents, as the server's ledger sums them. */
export interface MockBalances {
  availableCents: number;
  pendingCents: number;
  lifetimeCents: number;
  paidOutCents: number;
  inTransitCents: number;
}

/** One money event credited to a creator (their share and the platform's fee). */
export interface MockRevenueLine {
  userId: string;
  kind: 'premium_pool' | 'membership' | 'super_chat' | 'ads';
  createdAt: string;
  creatorCents: number;
  platformCents: number;
}

export interface MockPayout {
  id: string;
  userId: string;
  amountCents: number;
  method: 'bank_transfer' | 'paypal' | 'crypto';
  status: PayoutStatus;
  requestedAt: string;
  failureReason: string | null;
  bankDetails: BankDetails | null;
}

export interface MockPartnerApplication {
  id: string;
  userId: string;
  status: Exclude<PartnerStatus, 'not_applied'>;
  originalContent: boolean;
  followers: number;
  watchHours: number;
  submittedAt: string;
  decidedAt: string | null;
  reason: string | null;
}

/** What the partner program reads of a channel: audience, watch time (past 365 days) and uploads. */
export interface MockChannelStats {
  followers: number;
  watchHours: number;
  totalVideos: number;
  totalViews: number;
  avgViewSeconds: number;
  monetizedVideos: number;
  /** Earned this calendar month, in cents. */
  monthCents: number;
}

export interface MockPlatformBank {
  bankName: string;
  accountHolder: string;
  accountLast4: string;
  isVerified: boolean;
}

/** The platform's own earnings (Owner), in cents. */
export interface MockPlatform {
  availableCents: number;
  pendingCents: number;
  withdrawnCents: number;
  monthCents: number;
  bySource: { premium: number; ads: number; membership: number; super_chat: number };
  bank: MockPlatformBank | null;
}

/** Seed 001 §9 and the server's rules (product.md §8), in cents. */
export const MOCK_MONEY_RULES = {
  creatorMinPayoutCents: 5_000,
  ownerMinWithdrawalCents: 10_000,
  adCreatorPercent: 55,
  partner: { followers: 1_000, watchHours: 4_000, reviewDays: 30 },
} as const;

const emptyStats = (): MockChannelStats => ({
  followers: 0,
  watchHours: 0,
  totalVideos: 0,
  totalViews: 0,
  avgViewSeconds: 0,
  monetizedVideos: 0,
  monthCents: 0,
});

const emptyBalances = (): MockBalances => ({
  availableCents: 0,
  pendingCents: 0,
  lifetimeCents: 0,
  paidOutCents: 0,
  inTransitCents: 0,
});

const emptyPlatform = (): MockPlatform => ({
  availableCents: 0,
  pendingCents: 0,
  withdrawnCents: 0,
  monthCents: 0,
  bySource: { premium: 0, ads: 0, membership: 0, super_chat: 0 },
  bank: null,
});

/**
 * The in-memory money behind the mock API (QA mode and tests): creators' balances, this month's revenue, payouts,
 * partner applications and channel figures, and the platform's own earnings and bank account.
 */
export const earningsDb = {
  balances: {} as Record<string, MockBalances>,
  revenue: [] as MockRevenueLine[],
  payouts: [] as MockPayout[],
  applications: [] as MockPartnerApplication[],
  stats: {} as Record<string, MockChannelStats>,
  platform: emptyPlatform(),
};

let sequence = 0;
function earningsId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

export function balancesOf(userId: string): MockBalances {
  earningsDb.balances[userId] ??= emptyBalances();
  return earningsDb.balances[userId];
}

export function statsOf(userId: string): MockChannelStats {
  earningsDb.stats[userId] ??= emptyStats();
  return earningsDb.stats[userId];
}

/** A user's latest partner application, if any. */
export function latestApplication(userId: string): MockPartnerApplication | undefined {
  return earningsDb.applications
    .filter((a) => a.userId === userId)
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))[0];
}

export function addPayout(fields: Omit<MockPayout, 'id'>): MockPayout {
  const payout = { id: earningsId('payout'), ...fields };
  earningsDb.payouts.push(payout);
  return payout;
}

export function addApplication(fields: Omit<MockPartnerApplication, 'id'>): MockPartnerApplication {
  const application = { id: earningsId('application'), ...fields };
  earningsDb.applications.push(application);
  return application;
}

/** Dollars as the API shows them: a number with two decimals. */
export const dollars = (cents: number) => Math.round(cents) / 100;

/** Dollars sent by a client ("12", "12.5", 12.5) in cents; null for anything else, zero or less, or more than two decimals. */
export function parseCents(raw: unknown): number | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    text = String(raw);
  } else if (typeof raw === 'string') text = raw.trim();
  else return null;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

interface EarningsOwners {
  ada: { userId: string };
  mira: { userId: string };
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
/** A moment this calendar month (UTC), `hours` after its start, so "this month" lines stay in the month. */
const thisMonth = (hours: number) => {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(Math.min(start + hours * 3_600_000, now.getTime())).toISOString();
};

/** The demo money: Ada earns and has been paid out before; Mira has a payout and an application awaiting an admin. */
export function resetEarningsDb(owners: EarningsOwners | null): void {
  earningsDb.balances = {};
  earningsDb.revenue = [];
  earningsDb.payouts = [];
  earningsDb.applications = [];
  earningsDb.stats = {};
  earningsDb.platform = emptyPlatform();
  if (!owners) return;
  const { ada, mira } = owners;

  earningsDb.balances[ada.userId] = {
    availableCents: 18_240,
    pendingCents: 3_610,
    lifetimeCents: 36_850,
    paidOutCents: 15_000,
    inTransitCents: 0,
  };
  earningsDb.revenue.push(
    { userId: ada.userId, kind: 'membership', createdAt: thisMonth(2), creatorCents: 209, platformCents: 90 },
    { userId: ada.userId, kind: 'super_chat', createdAt: thisMonth(5), creatorCents: 399, platformCents: 100 },
    { userId: ada.userId, kind: 'ads', createdAt: thisMonth(9), creatorCents: 1_212, platformCents: 992 },
  );
  addPayout({
    userId: ada.userId,
    amountCents: 15_000,
    method: 'bank_transfer',
    status: 'completed',
    requestedAt: daysAgo(45),
    failureReason: null,
    bankDetails: { account_type: 'checking', country: 'US' },
  });
  addPayout({
    userId: ada.userId,
    amountCents: 6_000,
    method: 'crypto',
    status: 'failed',
    requestedAt: daysAgo(20),
    failureReason: 'The wallet address was rejected',
    bankDetails: null,
  });
  earningsDb.stats[ada.userId] = {
    followers: 1_240,
    watchHours: 4_310.5,
    totalVideos: 2,
    totalViews: 18_420,
    avgViewSeconds: 245,
    monetizedVideos: 2,
    monthCents: 1_820,
  };

  earningsDb.balances[mira.userId] = {
    availableCents: 2_150,
    pendingCents: 0,
    lifetimeCents: 9_650,
    paidOutCents: 0,
    inTransitCents: 7_500,
  };
  addPayout({
    userId: mira.userId,
    amountCents: 7_500,
    method: 'paypal',
    status: 'pending',
    requestedAt: daysAgo(2),
    failureReason: null,
    bankDetails: null,
  });
  earningsDb.stats[mira.userId] = {
    followers: 1_080,
    watchHours: 4_025,
    totalVideos: 2,
    totalViews: 9_310,
    avgViewSeconds: 198,
    monetizedVideos: 0,
    monthCents: 0,
  };
  addApplication({
    userId: mira.userId,
    status: 'pending',
    originalContent: true,
    followers: 1_080,
    watchHours: 4_025,
    submittedAt: daysAgo(3),
    decidedAt: null,
    reason: null,
  });

  earningsDb.platform = {
    availableCents: 128_450,
    pendingCents: 21_230,
    withdrawnCents: 50_000,
    monthCents: 31_820,
    bySource: { premium: 64_000, ads: 91_230, membership: 30_150, super_chat: 14_300 },
    bank: null,
  };
}

export function snapshotEarningsDb() {
  return {
    balances: earningsDb.balances,
    revenue: earningsDb.revenue,
    payouts: earningsDb.payouts,
    applications: earningsDb.applications,
    stats: earningsDb.stats,
    platform: earningsDb.platform,
  };
}

export function restoreEarningsDb(data: ReturnType<typeof snapshotEarningsDb> | undefined): void {
  // A snapshot from before the money screens has none of it.
  earningsDb.balances = data?.balances ?? {};
  earningsDb.revenue = data?.revenue ?? [];
  earningsDb.payouts = data?.payouts ?? [];
  earningsDb.applications = data?.applications ?? [];
  earningsDb.stats = data?.stats ?? {};
  earningsDb.platform = data?.platform ?? emptyPlatform();
}
