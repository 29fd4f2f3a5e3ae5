import { fork, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './net.js';

/**
 * `npm start`'s supervisor (scripts/supervise.mjs) over the real server: two API workers sharing the port and the
 * media/jobs worker, run from the TypeScript sources (fuzz-server-hooks.mjs) on a database of their own. What a client
 * and an operator notice: the workers answer; the per-address rate limit is counted across them; a SIGKILLed API
 * worker is replaced while the other serves; a `frontend` restart serves the new index.html; a `backend` restart
 * under 200 connections of load fails no request and is audited.
 */
const HOOKS = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const SUPERVISE = resolve(process.cwd(), '..', 'scripts', 'supervise.mjs');
const RATE_LIMIT = 300;
const ADMIN = { username: 'workers_admin', password: 'a-long-admin-password' };

interface Worker {
  pid: number;
  role: string;
  state: string;
}

let dir: string;
let port: number;
let dbName: string;
let dbUrl: string;
let runner: ChildProcess;
let consoleToken: string;
let log = '';

/** Checks every `every` ms (50; the restart's state, an HTTP call counted by the rate limit, every 500 ms). */
async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 90_000, every = 50): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${log.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Load from autocannon; `done` is listened to from the start (a run that ends early is not missed). */
function load(connections: number, seconds: number) {
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((res, rej) => {
    instance = autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections, duration: seconds }, (e, result) => (e ? rej(e) : res(result)));
  });
  const responding = new Promise((r) => instance.once('response', r));
  return {
    responding,
    stop: () => {
      instance.stop();
      return done;
    },
  };
}

/** One request on a connection of its own (so the supervisor hands each to the next worker). */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  return new Promise((res, rej) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { connection: 'close', ...(data ? { 'content-type': 'application/json' } : {}), ...headers } },
      (r) => {
        let text = '';
        r.on('data', (d: Buffer) => (text += d.toString()));
        r.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          res({ status: r.statusCode ?? 0, body: parsed, text });
        });
      },
    );
    req.on('error', rej);
    req.end(data);
  });
}

/** The admin console's requests, each test from an address of its own (TRUST_PROXY): the rate limit test's address is its own. */
const asAdmin = (address: string) => ({ authorization: `Bearer ${consoleToken}`, 'x-forwarded-for': address });

function workers(): Promise<Worker[]> {
  return new Promise((res) => {
    const onMessage = (m: { workers?: Worker[] }) => {
      if (!m.workers) return;
      runner.off('message', onMessage);
      res(m.workers);
    };
    runner.on('message', onMessage);
    runner.send('workers');
  });
}
const api = async () => (await workers()).filter((w) => w.role === 'api' && w.state === 'up');

/** The restarts' state (polled every 500 ms at most: the per-address rate limit is 300 a minute). */
async function restartState(address: string): Promise<any[]> {
  const state = await call('GET', '/api/system/restart', asAdmin(address));
  expect(state.status).toBe(200);
  return state.body.restarts;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scriven-workers-'));
  mkdirSync(join(dir, 'frontend'));
  writeFileSync(join(dir, 'frontend', 'index.html'), '<!doctype html><title>first build</title>');
  dbName = `scriven_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(process.env.TEST_DATABASE_SERVER_URL!);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  port = await freePort();
  const script = join(dir, 'runner.mjs');
  writeFileSync(
    script,
    `import { supervise } from ${JSON.stringify(SUPERVISE)};
const s = supervise(${JSON.stringify(MAIN)}, { execArgv: ['--import', ${JSON.stringify(HOOKS)}], workers: 2, jobs: true, restartDelayMs: 50 });
process.on('message', (m) => m === 'workers' && process.send({ workers: s.workers() }));
`,
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: dbUrl,
    FRONTEND_DIST: join(dir, 'frontend'),
    DEMO_DATA: 'false',
    JOBS_ENABLED: 'true',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    RATE_LIMIT_SYNC_MS: '20',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  runner = fork(script, [], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
  runner.stdout!.on('data', (d: Buffer) => (log = (log + d).slice(-20000)));
  runner.stderr!.on('data', (d: Buffer) => (log = (log + d).slice(-20000)));
  await until(async () => (await api()).length === 2 && (await workers()).some((w) => w.role === 'jobs' && w.state === 'up'), 'the workers to start', 150_000);
  const login = await call('POST', '/api/admin/login', { 'x-forwarded-for': '192.0.2.1' }, ADMIN);
  expect(login.status).toBe(200);
  consoleToken = login.body.access_token;
}, 180_000);

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    const gone = new Promise((r) => runner.once('exit', r));
    runner.kill('SIGTERM');
    const hard = setTimeout(() => runner.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(hard);
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

it('runs two API workers and a media/jobs worker; restarts can be asked for', async () => {
  const all = await workers();
  expect(all.map((w) => w.role).sort()).toEqual(['api', 'api', 'jobs']);
  expect(new Set(all.map((w) => w.pid)).size).toBe(3);
  expect((await call('GET', '/api/health')).status).toBe(200);
  const state = await call('GET', '/api/system/restart', asAdmin('192.0.2.2'));
  expect(state.status).toBe(200);
  expect(state.body.supervised).toBe(true);
  // The console's status lists every worker with its role and readings (they come every 2 s).
  const listed = await until(async () => {
    const status = await call('GET', '/api/system/status', asAdmin('192.0.2.2'));
    const ws = status.body?.details?.workers as { pid: number; role: string; rss_bytes: number | null }[] | undefined;
    return ws && ws.length === 3 && ws.every((w) => w.rss_bytes !== null) ? ws : undefined;
  }, 'the status to list three workers with readings', 30_000);
  expect(listed.map((w) => w.role).sort()).toEqual(['api', 'api', 'jobs']);
  expect(new Set(listed.map((w) => w.pid))).toEqual(new Set(all.map((w) => w.pid)));
});

it('counts the per-address rate limit across the API workers', async () => {
  // Each request on a new connection: the workers take turns. Counted per process, each would see about half of the
  // 450 requests (under the limit of 300) and refuse none.
  const statuses: number[] = [];
  for (let i = 0; i < 450; i++) statuses.push((await call('GET', '/api/features', { 'x-forwarded-for': '203.0.113.9' })).status);
  const ok = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  expect(ok + refused).toBe(450);
  // Exactly the limit when every hit is known at once; a few more may pass while the workers sync (every 20 ms here).
  expect(ok).toBeGreaterThanOrEqual(RATE_LIMIT);
  expect(ok).toBeLessThan(RATE_LIMIT + 60);
  // Another address has its own budget.
  expect((await call('GET', '/api/features', { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
});

it('a frontend restart serves the new index.html from every worker', async () => {
  expect((await call('GET', '/')).text).toContain('first build');
  writeFileSync(join(dir, 'frontend', 'index.html'), '<!doctype html><title>second build</title>');
  const r = await call('POST', '/api/system/restart', asAdmin('192.0.2.3'), { services: ['frontend'] });
  expect(r.status).toBe(202);
  expect(r.body).toEqual({ services: ['frontend'], status: 'restarting' });
  const done = await until(async () => (await restartState('192.0.2.3')).find((x) => x.service === 'frontend' && x.state !== 'restarting'), 'the frontend restart', 90_000, 500);
  expect(done).toMatchObject({ service: 'frontend', state: 'done', detail: null });
  for (let i = 0; i < 4; i++) expect((await call('GET', '/')).text).toContain('second build');
});

it('replaces a SIGKILLed API worker; under load only requests in flight on it fail', async () => {
  const before = await api();
  const traffic = load(200, 60);
  await traffic.responding;
  process.kill(before[0].pid, 'SIGKILL');
  await until(async () => {
    const now = await api();
    return now.length === 2 && !now.some((w) => w.pid === before[0].pid);
  }, 'the worker to be replaced');
  // The new worker serves: the load keeps running a moment on both.
  const result = await traffic.stop();
  // At most one request per connection was in flight on the killed worker (pipelining 1); nothing else failed.
  expect(result.non2xx).toBe(0);
  expect(result.errors + result.timeouts).toBeLessThanOrEqual(200);
  expect(result['2xx']).toBeGreaterThan(200);
}, 120_000);

it('an all restart also replaces the media/jobs worker, which stops on its own (the restart is not a kill)', async () => {
  const jobsBefore = (await workers()).find((w) => w.role === 'jobs')!.pid;
  const asked = await call('POST', '/api/system/restart', asAdmin('192.0.2.50'), { services: ['all'] });
  expect(asked.status).toBe(202);
  const all = await until(async () => (await restartState('192.0.2.50')).find((x) => x.service === 'all' && x.state !== 'restarting'), 'the all restart', 90_000, 500);
  expect(all).toMatchObject({ state: 'done', detail: null });
  const jobsAfter = (await workers()).find((w) => w.role === 'jobs' && w.state === 'up');
  expect(jobsAfter?.pid).toBeDefined();
  expect(jobsAfter!.pid).not.toBe(jobsBefore);
  expect((await call('GET', '/api/health')).status).toBe(200);
});

it('a backend restart under 200 connections fails no request, refuses a second restart meanwhile, and is audited', async () => {
  const before = await api();
  const traffic = load(200, 120);
  await traffic.responding;
  const r = await call('POST', '/api/system/restart', asAdmin('192.0.2.4'), { services: ['backend'] });
  expect(r.status).toBe(202);
  const again = await call('POST', '/api/system/restart', asAdmin('192.0.2.4'), { services: ['all'] });
  expect(again.status).toBe(409);
  expect(again.body.detail).toBe('A restart is already in progress');
  const done = await until(async () => (await restartState('192.0.2.4')).find((x) => x.service === 'backend' && x.state !== 'restarting'), 'the backend restart', 110_000, 500);
  const result = await traffic.stop();
  expect(done).toMatchObject({ state: 'done', detail: null });
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  expect(result['2xx']).toBeGreaterThan(200);
  // Both API workers are new ones.
  const after = await api();
  expect(after).toHaveLength(2);
  expect(after.some((w) => before.some((b) => b.pid === w.pid))).toBe(false);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const rows = (await db.query(`select admin_username, action, target, detail from admin_audit_log where action = 'service.restarted' order by created_at`)).rows;
  await db.end();
  expect(rows.map((x) => x.target)).toEqual(['frontend', 'all', 'backend']);
  expect(rows[2]).toMatchObject({ admin_username: ADMIN.username, detail: { services: ['backend'] } });
}, 150_000);

it('a backend restart lets an upload in flight finish on its old worker past the 15 s drain; new requests go to the new workers', async () => {
  const address = '192.0.2.60';
  const reg = await call('POST', '/api/register', { 'x-forwarded-for': address }, { first_name: 'Up', last_name: 'Loader', display_name: 'slow_uploader', email: 'slow_uploader@example.com', password: 'uploader-password' });
  expect(reg.status).toBe(201);
  const login = await call('POST', '/api/login', { 'x-forwarded-for': address }, { login_identifier: 'slow_uploader', password: 'uploader-password' });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${login.body.access_token}`, 'x-forwarded-for': address };
  const started = await call('POST', '/api/videos/upload/init', auth, { filename: 'slow.mp4', total_size: 8 * 1048576 + 2 * 1048576, title: 'Sent slowly' });
  expect(started.status).toBe(201);
  const { session_id: id, chunk_size: size, total_chunks: chunks } = started.body;
  const last = chunks - 1;
  const body = randomBytes(8 * 1048576 + 2 * 1048576 - size * last);

  // The last chunk (not sniffed as a video), sent slowly from before the restart until well past the old worker's 15 s.
  const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `/api/videos/upload/chunk/${id}?chunk_index=${last}`, agent: false, headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(body.length) } });
  const answer = new Promise<{ status: number; text: string }>((res, rej) => {
    req.on('response', (r) => {
      let text = '';
      r.on('data', (d: Buffer) => (text += d.toString()));
      r.on('end', () => res({ status: r.statusCode ?? 0, text }));
    });
    req.on('error', rej);
  });
  answer.catch(() => undefined);
  let sent = 0;
  const send = (n: number) => {
    req.write(body.subarray(sent, sent + n));
    sent += n;
  };
  send(65536);
  const old = new Set((await api()).map((w) => w.pid));
  const asked = await call('POST', '/api/system/restart', asAdmin('192.0.2.61'), { services: ['backend'] });
  expect(asked.status).toBe(202);
  // Its old worker is the one still draining after 16 s (another old worker, with nothing long in flight, stops at once).
  const drainingSince = new Map<number, number>();
  await until(
    async () => {
      if (sent < body.length - 65536) send(8192); // a trickle: the connection is never silent
      for (const w of await workers()) if (old.has(w.pid) && w.state === 'draining' && !drainingSince.has(w.pid)) drainingSince.set(w.pid, Date.now());
      return [...drainingSince.values()].some((since) => Date.now() - since > 16_000);
    },
    'the upload’s worker to drain for longer than 15 s',
    150_000,
    250,
  );
  // Meanwhile the new workers serve.
  expect((await call('GET', '/api/health')).status).toBe(200);
  req.end(body.subarray(sent));
  const r = await answer;
  expect(r.status).toBe(200);
  expect(JSON.parse(r.text)).toMatchObject({ session_id: id, chunk_index: last, uploaded_chunks: 1 });
  const done = await until(async () => (await restartState('192.0.2.61')).find((x) => x.service === 'backend' && x.state !== 'restarting'), 'the backend restart', 150_000, 500);
  expect(done).toMatchObject({ state: 'done', detail: null });
  const after = await api();
  expect(after.some((w) => old.has(w.pid))).toBe(false);
}, 240_000);
