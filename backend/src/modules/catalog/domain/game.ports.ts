import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { Game, PeriodKey } from './game.js';
import type { GameSession } from './game-session.js';

/** Games and their counters (the built-in games are rows of `games`). */
export interface GameRepository {
  list(): Promise<Game[]>;
  find(id: string): Promise<Game | null>;
  /** Counts a play (sessions started). */
  countPlay(gameId: string): Promise<void>;
  /**
   * Takes a deleted player's part out of the games' counters (`players`, `rating_sum`, `rating_count`), one game at a
   * time in id order (so concurrent callers never deadlock on the games' rows). `plays` stays: it counts sessions started.
   */
  takeBack(changes: GameCounterChange[]): Promise<void>;
}

/** What a deleted player took out of a game's counters (amounts to subtract). */
export interface GameCounterChange {
  gameId: string;
  players: number;
  ratingSum: number;
  ratingCount: number;
}

export interface GameSessionRepository {
  insert(session: GameSession): Promise<void>;
  /** The session, locked for the rest of the transaction with `lock`. */
  find(id: string, opts?: { lock?: boolean }): Promise<GameSession | null>;
  /** Writes the session's score and keeps it in the scores. */
  saveScore(session: GameSession): Promise<void>;
  /** Removes every session and score of the user. */
  removeAllOf(userId: string): Promise<void>;
  /** Removes up to `limit` sessions started before `before` that never got a score; answers how many it removed. */
  purgeUnscored(before: Date, limit: number): Promise<number>;
}

export interface BestScore {
  userId: string;
  score: number;
  achievedAt: Date;
}

/** Players' bests per period (the leaderboards) and how many players hold each best score. */
export interface GameBests {
  /**
   * Records a score in each of these periods where it beats the player's best (or is the first), keeping the score
   * counts right. Call with the player serialised (UnitOfWork.lockUser). True when it was the player's first finish.
   */
  record(gameId: string, userId: string, score: number, at: Date, periods: PeriodKey[]): Promise<{ firstFinish: boolean }>;
  /** Counts a new player of the game. */
  countPlayer(gameId: string): Promise<void>;
  best(gameId: string, userId: string, period: PeriodKey): Promise<BestScore | null>;
  /** The player's best of each game (all time). */
  bestsOf(userId: string, gameIds: string[]): Promise<Map<string, number>>;
  /** The best bests, best first (earlier first on a tie). */
  top(gameId: string, period: PeriodKey, limit: number): Promise<BestScore[]>;
  /** The player's best in the period and how many players have a better one (one read); null without a best. */
  standing(gameId: string, userId: string, period: PeriodKey): Promise<{ score: number; better: number } | null>;
  /**
   * Removes every best of the player (all games, all periods) and takes them out of the score counts, so the others'
   * ranks close up. Answers the games where the player had finished a session (they counted in `players`).
   */
  forgetPlayer(userId: string): Promise<string[]>;
}

export interface GameRatings {
  /** Sets or changes the user's rating; moves the game's sum and count. Call with the user serialised. */
  rate(gameId: string, userId: string, rating: number): Promise<void>;
  ratingsOf(userId: string, gameIds: string[]): Promise<Map<string, number>>;
  /** Removes every rating of the user; answers them, for the games' sums and counts. */
  forgetRater(userId: string): Promise<Array<{ gameId: string; rating: number }>>;
}

export interface PlayerNames {
  usernames(userIds: string[]): Promise<Map<string, string>>;
}

export interface GameClock {
  now(): Date;
}

export type GamesUnitOfWork = UnitOfWork;

export const GAMES = Symbol('Games');
export const GAME_SESSIONS = Symbol('GameSessions');
export const GAME_BESTS = Symbol('GameBests');
export const GAME_RATINGS = Symbol('GameRatings');
export const PLAYER_NAMES = Symbol('PlayerNames');
/** The games' clock; tests replace its `now` (`app.get(GAME_CLOCK)`) to move time without sleeping. */
export const GAME_CLOCK = Symbol('GameClock');
