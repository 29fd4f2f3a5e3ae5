import WebSocket, { type ClientOptions } from 'ws';
import { RealtimeGateway } from '../src/common/realtime/realtime.gateway.js';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, makeClips, waitFor, type Clips } from './media-fixtures.js';
import { person, publish, type Person } from './social-fixtures.js';

/** A test client of /api/realtime that keeps every message it receives. */
class Socket {
  readonly messages: Record<string, unknown>[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.messages.push(JSON.parse(d.toString())));
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  static async open(t: TestApp, path = '/api/realtime', options: ClientOptions = {}): Promise<Socket> {
    const url = (await baseUrl(t)).replace('http', 'ws') + path;
    const ws = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Socket(ws);
  }

  static async signedIn(t: TestApp, who: Person): Promise<Socket> {
    const s = await Socket.open(t);
    s.send({ type: 'auth', token: who.auth[1].slice('Bearer '.length) });
    await s.next('ready');
    return s;
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  next(type: string, where: (m: Record<string, unknown>) => boolean = () => true, timeoutMs = 15_000): Promise<Record<string, unknown>> {
    return waitFor(`a '${type}' message`, async () => this.messages.find((m) => m.type === type && where(m)), timeoutMs, 20);
  }

  close(): void {
    this.ws.close();
  }
}

function followFrom(t: TestApp, who: Person, target: string) {
  return t.http().post(`/api/users/${target}/follow`).set(...who.auth);
}

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(['landscape']);
}, 60_000);
afterAll(() => clips?.cleanup());

/** Two server instances on one database, each with its own gateway and bus connection: a socket on one hears what the other does. */
describe.each([
  ['PostgreSQL NOTIFY', {}],
  ['Redis', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
])('realtime across two servers over %s', (_name, env: Record<string, string>) => {
  let one: TestApp;
  let two: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    one = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' });
    two = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: '100000' }, one);
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await two?.close();
    await one?.close();
  });

  it('pushes a new-follower notification made on one server to a page connected to the other, then its read state', async () => {
    const [a, b] = [await person(one), await person(one)];
    const socket = await Socket.signedIn(two, b);
    sockets.push(socket);
    expect((await followFrom(one, a, b.id)).status).toBe(200);
    const pushed = await socket.next('notification');
    expect(pushed).toMatchObject({ unread_count: 1, notification: { type: 'new_follower', title: 'New follower', message: `${a.name} started following you`, read: false, link: { kind: 'user', id: a.id } } });
    const id = (pushed.notification as { id: string }).id;
    await one.http().post(`/api/notifications/${id}/read`).set(...b.auth);
    expect(await socket.next('notifications.read')).toMatchObject({ id, unread_count: 0 });
  });

  it("delivers an upload's fan-out to every follower's open page, on whichever server holds it", async () => {
    const maker = await person(one);
    const fans = [await person(one), await person(one)];
    for (const f of fans) await followFrom(one, f, maker.id);
    const near = await Socket.signedIn(one, fans[0]);
    const far = await Socket.signedIn(two, fans[1]);
    sockets.push(near, far);
    const id = await publish(one, maker, clips, 'video', 'Fresh upload');
    for (const s of [near, far]) {
      expect(await s.next('notification', (m) => (m.notification as { type: string }).type === 'new_upload')).toMatchObject({
        unread_count: 1,
        notification: { title: 'New video', message: `${maker.name} uploaded "Fresh upload"`, link: { kind: 'video', id } },
      });
    }
    // Once each, however many pages the fan-out had and however many servers announced them.
    await new Promise((r) => setTimeout(r, 500));
    for (const s of [near, far]) expect(s.messages.filter((m) => m.type === 'notification' && (m.notification as { type: string }).type === 'new_upload')).toHaveLength(1);
  }, 60_000);

  it('sends nothing to a page of someone else', async () => {
    const [a, b, bystander] = [await person(one), await person(one), await person(one)];
    const socket = await Socket.signedIn(two, bystander);
    const target = await Socket.signedIn(two, b);
    sockets.push(socket, target);
    await followFrom(one, a, b.id);
    await target.next('notification');
    expect(socket.messages.filter((m) => m.type === 'notification')).toEqual([]);
  });
});

describe('the realtime endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('closes a connection whose token is missing, forged or of another audience with 4401', async () => {
    for (const token of ['', 'not.a.jwt', undefined]) {
      const s = await Socket.open(t);
      s.send({ type: 'auth', token });
      await waitFor('close', async () => s.closed, 5000, 20);
      expect(s.closed?.code).toBe(4401);
    }
    const early = await Socket.open(t);
    early.send({ type: 'subscribe', room: 'live:x' });
    await waitFor('close', async () => early.closed, 5000, 20);
    expect(early.closed?.code).toBe(4401);
  });

  it('answers bad messages with an error and keeps the connection', async () => {
    const who = await person(t);
    const s = await Socket.signedIn(t, who);
    s.ws.send('not json');
    expect(await s.next('error')).toMatchObject({ code: 'invalid_message' });
    s.send({ type: 'dance' });
    expect(await s.next('error', (m) => m.code === 'unknown_type')).toMatchObject({ message: 'Unknown message type' });
    s.send({ type: 'subscribe', room: 'nowhere:1' });
    expect(await s.next('error', (m) => m.code === 'unknown_room')).toBeTruthy();
    s.send({ type: 'auth', token: 'again' });
    expect(await s.next('error', (m) => m.code === 'already_authenticated')).toBeTruthy();
    expect(s.closed).toBeNull();
    s.close();
  });

  it('keeps at most 20 sockets of one user open when 45 of them sign in at the same moment', async () => {
    const who = await person(t);
    const token = who.auth[1].slice('Bearer '.length);
    await baseUrl(t); // listening before the parallel opens
    // From an address of their own, so the per-address cap (50) plays no part.
    const sockets = await Promise.all(Array.from({ length: 45 }, () => Socket.open(t, '/api/realtime', { localAddress: '127.0.0.2' })));
    try {
      for (const s of sockets) s.send({ type: 'auth', token });
      await waitFor('an answer on every socket', async () => sockets.every((s) => s.closed || s.messages.some((m) => m.type === 'ready')), 15_000, 20);
      const open = () => sockets.filter((s) => !s.closed);
      // Evicted sockets may have been told 'ready' just before their close frame: give the close handshakes time to end.
      await waitFor('the evicted sockets to close', async () => open().length <= 20, 5000, 20).catch(() => undefined);
      expect(open()).toHaveLength(20);
      expect(sockets.filter((s) => s.closed).map((s) => s.closed?.code)).toEqual(Array(25).fill(4429));
      // The server agrees: exactly the 20 open sockets are the user's.
      expect(t.app.get(RealtimeGateway).sendLocal(who.id, { type: 'probe' })).toBe(20);
      await waitFor('the probe on every open socket', async () => open().every((s) => s.messages.some((m) => m.type === 'probe')), 5000, 20);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('refuses upgrades on other paths', async () => {
    await expect(Socket.open(t, '/api/elsewhere')).rejects.toThrow();
  });
});
