import { execFileSync } from 'node:child_process';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { AutoStartTournamentsUseCase } from '../src/modules/catalog/application/auto-start-tournaments.use-case.js';
import { TOURNAMENT_CLOCK, type TournamentClock } from '../src/modules/catalog/domain/tournament.ports.js';
import { createTestApp, type TestApp } from './harness.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 15, tournaments: creating one (defaults, required fields, limits, every encoding), joining and leaving
 * (once, full, closed, 40 at once for 32 places), starting (organizer only, 2 players at least) and cancelling (before
 * it starts), single-elimination brackets with byes for 2 to 13 players, match reports (agreeing, disputed, the
 * organizer's decision, who may report), the final's champion, and the scheduler's start or cancel on the start date.
 * Time moves through the tournaments' clock; nothing sleeps.
 */

type Any = Record<string, any>;
let t: TestApp;
const clock = { at: Date.now() };
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  (t.app.get(TOURNAMENT_CLOCK) as TournamentClock).now = () => new Date(clock.at);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const inDays = (days: number) => new Date(clock.at + days * DAY).toISOString();
const as = (who: Person | null, r: any) => (who ? r.set(...who.auth) : r);
const create = (who: Person | null, body: Any) => as(who, t.http().post('/api/gaming/tournament/create')).send(body);
const valid = (extra: Any = {}): Any => ({ name: 'Friday Cup', game: 'Chess', prize_pool: 100, start_date: inDays(7), ...extra });
const detail = async (id: string, who: Person | null = null): Promise<Any> => {
  const r = await as(who, t.http().get(`/api/gaming/tournament/${id}`));
  expect(r.status).toBe(200);
  return r.body;
};
const join = (who: Person, id: string) => t.http().post(`/api/gaming/tournament/${id}/join`).set(...who.auth);
const leave = (who: Person, id: string) => t.http().post(`/api/gaming/tournament/${id}/leave`).set(...who.auth);
const start = (who: Person, id: string) => t.http().post(`/api/gaming/tournament/${id}/start`).set(...who.auth);
const cancel = (who: Person, id: string, body: Any = {}) => t.http().post(`/api/gaming/tournament/${id}/cancel`).set(...who.auth).send(body);
const report = (who: Person, id: string, matchId: string, body: Any) => t.http().post(`/api/gaming/tournament/${id}/match/${matchId}/report`).set(...who.auth).send(body);
const people = async (n: number) => Promise.all(Array.from({ length: n }, () => person(t)));

async function tournamentOf(organizer: Person, players: Person[], extra: Any = {}): Promise<string> {
  const r = await create(organizer, valid(extra));
  expect(r.status).toBe(201);
  for (const p of players) expect((await join(p, r.body.id)).status).toBe(200);
  return r.body.id;
}

const matches = (d: Any): Any[] => d.bracket.rounds.flatMap((r: Any) => r.matches);
const readyMatches = (d: Any): Any[] => matches(d).filter((m) => m.status === 'ready' || m.status === 'disputed');

describe('creating a tournament', () => {
  it('creates an open tournament with the defaults (no entry fee, 32 places) and shows it to everyone', async () => {
    const me = await person(t);
    const r = await create(me, { name: '  Friday Cup ', game: ' Chess ', prize_pool: 0, start_date: inDays(3) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Friday Cup',
      game: 'Chess',
      description: '',
      entry_fee: '0.00',
      prize_pool: '0.00',
      max_participants: 32,
      current_participants: 0,
      status: 'open',
      organizer_id: me.id,
      organizer_name: me.name,
      champion_id: null,
      champion_name: null,
      joined: false,
      is_organizer: true,
      participants: [],
      bracket: null,
      cancel_reason: null,
    });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(r.body.start_date).toISOString()).toBe(inDays(3));
    // A visitor reads it, as in the list (open ones first).
    const visitor = await detail(r.body.id);
    expect(visitor).toMatchObject({ id: r.body.id, joined: false, is_organizer: false, organizer_name: me.name });
    const list = await t.http().get('/api/gaming/tournaments');
    expect(list.status).toBe(200);
    expect(list.body.find((x: Any) => x.id === r.body.id)).toMatchObject({ name: 'Friday Cup', status: 'open', prize_pool: '0.00' });
    expect(list.body.find((x: Any) => x.id === r.body.id).participants).toBeUndefined();
    // The search index hears of it.
    const events = await t.sql<{ payload: Any }>(`select payload from event_outbox where topic = 'catalog.tournament-changed'`);
    expect(events.map((e) => e.payload.tournamentId)).toContain(r.body.id);
  });

  it('takes amounts with 2 decimals, a description and a place count, as JSON, urlencoded or multipart', async () => {
    const [a, b] = await people(2);
    const json = await create(a, valid({ entry_fee: '5.5', prize_pool: '1250.75', max_participants: 8, description: 'Blitz 3+2' }));
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ entry_fee: '5.50', prize_pool: '1250.75', max_participants: 8, description: 'Blitz 3+2' });
    const form = await t.http().post('/api/gaming/tournament/create').set(...a.auth).type('form').send({ name: 'Form Cup', game: 'Go', prize_pool: '10', entry_fee: '', max_participants: '16', start_date: inDays(2) });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ name: 'Form Cup', entry_fee: '0.00', prize_pool: '10.00', max_participants: 16 });
    const multi = await t.http().post('/api/gaming/tournament/create').set(...b.auth).field('name', 'Multi Cup').field('game', 'Tetris').field('prize_pool', '0').field('start_date', inDays(2));
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ name: 'Multi Cup', game: 'Tetris', max_participants: 32 });
  });

  it('refuses missing or invalid fields with their messages and creates nothing', async () => {
    const me = await person(t);
    const cases: [Any, string, string][] = [
      [valid({ name: undefined }), 'name', 'Please enter a tournament name'],
      [valid({ name: '   ' }), 'name', 'Please enter a tournament name'],
      [valid({ game: undefined }), 'game', 'Please enter a game'],
      [valid({ game: '' }), 'game', 'Please enter a game'],
      [valid({ prize_pool: undefined }), 'prize_pool', 'Please enter a prize pool'],
      [valid({ prize_pool: '' }), 'prize_pool', 'Please enter a prize pool'],
      [valid({ start_date: undefined }), 'start_date', 'Please choose a start date'],
      [valid({ start_date: 'next friday' }), 'start_date', 'Please choose a start date'],
      [valid({ name: 'x'.repeat(101) }), 'name', 'Tournament name must be at most 100 characters'],
      [valid({ game: 'g'.repeat(101) }), 'game', 'Game must be at most 100 characters'],
      [valid({ description: 'd'.repeat(2001) }), 'description', 'Description must be at most 2000 characters'],
      [valid({ prize_pool: 1000000.01 }), 'prize_pool', 'prize_pool must be an amount from 0 to 1000000 with at most 2 decimals'],
      [valid({ prize_pool: '-1' }), 'prize_pool', 'prize_pool must be an amount from 0 to 1000000 with at most 2 decimals'],
      [valid({ prize_pool: '5.001' }), 'prize_pool', 'prize_pool must be an amount from 0 to 1000000 with at most 2 decimals'],
      [valid({ entry_fee: 10000.01 }), 'entry_fee', 'entry_fee must be an amount from 0 to 10000 with at most 2 decimals'],
      [valid({ max_participants: 1 }), 'max_participants', 'max_participants must be a whole number from 2 to 256'],
      [valid({ max_participants: 257 }), 'max_participants', 'max_participants must be a whole number from 2 to 256'],
      [valid({ max_participants: '8.5' }), 'max_participants', 'max_participants must be a whole number from 2 to 256'],
      [valid({ start_date: inDays(-1) }), 'start_date', 'The start date must be in the future'],
      [valid({ start_date: inDays(367) }), 'start_date', 'The start date must be within a year'],
    ];
    for (const [body, field, message] of cases) {
      const r = await create(me, body);
      expect({ field, status: r.status, body: r.body }).toMatchObject({ field, status: 400, body: { code: 'VALIDATION_FAILED', detail: message } });
      expect(r.body.errors).toContainEqual({ field, message });
    }
    expect(await t.sql('select 1 from tournaments where organizer_id = $1', [me.id])).toHaveLength(0);
    expect((await create(null, valid())).status).toBe(401);
  });

  it('refuses a day the month does not have or a time out of range, instead of rolling it over into another date', async () => {
    const me = await person(t);
    const year = new Date(clock.at + 200 * DAY).getUTCFullYear();
    for (const start_date of [`${year}-02-30`, `${year}-04-31T10:00:00Z`, `${year}-06-15T25:00:00Z`, `${year}-06-15T10:60:00Z`, `${year}-00-10`]) {
      const r = await create(me, valid({ start_date }));
      expect({ start_date, status: r.status, detail: r.body.detail }).toEqual({ start_date, status: 400, detail: 'Please choose a start date' });
    }
    expect(await t.sql('select 1 from tournaments where organizer_id = $1', [me.id])).toHaveLength(0);
  });

  it('reads a date-time without an offset as UTC, whatever the time zone of the server', async () => {
    const me = await person(t);
    const day = inDays(20).slice(0, 10);
    const plain = await create(me, valid({ start_date: `${day}T18:30` }));
    const spaced = await create(me, valid({ start_date: `${day} 18:30:15.5` }));
    const offset = await create(me, valid({ start_date: `${day}T18:30:00+0200` }));
    expect([plain.status, plain.body.start_date]).toEqual([201, `${day}T18:30:00.000Z`]);
    expect([spaced.status, spaced.body.start_date]).toEqual([201, `${day}T18:30:15.500Z`]);
    expect([offset.status, offset.body.start_date]).toEqual([201, `${day}T16:30:00.000Z`]);
    // The server's reading of the form's date, in a process whose time zone is not UTC (jest's process.env is a copy).
    const script = `const { parseIsoDate } = await import(${JSON.stringify(new URL('../src/modules/catalog/http/tournament-dates.ts', import.meta.url).href)});
      console.log(JSON.stringify(['${day}T18:30', '${day} 18:30:15.5', '${day}', '${day}T18:30:00+0200'].map((s) => parseIsoDate(s).toISOString())));`;
    const out = execFileSync(process.execPath, ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script], { env: { ...process.env, TZ: 'America/New_York' }, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([`${day}T18:30:00.000Z`, `${day}T18:30:15.500Z`, `${day}T00:00:00.000Z`, `${day}T16:30:00.000Z`]);
  });

  it('lets one user create at most 10 tournaments a day (429)', async () => {
    const me = await person(t);
    for (let i = 0; i < 10; i++) expect((await create(me, valid({ name: `Cup ${i}` }))).status).toBe(201);
    const r = await create(me, valid({ name: 'One too many' }));
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('RATE_LIMITED');
  });
});

describe('joining and leaving', () => {
  it('joins once, leaves, and tells who joined', async () => {
    const [org, p] = await people(2);
    const id = await tournamentOf(org, []);
    const j = await join(p, id);
    expect(j.status).toBe(200);
    expect(j.body).toMatchObject({ id, current_participants: 1, joined: true, is_organizer: false });
    const again = await join(p, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'GAMING.ALREADY_JOINED', detail: 'You have already joined this tournament' });
    const d = await detail(id, p);
    expect(d).toMatchObject({ joined: true, current_participants: 1, participants: [{ user_id: p.id, username: p.name, seed: null }] });
    expect((await detail(id)).joined).toBe(false);
    const l = await leave(p, id);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ current_participants: 0, joined: false });
    const notJoined = await leave(p, id);
    expect(notJoined.status).toBe(409);
    expect(notJoined.body).toMatchObject({ code: 'GAMING.NOT_JOINED', detail: 'You have not joined this tournament' });
    // The organizer may play too.
    expect((await join(org, id)).body).toMatchObject({ joined: true, is_organizer: true, current_participants: 1 });
    expect((await join(p, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.http().post(`/api/gaming/tournament/${id}/join`)).status).toBe(401);
  });

  it("refuses a player over max_participants: 'Tournament Full'", async () => {
    const [org, a, b, c] = await people(4);
    const id = await tournamentOf(org, [a, b], { max_participants: 2 });
    const r = await join(c, id);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'GAMING.TOURNAMENT_FULL', detail: 'Tournament Full' });
    // A place freed is taken again.
    expect((await leave(a, id)).status).toBe(200);
    expect((await join(c, id)).body.current_participants).toBe(2);
  });

  it('takes exactly 32 of 40 players joining a 32-place tournament at once; 8 are told it is full', async () => {
    const org = await person(t);
    const id = await tournamentOf(org, []);
    const players = await people(40);
    const results = await Promise.all(players.map((p) => join(p, id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(32);
    expect(results.filter((r) => r.status === 409 && r.body.detail === 'Tournament Full')).toHaveLength(8);
    const d = await detail(id);
    expect(d.current_participants).toBe(32);
    expect(d.participants).toHaveLength(32);
  });
});

describe('starting and cancelling', () => {
  it('starts only by its organizer with at least 2 players; then joining and leaving are closed', async () => {
    const [org, a, b, c] = await people(4);
    const id = await tournamentOf(org, [a]);
    const few = await start(org, id);
    expect(few.status).toBe(409);
    expect(few.body).toMatchObject({ code: 'GAMING.NOT_ENOUGH_PARTICIPANTS', detail: 'A tournament needs at least 2 participants to start' });
    expect((await join(b, id)).status).toBe(200);
    const notOrg = await start(a, id);
    expect(notOrg.status).toBe(403);
    expect(notOrg.body).toMatchObject({ code: 'GAMING.NOT_ORGANIZER', detail: 'Only the organizer can do this' });
    const s = await start(org, id);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ status: 'in_progress', participants: [{ user_id: a.id, seed: 1 }, { user_id: b.id, seed: 2 }] });
    expect(s.body.bracket.rounds).toHaveLength(1);
    for (const r of [await join(c, id), await leave(a, id), await start(org, id)]) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'GAMING.TOURNAMENT_CLOSED', detail: 'This tournament is not open for joining' });
    }
    const late = await cancel(org, id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'GAMING.TOURNAMENT_STARTED', detail: 'This tournament has already started' });
  });

  it('is cancelled by its organizer before it starts, with a reason', async () => {
    const [org, a] = await people(2);
    const id = await tournamentOf(org, [a]);
    expect((await cancel(a, id)).status).toBe(403);
    const long = await cancel(org, id, { reason: 'r'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('Reason must be at most 500 characters');
    const c = await cancel(org, id, { reason: ' Venue closed ' });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Venue closed', bracket: null });
    expect((await join(await person(t), id)).body.code).toBe('GAMING.TOURNAMENT_CLOSED');
    expect((await cancel(org, id)).status).toBe(409);
    const list = (await t.http().get('/api/gaming/tournaments?status=cancelled')).body as Any[];
    expect(list.map((x) => x.id)).toContain(id);
    expect(list.every((x) => x.status === 'cancelled')).toBe(true);
    expect((await t.http().get('/api/gaming/tournaments?status=over')).status).toBe(400);
  });
});

describe('brackets', () => {
  it.each([
    [2, 2, ['Final']],
    [4, 4, ['Semifinals', 'Final']],
    [5, 8, ['Quarterfinals', 'Semifinals', 'Final']],
    [8, 8, ['Quarterfinals', 'Semifinals', 'Final']],
    [13, 16, ['Round 1', 'Quarterfinals', 'Semifinals', 'Final']],
  ])('draws %i players into a bracket of %i, the best seeds getting the byes', async (n, size, names) => {
    const org = await person(t);
    const players = await people(n);
    const id = await tournamentOf(org, players);
    const s = await start(org, id);
    expect(s.status).toBe(200);
    const rounds = s.body.bracket.rounds as Any[];
    expect(rounds.map((r) => r.name)).toEqual(names);
    expect(rounds.map((r) => r.number)).toEqual(names.map((_, i) => i + 1));
    expect(rounds.map((r) => r.matches.length)).toEqual(names.map((_, i) => size / 2 ** (i + 1)));
    // Seeds are the join order here (nobody has won a tournament).
    expect(s.body.participants.map((p: Any) => [p.user_id, p.seed])).toEqual(players.map((p, i) => [p.id, i + 1]));
    const first = rounds[0].matches as Any[];
    const byes = first.filter((m) => m.bye);
    expect(byes).toHaveLength(size - n);
    // Byes: the best seeds go through without playing.
    expect(byes.map((m) => (m.player1 ?? m.player2).seed).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
    for (const m of byes) expect(m).toMatchObject({ status: 'completed', winner_id: (m.player1 ?? m.player2).user_id, can_report: false });
    const played = first.filter((m) => !m.bye);
    for (const m of played) expect(m).toMatchObject({ status: 'ready', winner_id: null });
    // Every player is in the first round exactly once.
    expect(first.flatMap((m) => [m.player1?.user_id, m.player2?.user_id]).filter(Boolean).sort()).toEqual(players.map((p) => p.id).sort());
    // A bye's player already waits in round 2.
    if (rounds.length > 1) {
      const waiting = (rounds[1].matches as Any[]).flatMap((m) => [m.player1?.user_id, m.player2?.user_id]).filter(Boolean);
      expect(waiting.sort()).toEqual(byes.map((m) => (m.player1 ?? m.player2).user_id).sort());
    }
    // The organizer plays it out: the final's winner is the champion.
    let d = s.body;
    for (let guard = 0; d.status === 'in_progress' && guard < 20; guard++) {
      const m = readyMatches(d)[0];
      const r = await report(org, id, m.id, { winner_id: m.player1.user_id, score1: 2, score2: 1 });
      expect(r.status).toBe(200);
      d = r.body;
    }
    expect(d).toMatchObject({ status: 'completed', champion_id: players[0].id, champion_name: players[0].name });
    expect(matches(d).every((m) => m.status === 'completed' && m.can_report === false)).toBe(true);
  });

  it('seeds the players with the most tournament wins first', async () => {
    const [org, a, b] = await people(3);
    const won = await tournamentOf(org, [b, a]);
    const s = await start(org, won);
    const final = matches(s.body)[0];
    expect((await report(org, won, final.id, { winner_id: b.id })).body.champion_id).toBe(b.id);
    // b joins last but has a win: seed 1.
    const c = await person(t);
    const next = await tournamentOf(org, [a, c, b]);
    const d = (await start(org, next)).body;
    expect(d.participants.map((p: Any) => [p.user_id, p.seed])).toEqual([[b.id, 1], [a.id, 2], [c.id, 3]]);
  });
});

describe('match reports', () => {
  it('decides a match when both players report the same winner; the winner goes on', async () => {
    const [org, a, b, c, d] = await people(5);
    const id = await tournamentOf(org, [a, b, c, d]);
    const s = (await start(org, id)).body;
    const m = matches(s).find((x) => x.player1.user_id === a.id)!;
    const loser = m.player2.user_id === b.id ? b : m.player2.user_id === c.id ? c : d;
    const r1 = await report(a, id, m.id, { winner_id: a.id, score1: 3, score2: 1 });
    expect(r1.status).toBe(200);
    const after1 = matches(r1.body).find((x) => x.id === m.id);
    expect(after1).toMatchObject({ status: 'ready', winner_id: null, reports: [{ by_user_id: a.id, winner_id: a.id, score1: 3, score2: 1 }], can_report: true });
    const r2 = await report(loser, id, m.id, { winner_id: a.id, score1: 3, score2: 1 });
    expect(r2.status).toBe(200);
    expect(matches(r2.body).find((x) => x.id === m.id)).toMatchObject({ status: 'completed', winner_id: a.id, score1: 3, score2: 1, can_report: false });
    const final = r2.body.bracket.rounds[1].matches[0];
    expect([final.player1?.user_id, final.player2?.user_id]).toContain(a.id);
    const decided = await report(a, id, m.id, { winner_id: a.id });
    expect(decided.status).toBe(409);
    expect(decided.body).toMatchObject({ code: 'GAMING.MATCH_DECIDED', detail: 'This match is already decided' });
  });

  it('leaves a match disputed when the players disagree, until the organizer decides', async () => {
    const [org, a, b] = await people(3);
    const id = await tournamentOf(org, [a, b]);
    const m = matches((await start(org, id)).body)[0];
    expect((await report(a, id, m.id, { winner_id: a.id })).status).toBe(200);
    const r = await report(b, id, m.id, { winner_id: b.id });
    expect(r.status).toBe(200);
    expect(matches(r.body)[0]).toMatchObject({ status: 'disputed', winner_id: null });
    expect(matches(r.body)[0].reports).toHaveLength(2);
    expect(r.body.status).toBe('in_progress');
    // As the organizer sees it: they may decide.
    expect(matches(await detail(id, org))[0]).toMatchObject({ status: 'disputed', can_report: true });
    expect(matches(await detail(id))[0].can_report).toBe(false);
    const decided = await report(org, id, m.id, { winner_id: b.id, score1: 0, score2: 2 });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'completed', champion_id: b.id, champion_name: b.name });
    expect(matches(decided.body)[0]).toMatchObject({ status: 'completed', winner_id: b.id, score1: 0, score2: 2 });
    const completed = (await t.http().get('/api/gaming/tournaments?status=completed')).body as Any[];
    expect(completed.find((x) => x.id === id)).toMatchObject({ champion_id: b.id });
  });

  it('refuses reports from others, for matches waiting for players, and with a winner who is not in the match', async () => {
    const [org, a, b, c, outsider] = await people(5);
    const id = await tournamentOf(org, [a, b, c]);
    const s = (await start(org, id)).body;
    const first = s.bracket.rounds[0].matches as Any[];
    const played = first.find((m) => !m.bye)!;
    const final = s.bracket.rounds[1].matches.find((m: Any) => !(m.player1 && m.player2))!;
    const byeMatch = first.find((m) => m.bye)!;
    const other = await report(outsider, id, played.id, { winner_id: played.player1.user_id });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'GAMING.NOT_MATCH_PLAYER', detail: 'Only the organizer or the players of this match can report it' });
    // a has seed 1 and a bye: not a player of the other first-round match.
    expect((await report(a, id, played.id, { winner_id: played.player1.user_id })).status).toBe(403);
    const waiting = await report(org, id, final.id, { winner_id: a.id });
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ code: 'GAMING.MATCH_NOT_READY', detail: 'This match is waiting for its players' });
    expect((await report(org, id, byeMatch.id, { winner_id: a.id })).body.code).toBe('GAMING.MATCH_DECIDED');
    const wrong = await report(org, id, played.id, { winner_id: outsider.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: "winner_id must be one of the match's players" });
    const notUuid = await report(org, id, played.id, { winner_id: 'someone' });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.detail).toBe("winner_id must be one of the match's players");
    const badScore = await report(org, id, played.id, { winner_id: played.player1.user_id, score1: 1000 });
    expect(badScore.status).toBe(400);
    expect(badScore.body.detail).toBe('Scores must be whole numbers from 0 to 999');
    // Scores that contradict the winner (lower, or a draw) are refused.
    const lower = await report(org, id, played.id, { winner_id: played.player1.user_id, score1: 1, score2: 3 });
    expect(lower.status).toBe(400);
    expect(lower.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The winner must have the higher score' });
    expect((await report(org, id, played.id, { winner_id: played.player2.user_id, score1: 2, score2: 2 })).body.detail).toBe('The winner must have the higher score');
    const noMatch = await report(org, id, '00000000-0000-4000-8000-000000000000', { winner_id: a.id });
    expect(noMatch.status).toBe(404);
    expect(noMatch.body).toMatchObject({ code: 'GAMING.MATCH_NOT_FOUND', detail: 'Match not found' });
    // Nothing changed.
    expect(matches(await detail(id)).filter((m) => m.status === 'completed')).toHaveLength(1);
  });
});

describe('the scheduler', () => {
  it('starts an open tournament on its start date with 2 players or more, and cancels one with fewer', async () => {
    const [org, a, b, c] = await people(4);
    const ready = await tournamentOf(org, [a, b], { start_date: inDays(1) });
    const lonely = await tournamentOf(org, [c], { start_date: inDays(1) });
    const later = await tournamentOf(org, [], { start_date: inDays(5) });
    const autoStart = t.app.get(AutoStartTournamentsUseCase);
    await autoStart.execute();
    expect((await detail(ready)).status).toBe('open');
    clock.at += DAY + 1000;
    const { started, cancelled } = await autoStart.execute();
    expect(started).toContain(ready);
    expect(cancelled).toContain(lonely);
    expect(started).not.toContain(later);
    const s = await detail(ready);
    expect(s).toMatchObject({ status: 'in_progress' });
    expect(s.bracket.rounds[0].matches).toHaveLength(1);
    expect(await detail(lonely)).toMatchObject({ status: 'cancelled', cancel_reason: 'Not enough participants', bracket: null });
    expect((await detail(later)).status).toBe('open');
    // Run again: nothing more to do.
    const again = await autoStart.execute();
    expect(again.started).not.toContain(ready);
    expect(again.cancelled).not.toContain(lonely);
  });
});

describe('deleted users', () => {
  it("frees a deleted player's places and cancels the open tournaments they organized; played ones keep them", async () => {
    const [org, quitter, a, b] = await people(4);
    const joinedOpen = await tournamentOf(org, [quitter, a]);
    const organized = await tournamentOf(quitter, [a]);
    const played = await tournamentOf(org, [quitter, b]);
    expect((await start(org, played)).status).toBe(200);
    expect((await t.http().delete('/api/me').set(...quitter.auth).send({ confirmation: quitter.name })).status).toBe(200);
    await settled(t);
    expect(await detail(joinedOpen)).toMatchObject({ status: 'open', current_participants: 1, participants: [{ user_id: a.id }] });
    expect(await detail(organized)).toMatchObject({ status: 'cancelled', cancel_reason: 'The organizer deleted their account', current_participants: 1, participants: [{ user_id: a.id }] });
    const p = await detail(played);
    expect(p).toMatchObject({ status: 'in_progress', current_participants: 2 });
    expect(p.participants.map((x: Any) => x.username)).toContain('Deleted user');
  });
});

describe('notifications', () => {
  const tournamentNews = async (who: Person): Promise<Any[]> =>
    ((await t.http().get('/api/notifications').set(...who.auth)).body.notifications as Any[]).filter((n) => n.type === 'tournament');

  it('tells the participants once when it starts, the champion that they won, the others who did, and everyone when it is cancelled', async () => {
    const [org, a, b] = await people(3);
    const id = await tournamentOf(org, [a, b], { name: 'News Cup' });
    await settled(t);
    expect(await tournamentNews(a)).toEqual([]);
    expect((await start(org, id)).status).toBe(200);
    await settled(t);
    const started = { type: 'tournament', title: 'Tournament started', message: 'News Cup has started: the bracket is out.', link: { kind: 'tournament', id } };
    expect(await tournamentNews(a)).toMatchObject([started]);
    expect(await tournamentNews(b)).toMatchObject([started]);
    expect(await tournamentNews(org)).toEqual([]);
    const [final] = readyMatches(await detail(id));
    expect((await report(org, id, final.id, { winner_id: a.id })).status).toBe(200);
    await settled(t);
    expect(await tournamentNews(a)).toMatchObject([{ title: 'You won the tournament!', message: 'You are the champion of News Cup.' }, started]);
    expect(await tournamentNews(b)).toMatchObject([{ title: 'Tournament completed', message: `News Cup is over: ${a.name} is the champion.` }, started]);

    const other = await tournamentOf(org, [a], { name: 'Short Cup' });
    expect((await cancel(org, other, { reason: 'Venue closed' })).status).toBe(200);
    await settled(t);
    expect((await tournamentNews(a))[0]).toMatchObject({ title: 'Tournament cancelled', message: 'Short Cup was cancelled: Venue closed', link: { kind: 'tournament', id: other } });
  });
});

describe('the gaming feature', () => {
  it("answers 503 while 'gaming' is off", async () => {
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'gaming'`);
    await flags.changed('gaming', false);
    try {
      expect((await t.http().get('/api/gaming/tournaments')).status).toBe(503);
      expect((await create(await person(t), valid())).status).toBe(503);
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'gaming'`);
      await flags.changed('gaming', true);
    }
    expect((await t.http().get('/api/gaming/tournaments')).status).toBe(200);
  });
});
