import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { BracketState } from './bracket.js';
import type { MatchReport, Tournament, TournamentStatus } from './tournament.js';

export interface TournamentParticipant {
  userId: string;
  seed: number | null;
  joinedAt: Date;
}

export interface TournamentChampionRow {
  userId: string;
  tournamentsWon: number;
  totalWinningsCents: number;
}

/** Tournaments, their participants, brackets and match reports (SQL-owned tables). Writes join the caller's transaction. */
export interface TournamentRepository {
  /** With `lock`, the row is locked for the rest of the transaction (SELECT ... FOR UPDATE). */
  find(id: string, opts?: { lock?: boolean }): Promise<Tournament | null>;
  findMany(ids: string[]): Promise<Tournament[]>;
  add(t: Tournament): Promise<void>;
  /** Writes status, counts, champion, reason and times. */
  save(t: Tournament): Promise<void>;
  list(status: TournamentStatus | null, limit: number): Promise<Tournament[]>;
  allIds(): Promise<string[]>;
  /** Open tournaments whose start date is at or before `now`, oldest first (skipping rows another process holds). */
  dueToStart(now: Date, limit: number): Promise<string[]>;

  participants(tournamentId: string): Promise<TournamentParticipant[]>;
  isParticipant(tournamentId: string, userId: string): Promise<boolean>;
  /** Which of these tournaments the user joined. */
  joinedAmong(userId: string, tournamentIds: string[]): Promise<Set<string>>;
  addParticipant(tournamentId: string, userId: string, at: Date): Promise<void>;
  removeParticipant(tournamentId: string, userId: string): Promise<void>;
  setSeeds(tournamentId: string, seededUserIds: string[]): Promise<void>;
  /** The open tournaments the user joined or organizes. */
  openOf(userId: string): Promise<string[]>;
  /** How many completed tournaments each user won. */
  winsOf(userIds: string[]): Promise<Map<string, number>>;

  bracket(tournamentId: string): Promise<BracketState | null>;
  saveBracket(tournamentId: string, state: BracketState): Promise<void>;
  reports(tournamentId: string): Promise<Map<string, MatchReport[]>>;
  /** Adds or replaces the player's report of the match. */
  putReport(tournamentId: string, matchId: string, report: MatchReport, at: Date): Promise<void>;

  /** Users by completed tournaments won (then winnings, then id), with the sum of those tournaments' prize pools. */
  champions(limit: number): Promise<TournamentChampionRow[]>;
}

export interface TournamentPlayerNames {
  usernames(userIds: string[]): Promise<Map<string, string>>;
}

export interface TournamentClock {
  now(): Date;
}

/** Tells the rest of the app (search) that a tournament changed, in the caller's transaction. */
export interface TournamentChanges {
  changed(tournamentId: string): void;
}

export type TournamentUnitOfWork = UnitOfWork;

export const TOURNAMENTS = Symbol('Tournaments');
export const TOURNAMENT_PLAYER_NAMES = Symbol('TournamentPlayerNames');
/** The tournaments' clock; tests replace its `now` (`app.get(TOURNAMENT_CLOCK)`) to move time without sleeping. */
export const TOURNAMENT_CLOCK = Symbol('TournamentClock');
export const TOURNAMENT_CHANGES = Symbol('TournamentChanges');
