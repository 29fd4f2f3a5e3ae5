import type { MatchView, PlayerView, TournamentDetailView, TournamentView } from '../application/tournament-views.js';
import { centsText } from '../domain/tournament.rules.js';
import type { MatchDto, TournamentDetailDto, TournamentDto, TournamentPlayerDto } from './tournaments.dto.js';

export function tournamentDto(v: TournamentView): TournamentDto {
  return {
    id: v.id,
    name: v.name,
    game: v.game,
    description: v.description,
    entry_fee: centsText(v.entryFeeCents),
    prize_pool: centsText(v.prizePoolCents),
    max_participants: v.maxParticipants,
    current_participants: v.currentParticipants,
    start_date: v.startDate.toISOString(),
    status: v.status,
    organizer_id: v.organizerId,
    organizer_name: v.organizerName,
    champion_id: v.championId,
    champion_name: v.championName,
    joined: v.joined,
    is_organizer: v.isOrganizer,
    created_at: v.createdAt.toISOString(),
  };
}

const playerDto = (p: PlayerView | null): TournamentPlayerDto | null => (p ? { user_id: p.userId, username: p.username, seed: p.seed } : null);

function matchDto(m: MatchView): MatchDto {
  return {
    id: m.id,
    round: m.round,
    number: m.number,
    player1: playerDto(m.player1),
    player2: playerDto(m.player2),
    bye: m.bye,
    status: m.status,
    winner_id: m.winnerId,
    score1: m.score1,
    score2: m.score2,
    reports: m.reports.map((r) => ({ by_user_id: r.byUserId, winner_id: r.winnerId, score1: r.score1, score2: r.score2 })),
    can_report: m.canReport,
  };
}

export function tournamentDetailDto(v: TournamentDetailView): TournamentDetailDto {
  return {
    ...tournamentDto(v),
    participants: v.participants.map((p) => playerDto(p)!),
    bracket: v.bracket ? { rounds: v.bracket.rounds.map((r) => ({ number: r.number, name: r.name, matches: r.matches.map(matchDto) })) } : null,
    cancel_reason: v.cancelReason,
  };
}
