import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { PaymentsFacade, type PaymentSession } from '../../payments/payments.facade.js';
import { Accounts, LEDGER, PENDING_DAYS, split, type Ledger } from '../domain/ledger.js';
import { MEMBERSHIP_DAYS, MEMBERSHIP_OWNER_PERCENT, moneyErrors, PREMIUM_PACKAGES, PREMIUM_PLATFORM_FEE_CENTS, type PremiumPackage } from '../domain/rules.js';
import { MembershipsService } from './memberships.service.js';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/**
 * Premium and channel memberships: the checkout, and the fulfilment that payments runs exactly once per paid
 * session, in the transaction that marks it fulfilled: the ledger posting (keyed by the session id) and the effect.
 */
@Injectable()
export class CheckoutService implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly identity: IdentityFacade,
    private readonly memberships: MembershipsService,
    private readonly events: DurableEvents,
    private readonly em: EntityManager,
    @Inject(LEDGER) private readonly ledger: Ledger,
  ) {}

  onModuleInit(): void {
    this.payments.onPaid('premium', (s) => this.fulfilPremium(s));
    this.payments.onPaid('membership', (s) => this.fulfilMembership(s));
  }

  async premiumCheckout(userId: string, packageType: unknown, originUrl: string, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    if (typeof packageType !== 'string' || !Object.hasOwn(PREMIUM_PACKAGES, packageType)) throw moneyErrors.badPackage();
    const pkg = PREMIUM_PACKAGES[packageType as PremiumPackage];
    return this.payments.checkout({ userId, purpose: 'premium', package: packageType, packageName: pkg.name, amountCents: pkg.cents, reference: {}, originUrl }, siteOrigins);
  }

  async membershipCheckout(userId: string, channelId: string, packageType: unknown, originUrl: string, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const channel = await this.memberships.channel(channelId);
    if (!channel) throw moneyErrors.channelNotFound();
    if (channel.ownerUserId === userId) throw moneyErrors.ownChannel();
    const wanted = typeof packageType === 'string' ? packageType.trim().toLowerCase() : '';
    const tier = channel.tiers.find((t) => t.id === wanted || t.name.toLowerCase() === wanted);
    if (!tier) throw moneyErrors.badTier();
    return this.payments.checkout(
      { userId, purpose: 'membership', package: tier.id, packageName: `${channel.channelName}: ${tier.name}`, amountCents: tier.priceCents, reference: { accountId: channel.accountId, tierId: tier.id }, originUrl },
      siteOrigins,
    );
  }

  /** $1 to the platform, the rest into the creator pool; premium extended by 30 or 365 days. */
  private async fulfilPremium(s: PaymentSession): Promise<(() => Promise<void>) | undefined> {
    const pkg = PREMIUM_PACKAGES[s.package as PremiumPackage];
    const fee = Math.min(PREMIUM_PLATFORM_FEE_CENTS, s.amountCents);
    await this.ledger.post({
      idempotencyKey: `payment:${s.id}`,
      kind: 'premium',
      memo: s.packageName,
      userId: null,
      maturesAt: days(PENDING_DAYS),
      entries: [
        { accountId: Accounts.externalPayments, cents: -s.amountCents },
        { accountId: Accounts.platformPending('premium'), cents: fee },
        ...(s.amountCents > fee ? [{ accountId: Accounts.premiumPool, cents: s.amountCents - fee }] : []),
      ],
    });
    const period = await this.identity.extendPremium(s.userId, pkg?.days ?? 30);
    if (!period) return undefined;
    await this.em.execute('insert into premium_periods (id, user_id, session_id, starts_at, ends_at) values (?, ?, ?, ?, ?) on conflict (session_id) do nothing', [
      randomUUID(),
      s.userId,
      s.id,
      period.startsAt,
      period.endsAt,
    ]);
    // Once committed, the buyer's cached sign-in state is refreshed at once: the client reads /me right after the poll.
    return () => this.identity.refreshPrincipal(s.userId);
  }

  /** 70% to the channel's owner, 30% (and any remainder) to the platform; the membership runs 30 days more. */
  private async fulfilMembership(s: PaymentSession): Promise<void> {
    const tier = await this.memberships.tier(s.reference.tierId);
    if (!tier) throw new Error(`membership tier ${s.reference.tierId} is gone`);
    const { payee, platform } = split(s.amountCents, MEMBERSHIP_OWNER_PERCENT);
    await this.ledger.post({
      idempotencyKey: `payment:${s.id}`,
      kind: 'membership',
      memo: s.packageName,
      userId: tier.ownerUserId,
      maturesAt: days(PENDING_DAYS),
      entries: [
        { accountId: Accounts.externalPayments, cents: -s.amountCents },
        { accountId: Accounts.userPending(tier.ownerUserId), cents: payee },
        { accountId: Accounts.platformPending('membership'), cents: platform },
      ].filter((e) => e.cents !== 0),
    });
    const membershipId = await this.memberships.extend(tier, s.userId, MEMBERSHIP_DAYS);
    const member = await this.identity.publicProfile(s.userId);
    this.events.record('money.membership-started', {
      ownerUserId: tier.ownerUserId,
      membershipId,
      memberUsername: member?.username ?? 'Someone',
      channelName: tier.channelName,
      tier: tier.name,
    });
  }
}
