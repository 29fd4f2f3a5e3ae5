import { randomUUID } from 'node:crypto';
import { GAME_DURATION_SECONDS, maxScore, SCORE_EARLY_TOLERANCE_MS, SCORE_GRACE_MS, type Game } from './game.js';
import { GAME_MESSAGES, gamingErrors } from './game.errors.js';

export interface GameSessionProps {
  id: string;
  gameId: string;
  userId: string;
  startedAt: Date;
  endsAt: Date;
  submittedAt: Date | null;
  score: number | null;
}

/**
 * One play of a game: it runs from `startedAt` for the game's duration and takes one score, which must be honest:
 * sent by its player for its game, once, not before the end (1 s of tolerance), not more than 2 minutes after it, and
 * reachable (at most the game's points per second times its duration).
 */
export class GameSession {
  constructor(private props: GameSessionProps) {}

  static start(game: Pick<Game, 'id' | 'durationSeconds'>, userId: string, now: Date): GameSession {
    const duration = game.durationSeconds || GAME_DURATION_SECONDS;
    return new GameSession({ id: randomUUID(), gameId: game.id, userId, startedAt: now, endsAt: new Date(now.getTime() + duration * 1000), submittedAt: null, score: null });
  }

  get id() { return this.props.id; }
  get gameId() { return this.props.gameId; }
  get userId() { return this.props.userId; }
  get startedAt() { return this.props.startedAt; }
  get endsAt() { return this.props.endsAt; }
  get submittedAt() { return this.props.submittedAt; }
  get score() { return this.props.score; }

  /** Takes the session's score (the plausibility rule); another user's or another game's session is not found. */
  submit(game: Pick<Game, 'id' | 'maxPointsPerSecond' | 'durationSeconds'>, userId: string, score: number, now: Date): void {
    if (this.props.userId !== userId || this.props.gameId !== game.id) throw gamingErrors.sessionNotFound();
    if (!Number.isInteger(score) || score < 0) throw gamingErrors.invalid('score', GAME_MESSAGES.score);
    if (this.props.submittedAt) throw gamingErrors.sessionUsed();
    const t = now.getTime();
    if (t < this.props.endsAt.getTime() - SCORE_EARLY_TOLERANCE_MS) throw gamingErrors.gameRunning();
    if (t > this.props.endsAt.getTime() + SCORE_GRACE_MS) throw gamingErrors.sessionExpired();
    const max = maxScore(game);
    if (score > max) throw gamingErrors.implausibleScore(max, game.durationSeconds);
    this.props = { ...this.props, submittedAt: now, score };
  }
}
