import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { EmptyAsAbsent, WholeNumberText } from '../../../common/http/dto-rules.js';
import { GAME_ENGINES, LEADERBOARD_PERIODS, RATING, type GameEngine, type LeaderboardPeriod } from '../domain/game.js';
import { GAME_MESSAGES as M } from '../domain/game.errors.js';

/** A browser game of the gaming hub (seed 002 §3 Game, §4 Browser game). */
export class GameDto {
  id: string;
  name: string;
  description: string;
  /** The game's picture, served by the frontend (`/games/<slug>.svg`). */
  thumbnail: string;
  category: string;
  /** Distinct users who finished a session of it. */
  players: number;
  /** The average rating (1 to 5) with one decimal; null when nobody rated it. */
  @ApiProperty({ type: 'number', nullable: true })
  rating: number | null;
  rating_count: number;
  /** Sessions started. */
  plays: number;
  /** The engine the frontend runs it with. */
  @ApiProperty({ enum: GAME_ENGINES })
  engine: GameEngine;
  /** The engine's options (e.g. `{ "size": "small" }`); may be empty. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  engine_options: Record<string, unknown>;
  /** How long a session lasts: 30 seconds. */
  duration_seconds: number;
  /** The most points a player can honestly score per second (a score above this times the duration is refused). */
  max_points_per_second: number;
  /** The caller's rating (1 to 5); null for visitors and when they have not rated it. */
  @ApiProperty({ type: 'integer', nullable: true })
  my_rating: number | null;
  /** The caller's best score (all time); null for visitors and when they have not finished a session. */
  @ApiProperty({ type: 'integer', nullable: true })
  my_best: number | null;
}

/** A started play: send its score with `session_id` once it has ended (from 1 s before `ends_at` to 2 minutes after). */
export class GameSessionDto {
  session_id: string;
  game_id: string;
  started_at: string;
  ends_at: string;
  duration_seconds: number;
  max_points_per_second: number;
}

export class SubmitGameScoreRequestDto {
  /** The session started by POST /api/gaming/game/{id}/play. */
  @IsString({ message: M.sessionId })
  @MaxLength(100, { message: M.sessionId })
  session_id: string;

  /** A whole number of at least 0, at most max_points_per_second × duration_seconds. */
  @ApiProperty({ type: 'integer', minimum: 0 })
  @WholeNumberText()
  @Min(0, { message: M.score })
  @IsInt({ message: M.score })
  score: number;
}

/** The score taken, the player's best (all time) and their ranks now. */
export class ScoreResultDto {
  score: number;
  best_score: number;
  /** Whether this score is a new all-time best of the player. */
  personal_best: boolean;
  rank_today: number;
  rank_week: number;
  rank_all_time: number;
}

export class RateGameRequestDto {
  /** 1 to 5, a whole number. */
  @ApiProperty({ type: 'integer', minimum: RATING.min, maximum: RATING.max })
  @WholeNumberText()
  @Max(RATING.max, { message: M.rating })
  @Min(RATING.min, { message: M.rating })
  @IsInt({ message: M.rating })
  rating: number;
}

export class GameLeaderboardQueryDto {
  /** today (the current UTC day), week (the current ISO week, from Monday 00:00 UTC) or all (default). */
  @ApiProperty({ required: false, enum: LEADERBOARD_PERIODS })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(LEADERBOARD_PERIODS, { message: M.period })
  period?: LeaderboardPeriod;
}

export class GameLeaderboardEntryDto {
  /** Ties share a rank (1, 1, 3). */
  rank: number;
  user_id: string;
  username: string;
  score: number;
  achieved_at: string;
}

export class GameLeaderboardMeDto {
  rank: number;
  score: number;
}

/** A game's top 10 of the period (each player's best in it) and the caller's own place. */
export class GameLeaderboardDto {
  game_id: string;
  @ApiProperty({ enum: LEADERBOARD_PERIODS })
  period: LeaderboardPeriod;
  @ApiProperty({ type: [GameLeaderboardEntryDto] })
  entries: GameLeaderboardEntryDto[];
  /** The caller's rank and best in the period; null for visitors and without a score in it. */
  @ApiProperty({ type: GameLeaderboardMeDto, nullable: true })
  me: GameLeaderboardMeDto | null;
}
