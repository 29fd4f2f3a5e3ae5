import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { Accounts, InsufficientFunds, LEDGER, type Ledger } from '../domain/ledger.js';
import { Payout } from '../domain/payout.js';
import { GUIDELINE_STANDING, MONEY_UNIT_OF_WORK, PAYOUTS, type GuidelineStanding, type MoneyUnitOfWork, type PayoutRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/**
 * A creator's payout request: at least $50, at most what is available, checked under the account's row lock so
 * concurrent requests cannot overdraw it. The funds move to in-transit until an admin marks the payout completed or
 * failed. One transaction: the posting, the payout and its durable event. Held while the creator has an active guideline
 * strike (moderation): the funds stay where they are in the ledger, and the request can be made once it ends.
 */
@Injectable()
export class RequestPayoutUseCase {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PAYOUTS) private readonly payouts: PayoutRepository,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    @Inject(GUIDELINE_STANDING) private readonly guidelines: GuidelineStanding,
    private readonly events: DurableEvents,
  ) {}

  async execute(userId: string, input: { amount: unknown; paymentMethod: unknown; bankDetails: unknown }): Promise<Payout> {
    const payout = Payout.request(userId, input);
    await this.uow
      .inTransaction(async () => {
        const available = await this.ledger.lockBalance(Accounts.userAvailable(userId));
        // Read once the balance is locked, just before the posting: a strike given while this request waited holds it.
        const strike = await this.guidelines.activeStrike(userId);
        if (strike) throw moneyErrors.payoutsOnHold(strike.expiresAt);
        if (payout.amountCents > available) throw moneyErrors.aboveAvailable();
        await this.ledger.post(payout.requestPosting());
        await this.payouts.add(payout);
        this.events.record('money.payout-status-changed', { userId, payoutId: payout.id, status: 'pending', amountCents: payout.amountCents });
      })
      .catch((e: unknown) => {
        throw e instanceof InsufficientFunds ? moneyErrors.aboveAvailable() : e;
      });
    return (await this.payouts.find(payout.id))!;
  }
}
