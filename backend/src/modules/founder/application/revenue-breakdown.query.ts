import { Inject, Injectable } from '@nestjs/common';
import { MonetizationFacade, type RevenueSource } from '../../monetization/monetization.facade.js';
import { FOUNDER_CLOCK, type FounderClock } from '../domain/ports.js';
import { lastMonths, round2, TREND_MONTHS } from './founder-figures.js';

export const REVENUE_SOURCES: { source: RevenueSource; label: string }[] = [
  { source: 'premium', label: 'Premium subscriptions' },
  { source: 'ads', label: 'Ad revenue' },
  { source: 'membership', label: 'Channel memberships' },
  { source: 'super_chat', label: 'Super Chat' },
];

/** Cents throughout. */
export interface RevenueBreakdown {
  totalCents: number;
  platformCents: number;
  creatorCents: number;
  sources: { source: RevenueSource; label: string; cents: number; share: number }[];
  monthly: { month: string; bySource: Record<RevenueSource, number>; totalCents: number }[];
}

/**
 * Where the money comes from (the ledger, all time): gross paid in per source and its share of the total in percent,
 * what the platform kept and the creators' share, and the last 12 calendar months (UTC) per source, oldest first.
 */
@Injectable()
export class RevenueBreakdownQuery {
  constructor(
    private readonly money: MonetizationFacade,
    @Inject(FOUNDER_CLOCK) private readonly clock: FounderClock,
  ) {}

  async execute(): Promise<RevenueBreakdown> {
    const rows = await this.money.platformRevenueByMonth(new Date(0));
    const total = rows.reduce((a, r) => a + r.grossCents, 0);
    const empty = (): Record<RevenueSource, number> => ({ premium: 0, ads: 0, membership: 0, super_chat: 0 });
    const bySource = empty();
    for (const r of rows) bySource[r.source] += r.grossCents;
    return {
      totalCents: total,
      platformCents: rows.reduce((a, r) => a + r.platformCents, 0),
      creatorCents: rows.reduce((a, r) => a + r.creatorCents, 0),
      sources: REVENUE_SOURCES.map(({ source, label }) => ({ source, label, cents: bySource[source], share: total ? round2((bySource[source] / total) * 100) : 0 })),
      monthly: lastMonths(this.clock.now(), TREND_MONTHS).map((month) => {
        const m = empty();
        for (const r of rows) if (r.month === month) m[r.source] += r.grossCents;
        return { month, bySource: m, totalCents: Object.values(m).reduce((a, c) => a + c, 0) };
      }),
    };
  }
}
