#!/usr/bin/env node
// npm run bench: Scriven's request rates as ratios to a bare Node http server in the same run, and cold start time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

function startApp(env) {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'backend/dist/src/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const ready = new Promise((res, rej) => {
    const poll = setInterval(async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
        if (r.ok) {
          clearInterval(poll);
          res(Date.now() - started);
        }
      } catch {
        /* not yet */
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      rej(new Error(`Scriven exited with ${code}:\n${log}`));
    });
  });
  const stop = () =>
    new Promise((res) => {
      if (child.exitCode !== null) return res();
      child.once('exit', res);
      child.kill('SIGTERM');
    });
  return { ready, stop };
}

function startBare(bodies) {
  const child = spawn(process.execPath, [join(root, 'bench/bare-server.mjs'), JSON.stringify(bodies)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res) => child.stdout.once('data', (d) => res({ port: Number(/port (\d+)/.exec(String(d))[1]), stop: () => child.kill() })));
}

async function rate(url, headers = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, pipelining: 1 });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-'));
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', EMBEDDED_PG_PORT: String(await freePort()) };
  if (process.env.DATABASE_URL) console.log('Note: DATABASE_URL is set; the bench uses that server.');
  try {
    let app = startApp(env);
    const firstStart = await app.ready;
    const base = `http://127.0.0.1:${port}`;
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Bench', last_name: 'Mark', display_name: 'bench_user', email: 'bench@example.com', password: 'bench-password' }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_identifier: 'bench_user', password: 'bench-password' }) })).json();
    const auth = { authorization: `Bearer ${login.access_token}` };
    const health = await (await fetch(`${base}/api/health`)).text();
    const me = await (await fetch(`${base}/api/me`, { headers: auth })).text();
    const bare = await startBare({ '/api/health': health, '/api/me': me });
    const bareBase = `http://127.0.0.1:${bare.port}`;

    const rows = [];
    for (const [name, path, headers] of [
      ['GET /api/health', '/api/health', {}],
      ['GET /api/me (authenticated)', '/api/me', auth],
    ]) {
      await rate(`${base}${path}`, headers); // warm-up is not counted
      const bareResult = await rate(`${bareBase}${path}`, headers);
      const appResult = await rate(`${base}${path}`, headers);
      rows.push({ name, app: appResult, bare: bareResult, ratio: appResult.rps / bareResult.rps });
    }
    bare.stop();
    await app.stop();

    app = startApp(env);
    const coldStart = await app.ready;
    await app.stop();

    console.log(`\nScriven benchmark (${CONNECTIONS} connections, ${DURATION} s per run, node ${process.version})\n`);
    console.log('endpoint                        scriven req/s   bare node req/s   ratio   p99 ms (scriven/bare)');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)}${r.app.rps.toFixed(0).padStart(13)}${r.bare.rps.toFixed(0).padStart(18)}${(r.ratio * 100).toFixed(1).padStart(7)}%   ${r.app.p99}/${r.bare.p99}`,
      );
    }
    const meRatio = rows[1].ratio * 100;
    console.log(`\nGoal: GET /api/me at 35% or more of the bare server: ${meRatio.toFixed(1)}% (${meRatio >= 35 ? 'met' : 'NOT met'})`);
    console.log(`Cold start on an existing install: ready in ${coldStart} ms (goal under 10000 ms: ${coldStart < 10000 ? 'met' : 'NOT met'}); first start with a new database: ${firstStart} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
