import { Accounts, pendingUntil, type Posting } from './ledger.js';
import { AD_CREATOR_PERCENT } from './rules.js';

/** The creator's part of an item's ad revenue, rounded down (an accrual's creatorCents follows its grossCents by it). */
export const creatorPart = (grossCents: number): number => Math.floor((grossCents * AD_CREATOR_PERCENT) / 100);

/** What `views` counted views earn at an RPM in cents, in whole cents, rounded down. */
export const grossFor = (views: number, rpmCents: number): number => Math.floor((views * rpmCents) / 1000);

/**
 * The ad revenue accrued so far on one monetized item: the views already paid, and the gross and creator cents paid
 * for them. Each counted view is paid once, and fractions of a cent carry to the next run.
 */
export class AdAccrual {
  constructor(
    readonly mediaId: string,
    readonly userId: string,
    public views: number,
    public grossCents: number,
    public creatorCents: number,
  ) {}

  /** Where a creator joins the partner program: the item's views until now were not partner views. */
  static baseline(mediaId: string, userId: string, views: number, rpmCents: number): AdAccrual {
    const gross = grossFor(views, rpmCents);
    return new AdAccrual(mediaId, userId, views, gross, creatorPart(gross));
  }

  /**
   * The item now has `views`: what is due since the last run, split 55% to the creator and 45% to the platform, or
   * null when nothing is. The creator's part is their 55% of the whole accrual less what they already have, so the
   * split's fractions carry too (split per run, a cent or two at a time, would give the platform every rounding).
   */
  accrue(views: number, rpmCents: number): { dueCents: number; creatorCents: number; platformCents: number } | null {
    if (views <= this.views) return null;
    const total = grossFor(views, rpmCents);
    const due = total - this.grossCents;
    if (due <= 0) return null;
    const payee = Math.min(due, Math.max(0, creatorPart(total) - this.creatorCents));
    this.views = views;
    this.grossCents += due;
    this.creatorCents += payee;
    return { dueCents: due, creatorCents: payee, platformCents: due - payee };
  }

  /** The posting of one accrual: from the advertisers into the creator's and the platform's pending accounts. */
  posting(views: number, share: { dueCents: number; creatorCents: number; platformCents: number }): Posting {
    return {
      idempotencyKey: `ads:${this.mediaId}:${views}`,
      kind: 'ads',
      memo: 'Ad revenue',
      userId: this.userId,
      maturesAt: pendingUntil(),
      entries: [
        { accountId: Accounts.externalAdvertisers, cents: -share.dueCents },
        { accountId: Accounts.userPending(this.userId), cents: share.creatorCents },
        { accountId: Accounts.platformPending('ads'), cents: share.platformCents },
      ].filter((e) => e.cents !== 0),
    };
  }
}
