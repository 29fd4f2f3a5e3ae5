import { Inject, Injectable } from '@nestjs/common';
import { MEMBERSHIPS, type MembershipRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/** A channel owner retires one of their tiers: no new members; current members keep their time. */
@Injectable()
export class RetireMembershipTierUseCase {
  constructor(@Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository) {}

  async execute(userId: string, tierId: string): Promise<void> {
    const tier = await this.memberships.tier(tierId);
    if (!tier) throw moneyErrors.tierNotFound();
    if (tier.ownerUserId !== userId) throw moneyErrors.notChannelOwner();
    await this.memberships.retireTier(tierId);
  }
}
