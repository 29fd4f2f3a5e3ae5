import { Inject, Injectable } from '@nestjs/common';
import { BRACKET_ENGINE, type BracketEngine } from '../domain/bracket.js';
import { isDisputed, type MatchReport, type Tournament, type TournamentStatus } from '../domain/tournament.js';
import { roundName } from '../domain/tournament.rules.js';
import { TOURNAMENT_PLAYER_NAMES, TOURNAMENTS, type TournamentPlayerNames, type TournamentRepository } from '../domain/tournament.ports.js';

export interface TournamentView {
  id: string;
  name: string;
  game: string;
  description: string;
  entryFeeCents: number;
  prizePoolCents: number;
  maxParticipants: number;
  currentParticipants: number;
  startDate: Date;
  status: TournamentStatus;
  organizerId: string;
  organizerName: string;
  championId: string | null;
  championName: string | null;
  joined: boolean;
  isOrganizer: boolean;
  createdAt: Date;
}

export interface PlayerView {
  userId: string;
  username: string;
  seed: number | null;
}

export interface MatchView {
  id: string;
  round: number;
  number: number;
  player1: PlayerView | null;
  player2: PlayerView | null;
  bye: boolean;
  status: 'waiting' | 'ready' | 'disputed' | 'completed';
  winnerId: string | null;
  score1: number | null;
  score2: number | null;
  reports: MatchReport[];
  canReport: boolean;
}

export interface TournamentDetailView extends TournamentView {
  participants: PlayerView[];
  bracket: { rounds: { number: number; name: string; matches: MatchView[] }[] } | null;
  cancelReason: string | null;
}

const DELETED = 'Deleted user';

/** Tournaments as the API shows them to a viewer (null: a visitor): names, whether they joined, the bracket. */
@Injectable()
export class TournamentViews {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(TOURNAMENT_PLAYER_NAMES) private readonly names: TournamentPlayerNames,
    @Inject(BRACKET_ENGINE) private readonly engine: BracketEngine,
  ) {}

  async many(list: Tournament[], viewerId: string | null): Promise<TournamentView[]> {
    const ids = list.map((t) => t.id);
    const [names, joined] = await Promise.all([
      this.names.usernames([...new Set(list.flatMap((t) => [t.organizerId, ...(t.championId ? [t.championId] : [])]))]),
      viewerId ? this.tournaments.joinedAmong(viewerId, ids) : Promise.resolve(new Set<string>()),
    ]);
    return list.map((t) => ({
      id: t.id,
      name: t.name,
      game: t.game,
      description: t.description,
      entryFeeCents: t.entryFeeCents,
      prizePoolCents: t.prizePoolCents,
      maxParticipants: t.maxParticipants,
      currentParticipants: t.participantsCount,
      startDate: t.startDate,
      status: t.status,
      organizerId: t.organizerId,
      organizerName: names.get(t.organizerId) ?? DELETED,
      championId: t.championId,
      championName: t.championId ? (names.get(t.championId) ?? DELETED) : null,
      joined: joined.has(t.id),
      isOrganizer: t.isOrganizer(viewerId),
      createdAt: t.createdAt,
    }));
  }

  async one(t: Tournament, viewerId: string | null): Promise<TournamentView> {
    return (await this.many([t], viewerId))[0];
  }

  async detail(t: Tournament, viewerId: string | null): Promise<TournamentDetailView> {
    const [view, participants, state, reports] = await Promise.all([
      this.one(t, viewerId),
      this.tournaments.participants(t.id),
      this.tournaments.bracket(t.id),
      this.tournaments.reports(t.id),
    ]);
    const names = await this.names.usernames(participants.map((p) => p.userId));
    const seeds = new Map(participants.map((p) => [p.userId, p.seed]));
    const player = (userId: string | null): PlayerView | null => (userId ? { userId, username: names.get(userId) ?? DELETED, seed: seeds.get(userId) ?? null } : null);
    let bracket: TournamentDetailView['bracket'] = null;
    if (state && t.status !== 'open' && t.status !== 'cancelled') {
      const rounds = this.engine.rounds(state);
      bracket = {
        rounds: rounds.map((r) => ({
          number: r.number,
          name: roundName(r.number, rounds.length),
          matches: r.matches.map((m) => {
            const matchReports = reports.get(m.id) ?? [];
            const disputed = isDisputed(m, matchReports);
            const open = t.status === 'in_progress' && m.status === 'ready';
            return {
              id: m.id,
              round: m.round,
              number: m.number,
              player1: player(m.player1),
              player2: player(m.player2),
              bye: m.bye,
              status: disputed ? 'disputed' : m.status,
              winnerId: m.winnerId,
              score1: m.score1,
              score2: m.score2,
              reports: matchReports,
              canReport: open && viewerId !== null && (t.isOrganizer(viewerId) || viewerId === m.player1 || viewerId === m.player2),
            };
          }),
        })),
      };
    }
    return { ...view, participants: participants.map((p) => player(p.userId)!), bracket, cancelReason: t.cancelReason };
  }
}
