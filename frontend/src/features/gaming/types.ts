import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** A gaming stream (seed 002 §3 Gaming stream): a live stream with a game. */
export type GamingStream = Schemas['GamingStreamDto'];

/** A browser game of the catalog (seed 002 §3 Game). `thumbnail` is a path the frontend serves (`/games/…svg`). */
export type Game = Schemas['GameDto'];
export type GameEngine = Game['engine'];

/** A started play (POST /api/gaming/game/{id}/play). */
export type GameSession = Schemas['GameSessionDto'];

/** What the server says of a submitted score: the best, a new personal best, the ranks. */
export type ScoreResult = Schemas['ScoreResultDto'];

/** One game's high scores over a period: the top 10 (ties share a rank) and the caller's own. */
export type GameLeaderboard = Schemas['GameLeaderboardDto'];
export type GameLeaderboardEntry = Schemas['GameLeaderboardEntryDto'];
export type LeaderboardPeriod = GameLeaderboard['period'];

/** GET /api/gaming/leaderboards (seed 002 §3 Leaderboards): Top Streamers and Tournament Champions. */
export type GamingLeaderboards = Schemas['GamingLeaderboardsDto'];
export type TopStreamer = Schemas['TopStreamerDto'];
export type TournamentChampion = Schemas['TournamentWinnerDto'];
