import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { MonetizationFacade, type RevenueSource } from '../../monetization/monetization.facade.js';
import { FOUNDER_CLOCK, type FounderClock } from '../domain/ports.js';
import { lastMonths, round2, TREND_MONTHS } from './founder-figures.js';

export const REVENUE_SOURCES: { source: RevenueSource; label: string }[] = [
  { source: 'premium', label: 'Premium subscriptions' },
  { source: 'ads', label: 'Ad revenue' },
  { source: 'membership', label: 'Channel memberships' },
  { source: 'super_chat', label: 'Super Chat' },
];

/** How many creators the top earners list shows. */
export const TOP_EARNERS = 10;
/** How many pages of earners are read at most to fill the list when deleted users are skipped. */
const TOP_EARNER_PAGES = 10;

export type EarnerTier = 'partner' | 'creator';

export interface TopEarnerLine {
  userId: string;
  username: string;
  tier: EarnerTier;
  cents: number;
}

/** Cents throughout. */
export interface RevenueBreakdown {
  totalCents: number;
  platformCents: number;
  creatorCents: number;
  sources: { source: RevenueSource; label: string; cents: number; share: number }[];
  monthly: { month: string; bySource: Record<RevenueSource, number>; totalCents: number }[];
  /** The creators with the highest lifetime earnings, highest first, ties by user id; deleted users are skipped. */
  topEarners: TopEarnerLine[];
}

/**
 * Where the money comes from (the ledger, all time): gross paid in per source and its share of the total in percent,
 * what the platform kept and the creators' share, the last 12 calendar months (UTC) per source, oldest first, and the
 * top earners: the 10 creators who earned the most (everything credited to their pending account), each with their
 * username and tier ('partner' once their partner program status is approved).
 */
@Injectable()
export class RevenueBreakdownQuery {
  constructor(
    private readonly money: MonetizationFacade,
    private readonly identity: IdentityFacade,
    @Inject(FOUNDER_CLOCK) private readonly clock: FounderClock,
  ) {}

  async execute(): Promise<RevenueBreakdown> {
    const [rows, topEarners] = await Promise.all([this.money.platformRevenueByMonth(new Date(0)), this.topEarners()]);
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
      topEarners,
    };
  }

  /** The top earners who still exist: pages of the ledger's ranking until the list is full or the ranking ends. */
  private async topEarners(): Promise<TopEarnerLine[]> {
    const found: { userId: string; username: string; cents: number }[] = [];
    const page = TOP_EARNERS * 2;
    for (let i = 0; i < TOP_EARNER_PAGES && found.length < TOP_EARNERS; i += 1) {
      const ranked = await this.money.topEarners(page, i * page);
      const names = await this.identity.usernames(ranked.map((r) => r.userId));
      for (const r of ranked) {
        const username = names.get(r.userId);
        if (username !== undefined && found.length < TOP_EARNERS) found.push({ userId: r.userId, username, cents: r.cents });
      }
      if (ranked.length < page) break;
    }
    const partners = await this.money.approvedPartners(found.map((f) => f.userId));
    return found.map((f) => ({ ...f, tier: partners.has(f.userId) ? 'partner' : 'creator' }));
  }
}
