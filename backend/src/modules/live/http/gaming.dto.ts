import { ApiProperty } from '@nestjs/swagger';
import { LiveStreamDto } from './live.dto.js';

/**
 * A gaming stream: a live stream (every LiveStreamDto field, `game` set) with seed 002 §3's Gaming stream fields
 * (id, title, game, description, streamer_name, viewers) under their own names.
 */
export class GamingStreamDto extends LiveStreamDto {
  /** The streamer's display name (the same as `username`). */
  streamer_name: string;
  /** Pages with the stream open now (the same as `viewer_count`). */
  viewers: number;
}

/** A streamer on Top Streamers (seed 002 §3 Leaderboards: _id, username, total_viewers, stream_count, total_donations). */
export class TopStreamerDto {
  /** The streamer's user id. */
  _id: string;
  /** The streamer's display name. */
  username: string;
  /**
   * The audience of their gaming streams: for each gaming stream, the distinct people who ever opened it (each
   * signed-in user once, each visitor's address once, the streamer not counted), summed over their gaming streams.
   */
  @ApiProperty({ type: 'integer', minimum: 0 })
  total_viewers: number;
  /** How many gaming streams (live streams with a game) they started. */
  @ApiProperty({ type: 'integer', minimum: 1 })
  stream_count: number;
  /** The Super Chats their gaming streams received (what viewers paid, from the ledger), in dollars with 2 decimals. */
  @ApiProperty({ type: 'string', pattern: '^\\d+\\.\\d{2}$', example: '24.99' })
  total_donations: string;
}

/** A champion on Tournament Champions (seed 002 §3 Leaderboards: username, tournaments_won, total_winnings). */
export class TournamentWinnerDto {
  user_id: string;
  /** The champion's display name. */
  username: string;
  /** Completed tournaments they won. */
  @ApiProperty({ type: 'integer', minimum: 1 })
  tournaments_won: number;
  /** The declared prize pools of the tournaments they won, in dollars with 2 decimals (Scriven collects and pays nothing). */
  @ApiProperty({ type: 'string', pattern: '^\\d+\\.\\d{2}$', example: '100.00' })
  total_winnings: string;
}

/** The gaming hub's leaderboards: 10 of each. */
export class GamingLeaderboardsDto {
  /** The most watched gaming streamers (total viewers, then streams started, then by id). */
  @ApiProperty({ type: [TopStreamerDto] })
  top_streamers: TopStreamerDto[];
  /** The most tournaments won. */
  @ApiProperty({ type: [TournamentWinnerDto] })
  top_tournament_winners: TournamentWinnerDto[];
}
