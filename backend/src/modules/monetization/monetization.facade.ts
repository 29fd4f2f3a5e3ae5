import { Injectable } from '@nestjs/common';
import { MoneySchedules } from './application/money-schedules.js';

/** What the CLI, benchmarks and other contexts may ask of monetization: run its periodic work now. */
@Injectable()
export class MonetizationFacade {
  constructor(private readonly schedules: MoneySchedules) {}

  matureDue(now: Date = new Date()): Promise<number> {
    return this.schedules.matureAll(now);
  }

  distributePremiumPool(now: Date = new Date()) {
    return this.schedules.distributePremiumPool(now);
  }

  accrueAdRevenue() {
    return this.schedules.accrueAdRevenue();
  }
}
