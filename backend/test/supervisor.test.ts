import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './net.js';

/**
 * `npm start`'s supervisor (scripts/supervise.mjs) with a stand-in server: a server killed after it was ready is
 * started again; one that fails to start is not; a stop reaches the server and the supervisor exits with its code.
 */
const supervise = resolve(process.cwd(), '..', 'scripts', 'supervise.mjs');
let dir: string;
let supervisor: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scriven-supervisor-'));
});
afterEach(() => {
  supervisor?.kill('SIGKILL');
  for (const pid of pids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The stand-in: writes its pid, says it is ready unless it fails at start (always, or as an API worker), and exits 0 on SIGTERM. */
function standIn(failAtStart: boolean | 'api'): string {
  const file = join(dir, 'server.mjs');
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(join(dir, 'pids'))}, process.pid + '\\n');
if (${JSON.stringify(failAtStart)} === true || (${JSON.stringify(failAtStart)} === 'api' && process.env.SCRIVEN_ROLE === 'api')) { console.error('bad configuration'); process.exit(3); }
process.on('SIGTERM', () => process.exit(0));
process.send({ type: 'scriven:ready' });
setInterval(() => undefined, 1000);
`,
  );
  return file;
}

function pids(): number[] {
  const file = join(dir ?? '', 'pids');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
}

function run(entry: string, workers = 1, jobs = false): ChildProcess {
  const runner = join(dir, 'supervisor.mjs');
  writeFileSync(runner, `import { supervise } from ${JSON.stringify(supervise)}; supervise(${JSON.stringify(entry)}, { workers: ${workers}, jobs: ${jobs}, execArgv: [], restartDelayMs: 20, log: () => undefined });`);
  supervisor = spawn(process.execPath, [runner], { stdio: ['ignore', 'ignore', 'pipe'] });
  return supervisor;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

it('starts the server again when it is killed after it was ready, and stops it with the supervisor', async () => {
  const sup = run(standIn(false));
  const done = exited(sup);
  await until(() => pids().length === 1, 'the server to start');
  process.kill(pids()[0], 'SIGKILL');
  await until(() => pids().length === 2, 'the server to be started again');
  // Each start is a new process.
  expect(new Set(pids()).size).toBe(2);
  sup.kill('SIGTERM');
  expect(await done).toBe(0);
  // The second server stopped with it.
  expect(() => process.kill(pids()[1], 0)).toThrow();
});

it('does not start again a server that fails to start, and exits with its code', async () => {
  const sup = run(standIn(true));
  expect(await exited(sup)).toBe(3);
  expect(pids()).toHaveLength(1);
});

it('stops, with its code, when the jobs worker starts but an API worker never can (a HOST or PORT it cannot listen on)', async () => {
  const sup = run(standIn('api'), 1, true);
  expect(await exited(sup)).toBe(3);
  // The jobs worker and the one API worker: the API worker was not started again.
  expect(pids()).toHaveLength(2);
});

it('runs several workers and one jobs worker, replaces the one that dies, and stops them all', async () => {
  const sup = run(standIn(false), 2, true);
  const done = exited(sup);
  await until(() => pids().length === 3, 'the jobs worker and two API workers to start');
  process.kill(pids()[1], 'SIGKILL');
  await until(() => pids().length === 4, 'the killed worker to be replaced');
  const alive = pids().filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  expect(alive).toHaveLength(3);
  sup.kill('SIGTERM');
  expect(await done).toBe(0);
  for (const pid of pids()) expect(() => process.kill(pid, 0)).toThrow();
});

/**
 * A stand-in API worker that asks for restarts as a worker does (reserve, then go or cancel) and logs what it is told
 * to `log`. The first worker is ready; the workers a restart starts are ready only when `newReady`.
 */
function restartingStandIn(plan: 'cancel-then-go' | 'go', newReady: boolean): string {
  const file = join(dir, 'restarting.mjs');
  writeFileSync(
    file,
    `import { appendFileSync, readFileSync } from 'node:fs';
const pidsFile = ${JSON.stringify(join(dir, 'pids'))};
const log = (line) => appendFileSync(${JSON.stringify(join(dir, 'log'))}, process.pid + ' ' + line + '\\n');
appendFileSync(pidsFile, process.pid + '\\n');
const first = readFileSync(pidsFile, 'utf8').trim().split('\\n').length === 1;
process.on('SIGTERM', () => { log('SIGTERM'); process.exit(0); });
let asked = 0;
const ask = () => process.send({ type: 'scriven:restart', id: 'r' + ++asked, services: ['backend'] });
process.on('message', (m) => {
  if (m?.type === 'scriven:drain') { log('drain ' + m.timeout_ms + ' ' + m.long_timeout_ms); process.exit(0); }
  if (m?.type === 'scriven:restart-accepted') {
    log('accepted ' + m.id + ' ' + m.ok + ' ' + (m.reason ?? ''));
    if (!m.ok) return;
    // (A cancel that asks for an answer, as one sent when the worker got no answer in time.)
    if (${JSON.stringify(plan)} === 'cancel-then-go' && asked === 1) { process.send({ type: 'scriven:restart-cancel', id: m.id, answer: true }); setTimeout(ask, 50); }
    else process.send({ type: 'scriven:restart-go', id: m.id });
  }
  if (m?.type === 'scriven:restart-started') {
    log('started ' + m.id + ' ' + m.ok);
    // Too late to cancel: the supervisor says it had started.
    if (${JSON.stringify(plan)} === 'cancel-then-go') process.send({ type: 'scriven:restart-cancel', id: m.id, answer: true });
  }
  if (m?.type === 'scriven:restart-cancelled') log('cancelled ' + m.id + ' ' + m.ok + ' ' + (m.reason ?? ''));
});
if (first || ${JSON.stringify(newReady)}) process.send({ type: 'scriven:ready' });
if (first) setTimeout(ask, 50);
setInterval(() => undefined, 1000);
`,
  );
  return file;
}

const logLines = () => (existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n') : []);

function runWith(entry: string, options: string): ChildProcess {
  const runner = join(dir, 'supervisor.mjs');
  writeFileSync(runner, `import { supervise } from ${JSON.stringify(supervise)}; supervise(${JSON.stringify(entry)}, { workers: 1, jobs: false, execArgv: [], restartDelayMs: 20, log: () => undefined, ${options} });`);
  supervisor = spawn(process.execPath, [runner], { stdio: ['ignore', 'ignore', 'pipe'] });
  return supervisor;
}

it('acts on a restart only once its worker says go (a cancelled one frees the place); the old worker is told both drain bounds', async () => {
  const sup = runWith(restartingStandIn('cancel-then-go', true), 'drainTimeoutMs: 1000, longDrainTimeoutMs: 30000');
  const done = exited(sup);
  await until(() => pids().length === 2 && logLines().some((l) => l.endsWith('drain 1000 30000')), 'the restart to replace the worker');
  const [old] = pids();
  // The cancelled restart started nothing; the second was accepted (not refused as busy), then started once told go.
  // A cancel that asks for an answer gets one: cancelled, or too late (it had started).
  const lines = logLines().filter((l) => l.startsWith(`${old} `));
  expect(lines.filter((l) => !l.includes(' drain '))).toEqual([`${old} accepted r1 true `, `${old} cancelled r1 true `, `${old} accepted r2 true `, `${old} started r2 true`, `${old} cancelled r2 false started`]);
  expect(lines).toContain(`${old} drain 1000 30000`);
  sup.kill('SIGTERM');
  expect(await done).toBe(0);
  for (const pid of pids()) expect(() => process.kill(pid, 0)).toThrow();
});

it('a stop during a rolling restart stops the worker that is still starting too', async () => {
  const sup = runWith(restartingStandIn('go', false), '');
  const done = exited(sup);
  await until(() => pids().length === 2 && logLines().some((l) => l.includes('started r1 true')), 'the restart to start a new worker');
  const starting = pids()[1];
  sup.kill('SIGTERM');
  expect(await done).toBe(0);
  // Told to stop like every other worker (not left to notice its supervisor is gone), and stopped.
  expect(logLines()).toContain(`${starting} SIGTERM`);
  for (const pid of pids()) expect(() => process.kill(pid, 0)).toThrow();
});

/**
 * scripts/database.mjs as start.mjs runs it, on the TypeScript sources, interrupted by `signals` SIGINTs once its
 * server process exists; resolves with the start's exit code and the server's pid. The server runs in a process group
 * of its own, so only a stop by the start itself reaches it.
 */
type Interrupted = { code: number | null; postmaster: number; pidFile: string; cleanup: () => void };

/** The start finished before the test saw its server process (a busy machine): nothing was interrupted. */
class StartedTooSoon extends Error {}

/**
 * interruptEmbeddedStartOnce, tried again on a fresh data directory when the start finished before the Ctrl-C could
 * be pressed during it (the server's pid file is polled; a starved test process can miss the whole start).
 */
async function interruptEmbeddedStart(signals: number, entry: 'npm start' | 'main' = 'npm start'): Promise<Interrupted> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await interruptEmbeddedStartOnce(signals, entry, join(dir, `data-${attempt}`));
    } catch (e) {
      if (!(e instanceof StartedTooSoon) || attempt === 3) throw e;
    }
  }
}

async function interruptEmbeddedStartOnce(signals: number, entry: 'npm start' | 'main', dataDir: string): Promise<Interrupted> {
  chmodSync(dir, 0o755); // run as root, the server runs as the postgres user
  const runner = entry === 'main' ? resolve(process.cwd(), 'src', 'main.ts') : join(dir, 'database.mjs');
  const hooks = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;
  if (entry !== 'main') writeFileSync(
    runner,
    `import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { embeddedDatabase } from ${JSON.stringify(resolve(process.cwd(), '..', 'scripts', 'database.mjs'))};
const db = await embeddedDatabase(process.env, { maxConnections: 120 }, (p) => import(pathToFileURL(join(${JSON.stringify(resolve(process.cwd(), 'src'))}, p.replace(/\\.js$/, '.ts'))).href));
console.log('started');
process.on('SIGINT', () => db.stop().finally(() => process.exit(0)));
// Waits for the Ctrl-C (the database server runs detached: nothing else keeps this process alive).
setInterval(() => undefined, 60_000);
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: String(await freePort()), HOST: '127.0.0.1', JOBS_ENABLED: 'false', DEMO_DATA: 'false' };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  const child = spawn(process.execPath, ['--import', hooks, runner], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const done = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  let postmaster = 0;
  const cleanup = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    try {
      if (postmaster) process.kill(postmaster, 'SIGQUIT');
    } catch {
      // stopped
    }
  };
  try {
    // The server process exists (its log is opened just before it is spawned, and it writes its pid file as it starts,
    // well before it is ready and the database is created; initdb's pid file comes before the log): Ctrl-C now.
    for (const end = Date.now() + 120_000; !postmaster; await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`the embedded server did not start:\n${output}`);
      if (existsSync(join(dataDir, 'postgres.log')) && existsSync(pidFile)) postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || 0;
      if (!postmaster && entry !== 'main' && output.includes('started')) {
        child.kill('SIGINT');
        await done;
        throw new StartedTooSoon();
      }
    }
    child.kill('SIGINT');
    if (signals === 2) {
      // Pressed again once the first was taken (two signals sent at once could arrive as one).
      for (const end = Date.now() + 30_000; !output.includes('Stopping: the embedded database') && child.exitCode === null; await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() > end) throw new Error(`the first Ctrl-C was not taken:\n${output}`);
      }
      child.kill('SIGINT');
    }
    return { code: await done, postmaster, pidFile, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

it('a Ctrl-C while the embedded database starts stops the server once its start has finished: none is left running', async () => {
  const { code, postmaster, pidFile, cleanup } = await interruptEmbeddedStart(1);
  try {
    expect(code).toBe(0);
    // Stopped before the start exited, not left running.
    expect(() => process.kill(postmaster, 0)).toThrow();
    expect(existsSync(pidFile)).toBe(false);
  } finally {
    cleanup();
  }
}, 150_000);

it('a Ctrl-C while the server (without the supervisor) starts its embedded database stops that database too', async () => {
  const { code, postmaster, pidFile, cleanup } = await interruptEmbeddedStart(1, 'main');
  try {
    expect(code).toBe(0);
    expect(() => process.kill(postmaster, 0)).toThrow();
    expect(existsSync(pidFile)).toBe(false);
  } finally {
    cleanup();
  }
}, 150_000);

it('a second Ctrl-C while the embedded database starts does not wait: the server is told to quit and the start exits with 130', async () => {
  const { code, postmaster, cleanup } = await interruptEmbeddedStart(2);
  try {
    expect(code).toBe(130);
    // SIGQUIT: the server stops at once (it may take a moment to exit).
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      try {
        process.kill(postmaster, 0);
      } catch {
        break;
      }
    }
    expect(() => process.kill(postmaster, 0)).toThrow();
  } finally {
    cleanup();
  }
}, 150_000);

it('sizes each worker’s database pool and the embedded server’s max_connections for WORKERS', async () => {
  const { connectionBudget } = await import(resolve(process.cwd(), '..', 'scripts', 'supervise.mjs'));
  // Every process (the API workers, the jobs worker, a rolling restart's extra one) at its most, within the server's limit.
  for (const workers of [1, 2, 6, 16, 64]) {
    const b = connectionBudget(workers);
    expect(b.poolSize).toBeGreaterThanOrEqual(5);
    expect(b.poolSize).toBeLessThanOrEqual(20);
    expect((workers + 2) * (b.poolSize + 8)).toBeLessThanOrEqual(b.maxConnections - 20);
  }
  expect(connectionBudget(2)).toMatchObject({ poolSize: 20, maxConnections: 200 });
  expect(connectionBudget(6)).toMatchObject({ poolSize: 17, maxConnections: 220 });
  // An operator's SCRIVEN_DB_POOL_SIZE is the pool the workers get, and the budget counts it (not the computed one).
  expect(connectionBudget(6, { SCRIVEN_DB_POOL_SIZE: '40' })).toMatchObject({ poolSize: 40, perProcess: 48, needed: 384, maxConnections: 404 });
  // One the server would not take is ignored: the workers are given the computed size, and that is counted.
  expect(connectionBudget(6, { SCRIVEN_DB_POOL_SIZE: 'many' })).toMatchObject({ poolSize: 17 });

  // The supervisor gives its workers the pool size.
  const file = join(dir, 'pool.mjs');
  writeFileSync(file, `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(join(dir, 'pids'))}, process.pid + '\\n'); appendFileSync(${JSON.stringify(join(dir, 'log'))}, process.env.SCRIVEN_DB_POOL_SIZE + '\\n'); process.on('SIGTERM', () => process.exit(0)); process.send({ type: 'scriven:ready' }); setInterval(() => undefined, 1000);`);
  const sup = run(file, 6, true);
  const done = exited(sup);
  await until(() => logLines().length === 7, 'the seven workers to start');
  expect(new Set(logLines())).toEqual(new Set(['17']));
  sup.kill('SIGTERM');
  expect(await done).toBe(0);

  // The embedded server of `npm start` with WORKERS=6.
  const dataDir = join(dir, 'data');
  chmodSync(dir, 0o755);
  const runner = join(dir, 'database.mjs');
  writeFileSync(
    runner,
    `import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createRequire } from 'node:module';
const pg = createRequire(${JSON.stringify(join(process.cwd(), 'package.json'))})('pg');
import { embeddedDatabase } from ${JSON.stringify(resolve(process.cwd(), '..', 'scripts', 'database.mjs'))};
import { connectionBudget } from ${JSON.stringify(resolve(process.cwd(), '..', 'scripts', 'supervise.mjs'))};
const env = { ...process.env };
const db = await embeddedDatabase(env, connectionBudget(6), (p) => import(pathToFileURL(join(${JSON.stringify(resolve(process.cwd(), 'src'))}, p.replace(/\\.js$/, '.ts'))).href));
const client = new pg.Client({ connectionString: env.DATABASE_URL });
await client.connect();
console.log('max_connections=' + (await client.query('show max_connections')).rows[0].max_connections);
await client.end();
await db.stop();
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  const child = spawn(process.execPath, ['--import', new URL('./fuzz-server-hooks.mjs', import.meta.url).href, runner], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const code = await exited(child);
  expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('max_connections=220') });
}, 120_000);
