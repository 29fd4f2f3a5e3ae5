import { rmSync } from 'node:fs';

/** Stops the run's embedded server, then removes the run's folder (its data, and everything tests left in TMPDIR). */
export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as { __scrivenTestDb?: { stop(): Promise<void> } }).__scrivenTestDb;
  await db?.stop();
  const runDir = process.env.SCRIVEN_TEST_RUN_DIR;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  if (process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR) process.env.TMPDIR = process.env.SCRIVEN_TEST_ORIGINAL_TMPDIR;
  else delete process.env.TMPDIR;
}
