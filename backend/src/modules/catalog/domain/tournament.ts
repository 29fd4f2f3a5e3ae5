import { randomUUID } from 'node:crypto';
import type { BracketMatch } from './bracket.js';
import { TOURNAMENT_MESSAGES as M, tournamentErrors } from './tournament.errors.js';
import { NOT_ENOUGH_PARTICIPANTS_REASON, TOURNAMENT_LIMITS as L, toCents } from './tournament.rules.js';

export type TournamentStatus = 'open' | 'in_progress' | 'completed' | 'cancelled';
export const TOURNAMENT_STATUSES: TournamentStatus[] = ['open', 'in_progress', 'completed', 'cancelled'];

export interface CreateTournamentInput {
  name: string;
  game: string;
  description?: string | null;
  /** Amounts (at most 2 decimals). */
  entryFee?: number | null;
  prizePool: number;
  maxParticipants?: number | null;
  startDate: Date;
}

export interface TournamentProps {
  id: string;
  name: string;
  game: string;
  description: string;
  entryFeeCents: number;
  prizePoolCents: number;
  maxParticipants: number;
  participantsCount: number;
  startDate: Date;
  status: TournamentStatus;
  organizerId: string;
  championId: string | null;
  cancelReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}

/** A player's report of a match's result. */
export interface MatchReport {
  byUserId: string;
  winnerId: string;
  score1: number | null;
  score2: number | null;
}

export interface MatchResultInput {
  winnerId: string;
  score1: number | null;
  score2: number | null;
}

/** What a report does: decide the match (the organizer, or two agreeing players), or record a player's report. */
export type ReportOutcome = { decide: MatchResultInput } | { record: MatchReport };

const isMoney = (n: unknown, max: number) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= max && Math.abs(toCents(n) - n * 100) < 1e-6;

/**
 * A tournament: `open` (players join and leave, up to max_participants) until its organizer starts it (at least 2
 * players) or cancels it; `in_progress` while its single-elimination bracket is played (match reports: the organizer
 * decides; two agreeing player reports decide; disagreeing ones leave the match disputed until the organizer decides);
 * `completed` when the final is decided (its winner the champion). The scheduler starts an open tournament whose start
 * date has passed, or cancels it with fewer than 2 players.
 */
export class Tournament implements TournamentProps {
  id: string;
  name: string;
  game: string;
  description: string;
  entryFeeCents: number;
  prizePoolCents: number;
  maxParticipants: number;
  participantsCount: number;
  startDate: Date;
  status: TournamentStatus;
  organizerId: string;
  championId: string | null;
  cancelReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;

  constructor(p: TournamentProps) {
    Object.assign(this, p);
  }

  static create(organizerId: string, input: CreateTournamentInput, now: Date): Tournament {
    const name = (input.name ?? '').trim();
    const game = (input.game ?? '').trim();
    const description = (input.description ?? '').trim();
    if (!name) throw tournamentErrors.invalid('name', M.nameRequired);
    if (name.length > L.nameMax) throw tournamentErrors.invalid('name', M.nameTooLong);
    if (!game) throw tournamentErrors.invalid('game', M.gameRequired);
    if (game.length > L.gameMax) throw tournamentErrors.invalid('game', M.gameTooLong);
    if (description.length > L.descriptionMax) throw tournamentErrors.invalid('description', M.descriptionTooLong);
    const entryFee = input.entryFee ?? 0;
    if (!isMoney(entryFee, L.entryFeeMax)) throw tournamentErrors.invalid('entry_fee', M.entryFee);
    if (input.prizePool === undefined || input.prizePool === null) throw tournamentErrors.invalid('prize_pool', M.prizePoolRequired);
    if (!isMoney(input.prizePool, L.prizePoolMax)) throw tournamentErrors.invalid('prize_pool', M.prizePool);
    const max = input.maxParticipants ?? L.defaultMaxParticipants;
    if (!Number.isInteger(max) || max < L.participantsMin || max > L.participantsMax) throw tournamentErrors.invalid('max_participants', M.maxParticipants);
    if (!(input.startDate instanceof Date) || Number.isNaN(input.startDate.getTime())) throw tournamentErrors.invalid('start_date', M.startDateRequired);
    if (input.startDate.getTime() <= now.getTime()) throw tournamentErrors.invalid('start_date', M.startDateFuture);
    const yearAhead = new Date(now);
    yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
    if (input.startDate.getTime() > yearAhead.getTime()) throw tournamentErrors.invalid('start_date', M.startDateWithinYear);
    return new Tournament({
      id: randomUUID(),
      name,
      game,
      description,
      entryFeeCents: toCents(entryFee),
      prizePoolCents: toCents(input.prizePool),
      maxParticipants: max,
      participantsCount: 0,
      startDate: input.startDate,
      status: 'open',
      organizerId,
      championId: null,
      cancelReason: null,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      cancelledAt: null,
    });
  }

  isOrganizer(userId: string | null): boolean {
    return userId !== null && userId === this.organizerId;
  }

  /** A new participant (the caller holds the row's lock and knows whether the user joined already). */
  join(alreadyJoined: boolean): void {
    if (this.status !== 'open') throw tournamentErrors.closed();
    if (alreadyJoined) throw tournamentErrors.alreadyJoined();
    if (this.participantsCount >= this.maxParticipants) throw tournamentErrors.full();
    this.participantsCount += 1;
  }

  leave(joined: boolean): void {
    if (this.status !== 'open') throw tournamentErrors.closed();
    if (!joined) throw tournamentErrors.notJoined();
    this.participantsCount -= 1;
  }

  /** The organizer starts it (the scheduler passes `byScheduler`). */
  start(actorId: string | null, now: Date): void {
    if (actorId !== null && !this.isOrganizer(actorId)) throw tournamentErrors.notOrganizer();
    if (this.status !== 'open') throw tournamentErrors.closed();
    if (this.participantsCount < L.participantsMin) throw tournamentErrors.notEnoughParticipants();
    this.status = 'in_progress';
    this.startedAt = now;
  }

  /** The organizer cancels it while open (the scheduler, with the contract's reason, passes no actor). */
  cancel(actorId: string | null, reason: string | null, now: Date): void {
    if (actorId !== null && !this.isOrganizer(actorId)) throw tournamentErrors.notOrganizer();
    if (this.status !== 'open') throw tournamentErrors.started();
    const text = (reason ?? '').trim();
    if (text.length > L.reasonMax) throw tournamentErrors.invalid('reason', M.reasonTooLong);
    this.status = 'cancelled';
    this.cancelReason = text || null;
    this.cancelledAt = now;
  }

  /** Not started on time with fewer than 2 players. */
  cancelForLackOfPlayers(now: Date): void {
    this.cancel(null, NOT_ENOUGH_PARTICIPANTS_REASON, now);
  }

  /**
   * Someone reports a match's result. `reports`: the players' reports so far. The organizer's decides; a player's is
   * recorded and decides when the other player's names the same winner.
   */
  report(actorId: string, match: BracketMatch | null, reports: MatchReport[], input: MatchResultInput): ReportOutcome {
    if (!match) throw tournamentErrors.matchNotFound();
    const isPlayer = actorId === match.player1 || actorId === match.player2;
    if (!this.isOrganizer(actorId) && !isPlayer) throw tournamentErrors.notMatchPlayer();
    if (this.status !== 'in_progress' || match.status === 'completed') throw tournamentErrors.matchDecided();
    if (match.status !== 'ready' || !match.player1 || !match.player2) throw tournamentErrors.matchNotReady();
    if (input.winnerId !== match.player1 && input.winnerId !== match.player2) throw tournamentErrors.invalid('winner_id', M.winnerId);
    for (const s of [input.score1, input.score2]) {
      if (s !== null && (!Number.isInteger(s) || s < 0 || s > L.scoreMax)) throw tournamentErrors.invalid('score1', M.score);
    }
    // Both scores given: the winner's must be the higher one (a draw has no winner in single elimination).
    if (input.score1 !== null && input.score2 !== null) {
      const [winner, loser] = input.winnerId === match.player1 ? [input.score1, input.score2] : [input.score2, input.score1];
      if (winner <= loser) throw tournamentErrors.invalid('winner_id', M.winnerScore);
    }
    if (this.isOrganizer(actorId)) return { decide: input };
    const other = reports.find((r) => r.byUserId !== actorId && (r.byUserId === match.player1 || r.byUserId === match.player2));
    if (other && other.winnerId === input.winnerId) return { decide: input };
    return { record: { byUserId: actorId, ...input } };
  }

  /** The final was decided. */
  complete(championId: string, now: Date): void {
    this.status = 'completed';
    this.championId = championId;
    this.completedAt = now;
  }
}

/** 'disputed' when the two players' reports name different winners (until the organizer decides). */
export function isDisputed(match: BracketMatch, reports: MatchReport[]): boolean {
  if (match.status !== 'ready') return false;
  const mine = reports.filter((r) => r.byUserId === match.player1 || r.byUserId === match.player2);
  return mine.length === 2 && mine[0].winnerId !== mine[1].winnerId;
}
