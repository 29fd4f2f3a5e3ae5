import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOUNDER_CLOCK, type FounderClock } from '../src/modules/founder/domain/ports.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { baseUrl, type Auth } from './media-fixtures.js';
import { admin, fundedCreator, type Admin } from './money-fixtures.js';
import { FOUNDER, founderSignIn, setUpFounder, type FounderCredentials } from './founder-fixtures.js';

/**
 * The founder's access and money (seed 000 §2, §7, §8; seed 001 §2, §3, §7; product.md §11): set-up (the CLI), the two
 * sign-in forms and their lockout, founder tokens (and their refusal of other audiences), analytics, the revenue
 * breakdown, the platform's bank account, earnings and withdrawals, and the audit log of all of it.
 */

const HOOKS = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const PERSONAL_DENIED = 'Access Denied: Invalid personal credentials';
const LEGACY_DENIED = 'Access Denied: Invalid founder credentials';
const LOCKED = 'Founder sign-in is locked for 15 minutes after repeated failures';

let t: TestApp;
let origin: string;
let clock: FounderClock;
/** How far the founder context's clock is ahead of the machine's: moved forward to start fresh lockout windows. */
let offsetMs = 0;
let user: { auth: Auth };
let staff: Admin;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  origin = await baseUrl(t);
  clock = t.app.get<symbol, FounderClock>(FOUNDER_CLOCK, { strict: false });
  clock.now = () => new Date(Date.now() + offsetMs);
  user = await signUp(t);
  staff = await admin(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every earlier failure falls out of the 15-minute window (and a lock ends). */
const laterBy = (minutes: number) => (offsetMs += minutes * 60_000);

let addressSeq = 0;
/** A fresh client address (TRUST_PROXY: the first X-Forwarded-For), so the per-address limit of one test does not reach another's. */
const freshAddress = () => `198.51.100.${++addressSeq}`;

function personal(fields: Record<string, string>, address = freshAddress(), how: 'multipart' | 'form' = 'multipart') {
  const r = t.http().post('/api/founder/personal-login').set('X-Forwarded-For', address);
  if (how === 'form') return r.type('form').send(fields);
  for (const [k, v] of Object.entries(fields)) r.field(k, v);
  return r;
}
function legacy(fields: Record<string, string>, address = freshAddress(), how: 'multipart' | 'form' = 'form') {
  const r = t.http().post('/api/founder/login').set('X-Forwarded-For', address);
  if (how === 'form') return r.type('form').send(fields);
  for (const [k, v] of Object.entries(fields)) r.field(k, v);
  return r;
}
const personalOf = (c: FounderCredentials) => ({ email: c.email, phone: c.phone, license_number: c.licenseNumber });
const legacyOf = (c: FounderCredentials) => ({ username: c.username, password: c.masterKey });

async function auditRows(action: string): Promise<{ action: string; target: string | null; detail: Record<string, unknown> | null; address: string | null }[]> {
  return t.sql('select action, target, detail, address from founder_audit_log where action = $1 order by seq', [action]);
}

function runCli(args: string[], extra: Record<string, string>, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-founder-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO_DATA: 'false', DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl, JWT_SECRET: t.config.jwtSecret, ...extra };
  for (const name of ['LOG_LEVEL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'JOBS_ENABLED', 'FOUNDER_MASTER_KEY']) if (!(name in extra)) delete env[name];
  const child = spawn(process.execPath, ['--import', HOOKS, CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input ?? '');
  return new Promise((res) =>
    child.once('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      res({ code, stdout, stderr });
    }),
  );
}

describe('before the founder is set up', () => {
  it('refuses both forms with their messages, as if the credentials were wrong', async () => {
    const p = await personal(personalOf(FOUNDER));
    expect(p.status).toBe(401);
    expect(p.body).toMatchObject({ statusCode: 401, code: 'FOUNDER.ACCESS_DENIED', detail: PERSONAL_DENIED, message: PERSONAL_DENIED });
    const l = await legacy(legacyOf(FOUNDER));
    expect(l.status).toBe(401);
    expect(l.body).toMatchObject({ code: 'FOUNDER.ACCESS_DENIED', message: LEGACY_DENIED });
  });
});

describe('founder:setup (the CLI)', () => {
  it('needs every field: without a terminal it names what is missing and changes nothing', async () => {
    const r = await runCli(['founder:setup', '--email', 'founder@example.com'], {});
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('founder:setup needs --phone, --license-number, --username, the master key (FOUNDER_MASTER_KEY, or --master-key-stdin)');
    expect(await t.sql('select 1 from founder_account')).toHaveLength(0);
  }, 120_000);

  it('checks the values (email, phone 7 to 15 digits, master key of 12+ characters) and stores nothing on a bad one', async () => {
    const r = await runCli(['founder:setup', '--email', 'not-an-email', '--phone', '12 34', '--license-number', 'D1234', '--username', 'founder'], { FOUNDER_MASTER_KEY: 'short' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Enter a valid email address; The phone number must have 7 to 15 digits; The master key must be 12 to 256 characters');
    expect(await t.sql('select 1 from founder_account')).toHaveLength(0);
  }, 120_000);

  it('sets the founder up from flags and the master key on stdin, stores hashes only and prints no secret', async () => {
    const r = await runCli(
      ['founder:setup', '--email', FOUNDER.email, '--phone', FOUNDER.phone, '--license-number', FOUNDER.licenseNumber, '--username', FOUNDER.username, '--master-key-stdin'],
      {},
      `${FOUNDER.masterKey}\n`,
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('The founder is set up. Sign in at the founder access screen.\n');
    expect(r.code).toBe(0);
    for (const secret of [FOUNDER.email, FOUNDER.masterKey, '5550102030', FOUNDER.username]) expect(r.stdout).not.toContain(secret);

    const rows = await t.sql<Record<string, unknown>>('select * from founder_account');
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]).toLowerCase();
    for (const secret of ['founder@example.com', '5550102030', 'd123456789', 'thefounder', FOUNDER.masterKey]) expect(stored).not.toContain(secret.toLowerCase());
    for (const column of ['email_hash', 'phone_hash', 'license_number_hash', 'username_hash', 'master_key_hash']) expect(String(rows[0][column])).toMatch(/^\$argon2id\$/);
    expect(rows[0].token_version).toBe(0);
    expect(await auditRows('founder.set_up')).toHaveLength(1);
  }, 120_000);
});

describe('signing in', () => {
  it('Personal Access (multipart): email, phone and licence in any spelling give a founder token of 30 minutes', async () => {
    const r = await personal({ email: '  FOUNDER@example.COM ', phone: '15550102030', license_number: 'D123456789' }, '203.0.113.7');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 1800, message: 'Founder access granted' });
    const a = await t.http().get('/api/founder/analytics').set('Authorization', `Bearer ${r.body.access_token}`);
    expect(a.status).toBe(200);
    const [signedIn] = (await auditRows('founder.signed_in')).slice(-1);
    expect(signedIn).toMatchObject({ detail: { form: 'personal' }, address: '203.0.113.7' });
  });

  it('Legacy Access (urlencoded or multipart): username (any case) and master key', async () => {
    for (const how of ['form', 'multipart'] as const) {
      const r = await legacy({ username: 'thefounder', password: FOUNDER.masterKey }, freshAddress(), how);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 1800, message: 'Founder access granted' });
    }
  });

  it('one wrong field is refused with the form’s one message, never naming the field; each refusal is audit-logged without the values', async () => {
    laterBy(16);
    const wrong = [
      { ...personalOf(FOUNDER), email: 'someone@example.com' },
      { ...personalOf(FOUNDER), phone: '+1 555 010 2031' },
      { ...personalOf(FOUNDER), license_number: 'D123456780' },
    ];
    for (const fields of wrong) {
      const r = await personal(fields);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'FOUNDER.ACCESS_DENIED', detail: PERSONAL_DENIED });
      expect(r.body.errors).toBeUndefined();
    }
    const l = await legacy({ ...legacyOf(FOUNDER), password: 'correct horse battery stapl' });
    expect(l.status).toBe(401);
    expect(l.body.message).toBe(LEGACY_DENIED);
    const refused = await auditRows('founder.sign_in_refused');
    expect(refused.filter((r) => (r.detail as { reason: string }).reason === 'invalid_credentials').length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(refused);
    for (const value of ['someone@example.com', '5550102031', 'D123456780', 'correct horse battery stapl']) expect(text).not.toContain(value);
    expect(refused.every((r) => typeof r.address === 'string' && r.address.length > 0)).toBe(true);
  });

  it('a missing field is a 400 that changes nothing', async () => {
    const r = await personal({ email: FOUNDER.email, phone: FOUNDER.phone });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'license_number', message: "Driver's licence number is required" }] });
    const l = await legacy({ username: FOUNDER.username });
    expect(l.status).toBe(400);
    expect(l.body.errors).toEqual([{ field: 'password', message: 'Master key is required' }]);
  });

  it('at most 30 attempts a minute from one address, right or wrong', async () => {
    laterBy(16);
    const address = '203.0.113.99';
    for (let i = 0; i < 30; i += 1) expect((await legacy(legacyOf(FOUNDER), address)).status).toBe(200);
    const r = await legacy(legacyOf(FOUNDER), address);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('RATE_LIMITED');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(200);
  }, 60_000);
});

describe('the founder token', () => {
  let founder: Auth;
  beforeAll(async () => {
    laterBy(16);
    founder = await founderSignIn(t);
  });

  it('is the only token the founder routes take: none 401, a user’s or an admin’s 403', async () => {
    for (const [method, path] of [
      ['get', '/api/founder/analytics'],
      ['get', '/api/founder/revenue-breakdown'],
      ['get', '/api/founder/bank-account'],
      ['post', '/api/founder/bank-account'],
      ['get', '/api/founder/platform-earnings'],
      ['post', '/api/founder/withdraw'],
    ] as const) {
      const none = await t.http()[method](path);
      expect(none.status).toBe(401);
      const bad = await t.http()[method](path).set('Authorization', 'Bearer not-a-token');
      expect(bad.status).toBe(401);
      for (const auth of [user.auth, staff.auth, staff.adminAuth]) {
        const r = await t.http()[method](path).set(...auth);
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ code: 'AUTH.FOUNDER_REQUIRED', message: 'Founder access required: sign in at the founder access screen' });
      }
    }
  });

  it('lists no top earners before anyone earned', async () => {
    const r = await t.http().get('/api/founder/revenue-breakdown').set(...founder);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_revenue: 0, top_earners: [] });
  });

  it('is refused by the routes of other audiences: the admin console’s 403, a user’s 401', async () => {
    const consoleRoute = await t.http().get('/api/admin/verify').set(...founder);
    expect(consoleRoute.status).toBe(403);
    expect(consoleRoute.body.code).toBe('AUTH.ADMIN_REQUIRED');
    expect((await t.http().get('/api/me').set(...founder)).status).toBe(401);
  });

  it('dies when the founder is set up again (the token version moves on): old credentials too', async () => {
    const next: FounderCredentials = { ...FOUNDER, email: 'new.founder@example.com', masterKey: 'another long master key' };
    expect(await setUpFounder(t, next)).toMatchObject({ replaced: true });
    expect((await t.sql<{ token_version: number }>('select token_version from founder_account'))[0].token_version).toBe(1);
    expect((await t.http().get('/api/founder/analytics').set(...founder)).status).toBe(401);
    expect((await personal(personalOf(FOUNDER))).status).toBe(401);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(401);
    founder = await founderSignIn(t, next);
    expect((await t.http().get('/api/founder/analytics').set(...founder)).status).toBe(200);
    expect((await personal(personalOf(next))).status).toBe(200);
    // Back to the usual founder for the tests after this one.
    await setUpFounder(t, FOUNDER);
    expect(await auditRows('founder.replaced')).toHaveLength(2);
  });
});

describe('analytics, revenue, bank account, earnings and withdrawals', () => {
  let founder: Auth;
  let creatorId: string;
  let creatorName: string;
  beforeAll(async () => {
    laterBy(16);
    founder = await founderSignIn(t);
    // Money: a fan pays a $499.99 membership (70% to the creator, 30% to the platform), matured.
    const funded = await fundedCreator(t, origin, 499.99);
    creatorId = funded.creator.id;
    creatorName = funded.creator.name;
    // Content: a video and a reel with views, likes and comments, a removed video (not counted), a movie, a live stream.
    const channel = (await t.http().get('/api/me').set(...funded.creator.auth)).body.active_account_id as string;
    const item = async (kind: string, status: string, views: number, likes: number, comments: number) => {
      const id = randomUUID();
      await t.sql(
        `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast", views, likes, comments, created_at, updated_at)
         values ($1, $2, $3, $4, 'Founder figures', $5, $6, 1000, 'video/mp4', '[]', '[]', '[]', '[]', $7, $8, $9, now(), now())`,
        [id, kind, channel, creatorId, status, `originals/${id}`, views, likes, comments],
      );
    };
    await item('video', 'ready', 150, 10, 2);
    await item('reel', 'ready', 50, 2, 1);
    await item('video', 'removed', 1000, 100, 100);
    await item('movie', 'ready', 0, 0, 0);
    expect((await t.http().post('/api/live/start').set(...funded.creator.auth).send({ title: 'Founder figures live' })).status).toBe(201);
  }, 120_000);

  it('GET /api/founder/analytics: figures from the database and the ledger; what nothing measures is null', async () => {
    const now = clock.now();
    const month = now.toISOString().slice(0, 7);
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString();
    // Growth: this month's sign-ups against last month's (two users moved into last month).
    const [{ n: users }] = await t.sql<{ n: string }>('select count(*) as n from users');
    await t.sql(`update users set created_at = $1 where id in (select id from users where id <> $2 order by created_at limit 2)`, [lastMonth, creatorId]);
    const thisMonth = Number(users) - 2;

    const r = await t.http().get('/api/founder/analytics').set(...founder);
    expect(r.status).toBe(200);
    expect(r.body.platform_overview).toEqual({ total_users: Number(users), total_videos: 1, total_music: 0, total_reels: 1, total_movies: 1, total_live_streams: 1 });
    expect(r.body.financial_metrics).toEqual({
      total_revenue: 499.99,
      creator_payouts: 349.99,
      net_profit: 150,
      revenue_per_user: Math.round(49999 / Number(users)) / 100,
    });
    expect(r.body.growth_metrics.user_growth_rate).toBe(Math.round(((thisMonth - 2) / 2) * 100 * 100) / 100);
    // (12 + 3 likes and comments) per 200 views.
    expect(r.body.growth_metrics.engagement_rate).toBe(7.5);
    const trend = r.body.growth_metrics.monthly_trend as { month: string; new_users: number; new_videos: number; views: number | null; revenue: number }[];
    expect(trend).toHaveLength(12);
    expect(trend[11]).toEqual({ month, new_users: thisMonth, new_videos: 1, views: null, revenue: 499.99 });
    expect(trend[10]).toMatchObject({ month: lastMonth.slice(0, 7), new_users: 2, new_videos: 0, revenue: 0 });
    expect(trend.map((m) => m.month)).toEqual([...trend.map((m) => m.month)].sort());
    expect(r.body.system_health).toMatchObject({ server_status: 'healthy', database_status: 'healthy', cdn_performance: null });
    expect(r.body.system_health.uptime).toBeGreaterThanOrEqual(0);
    expect(r.body.system_health.storage_usage).toBeGreaterThan(0);
    expect(r.body.system_health.storage_usage).toBeLessThanOrEqual(100);
    expect(Date.parse(r.body.generated_at)).not.toBeNaN();
  });

  it('GET /api/founder/revenue-breakdown: by source (all time) and per month', async () => {
    const r = await t.http().get('/api/founder/revenue-breakdown').set(...founder);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_revenue: 499.99, platform_revenue: 150, creator_payouts: 349.99 });
    expect(r.body.sources).toEqual([
      { source: 'premium', label: 'Premium subscriptions', amount: 0, share: 0 },
      { source: 'ads', label: 'Ad revenue', amount: 0, share: 0 },
      { source: 'membership', label: 'Channel memberships', amount: 499.99, share: 100 },
      { source: 'super_chat', label: 'Super Chat', amount: 0, share: 0 },
    ]);
    expect(r.body.monthly).toHaveLength(12);
    expect(r.body.monthly[11]).toEqual({ month: clock.now().toISOString().slice(0, 7), premium: 0, ads: 0, membership: 499.99, super_chat: 0, total: 499.99 });
    // The creator earned 70%; the fan who paid earned nothing and is absent.
    expect(r.body.top_earners).toEqual([{ user_id: creatorId, username: creatorName, tier: 'creator', earnings: 349.99 }]);
  });

  it('earnings are the platform account of the Owner earnings; a withdrawal needs a bank account first (409)', async () => {
    const r = await t.http().get('/api/founder/platform-earnings').set(...founder);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ earnings: { available_balance: 150, pending_balance: 0, lifetime_earnings: 150, total_withdrawn: 0, minimum_payout: 100 }, can_withdraw: false });
    const owner = await t.http().get('/api/platform/earnings').set(...staff.auth);
    expect(owner.body.earnings.available_balance).toBe(150);
    expect((await t.http().get('/api/founder/bank-account').set(...founder)).body).toEqual({ bank_account: null });
    const w = await t.http().post('/api/founder/withdraw').set(...founder).type('form').send({ amount: '100' });
    expect(w.status).toBe(409);
    expect(w.body.code).toBe('MONEY.NO_BANK_ACCOUNT');
  });

  it('POST /api/founder/bank-account: all four fields required; saved masked, the same account as the Owner’s', async () => {
    const missing = await t.http().post('/api/founder/bank-account').set(...founder).type('form').send({ bank_name: 'First Bank' });
    expect(missing.status).toBe(400);
    expect((missing.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['account_holder_name', 'account_number', 'routing_number']);
    const bad = await t.http().post('/api/founder/bank-account').set(...founder).type('form').send({ bank_name: 'First Bank', account_number: '12ab', routing_number: '021000021', account_holder_name: 'Scriven Inc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Account number must be 4 to 17 digits');

    const r = await t.http().post('/api/founder/bank-account').set(...founder).field('bank_name', 'First Bank').field('account_number', '0001-2345-6789').field('routing_number', '021000021').field('account_holder_name', 'Scriven Inc');
    expect(r.status).toBe(200);
    const account = { bank_name: 'First Bank', account_holder_name: 'Scriven Inc', account_number_masked: '****6789', account_type: 'US bank account', currency: 'USD' };
    expect(r.body).toEqual({ success: true, message: 'Bank account saved', bank_account: account });
    expect((await t.http().get('/api/founder/bank-account').set(...founder)).body).toEqual({ bank_account: account });
    expect((await t.http().get('/api/platform/earnings').set(...staff.auth)).body.bank_account).toMatchObject({ account_last_4: '6789' });
    const [saved] = await auditRows('bank_account.saved');
    expect(saved.detail).toEqual({ bank_name: 'First Bank', account_last4: '6789' });
    expect(JSON.stringify(await t.sql('select * from founder_audit_log'))).not.toContain('000123456789');
  });

  it('POST /api/founder/withdraw: at least $100, more than 0, at most what is available', async () => {
    const send = (amount: string) => t.http().post('/api/founder/withdraw').set(...founder).type('form').send({ amount });
    const below = await send('99.99');
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('Minimum withdrawal amount is $100');
    for (const amount of ['0', '-5', 'lots', '100.001', '150.01']) {
      const r = await send(amount);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Invalid withdrawal amount');
    }
    const earnings = await t.http().get('/api/founder/platform-earnings').set(...founder);
    expect(earnings.body.can_withdraw).toBe(true);

    const ok = await t.http().post('/api/founder/withdraw').set(...founder).field('amount', '100');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Withdrawal request submitted', amount: 100 });
    const after = await t.http().get('/api/founder/platform-earnings').set(...founder);
    expect(after.body).toEqual({ earnings: { available_balance: 50, pending_balance: 0, lifetime_earnings: 150, total_withdrawn: 100, minimum_payout: 100 }, can_withdraw: false });
    expect((await send('100')).body.message).toBe('Invalid withdrawal amount');
    const [row] = await t.sql<{ requested_by: string; requested_by_kind: string; amount_cents: string }>('select requested_by, requested_by_kind, amount_cents from platform_withdrawals');
    const [{ id: founderId }] = await t.sql<{ id: string }>('select id from founder_account');
    expect(row).toEqual({ requested_by: founderId, requested_by_kind: 'founder', amount_cents: '10000' });
    const [audit] = await auditRows('platform.withdrawal_requested');
    expect(audit.detail).toEqual({ amount: 100, account_last4: '6789' });
  });
});

describe('top earners', () => {
  it('the creators who earned most from real payments, highest first, ties by user id, partners marked; deleted users skipped', async () => {
    laterBy(16);
    const founder = await founderSignIn(t);
    const before = (await t.http().get('/api/founder/revenue-breakdown').set(...founder)).body.top_earners as { user_id: string; earnings: number }[];
    // Two creators earn $69.99 each (a $99.99 membership), one $139.99 (a $199.99 one); then one of the two becomes a partner.
    const tieA = await fundedCreator(t, origin, 99.99);
    const tieB = await fundedCreator(t, origin, 99.99);
    const big = await fundedCreator(t, origin, 199.99);
    await t.sql('update social_users set followers_count = 1500 where user_id = $1', [tieB.creator.id]);
    const mediaId = randomUUID();
    const channel = (await t.http().get('/api/me').set(...tieB.creator.auth)).body.active_account_id as string;
    await t.sql(
      `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast", created_at, updated_at)
       values ($1, 'video', $2, $3, 'Long watch', 'ready', $4, 1000, 'video/mp4', '[]', '[]', '[]', '[]', now(), now())`,
      [mediaId, channel, tieB.creator.id, `originals/${mediaId}`],
    );
    await t.sql(`insert into media_watch_time (media_id, user_id, day, seconds, last_beat_at) values ($1, $2, current_date - 10, $3, now())`, [mediaId, randomUUID(), 4001 * 3600]);
    expect((await t.http().post('/api/creator/partner-program/apply').set(...tieB.creator.auth).send({ original_content: true })).status).toBe(200);
    const apps = await t.http().get('/api/admin/partner-applications').set(...staff.adminAuth);
    const app = (apps.body.applications as { id: string; user_id: string }[]).find((a) => a.user_id === tieB.creator.id)!;
    expect((await t.http().post(`/api/admin/partner-applications/${app.id}/approve`).set(...staff.adminAuth).send({ reason: 'Welcome' })).status).toBe(200);

    const r = await t.http().get('/api/founder/revenue-breakdown').set(...founder);
    expect(r.status).toBe(200);
    const ties = [tieA, tieB].sort((a, b) => (a.creator.id < b.creator.id ? -1 : 1));
    const line = (c: { id: string; name: string }, earnings: number) => ({ user_id: c.id, username: c.name, tier: c.id === tieB.creator.id ? 'partner' : 'creator', earnings });
    expect(r.body.top_earners).toEqual([before[0], line(big.creator, 139.99), ...ties.map((c) => line(c.creator, 69.99))]);
    // The fans paid and earned nothing: absent.
    const listed = (r.body.top_earners as { user_id: string }[]).map((e) => e.user_id);
    for (const fan of [tieA.fan, tieB.fan, big.fan]) expect(listed).not.toContain(fan.id);

    // A user who deleted their account is skipped (their money stays in the ledger).
    expect((await t.http().delete('/api/me').set(...big.creator.auth).send({ confirmation: big.creator.name })).status).toBe(200);
    const after = await t.http().get('/api/founder/revenue-breakdown').set(...founder);
    expect((after.body.top_earners as { user_id: string }[]).map((e) => e.user_id)).toEqual([before[0].user_id, ...ties.map((c) => c.creator.id)]);
  }, 120_000);
});

describe('the lockout', () => {
  it('five failures in 15 minutes lock both forms from every address for 15 minutes, right credentials included', async () => {
    laterBy(16);
    for (let i = 0; i < 3; i += 1) expect((await personal({ ...personalOf(FOUNDER), phone: '5550000000' })).status).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    expect(await auditRows('founder.sign_in_locked')).toHaveLength(1);

    for (const attempt of [() => personal(personalOf(FOUNDER)), () => legacy(legacyOf(FOUNDER)), () => legacy(legacyOf(FOUNDER), '192.0.2.200')]) {
      const r = await attempt();
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ statusCode: 429, code: 'FOUNDER.LOCKED', detail: LOCKED, message: LOCKED });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    const locked = (await auditRows('founder.sign_in_refused')).filter((r) => (r.detail as { reason: string }).reason === 'locked');
    expect(locked.length).toBe(3);

    laterBy(14);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(429);
    laterBy(1.1);
    const r = await personal(personalOf(FOUNDER));
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Founder access granted');
  });

  it('the window slides: five failures within any 15 minutes lock, wherever an earlier window would have ended', async () => {
    laterBy(16);
    expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    laterBy(14.8);
    for (let i = 0; i < 3; i += 1) expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    laterBy(0.5);
    // The first failure is now more than 15 minutes old; the last three are not: this is the fourth in the window.
    expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(429);
    laterBy(15.1);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(200);
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    laterBy(16);
    for (let i = 0; i < 4; i += 1) expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    laterBy(16);
    for (let i = 0; i < 4; i += 1) expect((await legacy({ ...legacyOf(FOUNDER), password: 'not the master key' })).status).toBe(401);
    expect((await legacy(legacyOf(FOUNDER))).status).toBe(200);
  });
});
