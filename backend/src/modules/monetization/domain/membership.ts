import { randomUUID } from 'node:crypto';
import { ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { Money } from '../../../common/money.js';
import { MEMBERSHIP_OWNER_PERCENT } from './rules.js';
import { Accounts, pendingUntil, split, type Posting } from './ledger.js';

/** A tier as a creator describes it: 1 to 50 characters of name, $0.99 to $499.99 a month, up to 300 of description. */
export class TierDraft {
  private constructor(
    readonly name: string,
    readonly priceCents: number,
    readonly description: string,
  ) {}

  static parse(input: { name?: unknown; price?: unknown; description?: unknown }): TierDraft {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    const description = typeof input.description === 'string' ? input.description.trim() : '';
    const price = Money.parsePositive(input.price);
    const problems: FieldProblem[] = [];
    if (!name || name.length > 50) problems.push({ field: 'name', message: 'Tier name must be 1 to 50 characters' });
    if (!price || price.cents < 99 || price.cents > 49999) problems.push({ field: 'price', message: 'Price must be between $0.99 and $499.99 a month' });
    if (description.length > 300) problems.push({ field: 'description', message: 'Description must be at most 300 characters' });
    if (problems.length) throw new ValidationError(problems);
    return new TierDraft(name, price!.cents, description);
  }
}

export interface MembershipTierState {
  id: string;
  accountId: string;
  ownerUserId: string;
  channelName: string;
  name: string;
  description: string;
  priceCents: number;
}

/** One of a channel's membership tiers. A retired tier takes no new members; current members keep their time. */
export class MembershipTier implements MembershipTierState {
  id!: string;
  accountId!: string;
  ownerUserId!: string;
  channelName!: string;
  name!: string;
  description!: string;
  priceCents!: number;

  constructor(state: MembershipTierState) {
    Object.assign(this, state);
  }

  static create(channel: { accountId: string; ownerUserId: string; channelName: string }, draft: { name: string; priceCents: number; description: string }): MembershipTier {
    return new MembershipTier({ id: randomUUID(), ...channel, name: draft.name, description: draft.description, priceCents: draft.priceCents });
  }

  /** Whether a buyer's `package_type` names this tier (its id, or its name in any case). */
  matches(packageType: unknown): boolean {
    const wanted = typeof packageType === 'string' ? packageType.trim().toLowerCase() : '';
    return this.id === wanted || this.name.toLowerCase() === wanted;
  }

  /** A paid month: 70% to the channel's owner (pending 7 days), 30% and any remainder to the platform. */
  paymentPosting(sessionId: string, amountCents: number, memo: string): Posting {
    const { payee, platform } = split(amountCents, MEMBERSHIP_OWNER_PERCENT);
    return {
      idempotencyKey: `payment:${sessionId}`,
      kind: 'membership',
      memo,
      userId: this.ownerUserId,
      maturesAt: pendingUntil(),
      entries: [
        { accountId: Accounts.externalPayments, cents: -amountCents },
        { accountId: Accounts.userPending(this.ownerUserId), cents: payee },
        { accountId: Accounts.platformPending('membership'), cents: platform },
      ].filter((e) => e.cents !== 0),
    };
  }
}

/** A channel that offers memberships, as a viewer sees it. */
export interface MembershipChannel {
  accountId: string;
  ownerUserId: string;
  channelName: string;
  handle: string;
  photoUrl: string | null;
  tiers: MembershipTier[];
  memberCount: number;
  /** The viewer's membership here, if any (active or lapsed). */
  mine: { tierName: string; expiresAt: Date; active: boolean } | null;
}

/** A member of a channel, for its owner. */
export interface ChannelMember {
  userId: string;
  tierName: string;
  priceCents: number;
  startedAt: Date;
  expiresAt: Date;
  active: boolean;
}
