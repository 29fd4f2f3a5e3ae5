import { Inject, Injectable } from '@nestjs/common';
import { LEDGER, type Ledger, type MonthlyRevenue } from '../domain/ledger.js';

/** The platform's revenue per month and source since a moment, from the ledger (the founder's trends and breakdown). */
@Injectable()
export class PlatformRevenueHistoryQuery {
  constructor(@Inject(LEDGER) private readonly ledger: Ledger) {}

  execute(since: Date): Promise<MonthlyRevenue[]> {
    return this.ledger.revenueByMonth(since);
  }
}
