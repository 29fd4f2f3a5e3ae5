import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { RealtimeGateway } from '../src/common/realtime/realtime.gateway.js';
import { LiveRealtime } from '../src/modules/live/infrastructure/live-realtime.js';
import { PgLivePresence } from '../src/modules/live/infrastructure/pg-live-presence.js';
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

  /** A page's socket; signed in as `who`, or a visitor's (no sign-in) when `who` is null; from `localAddress` (a loopback address) if given. */
  static async open(t: TestApp, who: Person | null, localAddress?: string): Promise<Page> {
    const ws = new WebSocket((await baseUrl(t)).replace('http', 'ws') + '/api/realtime', localAddress ? { localAddress } : {});
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
  const open = async (t: TestApp, who: Person | null, localAddress?: string) => {
    const p = await Page.open(t, who, localAddress);
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
    // Two visitors at two addresses (one address counts once per stream: see below).
    const v1 = await open(one, null, '127.0.0.1');
    const v2 = await open(two, null, '127.0.0.2');
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

  it('counts a visitor once per address and stream, on any server; signed-in users once per user', async () => {
    const [owner, other, fan] = [await person(one), await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'One address' })).body;
    const t2 = (await one.http().post('/api/live/start').set(...other.auth).send({ title: 'Another stream' })).body;
    const [p1, p2] = [one.app.get(PgLivePresence), two.app.get(PgLivePresence)];
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Many sockets of one address, on both servers: one viewer.
    await p1.joined(s.id, a, null, '203.0.113.7');
    await p2.joined(s.id, b, null, '203.0.113.7');
    await p2.joined(s.id, c, null, '203.0.113.7');
    expect(await viewers(one, s.id)).toBe(1);
    // Another address is another viewer; so is a signed-in user at the same address.
    await p1.joined(s.id, d, null, '198.51.100.9');
    await p1.joined(s.id, randomUUID(), fan.id, '203.0.113.7');
    expect(await viewers(two, s.id)).toBe(3);
    // The address counts in another stream too.
    await p2.joined(t2.id, randomUUID(), null, '203.0.113.7');
    expect(await viewers(one, t2.id)).toBe(1);
    // The address stays a viewer until its last socket leaves.
    await p1.left(s.id, a);
    await p2.left(s.id, b);
    expect(await viewers(one, s.id)).toBe(3);
    await p2.left(s.id, c);
    expect(await viewers(one, s.id)).toBe(2);
    // The address is not stored as such.
    expect(await one.sql(`select 1 from live_presence where stream_id = $1 and user_id is null`, [s.id])).toHaveLength(0);
  });

  it('refreshes only the sockets a server holds, and deletes rows nobody refreshed for 60 s', async () => {
    const [owner, v, w] = [await person(one), await person(one), await person(one)];
    const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Orphans' })).body;
    const presence = one.app.get(PgLivePresence);
    const held = randomUUID();
    await presence.joined(s.id, held, v.id);
    // A row of this server whose socket it no longer holds (its delete failed), and a row of a crashed server.
    const orphan = randomUUID();
    await one.sql(`insert into live_presence (stream_id, socket_id, user_id, process_id, seen_at) values ($1, $2, $3, $4, now() - interval '50 seconds')`, [s.id, orphan, w.id, presence.processId]);
    const crashed = randomUUID();
    await one.sql(`insert into live_presence (stream_id, socket_id, user_id, process_id, seen_at) values ($1, $2, null, $3, now() - interval '61 seconds')`, [s.id, crashed, randomUUID()]);
    await one.sql(`update live_presence set seen_at = now() - interval '30 seconds' where socket_id = $1`, [held]);
    expect(await viewers(one, s.id)).toBe(2); // the held row and the orphan (still within 60 s)

    await presence.refresh();
    const age = async (socket: string) => (await one.sql(`select extract(epoch from now() - seen_at)::int as age from live_presence where socket_id = $1`, [socket]))[0]?.age as number | undefined;
    expect(await age(held)).toBeLessThan(10); // refreshed
    expect(await age(orphan)).toBeGreaterThanOrEqual(50); // not refreshed: it stops counting after 60 s
    expect(await age(crashed)).toBeUndefined(); // deleted
    await one.sql(`update live_presence set seen_at = now() - interval '61 seconds' where socket_id = $1`, [orphan]);
    expect(await viewers(one, s.id)).toBe(1);
    await presence.refresh();
    expect(await age(orphan)).toBeUndefined();
    await presence.left(s.id, held);
    expect(await viewers(one, s.id)).toBe(0);
  });

  it('sends a stream at most one viewer count per tick, for the streams whose presence changed', async () => {
    const three = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' }, one);
    try {
      const realtime = three.app.get(LiveRealtime);
      realtime.stopTicking(); // the test drives the ticks
      const owner = await person(one);
      const s = (await one.http().post('/api/live/start').set(...owner.auth).send({ title: 'Ticks' })).body;
      const streamer = await open(three, owner);
      await streamer.watch(s.id);
      const watchers: Page[] = [];
      for (let i = 0; i < 5; i++) {
        const p = await open(three, await person(one));
        await p.watch(s.id);
        watchers.push(p);
      }
      expect(await viewers(one, s.id)).toBe(5); // presence itself is written at once
      await realtime.tick();
      expect(await streamer.event('viewers')).toMatchObject({ stream_id: s.id, viewer_count: 5 });
      await realtime.tick(); // nothing changed: nothing sent
      await watchers[0].close();
      await watchers[1].close();
      await viewersBecome(one, s.id, 3);
      await realtime.tick();
      await streamer.event('viewers', (m) => m.viewer_count === 3);
      // Six joins and two leaves, two counts: 5, then 3.
      expect(streamer.messages.filter((m) => m.event === 'viewers').map((m) => m.viewer_count)).toEqual([5, 3]);
      for (const p of watchers.slice(2)) expect(p.messages.filter((m) => m.event === 'viewers').map((m) => m.viewer_count)).toEqual([5, 3]);
    } finally {
      // As in a rolling restart: the sockets close, their presence goes, then the server stops.
      three.app.get(RealtimeGateway).closeAll(1012, 'server restarting');
      const mine = three.app.get(PgLivePresence).processId;
      await waitFor('the closed pages to leave', async () => (await one.sql(`select 1 from live_presence where process_id = $1`, [mine])).length === 0, 15_000, 50);
      await three.close();
    }
  }, 60_000);

  it('refuses a room of a stream that does not exist', async () => {
    const who = await person(one);
    const page = await open(two, who);
    page.send({ type: 'subscribe', room: 'live:00000000-0000-4000-8000-000000000000' });
    expect(await page.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'forbidden_room', message: 'You cannot join this room' });
    page.send({ type: 'subscribe', room: 'live:nonsense' });
    await waitFor('two errors', async () => page.messages.filter((m) => m.type === 'error').length === 2, 15_000, 20);
  });
});
