import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';
import type { Payout, PayoutOutcome } from '../domain/payout.js';
import { MONEY_UNIT_OF_WORK, PAYOUTS, type MoneyUnitOfWork, type PayoutRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/**
 * An admin's decision on a pending payout, once (under the payout's row lock): completed (the money left) or failed
 * (the funds return to available). One transaction: the posting, the payout's state and its durable event.
 */
@Injectable()
export class DecidePayoutUseCase {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PAYOUTS) private readonly payouts: PayoutRepository,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    private readonly events: DurableEvents,
  ) {}

  async execute(id: string, outcome: PayoutOutcome, reason: string | null): Promise<Payout> {
    await this.uow.inTransaction(async () => {
      const payout = await this.payouts.find(id, { lock: true });
      if (!payout) throw moneyErrors.payoutNotFound();
      await this.ledger.post(payout.decide(outcome, reason));
      await this.payouts.saveDecision(payout);
      this.events.record('money.payout-status-changed', { userId: payout.userId, payoutId: id, status: outcome, amountCents: payout.amountCents });
    });
    return (await this.payouts.find(id))!;
  }
}
