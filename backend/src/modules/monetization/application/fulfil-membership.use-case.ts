import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { PaymentsFacade, type PaymentSession } from '../../payments/payments.facade.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';
import { MEMBERSHIPS, type MembershipRepository } from '../domain/ports.js';
import { MEMBERSHIP_DAYS } from '../domain/rules.js';

/**
 * A paid membership session, fulfilled by payments exactly once, inside the transaction that marks it fulfilled (its
 * unit of work): 70% to the channel's owner, 30% (and any remainder) to the platform; the membership runs 30 days
 * more; the owner is told (a durable event in the same transaction).
 */
@Injectable()
export class FulfilMembershipUseCase implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly identity: IdentityFacade,
    private readonly events: DurableEvents,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository,
  ) {}

  onModuleInit(): void {
    this.payments.onPaid('membership', (s) => this.execute(s));
  }

  async execute(s: PaymentSession): Promise<void> {
    const tier = s.reference.tierId ? await this.memberships.tier(s.reference.tierId) : null;
    if (!tier) throw new Error(`membership tier ${s.reference.tierId} is gone`);
    await this.ledger.post(tier.paymentPosting(s.id, s.amountCents, s.packageName));
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
