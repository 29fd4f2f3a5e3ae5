import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CHAMPIONS, LIVE_GAMING_STATS, type GamingStats, type GamingStreamerStats, type TournamentChampions } from '../domain/gaming-ports.js';
import { LIVE_USERS, type UserDirectory } from '../domain/ports.js';
import { SuperChatRevenue } from './super-chat-revenue.js';

/** How many of each the leaderboards show. */
export const LEADERBOARD_SIZE = 10;
/** Streamers read at a time (some may have deleted their account). */
const STREAMER_BATCH = 50;

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

  /** The top streamers whose account is still there, at most LEADERBOARD_SIZE. */
  private async streamersWithAccounts(): Promise<GamingStreamerStats[]> {
    const shown: GamingStreamerStats[] = [];
    for (let offset = 0; shown.length < LEADERBOARD_SIZE; offset += STREAMER_BATCH) {
      const batch = await this.stats.topStreamers(STREAMER_BATCH, offset);
      const names = await this.users.usernames(batch.map((s) => s.userId));
      shown.push(...batch.filter((s) => names.has(s.userId)));
      if (batch.length < STREAMER_BATCH) break;
    }
    return shown.slice(0, LEADERBOARD_SIZE);
  }

  /** `streamers` false (the `live` feature off): no Top Streamers. */
  async execute(opts: { streamers: boolean }): Promise<{ topStreamers: TopStreamerView[]; tournamentWinners: TournamentWinnerView[] }> {
    // A few more champions than shown, in case some of them deleted their account. A deleted account's streams stay,
    // so streamers are read a batch at a time until ten still have an account (or there are no more).
    const [shown, champions] = await Promise.all([opts.streamers ? this.streamersWithAccounts() : [], this.champions.top(LEADERBOARD_SIZE * 2)]);
    const names = await this.users.usernames([...new Set([...shown.map((s) => s.userId), ...champions.map((c) => c.userId)])]);
    const revenue = await this.revenue.of(shown.flatMap((s) => s.streamIds));
    return {
      topStreamers: shown.filter((s) => names.has(s.userId)).map((s) => ({
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
