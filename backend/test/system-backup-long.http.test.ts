import pg from 'pg';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { baseUrl } from './media-fixtures.js';

/**
 * A backup (or an update) works longer than the idle timeout that drops silent connections (HTTP_IDLE_TIMEOUT_MS,
 * 1 s here): the console still gets its answer, and the timeout still drops sockets that merely sit idle.
 */
let t: TestApp;
let a: Admin;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ HTTP_IDLE_TIMEOUT_MS: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  a = await admin(t);
  base = await baseUrl(t);
});
afterAll(async () => {
  await t?.close();
});

it('answers a backup that takes longer than the idle timeout', async () => {
  // Another session holds a table the dump must read, for 2.5 s: the backup waits on it, silent.
  const blocker = new pg.Client({ connectionString: t.databaseUrl });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query('lock table feedback in access exclusive mode');
  const release = setTimeout(() => void blocker.query('commit'), 2500);
  try {
    const started = Date.now();
    const r = await fetch(`${base}/api/system/backup?backup_name=slow_one`, { method: 'POST', headers: { authorization: a.adminAuth[1] } });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { name: string }).name).toBe('slow_one');
    expect(Date.now() - started).toBeGreaterThan(2000);
  } finally {
    clearTimeout(release);
    await blocker.query('commit').catch(() => undefined);
    await blocker.end();
  }
});
