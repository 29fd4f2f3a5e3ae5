import { Inject, Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LiveFacade } from '../../live/live.facade.js';
import { MonetizationFacade } from '../../monetization/monetization.facade.js';
import { FOUNDER_CLOCK, FOUNDER_HOST_FIGURES, type FounderClock, type HostFigures } from '../domain/ports.js';
import { lastMonths, monthOf, monthStartBack, round2, TREND_MONTHS } from './founder-figures.js';

/** The founder's analytics (seed 001 §3), every figure from the database and the ledger; null where nothing measures it. */
export interface FounderAnalytics {
  platformOverview: { totalUsers: number; totalVideos: number; totalMusic: number; totalReels: number; totalMovies: number; totalLiveStreams: number };
  /** Cents. */
  financial: { netProfitCents: number; totalRevenueCents: number; creatorPayoutsCents: number; revenuePerUserCents: number };
  growth: {
    userGrowthRate: number | null;
    engagementRate: number | null;
    monthlyTrend: { month: string; newUsers: number; newVideos: number; views: number | null; revenueCents: number }[];
  };
  systemHealth: { serverStatus: 'healthy' | 'degraded'; databaseStatus: 'healthy' | 'unreachable'; uptime: number; storageUsage: number | null; cdnPerformance: string | null };
  generatedAt: Date;
}

/**
 * What the figures mean:
 * - total_music: the music tracks of the library (issue 14) not removed by moderation, in any state (as videos are counted).
 * - total_revenue: every dollar paid in (premium, memberships, Super Chats, ads), gross; creator_payouts: the creators'
 *   share of it (memberships, Super Chats, ads, and the premium pool's distributions); net_profit: what the platform
 *   kept (its fees: the Owner's earnings); revenue_per_user: total revenue over the number of users.
 * - user_growth_rate: new users this calendar month against last month, in percent ((this - last) / last × 100); null
 *   when last month had no sign-ups to compare with.
 * - engagement_rate: likes and comments per counted view, in percent, over the whole catalogue ((likes + comments) /
 *   views × 100); null before anything has been viewed.
 * - monthly_trend: the last 12 calendar months (UTC), oldest first: sign-ups, videos uploaded and revenue (gross) of
 *   each. Views per month are null: views are kept per hour for 72 hours only (Trending's window), so no month of
 *   views is on record.
 * - system_health: this server answering (healthy, or degraded when the database does not), a probe query, the
 *   process's uptime in seconds, the data disk's use in percent; cdn_performance null: no CDN is configured.
 */
@Injectable()
export class FounderAnalyticsQuery {
  constructor(
    private readonly identity: IdentityFacade,
    private readonly catalog: CatalogFacade,
    private readonly live: LiveFacade,
    private readonly money: MonetizationFacade,
    @Inject(FOUNDER_HOST_FIGURES) private readonly host: HostFigures,
    @Inject(FOUNDER_CLOCK) private readonly clock: FounderClock,
  ) {}

  async execute(): Promise<FounderAnalytics> {
    const now = this.clock.now();
    const databaseUp = await this.host.databaseReachable();
    const since = monthStartBack(now, TREND_MONTHS - 1);
    const users = await this.identity.signUps(monthStartBack(now, TREND_MONTHS));
    const content = await this.catalog.platformContent(since);
    const streams = await this.live.streamCount();
    const revenue = await this.money.platformRevenueByMonth(new Date(0));

    const sum = (f: (r: (typeof revenue)[number]) => number, rows = revenue) => rows.reduce((a, r) => a + f(r), 0);
    const totalRevenue = sum((r) => r.grossCents);
    const creators = sum((r) => r.creatorCents);
    const platform = sum((r) => r.platformCents);

    const signUpsIn = (month: string) => users.byMonth.find((m) => m.month === month)?.count ?? 0;
    const thisMonth = signUpsIn(monthOf(now));
    const lastMonth = signUpsIn(monthOf(monthStartBack(now, 1)));
    const views = content.views;

    return {
      platformOverview: {
        totalUsers: users.total,
        totalVideos: content.items.video,
        totalMusic: content.items.track,
        totalReels: content.items.reel,
        totalMovies: content.items.movie,
        totalLiveStreams: streams,
      },
      financial: {
        netProfitCents: platform,
        totalRevenueCents: totalRevenue,
        creatorPayoutsCents: creators,
        revenuePerUserCents: users.total ? Math.round(totalRevenue / users.total) : 0,
      },
      growth: {
        userGrowthRate: lastMonth > 0 ? round2(((thisMonth - lastMonth) / lastMonth) * 100) : null,
        engagementRate: views > 0 ? round2(((content.likes + content.comments) / views) * 100) : null,
        monthlyTrend: lastMonths(now, TREND_MONTHS).map((month) => ({
          month,
          newUsers: signUpsIn(month),
          newVideos: content.uploadsByMonth.filter((u) => u.month === month && u.kind === 'video').reduce((a, u) => a + u.count, 0),
          views: null,
          revenueCents: sum((r) => r.grossCents, revenue.filter((r) => r.month === month)),
        })),
      },
      systemHealth: {
        serverStatus: databaseUp ? 'healthy' : 'degraded',
        databaseStatus: databaseUp ? 'healthy' : 'unreachable',
        uptime: this.host.uptimeSeconds(),
        storageUsage: await this.host.storageUsagePercent(),
        cdnPerformance: null,
      },
      generatedAt: now,
    };
  }
}
