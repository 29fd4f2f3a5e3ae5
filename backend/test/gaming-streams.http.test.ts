import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, gaming streams: live streams with a game. Starting one (title and game required), the list of gaming
 * streams on now, and that they are ordinary live streams (the same stream, chat and one-stream-per-user rule).
 */

type Any = Record<string, any>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const startGaming = (who: Person | null, body: Any) => {
  const r = t.http().post('/api/gaming/start-stream');
  return (who ? r.set(...who.auth) : r).send(body);
};
const gamingList = async (who: Person | null = null): Promise<Any[]> => {
  const r = t.http().get('/api/gaming/streams');
  const res = await (who ? r.set(...who.auth) : r);
  expect(res.status).toBe(200);
  return res.body;
};

describe('starting a gaming stream', () => {
  it('starts a live stream with its game; it is listed among gaming streams and live streams alike', async () => {
    const me = await person(t);
    const r = await startGaming(me, { title: '  Speedrun night ', game: '  Celeste ', description: 'Any% attempts' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: 'Speedrun night',
      game: 'Celeste',
      description: 'Any% attempts',
      status: 'created',
      username: me.name,
      user_id: me.id,
      super_chat_enabled: false,
      super_chat_revenue: 0,
      viewer_count: 0,
      room: `live:${r.body.id}`,
      // Seed 002 §3 Gaming stream: id, title, game, description, streamer_name, viewers.
      streamer_name: me.name,
      viewers: 0,
    });
    expect((await gamingList()).find((s) => s.id === r.body.id)).toEqual(r.body);
    expect(((await t.http().get('/api/live/streams')).body as Any[]).find((s) => s.id === r.body.id)).toMatchObject({ game: 'Celeste' });
    // The same stream as any live stream: opened, chatted in, ended through /api/live.
    expect((await t.http().get(`/api/live/${r.body.id}`)).body.game).toBe('Celeste');
    const fan = await person(t);
    expect((await t.http().post(`/api/live/${r.body.id}/comment`).set(...fan.auth).send({ message: 'gl hf' })).status).toBe(201);
    expect((await t.http().post(`/api/live/${r.body.id}/join`)).body.messages.map((m: Any) => m.message)).toEqual(['gl hf']);
    expect((await t.http().post(`/api/live/${r.body.id}/end`).set(...me.auth)).status).toBe(200);
    expect((await gamingList()).find((s) => s.id === r.body.id)).toBeUndefined();
  });

  it('takes a urlencoded or multipart form, and the live form flags (Super Chat, vertical, record)', async () => {
    const [a, b] = [await person(t), await person(t)];
    const form = await t.http().post('/api/gaming/start-stream').set(...a.auth).type('form').send({ title: 'Form', game: 'Chess', super_chat_enabled: 'true', record: 'false' });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ title: 'Form', game: 'Chess', description: '', super_chat_enabled: true, record: false, is_vertical: false });
    const multi = await t.http().post('/api/gaming/start-stream').set(...b.auth).field('title', 'Multi').field('game', 'Go').field('description', 'Tsumego');
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ title: 'Multi', game: 'Go', description: 'Tsumego' });
  });

  it("refuses a blank title ('Please enter a title') or game ('Please enter a game'), and too long ones; starts nothing", async () => {
    const me = await person(t);
    const cases: [Any, string, string][] = [
      [{ game: 'Chess' }, 'title', 'Please enter a title'],
      [{ title: '   ', game: 'Chess' }, 'title', 'Please enter a title'],
      [{ title: 'Hi' }, 'game', 'Please enter a game'],
      [{ title: 'Hi', game: '  ' }, 'game', 'Please enter a game'],
      [{ title: 'x'.repeat(101), game: 'Chess' }, 'title', 'Title must be at most 100 characters'],
      [{ title: 'Hi', game: 'g'.repeat(101) }, 'game', 'Game must be at most 100 characters'],
      [{ title: 'Hi', game: 'Chess', description: 'd'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
    ];
    for (const [body, field, detail] of cases) {
      const r = await startGaming(me, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail });
      expect(r.body.errors[0]).toEqual({ field, message: detail });
    }
    const both = await startGaming(me, {});
    expect(both.body.errors).toEqual([
      { field: 'title', message: 'Please enter a title' },
      { field: 'game', message: 'Please enter a game' },
    ]);
    expect((await t.http().get('/api/live/streams')).body.filter((s: Any) => s.user_id === me.id)).toEqual([]);
  });

  it('is one of your live streams: a second start (gaming or not) is a 409 until it ends; visitors get 401', async () => {
    const me = await person(t);
    expect((await startGaming(null, { title: 'Hi', game: 'Chess' })).status).toBe(401);
    const first = await startGaming(me, { title: 'First', game: 'Chess' });
    expect(first.status).toBe(201);
    for (const again of [await startGaming(me, { title: 'Again', game: 'Go' }), await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Plain' })]) {
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'LIVE.ALREADY_LIVE', detail: 'You already have a live stream: end it before starting another' });
    }
    expect((await t.http().post(`/api/live/${first.body.id}/end`).set(...me.auth)).status).toBe(200);
    expect((await startGaming(me, { title: 'Second', game: 'Go' })).status).toBe(201);
  });
});

describe('the gaming streams list', () => {
  it('holds open streams with a game only, with the caller’s like, and takes a limit', async () => {
    const [gamer, talker, fan] = [await person(t), await person(t), await person(t)];
    const game = (await startGaming(gamer, { title: 'Ranked', game: 'StarCraft' })).body;
    const plain = (await t.http().post('/api/live/start').set(...talker.auth).send({ title: 'Just chatting' })).body;
    expect(plain.game).toBeNull();
    const list = await gamingList();
    expect(list.map((s) => s.id)).toContain(game.id);
    expect(list.map((s) => s.id)).not.toContain(plain.id);
    expect(list.every((s) => typeof s.game === 'string' && s.status !== 'ended')).toBe(true);
    expect((await t.http().post(`/api/live/${game.id}/like`).set(...fan.auth)).body).toEqual({ liked: true, likes: 1 });
    expect((await gamingList(fan)).find((s) => s.id === game.id)).toMatchObject({ liked: true, likes: 1 });
    // `viewers` (seed 002 §3) is the people watching now, as viewer_count; `streamer_name` the streamer's.
    await t.sql(`insert into live_presence (stream_id, socket_id, user_id, process_id) values ($1, gen_random_uuid(), $2, gen_random_uuid())`, [game.id, fan.id]);
    expect((await gamingList()).find((s) => s.id === game.id)).toMatchObject({ viewers: 1, viewer_count: 1, streamer_name: gamer.name, username: gamer.name });
    expect((await gamingList()).find((s) => s.id === game.id)).toMatchObject({ liked: false, likes: 1 });
    const one = await t.http().get('/api/gaming/streams?limit=1');
    expect(one.status).toBe(200);
    expect(one.body).toHaveLength(1);
    const bad = await t.http().get('/api/gaming/streams?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('limit must be a whole number from 1 to 100');
    expect((await t.http().get('/api/gaming/streams').set('Authorization', 'Bearer not-a-token')).status).toBe(401);
  });

  it("answers 503 while the 'gaming' or the 'live' feature is off", async () => {
    const flags = t.app.get(FeatureFlags);
    const me = await person(t);
    for (const name of ['gaming', 'live']) {
      await t.sql(`update feature_flags set enabled = false where name = $1`, [name]);
      await flags.changed(name, false);
      try {
        const list = await t.http().get('/api/gaming/streams');
        expect(list.status).toBe(503);
        expect(list.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: `The feature "${name}" is disabled on this instance` });
        expect((await startGaming(me, { title: 'Hi', game: 'Chess' })).status).toBe(503);
      } finally {
        await t.sql(`update feature_flags set enabled = true where name = $1`, [name]);
        await flags.changed(name, true);
      }
    }
    // On again: answered (gamingList expects a 200).
    await gamingList();
  });
});
