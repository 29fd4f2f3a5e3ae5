import { Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { PaymentsFacade } from '../../payments/payments.facade.js';
import { moneyErrors } from '../domain/rules.js';
import { ListMembershipChannelsQuery } from './list-membership-channels.query.js';

/** A buyer starts a membership checkout for one of a channel's tiers (by its name or id); never on their own channel. */
@Injectable()
export class StartMembershipCheckoutUseCase {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly channels: ListMembershipChannelsQuery,
    private readonly accounts: AccountsFacade,
  ) {}

  async execute(userId: string, channelId: string, packageType: unknown, originUrl: string, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const channel = await this.channels.channel(channelId);
    // One's own channel is refused as such, whether or not it is listed (a private one is not).
    if (!channel && (await this.accounts.summaries([channelId])).get(channelId)?.userId === userId) throw moneyErrors.ownChannel();
    if (!channel) throw moneyErrors.channelNotFound();
    if (channel.ownerUserId === userId) throw moneyErrors.ownChannel();
    const tier = channel.tiers.find((t) => t.matches(packageType));
    if (!tier) throw moneyErrors.badTier();
    return this.payments.checkout(
      { userId, purpose: 'membership', package: tier.id, packageName: `${channel.channelName}: ${tier.name}`, amountCents: tier.priceCents, reference: { accountId: channel.accountId, tierId: tier.id }, originUrl },
      siteOrigins,
    );
  }
}
