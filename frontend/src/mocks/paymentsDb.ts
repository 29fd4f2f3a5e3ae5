/** Why a checkout was paid for (the server's payment purposes). */
export type MockPaymentPurpose = 'premium' | 'membership' | 'super_chat';

/**
 * What the visitor of the mock's hosted checkout does, once `checksBeforeOutcome` status checks have seen the session
 * still open: pay, decline (failed), let it run out (expired), or never finish (it stays open).
 */
export type MockCheckoutOutcome = 'pay' | 'decline' | 'expire' | 'never';

export interface MockPaymentSession {
  id: string;
  userId: string;
  purpose: MockPaymentPurpose;
  /** 'monthly' or 'yearly' for premium; the tier's id for a membership. */
  package: string;
  /** What the checkout page showed ("Premium Monthly", "Tech Guru: VIP"). */
  packageName: string;
  amountCents: number;
  status: 'open' | 'complete' | 'expired' | 'failed';
  paymentStatus: 'paid' | 'unpaid';
  outcome: MockCheckoutOutcome;
  checksBeforeOutcome: number;
  checks: number;
  fulfilled: boolean;
}

/** A channel of seed 001's sample data: no one can sign in as its owner, as on a real instance. */
export interface MockSampleChannel {
  accountId: string;
  ownerUserId: string;
  name: string;
  handle: string;
}

export interface MockTier {
  id: string;
  accountId: string;
  name: string;
  description: string;
  priceCents: number;
  /** A retired tier keeps its members but takes no new ones. */
  active: boolean;
  created_at: string;
}

/** One member of one channel (a member holds one tier per channel). */
export interface MockMembership {
  accountId: string;
  userId: string;
  tierId: string;
  started_at: string;
  expires_at: string;
}

/** The in-memory checkouts, tiers and memberships behind the mock API (QA mode and tests). */
export const paymentsDb = {
  sessions: [] as MockPaymentSession[],
  sampleChannels: [] as MockSampleChannel[],
  tiers: [] as MockTier[],
  memberships: [] as MockMembership[],
};

let sequence = 0;

/** An id for mock payment records. */
export function paymentsId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Seed 001 §2: three sample channels with their tiers (the server seeds the same on an empty database). */
const SAMPLE_CHANNELS = [
  {
    name: 'Tech Guru',
    handle: 'techguru',
    tiers: [
      { name: 'Basic', priceCents: 299, description: 'Members-only posts and a badge next to your name.' },
      { name: 'VIP', priceCents: 699, description: 'Everything in Basic, plus early access to new videos.' },
    ],
  },
  {
    name: 'Music Creator',
    handle: 'musiccreator',
    tiers: [{ name: 'Music Lover', priceCents: 199, description: 'Exclusive tracks and behind-the-scenes sessions.' }],
  },
  {
    name: 'Gaming Stream',
    handle: 'gamingstream',
    tiers: [{ name: 'Gamer', priceCents: 499, description: 'Members-only streams and emotes.' }],
  },
] as const;

export function resetPaymentsDb(): void {
  paymentsDb.sessions = [];
  paymentsDb.sampleChannels = [];
  paymentsDb.tiers = [];
  paymentsDb.memberships = [];
  const created_at = '2025-01-01T00:00:00.000Z';
  for (const sample of SAMPLE_CHANNELS) {
    const channel: MockSampleChannel = {
      accountId: paymentsId('sample-account'),
      ownerUserId: paymentsId('sample-user'),
      name: sample.name,
      handle: sample.handle,
    };
    paymentsDb.sampleChannels.push(channel);
    for (const tier of sample.tiers) {
      paymentsDb.tiers.push({ id: paymentsId('tier'), accountId: channel.accountId, active: true, created_at, ...tier });
    }
  }
}

export function snapshotPaymentsDb() {
  return {
    sessions: paymentsDb.sessions,
    sampleChannels: paymentsDb.sampleChannels,
    tiers: paymentsDb.tiers,
    memberships: paymentsDb.memberships,
  };
}

export function restorePaymentsDb(data: ReturnType<typeof snapshotPaymentsDb> | undefined): void {
  // A snapshot from before payments existed: the sample channels, and nothing bought.
  if (!data) {
    resetPaymentsDb();
    return;
  }
  paymentsDb.sessions = data.sessions;
  paymentsDb.sampleChannels = data.sampleChannels;
  paymentsDb.tiers = data.tiers;
  paymentsDb.memberships = data.memberships;
}

resetPaymentsDb();
