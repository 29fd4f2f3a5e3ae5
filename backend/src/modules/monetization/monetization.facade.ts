import { Injectable } from '@nestjs/common';
import { AccrueAdRevenueUseCase } from './application/accrue-ad-revenue.use-case.js';
import { DistributePremiumPoolUseCase } from './application/distribute-premium-pool.use-case.js';
import { MatureDueUseCase } from './application/mature-due.use-case.js';
import { SeedSampleChannelsUseCase } from './application/seed-sample-channels.use-case.js';

/** What the CLI, benchmarks and other contexts may ask of monetization: run its periodic work now. */
@Injectable()
export class MonetizationFacade {
  constructor(
    private readonly mature: MatureDueUseCase,
    private readonly pool: DistributePremiumPoolUseCase,
    private readonly ads: AccrueAdRevenueUseCase,
    private readonly sampleChannels: SeedSampleChannelsUseCase,
  ) {}

  /**
   * The three sample channels of seed 001 and their membership tiers (demo users), unless they were seeded before on
   * this database (also when they were removed since).
   */
  seedSampleChannels(): Promise<void> {
    return this.sampleChannels.seedSampleChannels();
  }

  matureDue(now: Date = new Date()): Promise<number> {
    return this.mature.execute(now);
  }

  distributePremiumPool(now: Date = new Date()) {
    return this.pool.execute(now);
  }

  accrueAdRevenue() {
    return this.ads.execute();
  }
}
