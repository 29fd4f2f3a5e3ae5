import { Inject, Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { MembershipTier, type TierDraft } from '../domain/membership.js';
import { MEMBERSHIPS, type MembershipRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/** A channel owner adds a tier to one of their own channels (names are unique among a channel's active tiers). */
@Injectable()
export class CreateMembershipTierUseCase {
  constructor(
    @Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository,
    private readonly accounts: AccountsFacade,
  ) {}

  async execute(userId: string, accountId: string, draft: TierDraft): Promise<MembershipTier> {
    const summary = (await this.accounts.summaries([accountId])).get(accountId);
    if (!summary) throw moneyErrors.channelNotFound();
    // Another's private channel is not there for them at all; a public one is, but not theirs to manage.
    if (summary.userId !== userId) throw summary.visibility === 'private' ? moneyErrors.channelNotFound() : moneyErrors.notChannelOwner();
    const tier = MembershipTier.create({ accountId, ownerUserId: userId, channelName: summary.displayName }, draft);
    await this.memberships.addTier(tier);
    return (await this.memberships.tier(tier.id))!;
  }
}
