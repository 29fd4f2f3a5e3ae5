import { DomainError } from '../../../common/errors/domain-error.js';

export class GamingError extends DomainError {}

export const GAME_MESSAGES = {
  score: 'score must be a whole number of at least 0',
  sessionId: 'session_id must be the id of a game session',
  rating: 'rating must be a whole number from 1 to 5',
  period: 'period must be one of today, week, all',
} as const;

/** The gaming hub's game errors (codes and messages of the issue 15 contract). */
export const gamingErrors = {
  invalid: (field: string, message: string) => new GamingError('invalid', 'VALIDATION_FAILED', message, [{ field, message }]),
  gameNotFound: () => new GamingError('not_found', 'GAMING.GAME_NOT_FOUND', 'Game not found'),
  sessionNotFound: () => new GamingError('not_found', 'GAMING.SESSION_NOT_FOUND', 'Game session not found'),
  sessionUsed: () => new GamingError('conflict', 'GAMING.SESSION_USED', 'This game session already has a score'),
  gameRunning: () => new GamingError('conflict', 'GAMING.GAME_RUNNING', 'The game is still running'),
  sessionExpired: () => new GamingError('gone', 'GAMING.SESSION_EXPIRED', 'This game session has expired'),
  implausibleScore: (max: number, durationSeconds: number) => {
    const message = `Score is not plausible: at most ${max} points in ${durationSeconds} seconds`;
    return new GamingError('invalid', 'GAMING.IMPLAUSIBLE_SCORE', message, [{ field: 'score', message }]);
  },
  playFirst: () => new GamingError('forbidden', 'GAMING.PLAY_FIRST', 'Play the game before rating it'),
};
