import type { BankAccountView } from '../../monetization/monetization.facade.js';
import type { FounderAnalytics } from '../application/founder-analytics.query.js';
import { dollars } from '../application/founder-figures.js';
import type { RevenueBreakdown } from '../application/revenue-breakdown.query.js';
import type { FounderAnalyticsResponseDto, FounderBankAccountDto, RevenueBreakdownResponseDto } from './founder-access.dto.js';

export function analyticsDto(a: FounderAnalytics): FounderAnalyticsResponseDto {
  return {
    platform_overview: {
      total_users: a.platformOverview.totalUsers,
      total_videos: a.platformOverview.totalVideos,
      total_music: a.platformOverview.totalMusic,
      total_reels: a.platformOverview.totalReels,
      total_movies: a.platformOverview.totalMovies,
      total_live_streams: a.platformOverview.totalLiveStreams,
    },
    financial_metrics: {
      net_profit: dollars(a.financial.netProfitCents),
      total_revenue: dollars(a.financial.totalRevenueCents),
      creator_payouts: dollars(a.financial.creatorPayoutsCents),
      revenue_per_user: dollars(a.financial.revenuePerUserCents),
    },
    growth_metrics: {
      user_growth_rate: a.growth.userGrowthRate,
      engagement_rate: a.growth.engagementRate,
      monthly_trend: a.growth.monthlyTrend.map((m) => ({ month: m.month, new_users: m.newUsers, new_videos: m.newVideos, views: m.views, revenue: dollars(m.revenueCents) })),
    },
    system_health: {
      server_status: a.systemHealth.serverStatus,
      database_status: a.systemHealth.databaseStatus,
      uptime: a.systemHealth.uptime,
      storage_usage: a.systemHealth.storageUsage,
      cdn_performance: a.systemHealth.cdnPerformance,
    },
    generated_at: a.generatedAt.toISOString(),
  };
}

export function revenueBreakdownDto(r: RevenueBreakdown): RevenueBreakdownResponseDto {
  return {
    total_revenue: dollars(r.totalCents),
    platform_revenue: dollars(r.platformCents),
    creator_payouts: dollars(r.creatorCents),
    sources: r.sources.map((s) => ({ source: s.source, label: s.label, amount: dollars(s.cents), share: s.share })),
    monthly: r.monthly.map((m) => ({
      month: m.month,
      premium: dollars(m.bySource.premium),
      ads: dollars(m.bySource.ads),
      membership: dollars(m.bySource.membership),
      super_chat: dollars(m.bySource.super_chat),
      total: dollars(m.totalCents),
    })),
    top_earners: r.topEarners.map((e) => ({ user_id: e.userId, username: e.username, tier: e.tier, earnings: dollars(e.cents) })),
  };
}

/**
 * The account as the founder's screen shows it: the last four digits only. The form takes an ABA routing number, so the
 * account is a US bank account paid in US dollars.
 */
export function bankAccountDto(b: BankAccountView): FounderBankAccountDto {
  return { bank_name: b.bankName, account_holder_name: b.accountHolder, account_number_masked: `****${b.accountLast4}`, account_type: 'US bank account', currency: 'USD' };
}
