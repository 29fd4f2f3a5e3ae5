import type { StartedSession } from '../application/start-game-session.use-case.js';
import type { ScoreResult } from '../application/submit-game-score.use-case.js';
import type { GameLeaderboard } from '../application/game-leaderboard.query.js';
import type { GameView } from '../application/game-views.js';
import { averageRating } from '../domain/game.js';
import type { GameDto, GameLeaderboardDto, GameSessionDto, ScoreResultDto } from './games.dto.js';

export function gameDto(g: GameView): GameDto {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    thumbnail: g.thumbnail,
    category: g.category,
    players: g.players,
    rating: averageRating(g.ratingSum, g.ratingCount),
    rating_count: g.ratingCount,
    plays: g.plays,
    engine: g.engine,
    engine_options: g.engineOptions,
    duration_seconds: g.durationSeconds,
    max_points_per_second: g.maxPointsPerSecond,
    my_rating: g.myRating,
    my_best: g.myBest,
  };
}

export function gameSessionDto(s: StartedSession): GameSessionDto {
  return {
    session_id: s.session.id,
    game_id: s.session.gameId,
    started_at: s.session.startedAt.toISOString(),
    ends_at: s.session.endsAt.toISOString(),
    duration_seconds: s.durationSeconds,
    max_points_per_second: s.maxPointsPerSecond,
  };
}

export function scoreResultDto(r: ScoreResult): ScoreResultDto {
  return { score: r.score, best_score: r.bestScore, personal_best: r.personalBest, rank_today: r.rankToday, rank_week: r.rankWeek, rank_all_time: r.rankAllTime };
}

export function gameLeaderboardDto(l: GameLeaderboard): GameLeaderboardDto {
  return {
    game_id: l.gameId,
    period: l.period,
    entries: l.entries.map((e) => ({ rank: e.rank, user_id: e.userId, username: e.username, score: e.score, achieved_at: e.achievedAt.toISOString() })),
    me: l.me,
  };
}
