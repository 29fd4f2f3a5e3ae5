import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CHAMPIONS, LIVE_GAMING_STATS, type GamingStats, type TournamentChampions } from '../domain/gaming-ports.js';
import { LIVE_USERS, type UserDirectory } from '../domain/ports.js';
import { SuperChatRevenue } from './super-chat-revenue.js';

/** How many of each the leaderboards show. */
export const LEADERBOARD_SIZE = 10;

export interface TopStreamerView {
  userId: string;
  username: string;
  totalViewers: number;
  streamCount: number;
  /** Gross Super Chat revenue of their gaming streams, in cents (from the ledger). */
  donationsCents: number;
}

export interface TournamentWinnerView {
  userId: string;
  username: string;
  tournamentsWon: number;
  totalWinnings: string;
}

/**
 * The gaming hub's leaderboards: Top Streamers (live's own figures, and the Super Chats the ledger recorded for their
 * gaming streams) and Tournament Champions (the catalog's, through its facade). People whose account is gone are left
 * out.
 */
@Injectable()
export class GamingLeaderboardsQuery {
  constructor(
    @Inject(LIVE_GAMING_STATS) private readonly stats: GamingStats,
    @Inject(LIVE_CHAMPIONS) private readonly champions: TournamentChampions,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    private readonly revenue: SuperChatRevenue,
  ) {}

  /** `streamers` false (the `live` feature off): no Top Streamers. */
  async execute(opts: { streamers: boolean }): Promise<{ topStreamers: TopStreamerView[]; tournamentWinners: TournamentWinnerView[] }> {
    // A few more than shown, in case some of them deleted their account.
    const [streamers, champions] = await Promise.all([opts.streamers ? this.stats.topStreamers(LEADERBOARD_SIZE * 2) : [], this.champions.top(LEADERBOARD_SIZE * 2)]);
    const names = await this.users.usernames([...new Set([...streamers.map((s) => s.userId), ...champions.map((c) => c.userId)])]);
    const shown = streamers.filter((s) => names.has(s.userId)).slice(0, LEADERBOARD_SIZE);
    const revenue = await this.revenue.of(shown.flatMap((s) => s.streamIds));
    return {
      topStreamers: shown.map((s) => ({
        userId: s.userId,
        username: names.get(s.userId)!,
        totalViewers: s.totalViewers,
        streamCount: s.streamCount,
        donationsCents: s.streamIds.reduce((sum, id) => sum + (revenue.get(id) ?? 0), 0),
      })),
      tournamentWinners: champions
        .filter((c) => names.has(c.userId))
        .slice(0, LEADERBOARD_SIZE)
        .map((c) => ({ userId: c.userId, username: names.get(c.userId)!, tournamentsWon: c.tournamentsWon, totalWinnings: c.totalWinnings })),
    };
  }
}
