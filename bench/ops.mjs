#!/usr/bin/env node
// npm run bench:ops: `npm start`'s supervisor with its workers. GET /api/me (authenticated) with WORKERS=1 against
// WORKERS=2 (do the workers scale across the cores?), then a `backend` rolling restart under 200 connections: the failed
// requests (goal 0) and the p99 during it. Each run is the real supervisor (scripts/supervise.mjs) over the built server.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, freePort, signUp } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN = { username: 'bench_admin', password: 'a-long-bench-password' };

/** Runs the supervisor with `workers` API workers and the jobs worker on a fresh data directory; resolves once all serve. */
async function startCluster(workers) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-ops-'));
  const port = await freePort();
  const runner = join(dataDir, 'runner.mjs');
  writeFileSync(
    runner,
    `import { supervise } from ${JSON.stringify(join(root, 'scripts/supervise.mjs'))};
const s = supervise(${JSON.stringify(join(root, 'backend/dist/src/main.js'))}, { workers: ${workers}, jobs: true, execArgv: [], log: () => undefined });
s.started.then((ok) => process.send({ started: ok }));`,
  );
  // The supervisor's database, as scripts/start.mjs starts it without DATABASE_URL: an embedded PostgreSQL of this run.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const { startEmbeddedPostgres } = await import(join(root, 'backend/dist/src/common/database/embedded-postgres.js'));
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'scriven', log: () => undefined });
  env.DATABASE_URL = db.url;
  const stopDb = () => db.stop();
  const child = fork(runner, [], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ok = await new Promise((res) => {
    child.once('message', (m) => res(m?.started));
    child.once('exit', () => res(false));
  });
  if (!ok) throw new Error(`the supervisor with ${workers} workers did not start`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      });
      await stopDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const run = (opts) => autocannon({ pipelining: 1, ...opts });

async function meRate(workers) {
  const c = await startCluster(workers);
  try {
    const auth = await signUp(c.base);
    await run({ url: `${c.base}/api/me`, headers: auth, connections: CONNECTIONS, duration: 2 }); // warm-up
    const r = await run({ url: `${c.base}/api/me`, headers: auth, connections: CONNECTIONS, duration: DURATION });
    if (r.non2xx || r.errors) throw new Error(`/api/me with ${workers} workers: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p95: r.latency.p97_5 ?? r.latency.p99, p50: r.latency.p50 };
  } finally {
    await c.stop();
  }
}

async function rollingRestart() {
  const c = await startCluster(2);
  try {
    const login = await fetch(`${c.base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const token = (await login.json()).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const load = run({ url: `${c.base}/api/health`, connections: 200, duration: 300 });
    await new Promise((r) => load.once('response', r));
    const started = Date.now();
    const asked = await fetch(`${c.base}/api/system/restart`, { method: 'POST', headers, body: JSON.stringify({ services: ['backend'] }) });
    if (asked.status !== 202) throw new Error(`restart: ${asked.status} ${await asked.text()}`);
    let state;
    for (;;) {
      state = (await (await fetch(`${c.base}/api/system/restart`, { headers })).json()).restarts.find((x) => x.service === 'backend');
      if (state && state.state !== 'restarting') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const took = Date.now() - started;
    const result = await new Promise((res) => {
      load.once('done', res);
      load.stop();
    });
    return { state: state.state, took, failed: result.errors + result.timeouts + result.non2xx, total: result.requests.total, p99: result.latency.p99, p50: result.latency.p50 };
  } finally {
    await c.stop();
  }
}

export async function runOpsBench() {
  const one = await meRate(1);
  const two = await meRate(2);
  const restart = await rollingRestart();
  console.log(`\nWorkers and restarts (npm start's supervisor; ${CONNECTIONS} connections, ${DURATION} s runs, node ${process.version})\n`);
  console.log('GET /api/me (authenticated)   req/s    p50 ms   p97.5 ms');
  console.log(`  WORKERS=1                 ${one.rps.toFixed(0).padStart(7)}${String(one.p50).padStart(9)}${String(one.p95).padStart(11)}`);
  console.log(`  WORKERS=2                 ${two.rps.toFixed(0).padStart(7)}${String(two.p50).padStart(9)}${String(two.p95).padStart(11)}`);
  console.log(`  WORKERS=2 / WORKERS=1: ${(two.rps / one.rps).toFixed(2)}x`);
  console.log(`\nRolling restart of the backend under 200 connections (GET /api/health): ${restart.state} in ${restart.took} ms; ${restart.total} requests, ${restart.failed} failed (goal 0: ${restart.failed === 0 ? 'met' : 'NOT met'}); p50 ${restart.p50} ms, p99 ${restart.p99} ms during it`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOpsBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
