import { rmSync } from 'node:fs';

/**
 * Drops the run's test databases on a shared server (DATABASE_URL), or stops the run's embedded server (whose data goes
 * with the run's folder), then removes the run's folder (everything tests left in TMPDIR).
 */
export default async function globalTeardown(): Promise<void> {
  // Both set by global setup, which runs in this process.
  const run = globalThis as { __scrivenTestDb?: { stop(): Promise<void> }; __scrivenDropRunDatabases?: () => Promise<void> };
  if (run.__scrivenTestDb) await run.__scrivenTestDb.stop();
  else await run.__scrivenDropRunDatabases?.();
  const runDir = process.env.SCRIVEN_TEST_RUN_DIR;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  if (process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR) process.env.TMPDIR = process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR;
  else delete process.env.TMPDIR;
}
