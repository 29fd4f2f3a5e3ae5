import { createTestApp, signUp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { upload } from './media-fixtures.js';
import { MP4 } from './moderation-fixtures.js';
import { LocalStatusProbes } from '../src/modules/system-admin/infrastructure/status-probes.js';

/** GET /api/system/status and /api/system/version: the admin console's Status tab, real readings only. */
describe('system status and version', () => {
  let t: TestApp;
  let staff: Admin;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async () => {
    const r = await t.http().get('/api/system/status').set(...staff.adminAuth);
    expect(r.status).toBe(200);
    return r.body;
  };

  test("the seed's fields first, each a real reading, with the readings behind them", async () => {
    const s = await status();
    expect(Object.keys(s).slice(0, 7)).toEqual(['platform_version', 'active_users', 'uptime', 'cpu_usage', 'memory_usage', 'storage_used', 'services_status']);
    expect(s.platform_version).toBe(t.config.version);
    expect(s.uptime).toBe(s.details.uptime.process_seconds);
    expect(s.uptime).toBeGreaterThanOrEqual(0);
    expect(s.details.uptime.host_seconds).toBeGreaterThan(0);
    // CPU: measured since start until the first 5 s background window; a percentage of the whole host.
    expect(typeof s.cpu_usage).toBe('number');
    expect(s.cpu_usage).toBeGreaterThanOrEqual(0);
    expect(s.cpu_usage).toBeLessThanOrEqual(100);
    expect(s.details.cpu.cores).toBeGreaterThan(0);
    expect(s.details.cpu.load_average).toHaveLength(3);
    expect(s.memory_usage).toBeGreaterThan(0);
    expect(s.memory_usage).toBeLessThan(100);
    expect(s.details.memory.process_rss_bytes).toBeGreaterThan(1024 * 1024);
    expect(s.details.memory.host_total_bytes).toBeGreaterThan(s.details.memory.host_available_bytes);
    expect(s.details.storage.database_bytes).toBeGreaterThan(1024 * 1024);
    expect(s.details.storage.data_dir_free_bytes).toBeGreaterThan(0);
    expect(s.details.active_users_window_minutes).toBe(15);
    // Without a supervisor the server is one process doing everything (workers.test.ts covers the supervised list).
    expect(s.details.workers).toEqual([expect.objectContaining({ pid: process.pid, role: 'all', state: 'up', phase: 'up', rss_bytes: expect.any(Number) })]);
    expect(new Date(s.checked_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('each service has a state and a detail; what tests run without is said to be not configured', async () => {
    const s = await status();
    expect(Object.keys(s.services_status).sort()).toEqual(['database', 'jobs', 'mail', 'payments', 'realtime', 'storage']);
    expect(s.services_status.database).toMatchObject({ state: 'up', detail: expect.stringMatching(/^PostgreSQL .* answered in \d+ ms$/) });
    expect(s.services_status.database.figures.latency_ms).toEqual(expect.any(Number));
    expect(s.services_status.storage).toMatchObject({ state: 'up', detail: expect.stringContaining('written, read back and deleted') });
    // The tests run with JOBS_ENABLED=false, the sandbox payments and no SMTP server.
    expect(s.services_status.jobs).toMatchObject({ state: 'not_configured', detail: expect.stringContaining('JOBS_ENABLED=false') });
    expect(s.services_status.payments).toMatchObject({ state: 'not_configured', figures: { provider: 'sandbox' } });
    expect(s.services_status.mail).toMatchObject({ state: 'not_configured', figures: { transport: 'log', pending: expect.any(Number) } });
    expect(s.services_status.realtime).toMatchObject({ state: 'up', figures: { connections: 0, bus: 'postgres' } });
    // The storage probe leaves nothing behind.
    const media = await t.app.get(LocalStatusProbes).measureMedia();
    expect(media.files).toBe(0);
  });

  test('active_users counts users seen in the last 15 minutes, and not one seen earlier', async () => {
    const before = (await status()).active_users as number;
    const fresh = await signUp(t);
    const stale = await signUp(t);
    expect((await t.http().get('/api/me').set(...fresh.auth)).status).toBe(200);
    expect((await t.http().get('/api/me').set(...stale.auth)).status).toBe(200);
    expect((await status()).active_users).toBe(before + 2);

    await t.sql(`update users set last_seen_at = now() - interval '16 minutes' where display_name = $1`, [stale.user.display_name]);
    expect((await status()).active_users).toBe(before + 1);
    const [row] = await t.sql<{ last_seen_at: Date }>('select last_seen_at from users where display_name = $1', [fresh.user.display_name]);
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  test('storage_used is media plus database, and grows with an upload once the media folder is measured', async () => {
    const probes = t.app.get(LocalStatusProbes);
    await probes.measureMedia();
    const before = await status();
    expect(before.details.storage.media_bytes).toEqual(expect.any(Number));
    expect(before.storage_used).toBe(before.details.storage.media_bytes + before.details.storage.database_bytes);
    expect(before.details.storage.media_note).toContain('measured in the background');

    const uploader = await signUp(t);
    const r = await upload(t, 'video', uploader.auth, MP4, { title: 'Counts towards storage' });
    expect(r.status).toBe(201);
    await probes.measureMedia();
    const after = await status();
    expect(after.details.storage.media_bytes).toBeGreaterThanOrEqual(before.details.storage.media_bytes + MP4.length);
    expect(after.details.storage.media_files).toBeGreaterThan(before.details.storage.media_files);
    expect(after.storage_used).toBe(after.details.storage.media_bytes + after.details.storage.database_bytes);
  });

  test('version: the running version, the build and Node', async () => {
    const r = await t.http().get('/api/system/version').set(...staff.adminAuth);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ version: t.config.version, build_version: t.config.version, node_version: process.versions.node });
    expect(r.body.commit === null || /^[0-9a-f]{40}$/.test(r.body.commit)).toBe(true);
  });

  test('platform_version and version are the installed version (an update records it), build_version the build', async () => {
    // As after an update to 0.0.9 (recorded in system_state) on an instance whose build is newer.
    await t.sql(`update system_state set value = '"0.0.9"' where key = 'installed_version'`);
    try {
      expect((await status()).platform_version).toBe('0.0.9');
      const r = await t.http().get('/api/system/version').set(...staff.adminAuth).expect(200);
      expect(r.body).toMatchObject({ version: '0.0.9', build_version: t.config.version });
    } finally {
      await t.sql(`update system_state set value = $1 where key = 'installed_version'`, [JSON.stringify(t.config.version)]);
    }
  });

  test('only the admin console: no token (401), user tokens and an is_admin user token (403) are refused', async () => {
    const user = await signUp(t);
    for (const path of ['/api/system/status', '/api/system/version']) {
      expect((await t.http().get(path)).status).toBe(401);
      expect((await t.http().get(path).set(...user.auth)).status).toBe(403);
      expect((await t.http().get(path).set(...staff.auth)).status).toBe(403);
    }
  });
});
