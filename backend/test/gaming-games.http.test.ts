import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { GAME_CLOCK, type GameClock } from '../src/modules/catalog/domain/game.ports.js';
import { CatalogFacade } from '../src/modules/catalog/catalog.facade.js';
import { GameUserEvents } from '../src/modules/catalog/application/game-user-events.js';
import { PurgeUnscoredGameSessionsUseCase } from '../src/modules/catalog/application/purge-unscored-game-sessions.use-case.js';
import { createTestApp, type TestApp } from './harness.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 15, browser games: the built-in games, plays (sessions) with honest scores, ratings and per-game
 * leaderboards of today, this week and all time. Time moves through the games' injectable clock; nothing sleeps.
 */

type Any = Record<string, any>;
let t: TestApp;
let clock: { at: number };

const TARGET_RUSH = '6a3c1f0e-5b1d-4e7a-9c01-0a0000000001';
const PIXEL_SNIPER = '6a3c1f0e-5b1d-4e7a-9c01-0a0000000002';
const REFLEX = '6a3c1f0e-5b1d-4e7a-9c01-0a0000000003';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  // A Wednesday, noon UTC.
  clock = { at: Date.parse('2026-11-25T12:00:00Z') };
  (t.app.get(GAME_CLOCK) as GameClock).now = () => new Date(clock.at);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const as = (who: Person | null, r: any) => (who ? r.set(...who.auth) : r);
const getGame = async (id: string, who: Person | null = null): Promise<Any> => {
  const r = await as(who, t.http().get(`/api/gaming/game/${id}`));
  expect(r.status).toBe(200);
  return r.body;
};
const play = (who: Person, gameId: string) => t.http().post(`/api/gaming/game/${gameId}/play`).set(...who.auth);
const score = (who: Person, gameId: string, sessionId: string, points: unknown) => t.http().post(`/api/gaming/game/${gameId}/score`).set(...who.auth).send({ session_id: sessionId, score: points });
const board = (gameId: string, who: Person | null = null, period?: string) => as(who, t.http().get(`/api/gaming/game/${gameId}/leaderboard`).query(period ? { period } : {}));
/** A full play: starts a session, lets its 30 s pass, sends the score. */
const playAndScore = async (who: Person, gameId: string, points: number): Promise<Any> => {
  const s = await play(who, gameId);
  expect(s.status).toBe(201);
  clock.at += 30_000;
  const r = await score(who, gameId, s.body.session_id, points);
  expect([r.status, r.body.code]).toEqual([201, undefined]);
  return r.body;
};
/** A game of its own (a test fixture row), so a test's leaderboard holds only its own players. */
const freshGame = async (maxPointsPerSecond = 25): Promise<string> => {
  const id = randomUUID();
  await t.sql(
    `insert into games (id, slug, name, description, thumbnail, category, engine, engine_options, max_points_per_second) values ($1, $2, $3, 'A test game', '/games/target-rush.svg', 'Arcade', 'target', '{}', $4)`,
    [id, `test-${id.slice(0, 8)}`, `Test game ${id.slice(0, 8)}`, maxPointsPerSecond],
  );
  return id;
};

describe('the games', () => {
  it('lists the built-in games to visitors, with every field, and opens each', async () => {
    const r = await t.http().get('/api/gaming/games');
    expect(r.status).toBe(200);
    const byId = new Map((r.body as Any[]).map((g) => [g.id, g]));
    const common = { players: 0, rating: null, rating_count: 0, plays: 0, duration_seconds: 30, my_rating: null, my_best: null, description: expect.any(String) };
    expect(byId.get(TARGET_RUSH)).toEqual({ ...common, id: TARGET_RUSH, name: 'Target Rush', thumbnail: '/games/target-rush.svg', category: 'Arcade', engine: 'target', engine_options: {}, max_points_per_second: 25 });
    expect(byId.get(PIXEL_SNIPER)).toEqual({ ...common, id: PIXEL_SNIPER, name: 'Pixel Sniper', thumbnail: '/games/pixel-sniper.svg', category: 'Shooter', engine: 'target', engine_options: { size: 'small' }, max_points_per_second: 25 });
    expect(byId.get(REFLEX)).toEqual({ ...common, id: REFLEX, name: 'Reflex', thumbnail: '/games/reflex.svg', category: 'Reaction', engine: 'reaction', engine_options: {}, max_points_per_second: 10 });
    for (const id of [TARGET_RUSH, PIXEL_SNIPER, REFLEX]) expect(await getGame(id)).toEqual(byId.get(id));
  });

  it("answers 404 'Game not found' for an unknown id or one that is not an id", async () => {
    for (const id of [randomUUID(), 'not-a-game']) {
      const r = await t.http().get(`/api/gaming/game/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, code: 'GAMING.GAME_NOT_FOUND', detail: 'Game not found' });
    }
    const me = await person(t);
    expect((await play(me, randomUUID())).body).toMatchObject({ code: 'GAMING.GAME_NOT_FOUND' });
    expect((await board(randomUUID())).status).toBe(404);
  });

  it('a play counts in plays; players counts the distinct users who finished a session; the most played first', async () => {
    const game = await freshGame();
    const [a, b] = [await person(t), await person(t)];
    const s = await play(a, game);
    expect(s.status).toBe(201);
    expect(s.body).toEqual({
      session_id: expect.any(String),
      game_id: game,
      started_at: new Date(clock.at).toISOString(),
      ends_at: new Date(clock.at + 30_000).toISOString(),
      duration_seconds: 30,
      max_points_per_second: 25,
    });
    expect(await getGame(game)).toMatchObject({ plays: 1, players: 0 });
    clock.at += 30_000;
    expect((await score(a, game, s.body.session_id, 50)).status).toBe(201);
    expect(await getGame(game)).toMatchObject({ plays: 1, players: 1 });
    await playAndScore(a, game, 60);
    await play(b, game); // started, never finished
    expect(await getGame(game)).toMatchObject({ plays: 3, players: 1 });
    await playAndScore(b, game, 10);
    expect(await getGame(game)).toMatchObject({ plays: 4, players: 2 });
    expect(await getGame(game, a)).toMatchObject({ my_best: 60, my_rating: null });
    expect(await getGame(game, b)).toMatchObject({ my_best: 10 });
    expect(await getGame(game)).toMatchObject({ my_best: null });
    const list = (await t.http().get('/api/gaming/games').set(...a.auth)).body as Any[];
    expect(list.find((g) => g.id === game)).toMatchObject({ plays: 4, my_best: 60 });
    const plays = list.map((g) => g.plays);
    expect(plays).toEqual([...plays].sort((x, y) => y - x));
  });

  it('playing, scoring and rating need a signed-in user (401); reading does not', async () => {
    expect((await t.http().post(`/api/gaming/game/${TARGET_RUSH}/play`)).status).toBe(401);
    expect((await t.http().post(`/api/gaming/game/${TARGET_RUSH}/score`).send({ session_id: randomUUID(), score: 1 })).status).toBe(401);
    expect((await t.http().post(`/api/gaming/game/${TARGET_RUSH}/rate`).send({ rating: 5 })).status).toBe(401);
    expect((await board(TARGET_RUSH)).status).toBe(200);
    expect((await t.http().get('/api/gaming/games').set('Authorization', 'Bearer not-a-token')).status).toBe(401);
  });
});

describe('honest scores', () => {
  it('answers the score, best and ranks; a lower score is no personal best', async () => {
    const game = await freshGame();
    const me = await person(t);
    expect(await playAndScore(me, game, 120)).toEqual({ score: 120, best_score: 120, personal_best: true, rank_today: 1, rank_week: 1, rank_all_time: 1 });
    expect(await playAndScore(me, game, 80)).toEqual({ score: 80, best_score: 120, personal_best: false, rank_today: 1, rank_week: 1, rank_all_time: 1 });
    const rival = await person(t);
    expect(await playAndScore(rival, game, 200)).toEqual({ score: 200, best_score: 200, personal_best: true, rank_today: 1, rank_week: 1, rank_all_time: 1 });
    expect(await playAndScore(me, game, 130)).toEqual({ score: 130, best_score: 130, personal_best: true, rank_today: 2, rank_week: 2, rank_all_time: 2 });
  });

  it("refuses a score while the game is still running (409), takes it from 1 s before the end; a second score is refused (409)", async () => {
    const me = await person(t);
    const s = (await play(me, REFLEX)).body;
    clock.at += 28_000;
    const early = await score(me, REFLEX, s.session_id, 20);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'GAMING.GAME_RUNNING', detail: 'The game is still running' });
    clock.at += 1_000; // ends_at − 1 s
    expect((await score(me, REFLEX, s.session_id, 20)).status).toBe(201);
    const again = await score(me, REFLEX, s.session_id, 25);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'GAMING.SESSION_USED', detail: 'This game session already has a score' });
    expect((await getGame(REFLEX, me)).my_best).toBe(20);
  });

  it('refuses a score more than 2 minutes after the end (410) and keeps nothing', async () => {
    const game = await freshGame();
    const me = await person(t);
    const s = (await play(me, game)).body;
    clock.at += 30_000 + 120_000 + 1_000;
    const late = await score(me, game, s.session_id, 20);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'GAMING.SESSION_EXPIRED', detail: 'This game session has expired' });
    expect(await getGame(game, me)).toMatchObject({ players: 0, my_best: null });
    expect((await board(game, me)).body).toMatchObject({ entries: [], me: null });
    // Exactly 2 minutes after the end is still in time.
    const s2 = (await play(me, game)).body;
    clock.at += 150_000;
    expect((await score(me, game, s2.session_id, 20)).status).toBe(201);
  });

  it("answers 404 for another user's session, another game's, an unknown one, and nothing changes", async () => {
    const game = await freshGame();
    const [owner, thief] = [await person(t), await person(t)];
    const s = (await play(owner, game)).body;
    clock.at += 30_000;
    for (const [who, g, id] of [
      [thief, game, s.session_id],
      [owner, TARGET_RUSH, s.session_id],
      [owner, game, randomUUID()],
      [owner, game, 'not-a-session'],
    ] as [Person, string, string][]) {
      const r = await score(who, g, id, 10);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'GAMING.SESSION_NOT_FOUND', detail: 'Game session not found' });
    }
    expect(await getGame(game, thief)).toMatchObject({ players: 0, my_best: null });
    // The owner's session is still unused.
    expect((await score(owner, game, s.session_id, 10)).status).toBe(201);
  });

  it("refuses an implausible score (400, with the game's maximum) and a score that is not a whole number of at least 0", async () => {
    const me = await person(t);
    for (const [game, max] of [
      [TARGET_RUSH, 750],
      [REFLEX, 300],
    ] as [string, number][]) {
      const s = (await play(me, game)).body;
      clock.at += 30_000;
      const r = await score(me, game, s.session_id, max + 1);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, code: 'GAMING.IMPLAUSIBLE_SCORE', detail: `Score is not plausible: at most ${max} points in 30 seconds` });
      for (const bad of [-1, 2.5, 'lots', null]) {
        const v = await score(me, game, s.session_id, bad);
        expect(v.status).toBe(400);
        expect(v.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'score must be a whole number of at least 0' });
      }
      // Refused scores used nothing: the maximum itself is taken.
      expect((await score(me, game, s.session_id, max)).body).toMatchObject({ score: max, personal_best: true });
    }
  });

  it('takes one score when the same session is sent twice at once (201 and 409)', async () => {
    const game = await freshGame();
    const me = await person(t);
    const s = (await play(me, game)).body;
    clock.at += 30_000;
    const both = await Promise.all([score(me, game, s.session_id, 30), score(me, game, s.session_id, 40)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await getGame(game, me)).toMatchObject({ players: 1 });
    expect((await t.sql('select count(*)::int as n from game_scores where session_id = $1', [s.session_id]))[0]).toEqual({ n: 1 });
  });

  it('limits plays to 12 a minute per user (429)', async () => {
    const me = await person(t);
    const statuses: number[] = [];
    // Fixed one-minute windows: 25 plays in a row cross at most one window boundary, so at least one is refused.
    for (let i = 0; i < 25; i += 1) statuses.push((await play(me, PIXEL_SNIPER)).status);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(201));
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });
});

describe('ratings', () => {
  it("refuses a rating before the user finished a session (403 'Play the game before rating it')", async () => {
    const game = await freshGame();
    const me = await person(t);
    const rate = () => t.http().post(`/api/gaming/game/${game}/rate`).set(...me.auth).send({ rating: 4 });
    const r = await rate();
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'GAMING.PLAY_FIRST', detail: 'Play the game before rating it' });
    await play(me, game); // started is not finished
    expect((await rate()).status).toBe(403);
    expect(await getGame(game)).toMatchObject({ rating: null, rating_count: 0 });
  });

  it('averages ratings with one decimal; each player rates once and may change it', async () => {
    const game = await freshGame();
    const [a, b, c] = [await person(t), await person(t), await person(t)];
    for (const p of [a, b, c]) await playAndScore(p, game, 5);
    const rate = (who: Person, rating: unknown) => t.http().post(`/api/gaming/game/${game}/rate`).set(...who.auth).send({ rating });
    const first = await rate(a, 5);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: game, rating: 5, rating_count: 1, my_rating: 5, my_best: 5 });
    expect((await rate(b, 4)).body).toMatchObject({ rating: 4.5, rating_count: 2, my_rating: 4 });
    expect((await rate(c, 4)).body).toMatchObject({ rating: 4.3, rating_count: 3, my_rating: 4 });
    expect((await rate(a, 1)).body).toMatchObject({ rating: 3, rating_count: 3, my_rating: 1 });
    expect(await getGame(game, b)).toMatchObject({ rating: 3, rating_count: 3, my_rating: 4 });
    expect(await getGame(game)).toMatchObject({ my_rating: null });
    for (const bad of [0, 6, 2.5, 'five']) {
      const r = await rate(a, bad);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'rating must be a whole number from 1 to 5' });
    }
    expect(await getGame(game, a)).toMatchObject({ rating: 3, my_rating: 1 });
  });
});

describe('per-game leaderboards', () => {
  it('top 10 of all time, ties sharing a rank, and `me` for a player below the top 10', async () => {
    const game = await freshGame();
    const players: Person[] = [];
    for (let i = 0; i < 13; i += 1) players.push(await person(t));
    // Scores: 300, 300, 290, 280, ... (ties at the top); player 12 below the top ten, player 13 without a score.
    const points = [300, 300, 290, 280, 270, 260, 260, 250, 240, 230, 220, 210];
    for (let i = 0; i < points.length; i += 1) await playAndScore(players[i]!, game, points[i]!);
    // A lower later score does not lower anyone's best.
    await playAndScore(players[0]!, game, 10);
    const visitor = await board(game);
    expect(visitor.status).toBe(200);
    expect(visitor.body.game_id).toBe(game);
    expect(visitor.body.period).toBe('all');
    expect(visitor.body.me).toBeNull();
    expect(visitor.body.entries).toHaveLength(10);
    expect(visitor.body.entries.map((e: Any) => [e.rank, e.score])).toEqual([
      [1, 300],
      [1, 300],
      [3, 290],
      [4, 280],
      [5, 270],
      [6, 260],
      [6, 260],
      [8, 250],
      [9, 240],
      [10, 230],
    ]);
    // The earlier of a tie first.
    expect(visitor.body.entries[0]).toEqual({ rank: 1, user_id: players[0]!.id, username: players[0]!.name, score: 300, achieved_at: expect.any(String) });
    expect(visitor.body.entries[1]).toMatchObject({ user_id: players[1]!.id, username: players[1]!.name });
    expect(Date.parse(visitor.body.entries[0].achieved_at)).toBeLessThan(Date.parse(visitor.body.entries[1].achieved_at));
    expect((await board(game, players[11]!)).body.me).toEqual({ rank: 12, score: 210 });
    expect((await board(game, players[6]!)).body.me).toEqual({ rank: 6, score: 260 });
    expect((await board(game, players[12]!)).body.me).toBeNull();
    // A new best moves the player up, and everyone below down.
    await playAndScore(players[11]!, game, 295);
    expect((await board(game, players[11]!)).body.me).toEqual({ rank: 3, score: 295 });
    expect((await board(game, players[2]!)).body.me).toEqual({ rank: 4, score: 290 });
  });

  it('today is the current UTC day, week the current ISO week (from Monday), all is all time', async () => {
    const game = await freshGame();
    const [sunday, monday, today] = [await person(t), await person(t), await person(t)];
    const saved = clock.at;
    try {
      clock.at = Date.parse('2026-11-22T20:00:00Z'); // Sunday of the week before
      await playAndScore(sunday, game, 500);
      clock.at = Date.parse('2026-11-23T00:00:00Z'); // Monday 00:00 UTC
      await playAndScore(monday, game, 400);
      clock.at = Date.parse('2026-11-25T00:10:00Z'); // Wednesday
      expect(await playAndScore(today, game, 300)).toMatchObject({ rank_today: 1, rank_week: 2, rank_all_time: 3 });
      const ids = async (period: string) => ((await board(game, null, period)).body.entries as Any[]).map((e) => e.user_id);
      expect(await ids('today')).toEqual([today.id]);
      expect(await ids('week')).toEqual([monday.id, today.id]);
      expect(await ids('all')).toEqual([sunday.id, monday.id, today.id]);
      expect((await board(game, sunday, 'week')).body).toMatchObject({ period: 'week', me: null });
      expect((await board(game, today, 'today')).body.me).toEqual({ rank: 1, score: 300 });
      // The next day: today is empty again, the week goes on.
      clock.at = Date.parse('2026-11-26T09:00:00Z');
      expect(await ids('today')).toEqual([]);
      expect(await ids('week')).toEqual([monday.id, today.id]);
      // The next week starts on Monday.
      clock.at = Date.parse('2026-11-30T00:00:00Z');
      expect(await ids('week')).toEqual([]);
      expect(await ids('all')).toEqual([sunday.id, monday.id, today.id]);
    } finally {
      clock.at = saved;
    }
    const bad = await board(game, null, 'month');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'period must be one of today, week, all' });
  });

  it('keeps ranks right when many players send scores at once', async () => {
    const game = await freshGame();
    const players: Person[] = [];
    for (let i = 0; i < 8; i += 1) players.push(await person(t));
    const first = await Promise.all(players.map((p) => play(p, game)));
    clock.at += 30_000;
    // Everyone improves at once, crossing each other's old bests.
    await Promise.all(players.map((p, i) => score(p, game, first[i]!.body.session_id, 10 + i * 10)));
    const second = await Promise.all(players.map((p) => play(p, game)));
    clock.at += 30_000;
    const results = await Promise.all(players.map((p, i) => score(p, game, second[i]!.body.session_id, 200 - i * 20)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(await getGame(game)).toMatchObject({ plays: 16, players: 8 });
    // Bests 200, 180, 160, 140, 120, 100, 80 and 80 (the last one's first score): ranks 1 to 7, and 7 again.
    const bests = players.map((_, i) => Math.max(10 + i * 10, 200 - i * 20));
    expect(bests).toEqual([200, 180, 160, 140, 120, 100, 80, 80]);
    const ranks = [1, 2, 3, 4, 5, 6, 7, 7];
    for (let i = 0; i < 8; i += 1) expect((await board(game, players[i]!)).body.me).toEqual({ rank: ranks[i], score: bests[i] });
    expect((await board(game)).body.entries.map((e: Any) => [e.rank, e.score])).toEqual(bests.map((b, i) => [ranks[i], b]));
  });

  it('a player with two bests in a period keeps one entry, their best', async () => {
    const game = await freshGame();
    const me = await person(t);
    await playAndScore(me, game, 40);
    await playAndScore(me, game, 90);
    await playAndScore(me, game, 70);
    for (const period of ['today', 'week', 'all']) {
      const r = await board(game, me, period);
      expect(r.body.entries).toEqual([{ rank: 1, user_id: me.id, username: me.name, score: 90, achieved_at: expect.any(String) }]);
      expect(r.body.me).toEqual({ rank: 1, score: 90 });
    }
  });
});

/** The deleted-user handler, run as the durable event's job runs it (in its own request context). */
const forgetPlayer = (userId: string) => RequestContext.create(t.orm.em, () => t.app.get(GameUserEvents).forgetDeletedPlayer(userId));

describe('deleted players', () => {
  it("a deleted player's scores, bests and ratings go: the others' ranks close up, the average and players follow; plays stay", async () => {
    const [game, other] = [await freshGame(), await freshGame()];
    const [top, quitter, below, tied] = [await person(t), await person(t), await person(t), await person(t)];
    const saved = clock.at;
    try {
      // The quitter's all-time best (280) is from the week before; today they scored 150, tying with `tied`.
      clock.at = saved - 3 * 86_400_000;
      await playAndScore(quitter, game, 280);
    } finally {
      clock.at = saved;
    }
    await playAndScore(top, game, 300);
    await playAndScore(below, game, 200);
    await playAndScore(quitter, game, 150);
    await playAndScore(tied, game, 150);
    await play(quitter, game); // a session never finished
    await playAndScore(quitter, other, 90);
    const rate = (who: Person, g: string, rating: number) => t.http().post(`/api/gaming/game/${g}/rate`).set(...who.auth).send({ rating });
    for (const [who, rating] of [[top, 5], [quitter, 2], [below, 4]] as [Person, number][]) expect((await rate(who, game, rating)).status).toBe(200);
    expect((await rate(quitter, other, 1)).status).toBe(200);
    const ranked = async (period: string) => ((await board(game, null, period)).body.entries as Any[]).map((e) => [e.rank, e.user_id, e.score]);
    expect(await getGame(game)).toMatchObject({ plays: 6, players: 4, rating: 3.7, rating_count: 3 });
    expect(await ranked('all')).toEqual([[1, top.id, 300], [2, quitter.id, 280], [3, below.id, 200], [4, tied.id, 150]]);
    expect(await ranked('today')).toEqual([[1, top.id, 300], [2, below.id, 200], [3, quitter.id, 150], [3, tied.id, 150]]);
    expect((await board(game, below)).body.me).toEqual({ rank: 3, score: 200 });
    expect((await board(game, tied)).body.me).toEqual({ rank: 4, score: 150 });

    expect((await t.http().delete('/api/me').set(...quitter.auth).send({ confirmation: quitter.name })).status).toBe(200);
    await settled(t);

    const after = async () => {
      expect(await ranked('all')).toEqual([[1, top.id, 300], [2, below.id, 200], [3, tied.id, 150]]);
      expect(await ranked('week')).toEqual([[1, top.id, 300], [2, below.id, 200], [3, tied.id, 150]]);
      expect(await ranked('today')).toEqual([[1, top.id, 300], [2, below.id, 200], [3, tied.id, 150]]);
      expect((await board(game, below)).body.me).toEqual({ rank: 2, score: 200 });
      expect((await board(game, tied)).body.me).toEqual({ rank: 3, score: 150 });
      expect((await board(game, tied, 'today')).body.me).toEqual({ rank: 3, score: 150 });
      // `plays` counts sessions started and keeps them; players and the average no longer count the quitter.
      expect(await getGame(game, top)).toMatchObject({ plays: 6, players: 3, rating: 4.5, rating_count: 2, my_rating: 5 });
      expect(await getGame(other)).toMatchObject({ plays: 1, players: 0, rating: null, rating_count: 0 });
      expect((await board(other)).body.entries).toEqual([]);
      const left = await t.sql(
        `select (select count(*) from game_sessions where user_id = $1)::int as sessions, (select count(*) from game_scores where user_id = $1)::int as scores,
                (select count(*) from game_best_scores where user_id = $1)::int as bests, (select count(*) from game_ratings where user_id = $1)::int as ratings`,
        [quitter.id],
      );
      expect(left).toEqual([{ sessions: 0, scores: 0, bests: 0, ratings: 0 }]);
    };
    await after();
    // Handled again (the event is delivered at least once): nothing more changes.
    await forgetPlayer(quitter.id);
    await after();
    // A new score of the others still ranks against the right counts.
    await playAndScore(tied, game, 250);
    expect((await board(game, tied)).body.me).toEqual({ rank: 2, score: 250 });
    expect((await board(game, below)).body.me).toEqual({ rank: 3, score: 200 });
  });

  it("keeps a living user's games when their profile changes", async () => {
    const game = await freshGame();
    const me = await person(t);
    await playAndScore(me, game, 40);
    await forgetPlayer(me.id);
    expect(await getGame(game, me)).toMatchObject({ players: 1, my_best: 40 });
  });
});

describe('unscored sessions', () => {
  it('are purged a day after they started; scored and younger sessions stay', async () => {
    const game = await freshGame();
    const me = await person(t);
    const purge = t.app.get(PurgeUnscoredGameSessionsUseCase);
    const old = (await play(me, game)).body.session_id as string;
    await playAndScore(me, game, 60);
    const scored = ((await t.sql('select session_id from game_scores where user_id = $1', [me.id])) as Any[])[0]!.session_id as string;
    clock.at += 86_400_000 - 120_000; // not yet a day after the old session started
    const young = (await play(me, game)).body.session_id as string;
    const sessions = async () => ((await t.sql('select id from game_sessions where user_id = $1 order by id', [me.id])) as Any[]).map((r) => r.id);
    await purge.execute();
    expect(await sessions()).toEqual([old, scored, young].sort());
    clock.at += 120_000;
    expect(await purge.execute()).toBeGreaterThanOrEqual(1);
    expect(await sessions()).toEqual([scored, young].sort());
    // The purged session is gone for its player too; the play still counts, the score and best stay.
    const late = await score(me, game, old, 10);
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ code: 'GAMING.SESSION_NOT_FOUND' });
    expect(await getGame(game, me)).toMatchObject({ plays: 3, players: 1, my_best: 60 });
    expect(await purge.execute()).toBe(0);
  });
});

describe('the demo data door', () => {
  it('records a real play at a past time and a rating through the same rules', async () => {
    const game = await freshGame();
    const me = await person(t);
    const catalog = t.app.get(CatalogFacade);
    await catalog.recordDemoGamePlay(me.id, game, 77, new Date(clock.at - 3_600_000));
    await catalog.rateGame(me.id, game, 4);
    expect(await getGame(game, me)).toMatchObject({ plays: 1, players: 1, my_best: 77, rating: 4, my_rating: 4 });
    await expect(catalog.recordDemoGamePlay(me.id, game, 100_000, new Date(clock.at))).rejects.toThrow('Score is not plausible');
  });
});

describe('the gaming feature flag', () => {
  it("answers 503 on every games route while 'gaming' is off", async () => {
    const flags = t.app.get(FeatureFlags);
    const me = await person(t);
    await t.sql(`update feature_flags set enabled = false where name = 'gaming'`);
    await flags.changed('gaming', false);
    try {
      const list = await t.http().get('/api/gaming/games');
      expect(list.status).toBe(503);
      expect(list.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: 'The feature "gaming" is disabled on this instance' });
      expect((await t.http().get(`/api/gaming/game/${TARGET_RUSH}`)).status).toBe(503);
      expect((await play(me, TARGET_RUSH)).status).toBe(503);
      expect((await score(me, TARGET_RUSH, randomUUID(), 1)).status).toBe(503);
      expect((await t.http().post(`/api/gaming/game/${TARGET_RUSH}/rate`).set(...me.auth).send({ rating: 3 })).status).toBe(503);
      expect((await board(TARGET_RUSH)).status).toBe(503);
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'gaming'`);
      await flags.changed('gaming', true);
    }
    expect((await t.http().get('/api/gaming/games')).status).toBe(200);
  });
});
