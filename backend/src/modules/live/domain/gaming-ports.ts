/** A streamer's gaming streams (live streams with a game, whatever their status), as Top Streamers counts them. */
export interface GamingStreamerStats {
  userId: string;
  /** The sum, over their gaming streams, of the distinct people who ever opened each stream (its owner not counted). */
  totalViewers: number;
  streamCount: number;
  /** Their gaming streams (for the Super Chats received on them). */
  streamIds: string[];
}

/** What live records about gaming streams, for the leaderboards. */
export interface GamingStats {
  /** The streamers of gaming streams with the most total viewers, then the most streams, then by id; at most `limit` from `offset`. */
  topStreamers(limit: number, offset?: number): Promise<GamingStreamerStats[]>;
}

/** A tournament champion (the catalog's completed tournaments): tournaments won and the declared prize pools of those. */
export interface TournamentChampion {
  userId: string;
  tournamentsWon: number;
  /** Decimal string with 2 places. */
  totalWinnings: string;
}

/** The catalog's tournament champions, the most titles first; at most `limit`. */
export interface TournamentChampions {
  top(limit: number): Promise<TournamentChampion[]>;
}

export const LIVE_GAMING_STATS = Symbol('GamingStats');
export const LIVE_CHAMPIONS = Symbol('TournamentChampions');
