import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { PaymentsFacade, type PaymentSession } from '../../payments/payments.facade.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';
import { PREMIUM_PERIODS, type PremiumPeriodRepository } from '../domain/ports.js';
import { premiumDays, premiumPaymentPosting, PremiumPeriod } from '../domain/premium.js';

/**
 * A paid premium session, fulfilled by payments exactly once, inside the transaction that marks it fulfilled (its
 * unit of work): the ledger posting (keyed by the session id), premium extended by 30 or 365 days, and the period.
 */
@Injectable()
export class FulfilPremiumUseCase implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly identity: IdentityFacade,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PREMIUM_PERIODS) private readonly periods: PremiumPeriodRepository,
  ) {}

  onModuleInit(): void {
    this.payments.onPaid('premium', (s) => this.execute(s));
  }

  async execute(s: PaymentSession): Promise<(() => Promise<void>) | undefined> {
    await this.ledger.post(premiumPaymentPosting(s.id, s.amountCents, s.packageName));
    const period = await this.identity.extendPremium(s.userId, premiumDays(s.package));
    if (!period) return undefined;
    await this.periods.add(PremiumPeriod.paid(s.userId, s.id, period));
    // Once committed, the buyer's cached sign-in state is refreshed at once: the client reads /me right after the poll.
    return () => this.identity.refreshPrincipal(s.userId);
  }
}
