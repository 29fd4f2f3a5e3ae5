import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// No .js suffix: jest loads global setup through CommonJS without the test module mapper, which needs the bare path.
import { startEmbeddedPostgres } from '../src/common/database/embedded-postgres';
import pg from 'pg';

const RUN_PREFIX = 'scriven-test-run-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what killed runs left in the temporary directory (their teardown never ran): each run's folder is named
 * after its jest process; a folder whose process is gone is swept, after stopping a database server still running
 * from it.
 */
function sweepAbandonedRuns(base: string): void {
  for (const name of readdirSync(base)) {
    const m = new RegExp(`^${RUN_PREFIX}(\\d+)-`).exec(name);
    if (!m || alive(Number(m[1]))) continue;
    const dir = join(base, name);
    const pidFile = join(dir, 'db', 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid > 0 && alive(pid)) process.kill(pid, 'SIGQUIT');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One folder per run holds everything the tests write to the temporary directory: TMPDIR points into it, so
 * os.tmpdir() in every test (app data directories, media fixtures, ffmpeg's outputs) and in the programs they start
 * lands there, and global teardown removes it whole, whatever a test forgot to remove.
 *
 * HTTP tests run on a real PostgreSQL: the server of DATABASE_URL when it is set (CI), else an embedded one started
 * here for the run, with its data in the run's folder. Each test file then makes its own database on that server.
 */
export default async function globalSetup(): Promise<void> {
  const base = tmpdir();
  sweepAbandonedRuns(base);
  const runDir = mkdtempSync(join(base, `${RUN_PREFIX}${process.pid}-`));
  // The embedded server runs as the postgres user when the tests run as root: it must be able to traverse this.
  chmodSync(runDir, 0o755);
  process.env.SCRIVEN_TEST_RUN_DIR = runDir;
  process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR = process.env.TMPDIR ?? '';
  process.env.TMPDIR = runDir;
  // Each test database of this run is named after it: global teardown drops them (see harness.ts's close()).
  process.env.SCRIVEN_TEST_DB_PREFIX = `scriven_test_${process.pid}_`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_SERVER_URL = process.env.DATABASE_URL;
    const serverUrl = process.env.DATABASE_URL;
    await dropAbandonedDatabases(serverUrl);
    const prefix = process.env.SCRIVEN_TEST_DB_PREFIX;
    (globalThis as { __scrivenDropRunDatabases?: () => Promise<void> }).__scrivenDropRunDatabases = () => dropDatabases(serverUrl, (name) => name.startsWith(prefix));
    return;
  }
  // Any free port (not 5488, which `npm start` prefers).
  const db = await startEmbeddedPostgres({ dataDir: join(runDir, 'db'), preferredPort: null, database: 'postgres', log: () => undefined });
  process.env.TEST_DATABASE_SERVER_URL = db.url;
  (globalThis as { __scrivenTestDb?: typeof db }).__scrivenTestDb = db;
}

/** Drops every test database on the server whose name `pick` accepts (this run's, or a killed run's). */
async function dropDatabases(serverUrl: string, pick: (name: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'scriven\\_test\\_%'`);
    for (const { datname } of rows) if (pick(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Drops the test databases that killed runs left on a shared server (their jest process is gone from this machine). */
function dropAbandonedDatabases(serverUrl: string): Promise<void> {
  return dropDatabases(serverUrl, (name) => {
    const m = /^scriven_test_(\d+)_/.exec(name);
    return m !== null && !alive(Number(m[1]));
  });
}
