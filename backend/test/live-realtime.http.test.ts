import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { RealtimeGateway } from '../src/common/realtime/realtime.gateway.js';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, waitFor } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, live over the realtime socket (/api/realtime) with two server processes on one database: viewer counts
 * are real presence (sockets following the stream's room, up on join, down on leave and on disconnect, each user once,
 * the streamer not counted), and the chat, likes, deletions, timeouts and the end reach every open page, whichever
 * process holds it, through the bus (PostgreSQL NOTIFY, or Redis).
 */

type Any = Record<string, any>;

/** A signed-in page's socket that keeps every message. */
class Page {
  readonly messages: Any[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.messages.push(JSON.parse(d.toString())));
  }

  closed: number | null = null;

  /** A page's socket; signed in as `who`, or a visitor's (no sign-in) when `who` is null. */
  static async open(t: TestApp, who: Person | null): Promise<Page> {
    const ws = new WebSocket((await baseUrl(t)).replace('http', 'ws') + '/api/realtime');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const page = new Page(ws);
    ws.on('close', (code) => (page.closed = code));
    if (!who) return page;
    page.send({ type: 'auth', token: who.auth[1].slice('Bearer '.length) });
    await page.next((m) => m.type === 'ready');
    return page;
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  async watch(streamId: string): Promise<void> {
    const room = `live:${streamId}`;
    const before = this.messages.filter((m) => m.type === 'subscribed' && m.room === room).length;
    this.send({ type: 'subscribe', room });
    await waitFor(`subscribed to ${room}`, async () => this.messages.filter((m) => m.type === 'subscribed' && m.room === room).length > before, 15_000, 20);
  }

  next(where: (m: Any) => boolean, what = 'a message'): Promise<Any> {
    return waitFor(what, async () => this.messages.find(where), 15_000, 20);
  }

  /** The next room event of a kind. */
  event(kind: string, where: (m: Any) => boolean = () => true): Promise<Any> {
    return this.next((m) => m.type === 'room' && m.event === kind && where(m), `a '${kind}' event`);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === this.ws.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

describe.each([
  ['PostgreSQL NOTIFY', {}],
  ['Redis', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
])('live across two servers over %s', (_name, env: Record<string, string>) => {
  let one: TestApp;
  let two: TestApp;
  const pages: Page[] = [];
  const open = async (t: TestApp, who: Person | null) => {
    const p = await Page.open(t, who);
    pages.push(p);
    return p;
  };

  beforeAll(async () => {
    one = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' });
    two = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' }, one);
  }, 60_000);
  afterAll(async () => {
    for (const p of pages) await p.close();
    await two?.close();
    await one?.close();
  });

  const viewers = async (t: TestApp, id: string) => (await t.http().get(`/api/live/${id}`)).body.viewer_count as number;
  const viewersBecome = (t: TestApp, id: string, n: number) => waitFor(`${n} viewers`, async () => (await viewers(t, id)) === n, 15_000, 50);

  it('counts the people with the stream open now, on either server, up and down', async () => {
    const [owner, a, b] = [await person(one), await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Presence' })).body;
    const streamer = await open(one, owner);
    await streamer.watch(s.id);
    expect(await viewers(one, s.id)).toBe(0); // the streamer is not a viewer

    const pageA1 = await open(one, a);
    await pageA1.watch(s.id);
    expect(await viewers(two, s.id)).toBe(1);
    // The same person on a second page (on the other server) is still one viewer.
    const pageA2 = await open(two, a);
    await pageA2.watch(s.id);
    expect(await viewers(one, s.id)).toBe(1);
    const pageB = await open(two, b);
    await pageB.watch(s.id);
    expect(await viewers(one, s.id)).toBe(2);
    expect((await one.http().get('/api/live/streams')).body.find((x: Any) => x.id === s.id).viewer_count).toBe(2);
    // Every page hears the count.
    await streamer.event('viewers', (m) => m.viewer_count === 2);

    // Leaving: unsubscribing, then a page closed, then a disconnect.
    pageB.send({ type: 'unsubscribe', room: `live:${s.id}` });
    await viewersBecome(one, s.id, 1);
    await streamer.event('viewers', (m) => m.viewer_count === 1);
    await pageA1.close();
    expect(await viewers(one, s.id)).toBe(1); // still open on A's other page
    pageA2.ws.terminate();
    await viewersBecome(two, s.id, 0);
    // Joining again counts again.
    await pageB.watch(s.id);
    expect(await viewers(one, s.id)).toBe(1);
  });

  it('stops counting the pages of a server that stops, or of one that crashed (after 60 s without a refresh)', async () => {
    const three = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' }, one);
    const [owner, v, w] = [await person(one), await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Shutdown' })).body;
    try {
      const page = await open(three, v);
      await page.watch(s.id);
      expect(await viewers(one, s.id)).toBe(1);
      // A rolling restart closes the worker's sockets (the pages reconnect elsewhere), then stops it.
      three.app.get(RealtimeGateway).closeAll(1012, 'server restarting');
      await viewersBecome(one, s.id, 0);
    } finally {
      await three.close();
    }
    // A process that died holds rows nobody deletes: they count while they are refreshed, not after 60 s.
    const dead = randomUUID();
    await one.sql(`insert into live_presence (stream_id, socket_id, user_id, process_id, seen_at) values ($1, $2, $3, $4, now() - interval '50 seconds')`, [s.id, randomUUID(), w.id, dead]);
    expect(await viewers(one, s.id)).toBe(1);
    await one.sql(`update live_presence set seen_at = now() - interval '61 seconds' where process_id = $1`, [dead]);
    expect(await viewers(one, s.id)).toBe(0);
  }, 60_000);

  it('fans chat out to every open page on either server; deletions, timeouts, likes and the end too', async () => {
    const [owner, viewer] = [await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Chat' })).body;
    const near = await open(one, owner);
    const far = await open(two, viewer);
    await near.watch(s.id);
    await far.watch(s.id);

    const sent = await two.http().post(`/api/live/${s.id}/comment`).set(...viewer.auth).send({ message: 'hello from two' });
    expect(sent.status).toBe(201);
    for (const p of [near, far]) {
      expect(await p.event('comment')).toEqual({
        type: 'room',
        room: `live:${s.id}`,
        event: 'comment',
        stream_id: s.id,
        comment: { id: sent.body.id, user_id: viewer.id, username: viewer.name, message: 'hello from two', created_at: sent.body.created_at },
      });
    }
    expect((await one.http().delete(`/api/live/${s.id}/comments/${sent.body.id}`).set(...owner.auth)).status).toBe(200);
    for (const p of [near, far]) expect(await p.event('comment_deleted')).toMatchObject({ id: sent.body.id });

    expect((await one.http().post(`/api/live/${s.id}/like`).set(...viewer.auth)).status).toBe(200);
    expect(await near.event('likes')).toMatchObject({ likes: 1 });
    expect((await one.http().put(`/api/live/${s.id}/slow-mode`).set(...owner.auth).send({ seconds: 5 })).status).toBe(200);
    expect(await far.event('slow_mode')).toMatchObject({ slow_mode_seconds: 5 });
    expect((await one.http().post(`/api/live/${s.id}/timeouts`).set(...owner.auth).send({ user_id: viewer.id, seconds: 60 })).status).toBe(200);
    expect(await far.event('timeout')).toMatchObject({ user_id: viewer.id, until: expect.any(String) });
    expect((await one.http().post(`/api/live/${s.id}/end`).set(...owner.auth)).status).toBe(200);
    expect(await far.event('ended')).toMatchObject({ stream_id: s.id });
    // One copy of each event per page, however many servers there are.
    expect(far.messages.filter((m) => m.event === 'comment')).toHaveLength(1);
  });

  it('counts visitors by page: they watch and hear the chat without signing in', async () => {
    const [owner, fan] = [await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Open to all' })).body;
    const v1 = await open(one, null);
    const v2 = await open(two, null);
    await v1.watch(s.id);
    await v2.watch(s.id);
    const signedIn = await open(two, fan);
    await signedIn.watch(s.id);
    expect(await viewers(one, s.id)).toBe(3);
    const sent = await one.http().post(`/api/live/${s.id}/comment`).set(...fan.auth).send({ message: 'visitors welcome' });
    for (const p of [v1, v2]) expect((await p.event('comment')).comment).toMatchObject({ id: sent.body.id, message: 'visitors welcome' });
    // Leaving the last room closes a visitor's socket (it lives while it follows a room), and the count drops.
    v1.send({ type: 'unsubscribe', room: `live:${s.id}` });
    await waitFor('the visitor socket to close', async () => v1.closed, 15_000, 20);
    expect(v1.closed).toBe(4401);
    await viewersBecome(one, s.id, 2);
    v2.ws.terminate();
    await viewersBecome(two, s.id, 1);
    // A visitor may do nothing else: another message asks them to sign in.
    const v3 = await open(one, null);
    v3.send({ type: 'subscribe', room: 'live:00000000-0000-4000-8000-000000000000' });
    await waitFor('the refused visitor socket to close', async () => v3.closed, 15_000, 20);
    expect(v3.closed).toBe(4401);
  });

  it('refuses a room of a stream that does not exist', async () => {
    const who = await person(one);
    const page = await open(two, who);
    page.send({ type: 'subscribe', room: 'live:00000000-0000-4000-8000-000000000000' });
    expect(await page.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'forbidden_room', message: 'You cannot join this room' });
    page.send({ type: 'subscribe', room: 'live:nonsense' });
    await waitFor('two errors', async () => page.messages.filter((m) => m.type === 'error').length === 2, 15_000, 20);
  });
});
