/**
 * Browser games (seed 002 §2.10 Gaming, Games tab; §4 Browser game): built-in games whose code the frontend runs,
 * each through one of the app's engines. A play lasts 30 seconds (seed §9 "Browser game 30 s"); a score is plausible
 * when it is a whole number no greater than the game's points per second times that duration.
 */

export type GameEngine = 'target' | 'reaction';
export const GAME_ENGINES: readonly GameEngine[] = ['target', 'reaction'];

/** Seed §9: a browser game lasts 30 s. */
export const GAME_DURATION_SECONDS = 30;
/** A score may be sent from 1 s before the end (clocks differ a little) ... */
export const SCORE_EARLY_TOLERANCE_MS = 1_000;
/** ... until 2 minutes after it; later, the session has expired. */
export const SCORE_GRACE_MS = 2 * 60_000;
export const RATING = { min: 1, max: 5 } as const;
/** A session without a score this long after it started is purged (its score window closed long before). */
export const UNSCORED_SESSION_TTL_MS = 24 * 3_600_000;

export interface Game {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  category: string;
  engine: GameEngine;
  engineOptions: Record<string, unknown>;
  maxPointsPerSecond: number;
  durationSeconds: number;
  plays: number;
  players: number;
  ratingSum: number;
  ratingCount: number;
}

/** The highest score a session of this game can honestly reach. */
export function maxScore(game: Pick<Game, 'maxPointsPerSecond' | 'durationSeconds'>): number {
  return game.maxPointsPerSecond * game.durationSeconds;
}

/** The average rating with one decimal, or null when nobody rated. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** Leaderboard periods: the current UTC day, the current ISO week (from Monday 00:00 UTC), all time. */
export type LeaderboardPeriod = 'today' | 'week' | 'all';
export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = ['today', 'week', 'all'];
/** How a period's bests are stored: its kind and the date it starts (UTC); 'all' starts at the epoch. */
export type PeriodKind = 'day' | 'week' | 'all';
export interface PeriodKey {
  kind: PeriodKind;
  start: string;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function periodKey(period: LeaderboardPeriod, at: Date): PeriodKey {
  if (period === 'all') return { kind: 'all', start: '1970-01-01' };
  if (period === 'today') return { kind: 'day', start: isoDate(at) };
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return { kind: 'week', start: isoDate(new Date(day.getTime() - sinceMonday * 86_400_000)) };
}

/** Every period a score achieved at `at` counts in. */
export function periodsOf(at: Date): PeriodKey[] {
  return LEADERBOARD_PERIODS.map((p) => periodKey(p, at));
}

/** Ranks of a list sorted best first: ties share a rank (1, 1, 3). */
export function sharedRanks(scores: number[]): number[] {
  const ranks: number[] = [];
  scores.forEach((s, i) => ranks.push(i > 0 && scores[i - 1] === s ? ranks[i - 1]! : i + 1));
  return ranks;
}
