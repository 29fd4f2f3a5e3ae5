import { Inject, Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { Accounts, LEDGER, monthStart, type Ledger } from '../domain/ledger.js';
import { MONEY_UNIT_OF_WORK, PREMIUM_PERIODS, type MoneyUnitOfWork, type PremiumPeriodRepository } from '../domain/ports.js';
import { poolMonth, poolShares, poolSharePosting } from '../domain/premium.js';

/**
 * Shares the premium pool's funds from before this month among creators, by the seconds premium members watched
 * their items last month. Each creator's share is rounded down; what is left stays in the pool for next month. Once
 * per month (its postings' keys), by one process at a time (a transaction-scoped lock), in one transaction.
 */
@Injectable()
export class DistributePremiumPoolUseCase {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PREMIUM_PERIODS) private readonly periods: PremiumPeriodRepository,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    private readonly catalog: CatalogFacade,
  ) {}

  async execute(now: Date): Promise<{ month: string; distributedCents: number; creators: number }> {
    const thisMonth = monthStart(now);
    const { from, to, label } = poolMonth(thisMonth);
    const nothing = { month: label, distributedCents: 0, creators: 0 };
    return this.uow.inTransaction(async () => {
      if (!(await this.uow.tryLock('money:premium-pool'))) return nothing;
      if (await this.ledger.postedWithKeyPrefix(`premium-pool:${label}:`)) return nothing;
      // The watch-time shares first (the heavy part), so the pool's lock, which premium payments wait on, is short.
      const periods = await this.periods.overlapping(from, to);
      const watch = await this.catalog.premiumWatchByCreator(
        periods.map((p) => ({ userId: p.userId, startsAt: p.startsAt, endsAt: p.endsAt })),
        from,
        to,
      );
      if ([...watch.values()].reduce((a, s) => a + s, 0) === 0) return nothing;
      const balance = await this.ledger.lockBalance(Accounts.premiumPool);
      const since = await this.ledger.creditedSince([Accounts.premiumPool], thisMonth);
      const amount = balance - since;
      if (amount <= 0) return nothing;
      let distributed = 0;
      let creators = 0;
      for (const share of poolShares(amount, watch)) {
        await this.ledger.post(poolSharePosting(label, share.creator, share.cents));
        distributed += share.cents;
        creators += 1;
      }
      return { month: label, distributedCents: distributed, creators };
    });
  }
}
