import { RequestContext } from '@mikro-orm/core';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { LiveFacade } from '../src/modules/live/live.facade.js';
import { LIVE_CLOCK, type Clock } from '../src/modules/live/domain/ports.js';
import { createTestApp, type TestApp } from './harness.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, the Live context over HTTP: starting (JSON or form) and ending streams, one per user, the streams on now
 * with seed 002's fields, opening one, the chat (limits, newest first, the late joiner's 50), its moderation (slow
 * mode, deletion, timeouts) and likes. Time moves through live's injectable clock; nothing sleeps.
 */

type Any = Record<string, any>;
let t: TestApp;
let clock: { at: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  clock = { at: Date.parse('2026-11-24T12:00:00Z') };
  (t.app.get(LIVE_CLOCK) as Clock).now = () => new Date(clock.at);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Moves live's clock past every rate window (messages of one test do not limit the next). */
const later = (ms = 60_000) => (clock.at += ms);

const start = (who: Person, body: Any = { title: 'My stream' }) => t.http().post('/api/live/start').set(...who.auth).send(body);
const comment = (who: Person, id: string, message: unknown) => t.http().post(`/api/live/${id}/comment`).set(...who.auth).send({ message });
const end = (who: Person, id: string) => t.http().post(`/api/live/${id}/end`).set(...who.auth);

async function streamOf(who: Person, body?: Any): Promise<Any> {
  const r = await start(who, body);
  expect(r.status).toBe(201);
  return r.body;
}

describe('starting and ending a stream', () => {
  it("starts one with the seed's fields, created until its first media", async () => {
    const me = await person(t);
    const r = await start(me, { title: '  Evening coding  ', description: 'Building a chat', is_vertical: true, super_chat_enabled: true });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      title: 'Evening coding',
      description: 'Building a chat',
      is_vertical: true,
      super_chat_enabled: true,
      super_chat_revenue: 0,
      viewer_count: 0,
      likes: 0,
      username: me.name,
      user_id: me.id,
      status: 'created',
      liked: false,
      slow_mode_seconds: 0,
      created_at: new Date(clock.at).toISOString(),
      record: true,
      recording_video_id: null,
      live_at: null,
      ended_at: null,
      room: `live:${r.body.id}`,
      game: null,
    });
    const listed = await t.http().get('/api/live/streams');
    expect(listed.status).toBe(200);
    expect(listed.body.find((s: Any) => s.id === r.body.id)).toMatchObject({ title: 'Evening coding', username: me.name, status: 'created' });
  });

  it('takes a urlencoded or multipart form as well as JSON', async () => {
    const [a, b] = [await person(t), await person(t)];
    const form = await t.http().post('/api/live/start').set(...a.auth).type('form').send({ title: 'Form stream', is_vertical: 'true', super_chat_enabled: 'off' });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ title: 'Form stream', is_vertical: true, super_chat_enabled: false, description: '' });
    const multi = await t.http().post('/api/live/start').set(...b.auth).field('title', 'Multipart stream').field('description', 'From a form');
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ title: 'Multipart stream', description: 'From a form', is_vertical: false });
  });

  it("refuses a blank or missing title with 'Please enter a title', and a title over 100 characters", async () => {
    const me = await person(t);
    for (const body of [{ title: '   ' }, {}, { title: '' }]) {
      const r = await start(me, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: 'Please enter a title' });
    }
    expect((await start(me, { title: 'x'.repeat(101) })).body.detail).toBe('Title must be at most 100 characters');
    expect((await start(me, { title: 'ok', is_vertical: 'maybe' })).body.detail).toBe('is_vertical must be true or false');
    expect((await t.http().get('/api/live/streams')).body.filter((s: Any) => s.user_id === me.id)).toEqual([]);
  });

  it('allows one stream at a time: a second start is a 409 until the first ends', async () => {
    const me = await person(t);
    const first = await streamOf(me);
    const again = await start(me, { title: 'Another' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'LIVE.ALREADY_LIVE', detail: 'You already have a live stream: end it before starting another' });
    // Concurrent starts of someone else make one stream.
    const other = await person(t);
    const racing = await Promise.all([start(other, { title: 'A' }), start(other, { title: 'B' }), start(other, { title: 'C' })]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await end(me, first.id)).status).toBe(200);
    expect((await start(me, { title: 'Second' })).status).toBe(201);
  });

  it('is ended by its owner only: others 403, unknown 404, visitors 401, twice 409', async () => {
    const [owner, other] = [await person(t), await person(t)];
    const s = await streamOf(owner);
    const refused = await end(other, s.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'LIVE.NOT_OWNER', detail: 'Only the streamer can do this' });
    expect((await t.http().post(`/api/live/${s.id}/end`)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await end(owner, id);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Live stream not found');
    }
    later(5000);
    const ended = await end(owner, s.id);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: s.id, status: 'ended', ended_at: new Date(clock.at).toISOString() });
    expect((await end(owner, s.id)).body).toMatchObject({ code: 'LIVE.ENDED', detail: 'This live stream has ended' });
    expect((await t.http().get('/api/live/streams')).body.map((x: Any) => x.id)).not.toContain(s.id);
    expect((await t.http().get(`/api/live/${s.id}`)).body).toMatchObject({ status: 'ended' });
    // An ended stream takes no more messages or likes.
    expect((await comment(other, s.id, 'hello?')).body).toMatchObject({ code: 'LIVE.ENDED' });
    expect((await t.http().post(`/api/live/${s.id}/like`).set(...other.auth)).status).toBe(409);
  });

  it('becomes live on first media through the facade (the ingest’s call), once', async () => {
    const me = await person(t);
    const s = await streamOf(me);
    const markLive = (id: string) => RequestContext.create(t.orm.em, () => t.app.get(LiveFacade).markLive(id));
    expect(await markLive(s.id)).toBe(true);
    expect(await markLive(s.id)).toBe(false);
    expect((await t.http().get(`/api/live/${s.id}`)).body).toMatchObject({ status: 'live', live_at: new Date(clock.at).toISOString() });
    await end(me, s.id);
    expect(await markLive(s.id)).toBe(false);
    expect((await t.http().get(`/api/live/${s.id}`)).body.status).toBe('ended');
  });

  it('needs a signed-in user to start; visitors may list, open and read', async () => {
    const me = await person(t);
    const s = await streamOf(me);
    expect((await t.http().post('/api/live/start').send({ title: 'x' })).status).toBe(401);
    expect((await t.http().get('/api/live/streams')).status).toBe(200);
    const joined = await t.http().post(`/api/live/${s.id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ stream: expect.objectContaining({ id: s.id, liked: false }), messages: [] });
    expect((await t.http().get(`/api/live/${s.id}/comments`)).body).toEqual({ messages: [] });
    expect((await comment({ ...me, auth: ['X-None', '1'] }, s.id, 'hi')).status).toBe(401);
    expect((await t.http().get('/api/live/streams').query({ limit: '0' })).status).toBe(400);
  });

  it("finds one user's open stream by user_id (none once it ended), wherever it ranks; a bad id is a 400", async () => {
    const [me, other] = [await person(t), await person(t)];
    const mine = await streamOf(me);
    await streamOf(other);
    const found = await t.http().get('/api/live/streams').query({ user_id: me.id, limit: '1' });
    expect(found.status).toBe(200);
    expect(found.body.map((s: Any) => s.id)).toEqual([mine.id]);
    await t.http().post(`/api/live/${mine.id}/end`).set(...me.auth).expect(200);
    expect((await t.http().get('/api/live/streams').query({ user_id: me.id })).body).toEqual([]);
    const bad = await t.http().get('/api/live/streams').query({ user_id: 'me' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers 503 naming the feature while "live" is switched off', async () => {
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'live'`);
    await flags.changed('live', false);
    try {
      const r = await t.http().get('/api/live/streams');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: 'The feature "live" is disabled on this instance' });
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'live'`);
      await flags.changed('live', true);
    }
    expect((await t.http().get('/api/live/streams')).status).toBe(200);
  });
});

describe('chat', () => {
  it('takes non-blank messages of at most 500 characters and lists them newest first', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    const s = await streamOf(owner);
    later();
    const r = await comment(viewer, s.id, '  first!  ');
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), username: viewer.name, message: 'first!', user_id: viewer.id, created_at: new Date(clock.at).toISOString() });
    later(10);
    expect((await comment(owner, s.id, 'welcome')).status).toBe(201);
    for (const [message, detail] of [
      ['   ', 'Please enter a message'],
      ['', 'Please enter a message'],
      [undefined, 'Please enter a message'],
      ['x'.repeat(501), 'Message must be at most 500 characters'],
    ] as const) {
      const bad = await comment(viewer, s.id, message);
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe(detail);
    }
    later();
    expect((await comment(viewer, s.id, 'y'.repeat(500))).status).toBe(201);
    // The seed's form field works too.
    later();
    expect((await t.http().post(`/api/live/${s.id}/comment`).set(...viewer.auth).type('form').send({ message: 'from a form' })).status).toBe(201);
    const list = await t.http().get(`/api/live/${s.id}/comments`);
    expect(list.body.messages.map((m: Any) => m.message)).toEqual(['from a form', 'y'.repeat(500), 'welcome', 'first!']);
    expect((await comment(viewer, '00000000-0000-4000-8000-000000000000', 'hi')).status).toBe(404);
  });

  it('allows each user 3 messages per 2 seconds (across streams), then a clear 429 with Retry-After', async () => {
    const [a, b, chatter] = [await person(t), await person(t), await person(t)];
    const [s1, s2] = [await streamOf(a), await streamOf(b)];
    later();
    for (const id of [s1.id, s2.id, s1.id]) {
      expect((await comment(chatter, id, 'spam?')).status).toBe(201);
      later(100);
    }
    const refused = await comment(chatter, s2.id, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'LIVE.TOO_MANY_MESSAGES', detail: 'You are sending messages too fast: at most 3 every 2 seconds. Try again in 2 s.' });
    expect(refused.headers['retry-after']).toBe('2');
    // Someone else is not held back.
    expect((await comment(a, s1.id, 'I can talk')).status).toBe(201);
    // Not quite two seconds after the first: still refused; then one more goes through.
    later(1699);
    expect((await comment(chatter, s2.id, 'almost')).body.code).toBe('LIVE.TOO_MANY_MESSAGES');
    later(1);
    expect((await comment(chatter, s2.id, 'now ok')).status).toBe(201);
    // Refused messages were not stored.
    const stored = await t.sql<{ message: string }>('select message from live_comments where user_id = $1 order by seq', [chatter.id]);
    expect(stored.map((m) => m.message)).toEqual(['spam?', 'spam?', 'spam?', 'now ok']);
  });

  it('holds concurrent messages of one user to the limit', async () => {
    const [owner, chatter] = [await person(t), await person(t)];
    const s = await streamOf(owner);
    later();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(chatter, s.id, `burst ${i}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("gives a late joiner the newest 50 messages, newest first, without deleted ones", async () => {
    const owner = await person(t);
    const s = await streamOf(owner);
    const ids: string[] = [];
    for (let i = 1; i <= 55; i++) {
      later(1000);
      const r = await comment(owner, s.id, `message ${i}`);
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    expect((await t.http().delete(`/api/live/${s.id}/comments/${ids[54]}`).set(...owner.auth)).status).toBe(200);
    const joined = await t.http().post(`/api/live/${s.id}/join`);
    expect(joined.body.messages).toHaveLength(50);
    expect(joined.body.messages.map((m: Any) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${54 - i}`));
    expect((await t.http().get(`/api/live/${s.id}/comments`)).body.messages).toEqual(joined.body.messages);
  });
});

describe('moderation', () => {
  it('slow mode: the streamer sets it; viewers wait between messages, the streamer does not', async () => {
    const [owner, viewer, other] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(owner);
    const set = (who: Person, seconds: unknown) => t.http().put(`/api/live/${s.id}/slow-mode`).set(...who.auth).send({ seconds });
    expect((await set(other, 30)).status).toBe(403);
    for (const bad of [-1, 3601, 1.5, 'ten']) {
      const r = await set(owner, bad);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('seconds must be a whole number from 0 (off) to 3600');
    }
    const on = await set(owner, 30);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: s.id, slow_mode_seconds: 30 });
    later();
    expect((await comment(viewer, s.id, 'one')).status).toBe(201);
    later(10_000);
    const slowed = await comment(viewer, s.id, 'two');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: 'LIVE.SLOW_MODE', detail: 'Slow mode is on: one message every 30 s. You can send another in 20 s.' });
    expect(slowed.headers['retry-after']).toBe('20');
    expect((await comment(owner, s.id, 'streamer a')).status).toBe(201);
    later(10);
    expect((await comment(owner, s.id, 'streamer b')).status).toBe(201);
    later(20_000);
    expect((await comment(viewer, s.id, 'two')).status).toBe(201);
    expect((await set(owner, '0')).body.slow_mode_seconds).toBe(0);
    later(10);
    expect((await comment(viewer, s.id, 'three')).status).toBe(201);
  });

  it('the streamer deletes a message; others cannot', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    const s = await streamOf(owner);
    later();
    const m = (await comment(viewer, s.id, 'delete me')).body;
    const del = (who: Person, id: string) => t.http().delete(`/api/live/${s.id}/comments/${id}`).set(...who.auth);
    const refused = await del(viewer, m.id);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Only the streamer can do this');
    const ok = await del(owner, m.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: m.id, deleted: true });
    const again = await del(owner, m.id);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Message not found');
    expect((await t.http().get(`/api/live/${s.id}/comments`)).body.messages).toEqual([]);
  });

  it('times a user out for 10 s to 24 h: they get a 403 with the time left until it ends', async () => {
    const [owner, viewer, other] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(owner);
    const timeout = (who: Person, body: Any) => t.http().post(`/api/live/${s.id}/timeouts`).set(...who.auth).send(body);
    expect((await timeout(other, { user_id: viewer.id, seconds: 60 })).status).toBe(403);
    for (const seconds of [9, 86_401, 'x']) {
      const r = await timeout(owner, { user_id: viewer.id, seconds });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('seconds must be a whole number from 10 to 86400 (10 seconds to 24 hours)');
    }
    expect((await timeout(owner, { user_id: 'nobody', seconds: 60 })).body.detail).toBe('user_id must be the id of a user');
    expect((await timeout(owner, { user_id: '00000000-0000-4000-8000-000000000000', seconds: 60 })).status).toBe(404);
    expect((await timeout(owner, { user_id: owner.id, seconds: 60 })).body.detail).toBe('You cannot time yourself out');
    later();
    const r = await timeout(owner, { user_id: viewer.id, seconds: 300 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user_id: viewer.id, until: new Date(clock.at + 300_000).toISOString() });
    later(90_000);
    const refused = await comment(viewer, s.id, 'let me talk');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'LIVE.TIMED_OUT', detail: 'You are timed out of this chat for 4 min more' });
    // Only this stream's chat: another stream is open to them.
    const elsewhere = await streamOf(other);
    expect((await comment(viewer, elsewhere.id, 'hi here')).status).toBe(201);
    later(209_000);
    expect((await comment(viewer, s.id, 'still?')).body.detail).toBe('You are timed out of this chat for 1 s more');
    later(1000);
    expect((await comment(viewer, s.id, 'back')).status).toBe(201);
    // 24 h is the most.
    expect((await timeout(owner, { user_id: viewer.id, seconds: 86_400 })).status).toBe(200);
    later(1000);
    expect((await comment(viewer, s.id, 'x')).body.detail).toBe('You are timed out of this chat for 24 h more');
  });
});

describe('likes', () => {
  it('are a per-user toggle, shown as liked to the user who likes', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(owner);
    const like = (who: Person) => t.http().post(`/api/live/${s.id}/like`).set(...who.auth);
    expect((await like(a)).body).toEqual({ liked: true, likes: 1 });
    expect((await like(b)).body).toEqual({ liked: true, likes: 2 });
    expect((await like(a)).body).toEqual({ liked: false, likes: 1 });
    expect((await t.http().get(`/api/live/${s.id}`).set(...b.auth)).body).toMatchObject({ likes: 1, liked: true });
    expect((await t.http().get(`/api/live/${s.id}`).set(...a.auth)).body).toMatchObject({ likes: 1, liked: false });
    expect((await t.http().post(`/api/live/${s.id}/like`)).status).toBe(401);
    expect((await t.http().post('/api/live/00000000-0000-4000-8000-000000000000/like').set(...a.auth)).status).toBe(404);
  });

  it('allows each user ENGAGEMENT_LIMIT_PER_MINUTE toggles a minute, then a 429 with Retry-After that changes nothing', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ENGAGEMENT_LIMIT_PER_MINUTE: '3' }, t);
    try {
      const [owner, a, b] = [await person(limited), await person(limited), await person(limited)];
      const s = (await limited.http().post('/api/live/start').set(...owner.auth).send({ title: 'Limited' })).body;
      const like = (who: Person) => limited.http().post(`/api/live/${s.id}/like`).set(...who.auth);
      // Seven toggles: three pass, and (however the minute falls) at most six fit in two windows.
      const answers: Any[] = [];
      for (let i = 0; i < 7; i++) answers.push(await like(a));
      expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0].body.code).toBe('RATE_LIMITED');
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      // A refused toggle changed nothing: the count is what the last accepted toggle said.
      const accepted = answers.filter((r) => r.status === 200);
      const last = accepted[accepted.length - 1].body;
      expect((await limited.http().get(`/api/live/${s.id}`).set(...a.auth)).body).toMatchObject({ likes: last.likes, liked: last.liked });
      // The limit is per user: another user still likes.
      expect((await like(b)).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
