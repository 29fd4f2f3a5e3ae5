// Helpers shared by the benchmarks: free ports, starting and stopping the real server, a signed-in user.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

/** Starts backend/dist/src/main.js (without the demo data unless asked); `ready` resolves with the ms until /api/health answers. */
export function startApp(env) {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'backend/dist/src/main.js')], { env: { DEMO_DATA: 'false', LIVE_RTMP_PORT: '0', ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20000)));
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
      if (child.exitCode !== null || child.signalCode !== null) return res();
      const hard = setTimeout(() => child.kill('SIGKILL'), 20000);
      child.once('exit', () => {
        clearTimeout(hard);
        res();
      });
      child.kill('SIGTERM');
    });
  return { ready, stop, pid: child.pid, log: () => log };
}

/** Registers a user and signs in; returns the Authorization header. */
export async function signUp(base, name = 'bench_user') {
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Mark', display_name: name, email: `${name}@example.com`, password: 'bench-password' }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_identifier: name, password: 'bench-password' }) });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${(await login.json()).access_token}` };
}

/**
 * A database of the benchmark's own: a new one on the server of DATABASE_URL (its URL put into `env`, dropped by
 * `drop`), or else the embedded server the app starts in `dataDir` (`drop` is null: the data directory goes with it).
 * `url()` is known once the app has started.
 */
export async function benchDatabase(label, env, dataDir, pgPort) {
  if (!process.env.DATABASE_URL) {
    return { url: () => `postgres://scriven:${readFileSync(join(dataDir, 'secrets', 'postgres.password'), 'utf8').trim()}@127.0.0.1:${pgPort}/scriven`, drop: null };
  }
  const name = `scriven_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  env.DATABASE_URL = u.toString();
  return {
    url: () => env.DATABASE_URL,
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
