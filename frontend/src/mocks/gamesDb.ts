import type { Game } from '../features/gaming/types';

let sequence = 0;
export function gamesId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

/** A built-in game as the mock server keeps it (GameDto without the per-viewer and counted fields). */
export type MockGame = Omit<Game, 'players' | 'rating' | 'rating_count' | 'plays' | 'my_rating' | 'my_best'>;

export interface MockGameSession {
  id: string;
  gameId: string;
  userId: string;
  started_at: string;
  ends_at: string;
  scored: boolean;
}

export interface MockGameScore {
  gameId: string;
  userId: string;
  score: number;
  achieved_at: string;
}

export interface MockGameRating {
  gameId: string;
  userId: string;
  rating: number;
}

/** The mock server's games (the built-in ones), their sessions, scores and ratings; champions for Leaderboards. */
export const gamesDb = {
  games: [] as MockGame[],
  sessions: [] as MockGameSession[],
  scores: [] as MockGameScore[],
  ratings: [] as MockGameRating[],
};

/** The built-in games (CONTRACT Games): the same rows the server's migration inserts. */
export function builtInGames(): MockGame[] {
  return [
    {
      id: 'game-target-rush',
      name: 'Target Rush',
      description: 'Targets pop up one at a time anywhere on the field. Hit each one as fast as you can: quick hits score up to 10 points.',
      thumbnail: '/games/target-rush.svg',
      category: 'Arcade',
      engine: 'target',
      engine_options: {},
      duration_seconds: 30,
      max_points_per_second: 25,
    },
    {
      id: 'game-pixel-sniper',
      name: 'Pixel Sniper',
      description: 'Tiny targets, steady hands. The same rules as Target Rush with a target a quarter of the size.',
      thumbnail: '/games/pixel-sniper.svg',
      category: 'Shooter',
      engine: 'target',
      engine_options: { size: 'small' },
      duration_seconds: 30,
      max_points_per_second: 25,
    },
    {
      id: 'game-reflex',
      name: 'Reflex',
      description: 'The pad turns green after a random wait. Click the moment it does: the faster your reaction, the more points.',
      thumbnail: '/games/reflex.svg',
      category: 'Reaction',
      engine: 'reaction',
      engine_options: {},
      duration_seconds: 30,
      max_points_per_second: 10,
    },
  ];
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The built-in games, and (with people) a few demo plays: mira's scores and rating. */
export function resetGamesDb(people: { mira: { userId: string } } | null): void {
  gamesDb.games = builtInGames();
  gamesDb.sessions = [];
  gamesDb.scores = [];
  gamesDb.ratings = [];
  if (!people) return;
  const { userId } = people.mira;
  for (const [gameId, score, minutes] of [
    ['game-target-rush', 212, 90],
    ['game-reflex', 143, 60 * 30],
  ] as const) {
    gamesDb.sessions.push({ id: gamesId('gs'), gameId, userId, started_at: ago(minutes + 1), ends_at: ago(minutes), scored: true });
    gamesDb.scores.push({ gameId, userId, score, achieved_at: ago(minutes) });
  }
  gamesDb.ratings.push({ gameId: 'game-target-rush', userId, rating: 5 }, { gameId: 'game-reflex', userId, rating: 4 });
}

export function snapshotGamesDb() {
  return { sessions: gamesDb.sessions, scores: gamesDb.scores, ratings: gamesDb.ratings };
}

export function restoreGamesDb(data: ReturnType<typeof snapshotGamesDb> | undefined): void {
  gamesDb.games = builtInGames();
  gamesDb.sessions = data?.sessions ?? [];
  gamesDb.scores = data?.scores ?? [];
  gamesDb.ratings = data?.ratings ?? [];
}
