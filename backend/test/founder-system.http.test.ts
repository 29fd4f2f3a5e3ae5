import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { TokenService } from '../src/common/auth/token.service.js';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';
import { CLOCK, type Clock } from '../src/modules/identity/domain/ports.js';
import { BACKUP_ARCHIVE, type BackupArchive } from '../src/modules/system-admin/domain/backup.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { MP4_HEAD, upload, type Auth } from './media-fixtures.js';

/**
 * Issue 18, the founder's System and Controls (product.md §11, CONTRACT.md "System"): GET /api/founder/platform-health
 * (real readings, nulls for the CDN there is none of), GET /api/founder/system-controls (the controls map from the real
 * state), POST /api/founder/emergency-action (MAINTENANCE_MODE and DISABLE_UPLOADS toggle, FORCE_BACKUP starts a
 * backup; each audit-logged with its reason), and maintenance mode: 503 SYSTEM.MAINTENANCE to users and visitors while
 * the admins and the founder keep working, in every server process within a second.
 */

type Any = Record<string, any>;
const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);
const MAINTENANCE = 'Scriven is down for maintenance. Please try again soon.';

let t: TestApp;
let adminAuth: Auth;
let founderAuth: Auth;
let user: { auth: Auth; user: Record<string, unknown> };

/** The founder (set up as `founder:setup` leaves it: one row of hashes) and a founder token for it. */
async function founderToken(app: TestApp): Promise<string> {
  const id = randomUUID();
  await app.sql(
    `insert into founder_account (id, email_hash, phone_hash, license_number_hash, username_hash, master_key_hash, token_version, created_at, updated_at)
     values ($1, 'x', 'x', 'x', 'x', 'x', 0, now(), now())`,
    [id],
  );
  return app.app.get(TokenService).issue({ sub: id, aud: 'founder', ver: 0 }).token;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('system_admin', 'a-long-admin-password'));
  const admin = await t.http().post('/api/admin/login').send({ username: 'system_admin', password: 'a-long-admin-password' });
  expect(admin.status).toBe(200);
  adminAuth = ['Authorization', `Bearer ${admin.body.access_token}`];
  founderAuth = ['Authorization', `Bearer ${await founderToken(t)}`];
  user = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

const health = () => t.http().get('/api/founder/platform-health').set(...founderAuth);
const controls = () => t.http().get('/api/founder/system-controls').set(...founderAuth);
const act = (action: string, reason?: unknown) =>
  t.http().post('/api/founder/emergency-action').set(...founderAuth).send(reason === undefined ? { action } : { action, reason });
const audit = () => t.sql<{ action: string; target: string | null; detail: Any; address: string | null }>(`select action, target, detail, address from founder_audit_log where action like 'emergency.%' order by seq`);

function expectMaintenance(r: { status: number; body: Any; headers: Any }): void {
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ statusCode: 503, code: 'SYSTEM.MAINTENANCE', detail: MAINTENANCE, message: MAINTENANCE });
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

/** Polls a condition until it holds (at most `ms`); returns how long that took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('who may call the founder system routes', () => {
  it('no token: 401; a user or admin token: 403; nothing is switched', async () => {
    for (const [method, path] of [
      ['get', '/api/founder/platform-health'],
      ['get', '/api/founder/system-controls'],
      ['post', '/api/founder/emergency-action'],
    ] as const) {
      expect((await t.http()[method](path).send({ action: 'MAINTENANCE_MODE', reason: 'x' })).status).toBe(401);
      expect((await t.http()[method](path).set(...user.auth).send({ action: 'MAINTENANCE_MODE', reason: 'x' })).status).toBe(403);
      expect((await t.http()[method](path).set(...adminAuth).send({ action: 'MAINTENANCE_MODE', reason: 'x' })).status).toBe(403);
    }
    expect((await controls()).body.maintenance_mode).toBe(false);
    expect(await audit()).toEqual([]);
  });
});

describe('GET /api/founder/platform-health', () => {
  it('gives real server, database and security readings, and no CDN figures (not measured)', async () => {
    const r = await health();
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const { server_metrics: s, database_metrics: d, cdn_metrics: c, security_status: sec } = r.body;
    for (const p of [s.cpu_usage, s.memory_usage, s.disk_usage]) {
      expect(typeof p).toBe('number');
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
    }
    expect(s.memory_usage).toBeGreaterThan(0);
    expect(s.disk_usage).toBeGreaterThan(0);
    expect(d.connection_pool.size).toBeGreaterThanOrEqual(1);
    expect(d.connection_pool.in_use + d.connection_pool.idle).toBeLessThanOrEqual(d.connection_pool.size);
    expect(Number.isInteger(d.connection_pool.in_use) && Number.isInteger(d.connection_pool.idle)).toBe(true);
    expect(d.query_performance).toBeGreaterThanOrEqual(0);
    expect(d.query_performance).toBeLessThan(60_000);
    // A migrated PostgreSQL database is several megabytes.
    expect(d.storage_size).toBeGreaterThan(1_000_000);
    expect(c).toEqual({ configured: false, cache_hit_rate: null, bandwidth_usage: null, global_latency: null });
    expect(sec.checks.map((k: Any) => k.name)).toEqual(['token_secret', 'at_rest_encryption', 'secrets_private', 'recent_backup', 'founder_set_up', 'https']);
    for (const k of sec.checks) expect(k).toEqual({ name: expect.any(String), passed: expect.any(Boolean), detail: expect.any(String) });
    const passed = sec.checks.filter((k: Any) => k.passed).length;
    expect(sec.security_score).toBe(Math.round((passed / sec.checks.length) * 100));
    // This instance: generated secrets, a founder, no backup yet, no HTTPS public address.
    const byName = Object.fromEntries(sec.checks.map((k: Any) => [k.name, k]));
    expect(byName.token_secret.passed).toBe(true);
    expect(byName.at_rest_encryption.passed).toBe(true);
    expect(byName.founder_set_up.passed).toBe(true);
    expect(byName.recent_backup).toEqual({ name: 'recent_backup', passed: false, detail: 'No backup has been made yet' });
    expect(byName.https.passed).toBe(false);
    expect(Number.isInteger(sec.failed_login_attempts) && sec.failed_login_attempts >= 0).toBe(true);
    expect(Number.isInteger(sec.blocked_ips) && sec.blocked_ips >= 0).toBe(true);
    expect(new Date(r.body.measured_at).toISOString()).toBe(r.body.measured_at);
  });

  it('counts failed sign-ins (users’, admins’ and the founder’s) and the addresses the sign-in throttle holds back', async () => {
    const before = (await health()).body.security_status;
    const victim = await signUp(t);
    // The sign-in throttle's clock, stopped an hour ahead: the pair's wait does not run out while the test reads it.
    const clock = t.app.get<Clock>(CLOCK);
    const realNow = clock.now;
    const at = new Date(Date.now() + 3600_000);
    clock.now = () => at;
    try {
      // LOGIN_MAX_FAILURES (5) failures, then the pair waits: the sixth is refused (429, not counted) and the address is held back.
      for (let i = 0; i < 5; i++) expect((await t.http().post('/api/login').send({ login_identifier: victim.user.display_name, password: 'not-the-password' })).status).toBe(401);
      expect((await t.http().post('/api/login').send({ login_identifier: victim.user.display_name, password: 'not-the-password' })).status).toBe(429);
      expect((await t.http().post('/api/admin/login').send({ username: 'system_admin', password: 'not-the-password' })).status).toBe(401);
    } finally {
      clock.now = realNow;
    }
    expect((await t.http().post('/api/founder/login').field('username', 'nobody').field('password', 'wrong')).status).toBe(401);
    const after = (await health()).body.security_status;
    expect(after.failed_login_attempts - before.failed_login_attempts).toBe(7);
    expect(after.blocked_ips).toBe(before.blocked_ips + 1);
  });

  it('counts the addresses over their request budget', async () => {
    // Another server process on the same database, with a small budget and behind a proxy (addresses from X-Forwarded-For).
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' }, t);
    try {
      const read = () => limited.http().get('/api/founder/platform-health').set(...founderAuth).set('X-Forwarded-For', '198.51.100.7');
      // The budget counts in one-minute windows: the burst and the readings must fall in the same one.
      for (;;) {
        const minute = Math.floor(Date.now() / 60_000);
        const before = await read();
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await limited.http().get('/api/videos').set('X-Forwarded-For', '203.0.113.9')).status);
        const after = await read();
        if (Math.floor(Date.now() / 60_000) !== minute) continue;
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
        expect([before.status, after.status]).toEqual([200, 200]);
        expect(after.body.security_status.blocked_ips).toBe(before.body.security_status.blocked_ips + 1);
        break;
      }
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/founder/system-controls', () => {
  it('is the controls map from the real state', async () => {
    const r = await controls();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      maintenance_mode: false,
      uploads_disabled: false,
      registration_enabled: true,
      live_enabled: true,
      reels_enabled: true,
      super_chat_enabled: true,
      gaming_enabled: true,
      last_backup: 'never',
      backup_running: false,
      daily_backup_enabled: false,
    });
    // The admin console's switches show through.
    await t.http().post('/api/system/features/registration').query({ enabled: 'false' }).set(...adminAuth).expect(200);
    expect((await controls()).body.registration_enabled).toBe(false);
    await t.http().post('/api/system/features/registration').query({ enabled: 'true' }).set(...adminAuth).expect(200);
    expect((await controls()).body.registration_enabled).toBe(true);
  });
});

describe('POST /api/founder/emergency-action: bad input', () => {
  it('refuses an unknown action and a missing, blank or too long reason (400), and changes nothing', async () => {
    const bad = await act('SELF_DESTRUCT', 'Why not');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'action must be one of MAINTENANCE_MODE, DISABLE_UPLOADS, FORCE_BACKUP' });
    for (const reason of [undefined, '', '   ', 42]) {
      const r = await act('MAINTENANCE_MODE', reason);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'A reason is required' });
    }
    const long = await act('DISABLE_UPLOADS', 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('The reason must be at most 500 characters');
    expect((await act('MAINTENANCE_MODE', '  ')).status).toBe(400);
    const c = (await controls()).body;
    expect([c.maintenance_mode, c.uploads_disabled, c.backup_running]).toEqual([false, false, false]);
    expect(await audit()).toEqual([]);
  });

  it('takes a multipart or urlencoded form too; the reason is kept trimmed', async () => {
    const on = await t.http().post('/api/founder/emergency-action').set(...founderAuth).field('action', 'DISABLE_UPLOADS').field('reason', '  Abuse wave  ');
    expect(on.status).toBe(200);
    expect(on.body.state).toBe('on');
    const off = await t.http().post('/api/founder/emergency-action').set(...founderAuth).type('form').send({ action: 'DISABLE_UPLOADS', reason: 'Over' });
    expect(off.status).toBe(200);
    expect(off.body.state).toBe('off');
    const rows = await audit();
    expect(rows.slice(-2).map((r) => [r.action, r.detail.reason])).toEqual([
      ['emergency.uploads_disabled', 'Abuse wave'],
      ['emergency.uploads_enabled', 'Over'],
    ]);
  });
});

describe('MAINTENANCE_MODE', () => {
  afterEach(async () => {
    if ((await controls()).body.maintenance_mode) await act('MAINTENANCE_MODE', 'cleanup').expect(200);
  });

  it('on: users and visitors get 503 SYSTEM.MAINTENANCE; the admins, the founder, health, features and branding still answer; off again: all back', async () => {
    const on = await act('MAINTENANCE_MODE', 'Database upgrade');
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      success: true,
      message: 'Emergency action executed: maintenance mode is on: the API answers 503 to everyone but the admins and the founder',
      action: 'MAINTENANCE_MODE',
      state: 'on',
    });
    expect(on.body.controls.maintenance_mode).toBe(true);

    expectMaintenance(await t.http().get('/api/videos'));
    expectMaintenance(await t.http().get('/api/videos').set(...user.auth));
    expectMaintenance(await t.http().get('/api/me').set(...user.auth));
    expectMaintenance(await t.http().post('/api/login').send({ login_identifier: user.user.display_name, password: user.user.password }));
    expectMaintenance(await upload(t, 'video', user.auth, MP4, { title: 'During maintenance' }));

    const h = await t.http().get('/api/health');
    expect(h.status).toBe(200);
    expect(h.body.maintenance).toBe(true);
    expect((await t.http().get('/api/features')).status).toBe(200);
    expect((await t.http().get('/api/app/branding')).status).not.toBe(503);
    // The admin console: its sign-in, its own routes, and those elsewhere under /api that take the admin token.
    expect((await t.http().post('/api/admin/login').send({ username: 'system_admin', password: 'a-long-admin-password' })).status).toBe(200);
    expect((await t.http().get('/api/system/status').set(...adminAuth)).status).toBe(200);
    expect((await t.http().get('/api/system/features').set(...adminAuth)).status).toBe(200);
    expect((await t.http().get('/api/admin/audit').set(...adminAuth)).status).toBe(200);
    // The founder.
    expect((await health()).status).toBe(200);
    expect((await controls()).body.maintenance_mode).toBe(true);

    const off = await act('MAINTENANCE_MODE', 'Upgrade done');
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: 'Emergency action executed: maintenance mode is off: the platform is open again', state: 'off' });
    expect(off.body.controls.maintenance_mode).toBe(false);
    expect((await t.http().get('/api/videos').set(...user.auth)).status).toBe(200);
    expect((await t.http().get('/api/health')).body.maintenance).toBe(false);

    const rows = (await audit()).filter((r) => r.target === 'maintenance_mode');
    expect(rows.slice(-2).map((r) => [r.action, r.detail])).toEqual([
      ['emergency.maintenance_on', { reason: 'Database upgrade', on: true }],
      ['emergency.maintenance_off', { reason: 'Upgrade done', on: false }],
    ]);
    expect(rows[rows.length - 1].address).toEqual(expect.any(String));
  });

  it('cannot be dodged by spelling the path in another case (routes match whatever the case)', async () => {
    await act('MAINTENANCE_MODE', 'Case').expect(200);
    for (const path of ['/API/videos', '/Api/me', '/aPi/videos']) expectMaintenance(await t.http().get(path).set(...user.auth));
    // The admins' own paths stay open whatever their spelling.
    expect((await t.http().post('/API/ADMIN/login').send({ username: 'system_admin', password: 'a-long-admin-password' })).status).toBe(200);
    expect((await t.http().get('/API/HEALTH')).status).toBe(200);
  });

  it('a second server process on the same database follows it within 1 s, and it stays on across a restart', async () => {
    const second = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, t);
    try {
      const secondSays = (on: boolean) => async () => (await second.http().get('/api/health')).body.maintenance === on;
      expect(await within(3000, secondSays(false))).toBeLessThan(1000);
      await act('MAINTENANCE_MODE', 'Rolling upgrade').expect(200);
      expect(await within(3000, secondSays(true))).toBeLessThan(1000);
      expectMaintenance(await second.http().get('/api/videos').set(...user.auth));
      expect((await second.http().get('/api/system/status').set(...adminAuth)).status).toBe(200);
      await act('MAINTENANCE_MODE', 'Done').expect(200);
      expect(await within(3000, secondSays(false))).toBeLessThan(1000);
      expect((await second.http().get('/api/videos').set(...user.auth)).status).toBe(200);

      // Persisted: a process started while it is on is in maintenance from the start.
      await act('MAINTENANCE_MODE', 'Persisted').expect(200);
      const third = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, t);
      try {
        expectMaintenance(await third.http().get('/api/videos'));
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });
});

describe('DISABLE_UPLOADS', () => {
  afterEach(async () => {
    if ((await controls()).body.uploads_disabled) await act('DISABLE_UPLOADS', 'cleanup').expect(200);
  });

  it('toggles the uploads flag as the admin console does (its list and audit log show it); uploads answer FEATURE_DISABLED meanwhile', async () => {
    const on = await act('DISABLE_UPLOADS', 'Storage is nearly full');
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ success: true, message: 'Emergency action executed: uploads are disabled', action: 'DISABLE_UPLOADS', state: 'on' });
    expect(on.body.controls.uploads_disabled).toBe(true);
    const refused = await upload(t, 'video', user.auth, MP4, { title: 'Refused' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: 'The feature "uploads" is disabled on this instance' });
    expect((await t.http().get('/api/features')).body.uploads).toBe(false);
    expect((await t.http().get('/api/system/features').set(...adminAuth)).body.uploads.enabled).toBe(false);
    const [entry] = await t.sql<{ admin_username: string; action: string; detail: Any }>(`select admin_username, action, detail from admin_audit_log where target = 'uploads' order by seq desc limit 1`);
    expect(entry).toEqual({ admin_username: 'Founder', action: 'feature.disabled', detail: { enabled: false, reason: 'Storage is nearly full', by: 'founder' } });

    const off = await act('DISABLE_UPLOADS', 'Disk extended');
    expect(off.body).toMatchObject({ message: 'Emergency action executed: uploads are enabled again', state: 'off' });
    expect(off.body.controls.uploads_disabled).toBe(false);
    expect((await upload(t, 'video', user.auth, MP4, { title: 'Allowed' })).status).toBe(201);
    expect((await audit()).slice(-2).map((r) => [r.action, r.target, r.detail])).toEqual([
      ['emergency.uploads_disabled', 'uploads', { reason: 'Storage is nearly full', uploads_enabled: false }],
      ['emergency.uploads_enabled', 'uploads', { reason: 'Disk extended', uploads_enabled: true }],
    ]);
  });
});

describe('FORCE_BACKUP', () => {
  it('409 while a backup is being made (the controls say so); otherwise starts one, which the admin console lists', async () => {
    const archive = t.app.get<BackupArchive>(BACKUP_ARCHIVE);
    const busy = await archive.exclusive(async () => ({ r: await act('FORCE_BACKUP', 'Before the upgrade'), c: (await controls()).body }));
    expect(busy?.r.status).toBe(409);
    expect(busy?.r.body).toMatchObject({ code: 'SYSTEM.BACKUP_RUNNING', detail: 'A backup is already running' });
    expect(busy?.c.backup_running).toBe(true);
    expect((await controls()).body.backup_running).toBe(false);

    const r = await act('FORCE_BACKUP', 'Before the upgrade');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, action: 'FORCE_BACKUP', state: 'started' });
    expect(r.body.message).toMatch(/^Emergency action executed: a backup was started \(manual_backup_\d{4}-\d{2}-\d{2}.*\)$/);
    const name = /\((.+)\)$/.exec(r.body.message)![1];
    // It goes on in the background: done when the console lists it and the controls no longer say it runs.
    await within(120_000, async () => (await t.http().get('/api/system/backups').set(...adminAuth)).body.backups.some((b: Any) => b.name === name));
    await within(120_000, async () => !(await controls()).body.backup_running);
    const c = (await controls()).body;
    expect(new Date(c.last_backup).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect((await audit()).filter((a) => a.action === 'emergency.backup_started').map((a) => [a.target, a.detail])).toEqual([[name, { reason: 'Before the upgrade', backup: name }]]);
    // The security check follows.
    const check = (await health()).body.security_status.checks.find((k: Any) => k.name === 'recent_backup');
    expect(check.passed).toBe(true);
  }, 180_000);
});
