/**
 * A single-elimination bracket, as the tournament sees it. Its state is opaque to the domain (the engine's data, kept
 * as JSON in the tournament's row); the engine creates it, applies a result to it and reads it.
 */
export type BracketState = { readonly [key: string]: unknown };

export type BracketMatchStatus = 'waiting' | 'ready' | 'completed';

export interface BracketMatch {
  id: string;
  /** 1 for the first round. */
  round: number;
  /** 1.. within its round. */
  number: number;
  /** The players' user ids; null while not known yet, or for a bye. */
  player1: string | null;
  player2: string | null;
  /** One side is a bye: the other player goes through without playing. */
  bye: boolean;
  status: BracketMatchStatus;
  winnerId: string | null;
  score1: number | null;
  score2: number | null;
}

export interface BracketRound {
  number: number;
  matches: BracketMatch[];
}

export interface BracketEngine {
  /**
   * A bracket for these players, best seed first: padded with byes to the next power of two, the byes going to the
   * best seeds, the rounds played out as far as byes decide them.
   */
  create(seededUserIds: string[]): Promise<BracketState>;
  /** The state with this match decided (its winner goes on to the next round). */
  recordWinner(state: BracketState, matchId: string, winnerUserId: string, score1: number | null, score2: number | null): Promise<BracketState>;
  /** Every round, first to final, with its matches in order. */
  rounds(state: BracketState): BracketRound[];
  /** The final's winner, or null while it is not decided. */
  champion(state: BracketState): string | null;
}

export const BRACKET_ENGINE = Symbol('BracketEngine');
