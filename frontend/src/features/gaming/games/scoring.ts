/**
 * The scoring of the built-in games (CONTRACT "Games"), the same rules the server checks a score against: a game never
 * earns more than its `max_points_per_second` over the time played.
 */

/** Target Rush / Pixel Sniper: 10 points within 0.4 s of the target appearing, one less per further 0.15 s, at least 1. */
export function targetPoints(reactionMs: number): number {
  return Math.max(1, 10 - Math.floor(Math.max(0, reactionMs - 400) / 150));
}

/** Reflex: max(1, 10 − floor(reaction_ms / 50)). */
export function reactionPoints(reactionMs: number): number {
  return Math.max(1, 10 - Math.floor(Math.max(0, reactionMs) / 50));
}

/**
 * The pause before the next target appears after a hit: 10 points (the most one target gives) per 0.4 s is exactly
 * 25 points a second, the game's limit, however fast the clicks.
 */
export const TARGET_RESPAWN_MS = 400;

/** Reflex waits 1 to 3 s before the pad turns green (10 points at most per second of waiting: its limit is 10/s). */
export const REACTION_MIN_WAIT_MS = 1000;
export const REACTION_MAX_WAIT_MS = 3000;

/** The most points a game allows over `seconds` (the server's plausibility limit). */
export function maxScore(maxPointsPerSecond: number, seconds: number): number {
  return Math.floor(maxPointsPerSecond * seconds);
}
