import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
// No .js suffix: jest loads global setup through CommonJS without the test module mapper, which needs the bare path.
import { startEmbeddedPostgres } from '../src/common/database/embedded-postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * HTTP tests run on a real PostgreSQL: the server of DATABASE_URL when it is set (CI), else an embedded one
 * started here for the run. Each test file then makes its own database on that server.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-test-'));
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', log: () => undefined });
  process.env.TEST_DATABASE_SERVER_URL = db.url;
  (globalThis as { __scrivenTestDb?: typeof db }).__scrivenTestDb = db;
}
