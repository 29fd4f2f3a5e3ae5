import { findUserByIdentifier, mockDb } from '../../../mocks/db';
import { errorBody, http } from '../../../mocks/http';
import { caller, sessionInvalid } from '../../../mocks/mediaHelpers';
import { TOURNAMENT_MESSAGES, validateTournament } from './messages';
import type { Bracket, Match, MatchReport, Tournament, TournamentDetail, TournamentStatus } from './types';

/** A tournament as the mock server keeps it. */
export interface MockTournament {
  id: string;
  name: string;
  game: string;
  description: string;
  entry_fee: string;
  prize_pool: string;
  max_participants: number;
  start_date: string;
  status: TournamentStatus;
  organizerId: string;
  championId: string | null;
  cancel_reason: string | null;
  created_at: string;
  /** In join order. */
  participants: { userId: string; username: string; seed: number | null }[];
  matches: MockMatch[];
}

export interface MockMatch {
  id: string;
  round: number;
  number: number;
  player1: string | null;
  player2: string | null;
  bye: boolean;
  winner: string | null;
  score1: number | null;
  score2: number | null;
  reports: MatchReport[];
}

const DAY = 86_400_000;
let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const money = (value: number) => value.toFixed(2);

/** The mock's tournaments, seeded again whenever the mock database was reset (its users are new then). */
const state = { seededFor: '', tournaments: [] as MockTournament[] };

/** Demo players who are not accounts of the mock (they only appear in brackets). */
const player = (name: string) => ({ userId: `player-${name}`, username: name });

function seedMatches(t: MockTournament): void {
  t.participants.forEach((p, i) => (p.seed = i + 1));
  let size = 2;
  while (size < t.participants.length) size *= 2;
  let order = [1, 2];
  while (order.length < size) order = order.flatMap((s) => [s, order.length * 2 + 1 - s]);
  const bySeed = (seed: number) => t.participants[seed - 1]?.userId ?? null;
  const rounds = Math.log2(size);
  t.matches = [];
  for (let round = 1; round <= rounds; round += 1) {
    const count = size / 2 ** round;
    for (let number = 1; number <= count; number += 1) {
      const m: MockMatch = { id: nextId('match'), round, number, player1: null, player2: null, bye: false, winner: null, score1: null, score2: null, reports: [] };
      if (round === 1) {
        m.player1 = bySeed(order[(number - 1) * 2]);
        m.player2 = bySeed(order[(number - 1) * 2 + 1]);
        m.bye = m.player1 === null || m.player2 === null;
      }
      t.matches.push(m);
    }
  }
  for (const m of t.matches.filter((x) => x.round === 1 && x.bye)) decide(t, m, (m.player1 ?? m.player2) as string, null, null);
}

/** Decides `m` and moves its winner on; the final's winner is the champion (tests use it to set a bracket up). */
export function decide(t: MockTournament, m: MockMatch, winner: string, score1: number | null, score2: number | null): void {
  m.winner = winner;
  m.score1 = score1;
  m.score2 = score2;
  const next = t.matches.find((x) => x.round === m.round + 1 && x.number === Math.ceil(m.number / 2));
  if (!next) {
    t.status = 'completed';
    t.championId = winner;
    return;
  }
  if (m.number % 2 === 1) next.player1 = winner;
  else next.player2 = winner;
}

function reseed(): void {
  const ada = findUserByIdentifier('ada@example.com')?.user;
  const mira = findUserByIdentifier('mira@example.com')?.user;
  if (!ada || !mira) return;
  state.seededFor = ada.id;
  const now = Date.now();
  const make = (fields: Partial<MockTournament> & Pick<MockTournament, 'name' | 'game' | 'organizerId'>): MockTournament => ({
    id: nextId('tournament'),
    description: '',
    entry_fee: '0.00',
    prize_pool: '0.00',
    max_participants: 32,
    start_date: new Date(now + 3 * DAY).toISOString(),
    status: 'open',
    championId: null,
    cancel_reason: null,
    created_at: new Date(now - DAY).toISOString(),
    participants: [],
    matches: [],
    ...fields,
  });
  const me = (u: typeof ada) => ({ userId: u.id, username: u.display_name });

  const cup = make({
    name: 'Friday Night Rocket League Cup',
    game: 'Rocket League',
    organizerId: mira.id,
    description: '1v1, best of three. Matches on EU servers; report results here after each match.',
    entry_fee: money(5),
    prize_pool: money(250),
    max_participants: 16,
    start_date: new Date(now + 2 * DAY).toISOString(),
    created_at: new Date(now - 2 * DAY).toISOString(),
    participants: ['kai', 'nova', 'sam', 'lee', 'rin'].map(player).map((p) => ({ ...p, seed: null })),
  });
  const sprint = make({
    name: 'Target Rush Sprint',
    game: 'Target Rush',
    organizerId: mira.id,
    description: 'Four players, highest score in three runs wins each match.',
    max_participants: 4,
    prize_pool: money(40),
    start_date: new Date(now + 5 * DAY).toISOString(),
    created_at: new Date(now - 3 * DAY).toISOString(),
    participants: ['kai', 'nova', 'sam', 'lee'].map(player).map((p) => ({ ...p, seed: null })),
  });
  const blitz = make({
    name: 'Autumn Chess Blitz',
    game: 'Chess',
    organizerId: mira.id,
    description: '3+2 blitz, single elimination.',
    prize_pool: money(100),
    max_participants: 8,
    start_date: new Date(now - 2 * 3_600_000).toISOString(),
    created_at: new Date(now - 6 * DAY).toISOString(),
    status: 'in_progress',
    participants: [me(ada), ...['kai', 'nova', 'sam', 'lee', 'rin'].map(player)].map((p) => ({ ...p, seed: null })),
  });
  seedMatches(blitz);
  // Round 1 of 8 with 6 players: seeds 1 and 2 have byes; 4–5 decided; 3–6 disputed.
  const m45 = blitz.matches.find((m) => m.round === 1 && m.number === 2) as MockMatch;
  decide(blitz, m45, m45.player2 as string, 1, 2);
  const m36 = blitz.matches.find((m) => m.round === 1 && m.number === 4) as MockMatch;
  m36.reports = [
    { by_user_id: m36.player1 as string, winner_id: m36.player1 as string, score1: 2, score2: 1 },
    { by_user_id: m36.player2 as string, winner_id: m36.player2 as string, score1: 1, score2: 2 },
  ];
  const smash = make({
    name: 'Summer Smash Invitational',
    game: 'Super Smash Bros. Ultimate',
    organizerId: ada.id,
    prize_pool: money(500),
    entry_fee: money(10),
    max_participants: 4,
    start_date: new Date(now - 40 * DAY).toISOString(),
    created_at: new Date(now - 50 * DAY).toISOString(),
    status: 'in_progress',
    participants: [me(mira), ...['kai', 'nova', 'sam'].map(player)].map((p) => ({ ...p, seed: null })),
  });
  seedMatches(smash);
  for (const m of smash.matches.filter((x) => x.round === 1)) decide(smash, m, m.player1 as string, 3, 1);
  const final = smash.matches.find((m) => m.round === 2) as MockMatch;
  decide(smash, final, mira.id, 3, 2);
  const scrims = make({
    name: 'Midnight Valorant Scrims',
    game: 'Valorant',
    organizerId: mira.id,
    start_date: new Date(now - 10 * DAY).toISOString(),
    created_at: new Date(now - 20 * DAY).toISOString(),
    status: 'cancelled',
    cancel_reason: 'Not enough participants',
    participants: [{ ...player('kai'), seed: null }],
  });
  state.tournaments = [cup, sprint, blitz, smash, scrims];
}

/** The mock's tournaments (for tests and other mocks). */
export function tournamentsDb(): MockTournament[] {
  if (!mockDb.users.has(state.seededFor)) reseed();
  return state.tournaments;
}

const usernameOf = (userId: string) => mockDb.users.get(userId)?.user.display_name ?? userId.replace(/^player-/, '');

const STATUS_ORDER: Record<TournamentStatus, number> = { open: 0, in_progress: 1, completed: 2, cancelled: 2 };

export function tournamentDto(t: MockTournament, viewerId?: string): Tournament {
  return {
    id: t.id,
    name: t.name,
    game: t.game,
    description: t.description,
    entry_fee: t.entry_fee,
    prize_pool: t.prize_pool,
    max_participants: t.max_participants,
    current_participants: t.participants.length,
    start_date: t.start_date,
    status: t.status,
    organizer_id: t.organizerId,
    organizer_name: usernameOf(t.organizerId),
    champion_id: t.championId,
    champion_name: t.championId ? usernameOf(t.championId) : null,
    joined: viewerId !== undefined && t.participants.some((p) => p.userId === viewerId),
    is_organizer: viewerId === t.organizerId,
    created_at: t.created_at,
  };
}

function roundName(round: number, rounds: number): string {
  if (round === rounds) return 'Final';
  if (round === rounds - 1) return 'Semifinals';
  if (round === rounds - 2) return 'Quarterfinals';
  return `Round ${round}`;
}

function matchStatus(m: MockMatch): Match['status'] {
  if (m.winner) return 'completed';
  if (!m.player1 || !m.player2) return 'waiting';
  const winners = new Set(m.reports.map((r) => r.winner_id));
  return m.reports.length >= 2 && winners.size > 1 ? 'disputed' : 'ready';
}

function bracketDto(t: MockTournament, viewerId?: string): Bracket | null {
  if (t.matches.length === 0) return null;
  const rounds = Math.max(...t.matches.map((m) => m.round));
  const side = (userId: string | null) => {
    if (!userId) return null;
    const p = t.participants.find((x) => x.userId === userId);
    return { user_id: userId, username: p?.username ?? usernameOf(userId), seed: p?.seed ?? null };
  };
  return {
    rounds: Array.from({ length: rounds }, (_, i) => i + 1).map((round) => ({
      number: round,
      name: roundName(round, rounds),
      matches: t.matches
        .filter((m) => m.round === round)
        .sort((a, b) => a.number - b.number)
        .map((m) => {
          const status = matchStatus(m);
          const isPlayer = viewerId !== undefined && (m.player1 === viewerId || m.player2 === viewerId);
          const organizer = viewerId !== undefined && viewerId === t.organizerId;
          return {
            id: m.id,
            round: m.round,
            number: m.number,
            player1: side(m.player1),
            player2: side(m.player2),
            bye: m.bye,
            status,
            winner_id: m.winner,
            score1: m.score1,
            score2: m.score2,
            reports: m.reports,
            can_report: t.status === 'in_progress' && ((organizer && (status === 'ready' || status === 'disputed')) || (isPlayer && status === 'ready')),
          };
        }),
    })),
  };
}

export function tournamentDetailDto(t: MockTournament, viewerId?: string): TournamentDetail {
  return {
    ...tournamentDto(t, viewerId),
    participants: t.participants.map((p) => ({ user_id: p.userId, username: p.username, seed: p.seed })),
    bracket: bracketDto(t, viewerId),
    cancel_reason: t.cancel_reason,
  };
}

const notFound = () => errorBody(404, 'GAMING.TOURNAMENT_NOT_FOUND', TOURNAMENT_MESSAGES.notFound);
const closed = () => errorBody(409, 'GAMING.TOURNAMENT_CLOSED', 'This tournament is not open for joining');
const notOrganizer = () => errorBody(403, 'GAMING.NOT_ORGANIZER', 'Only the organizer can do this');
const find = (id: string) => tournamentsDb().find((t) => t.id === id);

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  } catch {
    return {};
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The server's answers for tournaments (issue 15 contract). */
export const tournamentsHandlers = [
  http.get('/api/gaming/tournaments', ({ request, response }) => {
    const me = caller(request)?.user.id;
    const status = new URL(request.url).searchParams.get('status');
    const list = tournamentsDb()
      .filter((t) => !status || t.status === status)
      .sort(
        (a, b) =>
          STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
          (a.status === 'open' ? a.start_date.localeCompare(b.start_date) : b.created_at.localeCompare(a.created_at)),
      )
      .slice(0, 100)
      .map((t) => tournamentDto(t, me));
    return response(200).json(list);
  }),

  http.get('/api/gaming/tournament/{id}', ({ request, params, response }) => {
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    return response(200).json(tournamentDetailDto(t, caller(request)?.user.id));
  }),

  http.post('/api/gaming/tournament/create', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await bodyOf(request);
    const start = text(body.start_date);
    const input = {
      name: text(body.name),
      game: text(body.game),
      description: text(body.description),
      entry_fee: text(body.entry_fee),
      prize_pool: text(body.prize_pool),
      max_participants: text(body.max_participants),
      start_date: start,
    };
    const errors = validateTournament(input);
    const fields = Object.entries(errors).map(([field, message]) => ({ field, message: message as string }));
    if (fields.length > 0) return response(400).json(errorBody(400, 'VALIDATION_FAILED', fields[0].message, fields));
    const t: MockTournament = {
      id: nextId('tournament'),
      name: input.name.trim(),
      game: input.game.trim(),
      description: input.description.trim(),
      entry_fee: money(Number(input.entry_fee || 0)),
      prize_pool: money(Number(input.prize_pool)),
      max_participants: Number(input.max_participants || 32),
      start_date: new Date(start).toISOString(),
      status: 'open',
      organizerId: me.user.id,
      championId: null,
      cancel_reason: null,
      created_at: new Date().toISOString(),
      participants: [],
      matches: [],
    };
    tournamentsDb().push(t);
    return response(201).json(tournamentDetailDto(t, me.user.id));
  }),

  http.post('/api/gaming/tournament/{id}/join', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    if (t.status !== 'open') return response(409).json(closed());
    if (t.participants.some((p) => p.userId === me.user.id)) {
      return response(409).json(errorBody(409, 'GAMING.ALREADY_JOINED', 'You have already joined this tournament'));
    }
    if (t.participants.length >= t.max_participants) return response(409).json(errorBody(409, 'GAMING.TOURNAMENT_FULL', 'Tournament Full'));
    t.participants.push({ userId: me.user.id, username: me.user.display_name, seed: null });
    return response(200).json(tournamentDto(t, me.user.id));
  }),

  http.post('/api/gaming/tournament/{id}/leave', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    if (t.status !== 'open') return response(409).json(closed());
    if (!t.participants.some((p) => p.userId === me.user.id)) {
      return response(409).json(errorBody(409, 'GAMING.NOT_JOINED', 'You have not joined this tournament'));
    }
    t.participants = t.participants.filter((p) => p.userId !== me.user.id);
    return response(200).json(tournamentDto(t, me.user.id));
  }),

  http.post('/api/gaming/tournament/{id}/start', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    if (t.organizerId !== me.user.id) return response(403).json(notOrganizer());
    if (t.status !== 'open') return response(409).json(closed());
    if (t.participants.length < 2) {
      return response(409).json(errorBody(409, 'GAMING.NOT_ENOUGH_PARTICIPANTS', 'A tournament needs at least 2 participants to start'));
    }
    t.status = 'in_progress';
    seedMatches(t);
    return response(200).json(tournamentDetailDto(t, me.user.id));
  }),

  http.post('/api/gaming/tournament/{id}/cancel', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    if (t.organizerId !== me.user.id) return response(403).json(notOrganizer());
    if (t.status !== 'open') return response(409).json(errorBody(409, 'GAMING.TOURNAMENT_STARTED', 'This tournament has already started'));
    const body = await bodyOf(request);
    const reason = text(body.reason).trim();
    if (reason.length > 500) return response(400).json(errorBody(400, 'VALIDATION_FAILED', 'reason must be at most 500 characters'));
    t.status = 'cancelled';
    t.cancel_reason = reason || null;
    return response(200).json(tournamentDetailDto(t, me.user.id));
  }),

  http.post('/api/gaming/tournament/{id}/match/{matchId}/report', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const t = find(params.id);
    if (!t) return response(404).json(notFound());
    const m = t.matches.find((x) => x.id === params.matchId);
    if (!m) return response(404).json(errorBody(404, 'GAMING.MATCH_NOT_FOUND', 'Match not found'));
    const organizer = t.organizerId === me.user.id;
    const isPlayer = m.player1 === me.user.id || m.player2 === me.user.id;
    if (!organizer && !isPlayer) {
      return response(403).json(errorBody(403, 'GAMING.NOT_MATCH_PLAYER', 'Only the organizer or the players of this match can report it'));
    }
    if (m.winner) return response(409).json(errorBody(409, 'GAMING.MATCH_DECIDED', 'This match is already decided'));
    if (!m.player1 || !m.player2) return response(409).json(errorBody(409, 'GAMING.MATCH_NOT_READY', 'This match is waiting for its players'));
    const body = await bodyOf(request);
    const winner = text(body.winner_id);
    if (winner !== m.player1 && winner !== m.player2) {
      return response(400).json(errorBody(400, 'VALIDATION_FAILED', "winner_id must be one of the match's players", [{ field: 'winner_id', message: "winner_id must be one of the match's players" }]));
    }
    const score = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
    const s1 = score(body.score1);
    const s2 = score(body.score2);
    if (organizer) decide(t, m, winner, s1, s2);
    else {
      m.reports = [...m.reports.filter((r) => r.by_user_id !== me.user.id), { by_user_id: me.user.id, winner_id: winner, score1: s1, score2: s2 }];
      if (m.reports.length === 2 && m.reports[0].winner_id === m.reports[1].winner_id) decide(t, m, winner, s1, s2);
    }
    return response(200).json(tournamentDetailDto(t, me.user.id));
  }),
];
