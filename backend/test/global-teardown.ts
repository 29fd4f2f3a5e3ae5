import { rmSync } from 'node:fs';
import pg from 'pg';

/**
 * Drops the run's test databases on a shared server (DATABASE_URL), or stops the run's embedded server (whose data goes
 * with the run's folder), then removes the run's folder (everything tests left in TMPDIR).
 */
export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as { __scrivenTestDb?: { stop(): Promise<void> } }).__scrivenTestDb;
  if (db) await db.stop();
  else if (process.env.TEST_DATABASE_SERVER_URL && process.env.SCRIVEN_TEST_DB_PREFIX) await dropRunDatabases(process.env.TEST_DATABASE_SERVER_URL, process.env.SCRIVEN_TEST_DB_PREFIX);
  const runDir = process.env.SCRIVEN_TEST_RUN_DIR;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  if (process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR) process.env.TMPDIR = process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR;
  else delete process.env.TMPDIR;
}

async function dropRunDatabases(serverUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
