import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { AccrueAdRevenueUseCase } from '../application/accrue-ad-revenue.use-case.js';
import { DistributePremiumPoolUseCase } from '../application/distribute-premium-pool.use-case.js';
import { MatureDueUseCase } from '../application/mature-due.use-case.js';
import { MONEY_UNIT_OF_WORK, type MoneyUnitOfWork } from '../domain/ports.js';

/**
 * The money side's periodic work, each run in its own context. Each is safe when several processes run it at once:
 * maturation claims rows with SKIP LOCKED, the pool run holds a transaction-scoped advisory lock, ad accrual locks
 * each item's row, and every posting has its own idempotency key.
 */
@Injectable()
export class MoneyScheduler {
  private readonly logger = new Logger('MoneySchedules');

  constructor(
    private readonly mature: MatureDueUseCase,
    private readonly pool: DistributePremiumPoolUseCase,
    private readonly ads: AccrueAdRevenueUseCase,
    private readonly identity: IdentityFacade,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private run(name: string, fn: () => Promise<unknown>): Promise<void> {
    if (!this.config.jobsEnabled) return Promise.resolve();
    return this.uow.isolated(async () => {
      try {
        await fn();
      } catch (e) {
        this.logger.warn(`${name} failed: ${(e as Error).message}`);
      }
    });
  }

  @Interval(60_000)
  expirePremium(): Promise<void> {
    return this.run('premium expiry', () => this.identity.expirePremiums(new Date()));
  }

  @Interval(5 * 60_000)
  matureFunds(): Promise<void> {
    return this.run('maturation', () => this.mature.execute(new Date()));
  }

  @Interval(60 * 60_000)
  premiumPool(): Promise<void> {
    return this.run('premium pool', () => this.pool.execute(new Date()));
  }

  @Interval(10 * 60_000)
  adRevenue(): Promise<void> {
    return this.run('ad revenue', () => this.ads.execute());
  }
}
