import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
