import { Agent, createServer, request as httpRequest, type ClientRequest, type Server } from 'node:http';
import { of } from 'rxjs';
import { connect, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { InFlight, UploadInterceptor } from '../src/common/http/long-running.js';

/**
 * What a rolling restart's drain lets finish (up to RESTART_DRAIN_LONG_SECONDS): the upload routes once signed in,
 * whatever the size of their body (a 256 KiB chunk too), and nothing else (a slow body sent to another route, or to an
 * upload route without signing in, gets the ordinary bound). And a chunk whose upload-gate locks are lost mid-write is
 * stopped and answered busy (retryable), not cut.
 */
const CHUNK = 262_144;
let t: TestApp;
let server: Server;
let port: number;
let auth: [string, string];

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_CHUNK_BYTES: String(CHUNK), RATE_LIMIT_PER_MINUTE: '100000' });
  server = t.app.getHttpServer() as Server;
  // As main.ts does for a drain: counts the requests in flight (and, before the fix, guessed uploads from headers).
  new InFlight(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  ({ auth } = await signUp(t));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await t?.close();
});

/** A request whose body is sent by the test, piece by piece; `answer` is its response. */
function open(method: string, path: string, headers: Record<string, string>) {
  const req: ClientRequest = httpRequest({ host: '127.0.0.1', port, method, path, agent: false, headers });
  const answer = new Promise<{ status: number; body: any }>((res, rej) => {
    req.on('response', (r) => {
      let text = '';
      r.on('data', (d: Buffer) => (text += d.toString()));
      r.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        res({ status: r.statusCode ?? 0, body });
      });
    });
    req.on('error', rej);
  });
  answer.catch(() => undefined);
  return { req, answer };
}

/** The server has got the request's headers and its handlers have had their turn. */
function arrived(): Promise<void> {
  return new Promise((resolve) => server.once('request', () => setTimeout(resolve, 50)));
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

async function session(): Promise<string> {
  const r = await t.http().post('/api/videos/upload/init').set(...auth).send({ filename: 'v.mp4', total_size: 2 * CHUNK, title: 'Drained' });
  expect(r.status).toBe(201);
  return r.body.session_id;
}

it('keeps a signed-in chunk of 256 KiB as long-running while it arrives, and only until it is answered', async () => {
  const id = await session();
  const body = randomBytes(CHUNK);
  const { req, answer } = open('POST', `/api/videos/upload/chunk/${id}?chunk_index=1`, { [auth[0]]: auth[1], 'content-type': 'application/octet-stream', 'content-length': String(CHUNK) });
  req.write(body.subarray(0, 1024));
  await until(() => InFlight.longRunning === 1, 'the chunk to count as long-running');
  req.end(body.subarray(1024));
  const r = await answer;
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ chunk_index: 1, uploaded_chunks: 1 });
  await until(() => InFlight.longRunning === 0, 'the chunk to be done');
});

it('does not keep a slow body on another route, or on an upload route without signing in', async () => {
  // Anyone can send a large or endless body: a drain gives it the ordinary bound.
  for (const [path, headers] of [
    ['/api/login', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }],
    ['/api/login', { 'content-type': 'application/json', 'content-length': String(8 << 20) }],
    ['/api/videos/upload/chunk/00000000-0000-4000-8000-000000000000?chunk_index=0', { 'content-type': 'application/octet-stream', 'content-length': String(8 << 20) }],
  ] as const) {
    const came = arrived();
    const { req, answer } = open('POST', path, headers);
    req.write('{"login_identifier":');
    await came;
    expect({ path, longRunning: InFlight.longRunning }).toEqual({ path, longRunning: 0 });
    req.destroy();
    await answer.catch(() => undefined);
  }
});

it('a chunk whose upload-gate locks are lost mid-write stops and is answered busy (its client sends it again)', async () => {
  const id = await session();
  const body = randomBytes(CHUNK);
  const database = new URL(t.databaseUrl).pathname.slice(1);
  const gateLocks = async () =>
    Number(
      (
        await t.sql<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name = 'scriven-upload-gate' and a.datname = $1`,
          [database],
        )
      )[0].n,
    );
  const { req, answer } = open('POST', `/api/videos/upload/chunk/${id}?chunk_index=1`, { [auth[0]]: auth[1], 'content-type': 'application/octet-stream', 'content-length': String(CHUNK) });
  req.write(body.subarray(0, 1024));
  // The chunk is being written under its locks; then the gate's connection goes.
  await until(async () => (await gateLocks()) > 0, 'the chunk to hold its locks');
  await t.sql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'scriven-upload-gate' and datname = $1`, [database]);
  const r = await answer;
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ code: 'UPLOAD.BUSY' });
  req.destroy();
  // Not counted; sent again, it is.
  expect((await t.http().get(`/api/videos/upload/status/${id}`).set(...auth)).body.uploaded_chunks).toEqual([]);
  const again = await t.http().post(`/api/videos/upload/chunk/${id}?chunk_index=1`).set(...auth).set('Content-Type', 'application/octet-stream').send(body);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ chunk_index: 1, uploaded_chunks: 1 });
});

it('when the last long-running request of a drain is done, a request that came after another on its connection is not cut', async () => {
  // A server with two uploads in flight (each on a connection of its own) when the drain starts.
  const interceptor = new UploadInterceptor();
  const finish = new Map<string, () => void>();
  let ordinaryIn!: () => void;
  const ordinaryArrived = new Promise<void>((r) => (ordinaryIn = r));
  let answerOrdinary!: () => void;
  const ordinaryMayAnswer = new Promise<void>((r) => (answerOrdinary = r));
  const s = createServer((req, res) => {
    if (req.url!.startsWith('/upload')) {
      interceptor.intercept({ switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as never, { handle: () => of(null) } as never);
      finish.set(req.url!, () => res.end('upload done'));
    } else {
      ordinaryIn();
      void ordinaryMayAnswer.then(() => res.end('ordinary done'));
    }
  });
  const inFlight = new InFlight(s);
  s.closeIdleConnections = () => undefined; // as main.ts: idle keep-alive connections are left to the drain
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const at = (s.address() as AddressInfo).port;
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, agent: Agent | false) =>
    new Promise<string>((res, rej) => {
      httpRequest({ host: '127.0.0.1', port: at, path, agent }, (r) => {
        let text = '';
        r.on('data', (d: Buffer) => (text += d.toString()));
        r.on('end', () => res(text));
        r.on('error', rej);
      })
        .on('error', rej)
        .end();
    });
  try {
    const first = get('/upload/1', keepAlive);
    const second = get('/upload/2', false);
    await until(() => finish.size === 2 && InFlight.longRunning === 2, 'both uploads to arrive');
    // And an idle connection, which shows when the ordinary bound has passed (it is cut then).
    const accepted = once(s, 'connection');
    const idle = connect(at, '127.0.0.1');
    idle.on('error', () => undefined);
    await accepted;
    // The drain: an ordinary bound of 0 ms, a long one for uploads.
    const settled = inFlight.settle(new Promise<void>((r) => s.close(() => r())), 0, 60_000);
    await once(idle, 'close');
    finish.get('/upload/1')!();
    expect(await first).toBe('upload done');
    // The first upload's client sends an ordinary request on the same connection, then the last upload finishes.
    const ordinary = get('/ordinary', keepAlive);
    await ordinaryArrived;
    finish.get('/upload/2')!();
    expect(await second).toBe('upload done');
    await until(() => InFlight.longRunning === 0, 'the uploads to be done');
    // The ordinary request in flight is left to finish (only idle connections are cut then).
    answerOrdinary();
    expect(await ordinary).toBe('ordinary done');
    keepAlive.destroy();
    await settled;
  } finally {
    keepAlive.destroy();
    s.closeAllConnections();
  }
});
