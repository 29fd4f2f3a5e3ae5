import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:net';
import { freePort } from './net.js';

/**
 * What an operator sees of `npm start` (src/main.ts) and `npm run cli` (src/cli.ts): both run here as they run from
 * the build, in a process of their own (TypeScript loaded with jest's swc settings by fuzz-server-hooks.mjs).
 */
const HOOKS = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Another program holding a port. */
function hold(port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(port, host, () => res(s));
  });
}

/** The environment of a newcomer's shell: none of the test run's database settings (and no demo data, which is not tested here). */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, DEMO_DATA: 'false', ...extra };
  for (const name of ['DATABASE_URL', 'EMBEDDED_PG_PORT', 'LOG_LEVEL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'JOBS_ENABLED']) if (!(name in extra)) delete e[name];
  return e;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();

/** Stops what a failed test left running (the app stops its database server on SIGTERM). */
async function stopChildren(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    }),
  );
  children.clear();
}

function start(file: string, args: string[], extra: Record<string, string>): { child: ChildProcess; done: Promise<Ran>; output: () => string } {
  // Its own process group, as in a terminal: a Ctrl-C there goes to the whole group.
  const child = spawn(process.execPath, ['--import', HOOKS, file, ...args], { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Ran>((res) => child.once('close', (code) => res({ code, stdout, stderr })));
  return { child, done, output: () => stdout + stderr };
}

const run = (file: string, args: string[], extra: Record<string, string>) => start(file, args, extra).done;

async function until(what: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function postgresPid(dataDir: string): number | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

describe('starting and stopping', () => {
  const base = mkdtempSync(join(tmpdir(), 'scriven-startup-'));
  // Run as root, the database server runs as the postgres user, which must be able to reach the data directory.
  chmodSync(base, 0o755);
  afterEach(stopChildren);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('a taken PORT is reported once, before anything starts, and the start fails', async () => {
    const port = await freePort();
    const squatter = await hold(port, '0.0.0.0');
    try {
      const dataDir = join(base, 'port-taken');
      const r = await run(MAIN, [], { PORT: String(port), DATA_DIR: dataDir });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`Port ${port} is in use by another program: set PORT to another port (PORT=3001 npm start).\n`);
      expect(r.stdout).toBe('');
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    } finally {
      squatter.close();
    }
  });

  it('an unreachable DATABASE_URL is named, with its address but not its password', async () => {
    const dbPort = await freePort();
    const r = await run(MAIN, [], { PORT: String(await freePort()), DATA_DIR: join(base, 'refused'), DATABASE_URL: `postgres://scriven:s3cret-pw@127.0.0.1:${dbPort}/scriven` });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Cannot connect to the database at DATABASE_URL (postgres://scriven@127.0.0.1:${dbPort}/scriven, password hidden): ECONNREFUSED\n`);
    expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
  });

  it('the embedded database moves off a taken port, the CLI finds it running or remembered, and a Ctrl-C stops all without errors', async () => {
    const dataDir = join(base, 'app');
    const port = await freePort();
    // The data directory remembers a database port that another program holds now.
    const takenDbPort = await freePort();
    const squatter = await hold(takenDbPort);
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'postgres.port'), `${takenDbPort}\n`);
      const app = start(MAIN, [], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await until(() => app.output().includes('is listening') || app.child.exitCode !== null, 90_000);
      const started = app.output();
      expect(started).toContain(`Scriven 0.1.0 is listening on http://127.0.0.1:${port}`);
      expect(started).toMatch(new RegExp(`Port ${takenDbPort} of the embedded database is taken by another program; it now uses port (\\d+)`));
      const dbPort = Number(readFileSync(join(dataDir, 'postgres.port'), 'utf8'));
      expect(dbPort).not.toBe(takenDbPort);
      expect(started).toContain(`on 127.0.0.1:${dbPort}`);
      // Nest's route listing is debug output.
      expect(started).not.toMatch(/RoutesResolver|RouterExplorer|InstanceLoader/);
      expect(started.trim().split('\n').length).toBeLessThan(10);

      // The CLI beside the running app uses the app's database server.
      const cli = await run(CLI, ['admin:create', '--username', 'first_admin', '--password', 'a-long-password'], { DATA_DIR: dataDir });
      expect(cli.stderr).toBe('');
      expect(cli.stdout).toMatch(/^Created admin "first_admin" \(.+\)\. Sign in at \/admin\.\n$/);
      expect(cli.code).toBe(0);

      // Ctrl-C in the terminal: the whole process group gets SIGINT.
      const server = postgresPid(dataDir);
      expect(server).not.toBeNull();
      process.kill(-app.child.pid!, 'SIGINT');
      const stopped = await app.done;
      expect(stopped.code).toBe(0);
      expect(stopped.stderr).toBe('');
      expect(stopped.stdout).not.toMatch(/ERROR|WARN/);
      expect(postgresPid(dataDir)).toBeNull();
      expect(() => process.kill(server!, 0)).toThrow();

      // With the app stopped, the CLI starts the server on the port the data directory remembers, and stops it.
      const alone = await run(CLI, ['admin:create', '--username', 'second_admin', '--password', 'a-long-password'], { DATA_DIR: dataDir });
      expect(alone.code).toBe(0);
      expect(alone.stdout).toContain('Created admin "second_admin"');
      expect(alone.stderr).toBe('');
      expect(Number(readFileSync(join(dataDir, 'postgres.port'), 'utf8'))).toBe(dbPort);
      expect(postgresPid(dataDir)).toBeNull();

      // A message of the CLI says each problem once.
      const invalid = await run(CLI, ['admin:create', '--username', 'x', '--password', 'short'], { DATA_DIR: dataDir });
      expect(invalid.code).toBe(1);
      const lines = invalid.stderr.trim().split('; ');
      expect(new Set(lines).size).toBe(lines.length);
    } finally {
      squatter.close();
    }
  }, 180_000);
});
