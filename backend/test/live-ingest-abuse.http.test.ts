import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { ingestApp, streamKeyOf, within } from './live-fixtures.js';
import { waitFor } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * The RTMP ingest against unauthenticated abuse, with raw TCP clients speaking just enough RTMP (simple handshake,
 * AMF0 commands, chunked messages): media before `publish`, oversized or malformed messages, too many chunk streams
 * and connections, a flood of media while the key is checked, and a publisher whose start fails (its files cannot be
 * made). Each time the connection is closed and the server goes on answering others.
 */

let t: TestApp;
let rtmpPort: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  ({ t, rtmpPort } = await ingestApp());
}, 60_000);
afterEach(() => {
  for (const s of sockets) s.destroy();
  sockets.clear();
});
afterAll(async () => {
  await t?.close();
});

// --- a minimal RTMP client -------------------------------------------------------------------------------------------

const amfString = (s: string) => {
  const b = Buffer.from(s, 'utf8');
  const h = Buffer.alloc(3);
  h[0] = 0x02;
  h.writeUInt16BE(b.length, 1);
  return Buffer.concat([h, b]);
};
const amfNumber = (n: number) => {
  const b = Buffer.alloc(9);
  b[0] = 0x00;
  b.writeDoubleBE(n, 1);
  return b;
};
const amfNull = () => Buffer.from([0x05]);
const amfObject = (o: Record<string, string>) => {
  const parts: Buffer[] = [Buffer.from([0x03])];
  for (const [k, v] of Object.entries(o)) {
    const key = Buffer.alloc(2);
    key.writeUInt16BE(Buffer.byteLength(k));
    parts.push(key, Buffer.from(k), amfString(v));
  }
  parts.push(Buffer.from([0, 0, 9]));
  return Buffer.concat(parts);
};

/** One message as chunks of 128 bytes: a type 0 header, then type 3 continuation headers. */
function message(cid: number, type: number, payload: Buffer, streamId = 0, declaredLength = payload.length): Buffer {
  const h = Buffer.alloc(12);
  h[0] = cid & 0x3f;
  h.writeUIntBE(0, 1, 3);
  h.writeUIntBE(declaredLength, 4, 3);
  h[7] = type;
  h.writeUInt32LE(streamId, 8);
  const out: Buffer[] = [h];
  for (let i = 0; i < payload.length; i += 128) {
    if (i > 0) out.push(Buffer.from([0xc0 | (cid & 0x3f)]));
    out.push(payload.subarray(i, i + 128));
  }
  return Buffer.concat(out);
}

const connectCmd = () =>
  message(3, 20, Buffer.concat([amfString('connect'), amfNumber(1), amfObject({ app: 'live', tcUrl: `rtmp://127.0.0.1:${rtmpPort}/live` })]));
const publishCmd = (key: string) => message(3, 20, Buffer.concat([amfString('publish'), amfNumber(0), amfNull(), amfString(key), amfString('live')]), 1);
const audio = (n: number) => message(4, 8, Buffer.from([0xaf, 0x01, n & 0xff]), 1);

interface Client {
  socket: net.Socket;
  /** Everything the server sent so far (latin1). */
  received: () => string;
  closed: Promise<void>;
  isClosed: () => boolean;
  /** Resolves once the server answered the handshake (S0 S1 S2). */
  handshaken: Promise<boolean>;
}

/** Connects and sends C0 C1, then C2 once S0 S1 S2 came. */
function client(): Client {
  const socket = net.connect(rtmpPort, '127.0.0.1');
  sockets.add(socket);
  let data = Buffer.alloc(0);
  let closedFlag = false;
  let answered: (ok: boolean) => void = () => undefined;
  const handshaken = new Promise<boolean>((resolve) => (answered = resolve));
  socket.on('error', () => undefined);
  socket.on('data', (d: Buffer) => {
    const before = data.length;
    data = Buffer.concat([data, d]);
    if (before < 1 + 1536 * 2 && data.length >= 1 + 1536 * 2) {
      socket.write(data.subarray(1, 1 + 1536));
      answered(true);
    }
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closedFlag = true;
      answered(false);
      resolve();
    }),
  );
  socket.on('connect', () => socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536)])));
  return { socket, received: () => data.toString('latin1'), closed, isClosed: () => closedFlag, handshaken };
}

/** A connected, handshaken client that has sent `connect` (the state right before `publish`). */
async function connected(): Promise<Client> {
  const c = client();
  expect(await within(c.handshaken, 10_000, 'the handshake')).toBe(true);
  c.socket.write(connectCmd());
  await waitFor('the connect answer', async () => c.received().includes('NetConnection.Connect.Success') || c.isClosed(), 10_000, 20);
  expect(c.isClosed()).toBe(false);
  return c;
}

/** Sends `bytes` and expects the server to close the connection (well before the 10 s publish deadline). */
async function closedAfter(c: Client, bytes: Buffer): Promise<void> {
  c.socket.write(bytes);
  await within(c.closed, 5000, 'the server closing the connection');
}

/** The server still answers: a fresh connection is handshaken and connected. */
async function serverAnswers(): Promise<void> {
  const c = await connected();
  c.socket.destroy();
  await c.closed;
}

const keyOf = async (who: Person) => (await streamKeyOf(t, who)).stream_key;

// --- the tests -------------------------------------------------------------------------------------------------------

describe('RTMP ingest limits', () => {
  it('takes at most 10 connections from one address at once', async () => {
    const ten = Array.from({ length: 10 }, () => client());
    expect(await within(Promise.all(ten.map((c) => c.handshaken)), 10_000, 'ten handshakes')).toEqual(Array(10).fill(true));
    const eleventh = client();
    expect(await within(eleventh.handshaken, 5000, 'the eleventh connection being answered or closed')).toBe(false);
    expect(eleventh.received()).toBe('');
    for (const c of ten) c.socket.destroy();
    await Promise.all(ten.map((c) => c.closed));
    await waitFor('a connection to be taken again', async () => {
      const c = client();
      const ok = await within(c.handshaken, 5000, 'a handshake');
      c.socket.destroy();
      return ok;
    }, 10_000, 50);
  }, 30_000);

  it('closes a connection that sends media before publish', async () => {
    const c = await connected();
    await closedAfter(c, audio(1));
    expect(c.received()).not.toContain('NetStream.Publish');
    await serverAnswers();
  }, 30_000);

  it('closes a connection announcing a command over 64 KB, or any message over 8 MB, before reading it', async () => {
    // Only the header and a byte are sent: the connection is closed on the declared length, the rest is not waited for.
    const command = await connected();
    await closedAfter(command, message(3, 20, Buffer.alloc(1), 0, 65 * 1024));
    const data = await connected();
    await closedAfter(data, message(6, 18, Buffer.alloc(1), 1, 100 * 1024));
    const video = await connected();
    await closedAfter(video, message(7, 9, Buffer.alloc(1), 1, 9 * 1024 * 1024));
    // A large strict array inside the limit is decoded quickly (the old limit let 4 MB block the loop for > 1 s).
    const array = await connected();
    const body = Buffer.concat([amfString('connect'), Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff]), Buffer.alloc(60 * 1024, 0x05)]);
    const started = Date.now();
    array.socket.write(message(3, 20, body));
    await serverAnswers();
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('closes a connection that sets a chunk size of 0 or one too large, or opens more than 8 chunk streams', async () => {
    const chunkSize = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(n);
      return message(2, 1, b);
    };
    await closedAfter(await connected(), chunkSize(0));
    await closedAfter(await connected(), chunkSize(0x7fffffff));
    const many = await connected();
    const pings = Array.from({ length: 10 }, (_, i) => message(10 + i, 5, Buffer.from([0, 0, 0x10, 0])));
    await closedAfter(many, Buffer.concat(pings));
    // A sane chunk size is taken.
    const sane = await connected();
    sane.socket.write(chunkSize(4096));
    await serverAnswers();
    expect(sane.isClosed()).toBe(false);
  }, 30_000);
});

describe('publishing', () => {
  it('holds a little media while the key is checked, but closes a publisher that floods it', async () => {
    const me = await person(t);
    const id = (await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Flooded' }).expect(201)).body.id as string;
    const key = await keyOf(me);
    // The key check is asynchronous: media sent with `publish` arrives while it runs.
    const flood = await connected();
    await closedAfter(flood, Buffer.concat([publishCmd(key), ...Array.from({ length: 600 }, (_, i) => audio(i))]));
    expect(flood.received()).not.toContain('NetStream.Publish.Start');
    // A few packets with the publish are fine: the key is accepted.
    const fine = await connected();
    fine.socket.write(Buffer.concat([publishCmd(key), ...Array.from({ length: 20 }, (_, i) => audio(i))]));
    await waitFor('Publish.Start', async () => fine.received().includes('NetStream.Publish.Start') || fine.isClosed(), 10_000, 20);
    expect(fine.received()).toContain('NetStream.Publish.Start');
    fine.socket.destroy();
    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
  }, 60_000);

  it('disconnects a publisher whose start fails (its files cannot be made), and goes on taking publishers', async () => {
    const me = await person(t);
    const id = (await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Blocked' }).expect(201)).body.id as string;
    const key = await keyOf(me);
    // A file where the stream's directory goes: making the directory fails.
    const blocker = join(t.config.dataDir, 'live', id);
    mkdirSync(join(t.config.dataDir, 'live'), { recursive: true });
    writeFileSync(blocker, 'not a directory');
    try {
      const c = await connected();
      await closedAfter(c, publishCmd(key));
      expect(c.received()).not.toContain('NetStream.Publish.Start');
    } finally {
      rmSync(blocker, { force: true });
    }
    // The same key now publishes (the process is alive and the stream still open).
    const again = await connected();
    again.socket.write(publishCmd(key));
    await waitFor('Publish.Start', async () => again.received().includes('NetStream.Publish.Start') || again.isClosed(), 10_000, 20);
    expect(again.received()).toContain('NetStream.Publish.Start');
    again.socket.destroy();
    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
  }, 60_000);

  it('answers the stream key with Cache-Control: no-store', async () => {
    const me = await person(t);
    const r = await t.http().get('/api/live/key').set(...me.auth);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const renewed = await t.http().post('/api/live/key/regenerate').set(...me.auth);
    expect(renewed.headers['cache-control']).toBe('no-store');
  });
});
