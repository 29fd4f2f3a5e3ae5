import { Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { PaymentsFacade } from '../../payments/payments.facade.js';
import { moneyErrors } from '../domain/rules.js';
import { ListMembershipChannelsQuery } from './list-membership-channels.query.js';

/**
 * A buyer starts a membership checkout for one of a channel's tiers (by its name or id); never on their own channel,
 * and never through Stripe on a demo channel (DEMO_DATA's creators: no real person would get the money). The sandbox
 * provider takes no money, so demo channels stay joinable there, to try the flow.
 */
@Injectable()
export class StartMembershipCheckoutUseCase {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly channels: ListMembershipChannelsQuery,
    private readonly accounts: AccountsFacade,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(userId: string, channelId: string, packageType: unknown, originUrl: string, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const channel = await this.channels.channel(channelId);
    // One's own channel is refused as such, whether or not it is listed (a private one is not).
    if (!channel && (await this.accounts.summaries([channelId])).get(channelId)?.userId === userId) throw moneyErrors.ownChannel();
    if (!channel) throw moneyErrors.channelNotFound();
    if (channel.ownerUserId === userId) throw moneyErrors.ownChannel();
    if (this.payments.provider === 'stripe' && (await this.identity.isDemoUser(channel.ownerUserId))) throw moneyErrors.demoChannel();
    const tier = channel.tiers.find((t) => t.matches(packageType));
    if (!tier) throw moneyErrors.badTier();
    return this.payments.checkout(
      { userId, purpose: 'membership', package: tier.id, packageName: `${channel.channelName}: ${tier.name}`, amountCents: tier.priceCents, reference: { accountId: channel.accountId, tierId: tier.id }, originUrl },
      siteOrigins,
    );
  }
}
