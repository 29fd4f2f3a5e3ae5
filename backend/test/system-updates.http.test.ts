import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, type Person } from './social-fixtures.js';
import type { Any } from './moderation-fixtures.js';
import { INSTALLED_VERSION, type InstalledVersion } from '../src/modules/system-admin/domain/release.js';

/**
 * Updates over HTTP (the admin console): check lists the releases of the manifest newer than the installed version
 * that this build (0.1.0) contains; apply takes a backup first, runs the releases' steps, checks health and records
 * the version, answering with the log; a release that fails on purpose rolls back everything it did, and says so.
 */

const release = (version: string, steps: Any[] = []) => ({
  version,
  description: `Release ${version}`,
  features: [`Feature of ${version}`],
  bug_fixes: [`Fix of ${version}`],
  release_date: '2026-11-20',
  size_mb: 12.5,
  steps,
});

function fixtureManifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-releases-'));
  mkdirSync(join(dir, '0.0.8'));
  mkdirSync(join(dir, '0.1.0'));
  writeFileSync(join(dir, '0.0.8', 'marker.sql'), `insert into system_state (key, value) values ('test_marker_008', '"done"');`);
  writeFileSync(join(dir, '0.1.0', 'marker.sql'), `insert into system_state (key, value) values ('test_marker_010', '"done"'); update system_state set value = '"changed"' where key = 'test_marker_008';`);
  writeFileSync(join(dir, '0.1.0', 'broken.sql'), 'select 1 / 0;');
  const file = join(dir, 'manifest.json');
  writeFileSync(
    file,
    JSON.stringify({
      releases: [
        release('0.0.5'),
        release('0.0.8', [{ name: 'Add a marker', sql: '0.0.8/marker.sql' }]),
        release('0.1.0', [
          { name: 'Change the marker', sql: '0.1.0/marker.sql' },
          { name: 'Break on purpose', sql: '0.1.0/broken.sql' },
        ]),
        release('0.2.0'),
      ],
    }),
  );
  return file;
}

let t: TestApp;
let boss: Admin;
let owner: Person;
const check = async () => (await t.http().get('/api/updates/check').set(...boss.adminAuth).expect(200)).body;
const apply = (version: string, query = '?backup_first=true') => t.http().post(`/api/updates/apply/${version}${query}`).set(...boss.adminAuth);
const installed = async () => (await t.sql<{ value: string }>(`select value from system_state where key = 'installed_version'`))[0]?.value;
const setInstalled = (v: string) => t.sql(`update system_state set value = $1 where key = 'installed_version'`, [JSON.stringify(v)]);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', RELEASES_FILE: fixtureManifest() });
  [boss, owner] = await Promise.all([admin(t), person(t)]);
}, 60_000);
afterAll(() => t?.close());

describe('check', () => {
  it('a fresh install is up to date: the installed version starts as the build version', async () => {
    expect(await installed()).toBe('0.1.0');
    expect(await check()).toEqual({ current_version: '0.1.0', build_version: '0.1.0', updates: [] });
  });

  it('lists only the releases newer than the installed version that this build contains, oldest first, with the seed fields', async () => {
    await setInstalled('0.0.5');
    const c = await check();
    expect(c.current_version).toBe('0.0.5');
    expect(c.updates.map((u: Any) => u.version)).toEqual(['0.0.8', '0.1.0']);
    expect(c.updates[0]).toEqual({ version: '0.0.8', description: 'Release 0.0.8', features: ['Feature of 0.0.8'], bug_fixes: ['Fix of 0.0.8'], release_date: '2026-11-20', size_mb: 12.5 });
  });

  it('is refused to user tokens (403) and visitors (401)', async () => {
    expect((await t.http().get('/api/updates/check').set(...owner.auth)).status).toBe(403);
    expect((await t.http().get('/api/updates/check').set(...boss.auth)).status).toBe(403);
    expect((await t.http().post('/api/updates/apply/0.0.8?backup_first=true')).status).toBe(401);
  });
});

describe('apply', () => {
  it('refuses versions that are unknown, not in this build or not newer, changing nothing', async () => {
    expect((await apply('9.9.9')).body).toMatchObject({ statusCode: 404, code: 'SYSTEM.RELEASE_NOT_FOUND', detail: 'Version 9.9.9 is not a release this build contains' });
    expect((await apply('0.2.0')).status).toBe(404);
    expect((await apply('not-a-version')).status).toBe(404);
    expect((await apply('0.0.5')).body).toMatchObject({ statusCode: 409, code: 'SYSTEM.RELEASE_NOT_NEWER', detail: 'Version 0.0.5 is not newer than the installed version 0.0.5' });
    expect((await apply('0.0.8', '?backup_first=perhaps')).status).toBe(400);
    expect(await installed()).toBe('0.0.5');
    expect(await t.sql(`select name from backups`)).toEqual([]);
  });

  it('with backup_first: backs up, runs the steps, checks health, records the version and returns the log', async () => {
    const r = await apply('0.0.8').expect(200);
    expect(r.body.version).toBe('0.0.8');
    expect(r.body.success).toBe(true);
    expect(r.body.steps.map((s: Any) => [s.name, s.status])).toEqual([
      ['backup', 'ok'],
      ['migrations', 'ok'],
      ['0.0.8: Add a marker', 'ok'],
      ['health check', 'ok'],
      ['record version', 'ok'],
    ]);
    expect(r.body.steps[0].detail).toMatch(/^Backup pre_update_\d{4}-\d{2}-\d{2} written \(\d+ bytes\)$/);
    expect(r.body.steps[1].detail).toBe('No pending migrations');
    expect(r.body.steps[4].detail).toBe('Installed version 0.0.5 → 0.0.8');
    for (const s of r.body.steps) expect(s.duration_ms).toBeGreaterThanOrEqual(0);
    expect(await installed()).toBe('0.0.8');
    expect(await t.sql(`select value from system_state where key = 'test_marker_008'`)).toEqual([{ value: 'done' }]);
    expect((await t.sql<Any>(`select kind from backups`)).map((b) => b.kind)).toEqual(['pre_update']);
    expect(await t.sql(`select target, detail->>'from' as "from" from admin_audit_log where action = 'update.applied'`)).toEqual([{ target: '0.0.8', from: '0.0.5' }]);
    expect((await check()).updates.map((u: Any) => u.version)).toEqual(['0.1.0']);
  });

  it('a release that fails on purpose rolls back what its earlier steps did, keeps the version, and says so with the log', async () => {
    const r = await apply('0.1.0').expect(409);
    expect(r.body.code).toBe('SYSTEM.UPDATE_FAILED');
    // Nothing was restored from the backup: the transaction was rolled back, and the backup is kept.
    expect(r.body.detail).toMatch(/^0\.1\.0: Break on purpose failed: .*division by zero; rolled back \(the database is unchanged\); backup pre_update_\d{4}-\d{2}-\d{2}_2 was kept$/);
    expect(r.body.message).toBe(r.body.detail);
    expect(r.body.steps.map((s: Any) => [s.name, s.status])).toEqual([
      ['backup', 'ok'],
      ['migrations', 'ok'],
      ['0.1.0: Change the marker', 'ok'],
      ['0.1.0: Break on purpose', 'failed'],
      ['rollback', 'ok'],
    ]);
    expect(r.body.steps[4].detail).toMatch(/^The update's transaction was rolled back: the database is unchanged\. Backup pre_update_\S+ was kept$/);
    // The first step's changes are gone; the version is still the one before.
    expect(await t.sql(`select key from system_state where key = 'test_marker_010'`)).toEqual([]);
    expect(await t.sql(`select value from system_state where key = 'test_marker_008'`)).toEqual([{ value: 'done' }]);
    expect(await installed()).toBe('0.0.8');
    expect(await t.sql(`select target, detail->>'step' as step from admin_audit_log where action = 'update.failed'`)).toEqual([{ target: '0.1.0', step: '0.1.0: Break on purpose' }]);
    expect((await check()).updates.map((u: Any) => u.version)).toEqual(['0.1.0']);
  });

  it('one update at a time in every process: while another installs, apply is a 409 that takes no backup', async () => {
    const backupsBefore = await t.sql(`select name from backups`);
    // Another process holds the update lock (from before its backup to its end).
    const r = await t.app.get<InstalledVersion>(INSTALLED_VERSION).exclusive(() => apply('0.1.0'));
    expect(r?.status).toBe(409);
    expect(r?.body).toMatchObject({ code: 'SYSTEM.UPDATE_RUNNING', detail: 'An update is already being installed' });
    expect(await t.sql(`select name from backups`)).toEqual(backupsBefore);
    expect(await installed()).toBe('0.0.8');
  });

  it('two applies of the same version at once install it once; the other is told it is not newer', async () => {
    await t.sql(`update system_state set value = '"0.0.5"' where key = 'installed_version'`);
    await t.sql(`delete from system_state where key = 'test_marker_008'`);
    const [a, b] = await Promise.all([apply('0.0.8', ''), apply('0.0.8', '')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.code, b.body.code].filter(Boolean)).toEqual([expect.stringMatching(/^SYSTEM\.(UPDATE_RUNNING|RELEASE_NOT_NEWER)$/)]);
    expect(await installed()).toBe('0.0.8');
  });

  it('without backup_first: no backup is taken, and the log says so', async () => {
    await setInstalled('0.0.5');
    await t.sql(`delete from system_state where key = 'test_marker_008'`);
    const r = await apply('0.0.8', '').expect(200);
    expect(r.body.steps[0]).toEqual({ name: 'backup', status: 'skipped', detail: 'No backup was asked for', duration_ms: 0 });
    expect(await t.sql(`select name from backups`)).toHaveLength(2);
  });
});

describe('the manifest shipped with the code', () => {
  it('lists 0.1.0, this build, with its description, features and bug fixes, to an instance that records an older version', async () => {
    const plain = await createTestApp();
    try {
      const staff = await admin(plain);
      const get = async () => (await plain.http().get('/api/updates/check').set(...staff.adminAuth).expect(200)).body;
      expect((await get()).updates).toEqual([]);
      await plain.sql(`update system_state set value = '"0.0.1"' where key = 'installed_version'`);
      const [u] = (await get()).updates;
      expect(u.version).toBe('0.1.0');
      expect(u.description.length).toBeGreaterThan(10);
      expect(u.features.length).toBeGreaterThan(0);
      expect(u.bug_fixes.length).toBeGreaterThan(0);
      expect(u.size_mb).toBeGreaterThan(0);
      // Under 45 s, or the failure names what the database sessions were waiting on (a CI run once saw this stall).
      const r = await plain
        .http()
        .post('/api/updates/apply/0.1.0')
        .set(...staff.adminAuth)
        .timeout(45_000)
        .catch(async (e: Error) => {
          const sessions = await plain.sql(`select application_name, state, wait_event_type, wait_event, left(query, 160) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
          throw new Error(`${e.message}; the database's sessions: ${JSON.stringify(sessions)}`);
        });
      expect(r.status).toBe(200);
      expect(r.body.steps.map((s: Any) => s.name)).toEqual(['backup', 'migrations', '0.1.0: Backup settings defaults', 'health check', 'record version']);
      expect((await get()).updates).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
