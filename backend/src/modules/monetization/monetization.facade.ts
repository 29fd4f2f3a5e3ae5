import { Injectable } from '@nestjs/common';
import { AccrueAdRevenueUseCase } from './application/accrue-ad-revenue.use-case.js';
import { DistributePremiumPoolUseCase } from './application/distribute-premium-pool.use-case.js';
import { MatureDueUseCase } from './application/mature-due.use-case.js';
import { SeedSampleChannelsUseCase } from './application/seed-sample-channels.use-case.js';
import { GetPlatformEarningsQuery, type PlatformEarnings } from './application/get-platform-earnings.query.js';
import { PlatformRevenueHistoryQuery } from './application/platform-revenue-history.query.js';
import { ApprovedPartnersQuery } from './application/approved-partners.query.js';
import { TopEarnersQuery } from './application/top-earners.query.js';
import { SavePlatformBankAccountUseCase } from './application/save-platform-bank-account.use-case.js';
import { WithdrawPlatformEarningsUseCase } from './application/withdraw-platform-earnings.use-case.js';
import type { MonthlyRevenue, TopEarner } from './domain/ledger.js';
import type { BankAccountView, PlatformActor } from './domain/platform.js';
import { OWNER_MIN_WITHDRAWAL_CENTS } from './domain/rules.js';

export type { PlatformEarnings } from './application/get-platform-earnings.query.js';
export type { MonthlyRevenue, RevenueSource, TopEarner } from './domain/ledger.js';
export type { BankAccountView, PlatformActor } from './domain/platform.js';

/**
 * What the CLI, benchmarks and other contexts may ask of monetization: run its periodic work now; the platform's own
 * money (earnings, bank account, withdrawals, revenue history) for the founder, the same account as the Owner's.
 */
@Injectable()
export class MonetizationFacade {
  constructor(
    private readonly mature: MatureDueUseCase,
    private readonly pool: DistributePremiumPoolUseCase,
    private readonly ads: AccrueAdRevenueUseCase,
    private readonly sampleChannels: SeedSampleChannelsUseCase,
    private readonly earnings: GetPlatformEarningsQuery,
    private readonly revenueHistory: PlatformRevenueHistoryQuery,
    private readonly saveBank: SavePlatformBankAccountUseCase,
    private readonly withdraw: WithdrawPlatformEarningsUseCase,
    private readonly topEarnersQuery: TopEarnersQuery,
    private readonly approvedPartnersQuery: ApprovedPartnersQuery,
  ) {}

  /** The platform's earnings (what it keeps of every payment), by source, and its bank account (last four digits). */
  platformEarnings(): Promise<PlatformEarnings> {
    return this.earnings.execute();
  }

  /** The least the platform may withdraw at once. */
  readonly platformMinimumWithdrawalCents = OWNER_MIN_WITHDRAWAL_CENTS;

  /** Revenue per month and source since a moment: gross, the platform's share and the creators'. */
  platformRevenueByMonth(since: Date): Promise<MonthlyRevenue[]> {
    return this.revenueHistory.execute(since);
  }

  /**
   * The creators with the highest lifetime earnings (cents ever credited to their pending account), highest first,
   * ties by user id; `limit` of them after skipping `offset`. Creators who earned nothing are absent.
   */
  topEarners(limit: number, offset = 0): Promise<TopEarner[]> {
    return this.topEarnersQuery.execute(limit, offset);
  }

  /** Which of these users are partners (partner program status approved), in a few queries. */
  approvedPartners(userIds: string[]): Promise<Set<string>> {
    return this.approvedPartnersQuery.execute(userIds);
  }

  /** Saves (replaces) the platform's bank account; the numbers are sealed, only the last four digits are ever shown. */
  savePlatformBankAccount(input: { bank_name?: unknown; account_number?: unknown; routing_number?: unknown; account_holder_name?: unknown }): Promise<BankAccountView> {
    return this.saveBank.execute(input);
  }

  /** Withdraws platform earnings to the bank account: at least the minimum, at most what is available. */
  withdrawPlatformEarnings(actor: PlatformActor, rawAmount: unknown): Promise<{ id: string; amountCents: number; accountLast4: string }> {
    return this.withdraw.execute(actor, rawAmount);
  }

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
