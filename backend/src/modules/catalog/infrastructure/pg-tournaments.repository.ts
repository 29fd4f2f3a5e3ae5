import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BracketState } from '../domain/bracket.js';
import { Tournament, type MatchReport, type TournamentStatus } from '../domain/tournament.js';
import type { TournamentChampionRow, TournamentParticipant, TournamentRepository } from '../domain/tournament.ports.js';

interface Row {
  id: string;
  name: string;
  game: string;
  description: string;
  entry_fee_cents: number;
  prize_pool_cents: string | number;
  max_participants: number;
  participants_count: number;
  start_date: Date;
  status: TournamentStatus;
  organizer_id: string;
  champion_id: string | null;
  cancel_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

const COLUMNS =
  't.id, t.name, t.game, t.description, t.entry_fee_cents, t.prize_pool_cents, t.max_participants, t.participants_count, t.start_date, t.status, t.organizer_id, t.champion_id, t.cancel_reason, t.created_at, t.started_at, t.completed_at, t.cancelled_at';

const date = (d: Date | string | null) => (d === null ? null : new Date(d));

const toTournament = (r: Row) =>
  new Tournament({
    id: r.id,
    name: r.name,
    game: r.game,
    description: r.description,
    entryFeeCents: Number(r.entry_fee_cents),
    prizePoolCents: Number(r.prize_pool_cents),
    maxParticipants: Number(r.max_participants),
    participantsCount: Number(r.participants_count),
    startDate: new Date(r.start_date),
    status: r.status,
    organizerId: r.organizer_id,
    championId: r.champion_id,
    cancelReason: r.cancel_reason,
    createdAt: new Date(r.created_at),
    startedAt: date(r.started_at),
    completedAt: date(r.completed_at),
    cancelledAt: date(r.cancelled_at),
  });

const uuids = (ids: string[]) => `{${ids.join(',')}}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tournaments in SQL (tables `tournaments`, `tournament_participants`, `tournament_match_reports`). */
@Injectable()
export class PgTournamentRepository implements TournamentRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string, opts: { lock?: boolean } = {}): Promise<Tournament | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.em.execute<Row[]>(`select ${COLUMNS} from tournaments t where t.id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return row ? toTournament(row) : null;
  }

  async findMany(ids: string[]): Promise<Tournament[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (!valid.length) return [];
    const rows = await this.em.execute<Row[]>(`select ${COLUMNS} from tournaments t where t.id = any(?::uuid[])`, [uuids(valid)]);
    return rows.map(toTournament);
  }

  async add(t: Tournament): Promise<void> {
    await this.em.execute(
      `insert into tournaments (id, name, game, description, entry_fee_cents, prize_pool_cents, max_participants, participants_count, start_date, status, organizer_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [t.id, t.name, t.game, t.description, t.entryFeeCents, t.prizePoolCents, t.maxParticipants, t.participantsCount, t.startDate, t.status, t.organizerId, t.createdAt],
    );
  }

  async save(t: Tournament): Promise<void> {
    await this.em.execute(
      'update tournaments set status = ?, participants_count = ?, champion_id = ?, cancel_reason = ?, started_at = ?, completed_at = ?, cancelled_at = ? where id = ?',
      [t.status, t.participantsCount, t.championId, t.cancelReason, t.startedAt, t.completedAt, t.cancelledAt, t.id],
    );
  }

  async list(status: TournamentStatus | null, limit: number): Promise<Tournament[]> {
    // Open first by start date, then in progress, then the rest (completed, cancelled) newest first.
    const rows = await this.em.execute<Row[]>(
      `select ${COLUMNS} from tournaments t ${status ? 'where t.status = ?' : ''}
       order by case t.status when 'open' then 0 when 'in_progress' then 1 else 2 end,
                case when t.status = 'open' then t.start_date end asc,
                t.created_at desc, t.id desc
       limit ?`,
      status ? [status, limit] : [limit],
    );
    return rows.map(toTournament);
  }

  async allIds(): Promise<string[]> {
    return (await this.em.execute<{ id: string }[]>('select id from tournaments order by created_at, id')).map((r) => r.id);
  }

  async dueToStart(now: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from tournaments where status = 'open' and start_date <= ? order by start_date, id limit ?`, [now, limit]);
    return rows.map((r) => r.id);
  }

  async participants(tournamentId: string): Promise<TournamentParticipant[]> {
    const rows = await this.em.execute<{ user_id: string; seed: number | null; joined_at: Date }[]>(
      'select user_id, seed, joined_at from tournament_participants where tournament_id = ? order by seed nulls last, seq',
      [tournamentId],
    );
    return rows.map((r) => ({ userId: r.user_id, seed: r.seed === null ? null : Number(r.seed), joinedAt: new Date(r.joined_at) }));
  }

  async isParticipant(tournamentId: string, userId: string): Promise<boolean> {
    return (await this.em.execute('select 1 from tournament_participants where tournament_id = ? and user_id = ?', [tournamentId, userId])).length > 0;
  }

  async joinedAmong(userId: string, tournamentIds: string[]): Promise<Set<string>> {
    if (!tournamentIds.length) return new Set();
    const rows = await this.em.execute<{ tournament_id: string }[]>('select tournament_id from tournament_participants where user_id = ? and tournament_id = any(?::uuid[])', [userId, uuids(tournamentIds)]);
    return new Set(rows.map((r) => r.tournament_id));
  }

  async addParticipant(tournamentId: string, userId: string, at: Date): Promise<void> {
    await this.em.execute('insert into tournament_participants (tournament_id, user_id, joined_at) values (?, ?, ?)', [tournamentId, userId, at]);
  }

  async removeParticipant(tournamentId: string, userId: string): Promise<void> {
    await this.em.execute('delete from tournament_participants where tournament_id = ? and user_id = ?', [tournamentId, userId]);
  }

  async setSeeds(tournamentId: string, seededUserIds: string[]): Promise<void> {
    await this.em.execute(
      `update tournament_participants p set seed = s.seed from unnest(?::uuid[]) with ordinality as s(user_id, seed) where p.tournament_id = ? and p.user_id = s.user_id`,
      [uuids(seededUserIds), tournamentId],
    );
  }

  async openOf(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select t.id from tournaments t where t.status = 'open' and (t.organizer_id = ? or exists (select 1 from tournament_participants p where p.tournament_id = t.id and p.user_id = ?)) order by t.id`,
      [userId, userId],
    );
    return rows.map((r) => r.id);
  }

  async winsOf(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.em.execute<{ champion_id: string; wins: number }[]>(
      `select champion_id, count(*)::int as wins from tournaments where status = 'completed' and champion_id = any(?::uuid[]) group by champion_id`,
      [uuids(userIds)],
    );
    return new Map(rows.map((r) => [r.champion_id, Number(r.wins)]));
  }

  async bracket(tournamentId: string): Promise<BracketState | null> {
    const [row] = await this.em.execute<{ bracket: BracketState | string | null }[]>('select bracket from tournaments where id = ?', [tournamentId]);
    if (!row?.bracket) return null;
    return typeof row.bracket === 'string' ? (JSON.parse(row.bracket) as BracketState) : row.bracket;
  }

  async saveBracket(tournamentId: string, state: BracketState): Promise<void> {
    await this.em.execute('update tournaments set bracket = ?::jsonb where id = ?', [JSON.stringify(state), tournamentId]);
  }

  async reports(tournamentId: string): Promise<Map<string, MatchReport[]>> {
    const rows = await this.em.execute<{ match_id: string; by_user_id: string; winner_id: string; score1: number | null; score2: number | null }[]>(
      'select match_id, by_user_id, winner_id, score1, score2 from tournament_match_reports where tournament_id = ? order by created_at, by_user_id',
      [tournamentId],
    );
    const out = new Map<string, MatchReport[]>();
    for (const r of rows) {
      const list = out.get(r.match_id) ?? [];
      list.push({ byUserId: r.by_user_id, winnerId: r.winner_id, score1: r.score1 === null ? null : Number(r.score1), score2: r.score2 === null ? null : Number(r.score2) });
      out.set(r.match_id, list);
    }
    return out;
  }

  async putReport(tournamentId: string, matchId: string, report: MatchReport, at: Date): Promise<void> {
    await this.em.execute(
      `insert into tournament_match_reports (tournament_id, match_id, by_user_id, winner_id, score1, score2, created_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (tournament_id, match_id, by_user_id) do update set winner_id = excluded.winner_id, score1 = excluded.score1, score2 = excluded.score2, created_at = excluded.created_at`,
      [tournamentId, matchId, report.byUserId, report.winnerId, report.score1, report.score2, at],
    );
  }

  async champions(limit: number): Promise<TournamentChampionRow[]> {
    const rows = await this.em.execute<{ champion_id: string; wins: number; winnings: string }[]>(
      `select champion_id, count(*)::int as wins, sum(prize_pool_cents)::bigint as winnings from tournaments
       where status = 'completed' and champion_id is not null group by champion_id
       order by wins desc, winnings desc, champion_id limit ?`,
      [limit],
    );
    return rows.map((r) => ({ userId: r.champion_id, tournamentsWon: Number(r.wins), totalWinningsCents: Number(r.winnings) }));
  }
}
