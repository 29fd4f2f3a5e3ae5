import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { admin, balance, buy, channelOf, expectLedgerConsistent, fundedCreator, matureAll, notificationsOf, type Admin } from './money-fixtures.js';
import { open } from '../src/common/crypto/at-rest.js';

/**
 * The partner program (requirements computed live, apply, admin decisions) and the platform owner's earnings, bank
 * account and withdrawals, over HTTP. After every test the ledger is consistent.
 */
let t: TestApp;
let origin: string;
let boss: Admin;

beforeAll(async () => {
  t = await createTestApp();
  origin = await baseUrl(t);
  boss = await admin(t);
});
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t.close());

/** Followers and watch time of the last 365 days, as the social and catalog contexts would have counted them. */
async function audience(who: Person, followers: number, watchSeconds: number, daysAgo = 10): Promise<void> {
  await t.sql('update social_users set followers_count = $2 where user_id = $1', [who.id, followers]);
  if (watchSeconds <= 0) return;
  const mediaId = randomUUID();
  const accountId = await channelOf(t, who);
  await t.sql(
    `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast", created_at, updated_at)
     values ($1, 'video', $2, $3, 'Long watch', 'ready', $4, 1000, 'video/mp4', '[]', '[]', '[]', '[]', now(), now())`,
    [mediaId, accountId, who.id, `originals/${mediaId}`],
  );
  const viewer = randomUUID();
  await t.sql(`insert into media_watch_time (media_id, user_id, day, seconds, last_beat_at) values ($1, $2, current_date - $3::int, $4, now())`, [mediaId, viewer, daysAgo, watchSeconds]);
}

const FOUR_THOUSAND_HOURS = 4000 * 3600;

async function partnerStatus(who: Person) {
  const r = await t.http().get('/api/creator/partner-program-status').set(...who.auth);
  expect(r.status).toBe(200);
  return r.body;
}

const apply = (who: Person, body: Record<string, unknown> = { original_content: true }) => t.http().post('/api/creator/partner-program/apply').set(...who.auth).send(body);

/** What /me says right away (the creator's page reads it after the decision, without waiting for anything). */
async function creatorProgram(who: Person): Promise<boolean> {
  return (await t.http().get('/api/me').set(...who.auth)).body.creator_program;
}

describe('partner program', () => {
  it('a new creator is not applied and not eligible; applying is refused with the reason', async () => {
    const c = await person(t);
    const s = await partnerStatus(c);
    expect(s).toMatchObject({
      status: 'not_applied',
      eligible: false,
      requirements_met: 1,
      requirements: {
        subscribers: { current: 0, required: 1000, met: false },
        watch_hours: { current: 0, required: 4000, met: false },
        guidelines_compliant: true,
        guidelines_strike: null,
        original_content: false,
      },
      stats: { total_videos: 0, total_views: 0, subscriber_count: 0, avg_view_duration: 0 },
      monthly_earnings: 0,
      lifetime_earnings: 0,
      monetized_videos: 0,
      applied_at: null,
    });
    const noAttestation = await apply(c, {});
    expect(noAttestation.status).toBe(400);
    expect(noAttestation.body.detail).toBe('Confirm that your content is original');
    expect(noAttestation.body.errors).toEqual([{ field: 'original_content', message: 'Confirm that your content is original' }]);
    expect((await apply(c, { original_content: false })).body.detail).toBe('Confirm that your content is original');
    const r = await apply(c);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('You do not meet the partner program requirements yet');
    expect((await t.http().post('/api/creator/partner-program/apply').send({ original_content: true })).status).toBe(401);
    expect((await t.http().get('/api/creator/partner-program-status')).status).toBe(401);
    expect(await t.sql('select 1 from partner_applications where user_id = $1', [c.id])).toEqual([]);
  });

  it('requirements are computed live, at their exact thresholds; old watch time does not count', async () => {
    const c = await person(t);
    await audience(c, 999, FOUR_THOUSAND_HOURS);
    let s = await partnerStatus(c);
    expect(s.requirements.subscribers).toEqual({ current: 999, required: 1000, met: false });
    expect(s.requirements.watch_hours).toEqual({ current: 4000, required: 4000, met: true });
    expect(s.eligible).toBe(false);
    expect(s.requirements_met).toBe(2);
    expect((await apply(c)).status).toBe(400);
    await audience(c, 1000, 0);
    s = await partnerStatus(c);
    expect(s.requirements.subscribers.met).toBe(true);
    expect(s.eligible).toBe(true);
    expect(s.requirements_met).toBe(3);
    expect(s.stats.total_videos).toBe(1);

    const short = await person(t);
    await audience(short, 5000, FOUR_THOUSAND_HOURS - 360);
    expect((await partnerStatus(short)).requirements.watch_hours).toEqual({ current: 3999.9, required: 4000, met: false });
    const stale = await person(t);
    await audience(stale, 5000, FOUR_THOUSAND_HOURS * 2, 400);
    const old = await partnerStatus(stale);
    expect(old.requirements.watch_hours.current).toBe(0);
    expect(old.eligible).toBe(false);
  });

  it('apply once (twice is 409); an admin approves: creator_program on /me; suspension takes it away', async () => {
    const c = await person(t);
    await audience(c, 1500, FOUR_THOUSAND_HOURS + 3600);
    const r = await apply(c);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Application submitted! We review applications within 30 days.', status: 'pending' });
    const s = await partnerStatus(c);
    expect(s.status).toBe('pending');
    expect(s.requirements_met).toBe(4);
    expect(s.requirements.original_content).toBe(true);
    expect(s.applied_at).toEqual(expect.any(String));
    const twice = await apply(c);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Your application is already under review');

    const pending = await t.http().get('/api/admin/partner-applications').set(...boss.adminAuth);
    expect(pending.status).toBe(200);
    const app = pending.body.applications.find((a: { user_id: string }) => a.user_id === c.id);
    expect(app).toMatchObject({ username: c.name, status: 'pending', followers: 1500, watch_hours: 4001, original_content: true, decided_at: null, reason: null });
    expect((await t.http().get('/api/admin/partner-applications').set(...c.auth)).status).toBe(403);
    expect((await t.http().post(`/api/admin/partner-applications/${app.id}/approve`).set(...c.auth)).status).toBe(403);
    expect((await t.http().post(`/api/admin/partner-applications/${app.id}/approve`).set(...boss.auth)).status).toBe(403);
    expect(await creatorProgram(c)).toBe(false);

    const ok = await t.http().post(`/api/admin/partner-applications/${app.id}/approve`).set(...boss.adminAuth).send({ reason: 'Welcome aboard' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: app.id, status: 'approved', reason: 'Welcome aboard' });
    expect(await creatorProgram(c)).toBe(true);
    expect((await partnerStatus(c)).status).toBe('approved');
    expect((await notificationsOf(t, c)).filter((n) => n.type === 'partner_decision')).toEqual([
      { type: 'partner_decision', title: 'Partner program: approved', message: 'Your partner program application was approved. You can now turn on monetization.' },
    ]);
    const again = await apply(c);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You are already in the partner program');
    for (const action of ['approve', 'reject']) {
      const r2 = await t.http().post(`/api/admin/partner-applications/${app.id}/${action}`).set(...boss.adminAuth);
      expect(r2.status).toBe(409);
      expect(r2.body.detail).toBe('This application has already been decided');
    }

    const suspended = await t.http().post(`/api/admin/partner-applications/${app.id}/suspend`).set(...boss.adminAuth).send({ reason: 'Reused content' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspended');
    expect(await creatorProgram(c)).toBe(false);
    expect((await partnerStatus(c)).status).toBe('suspended');
    const blocked = await apply(c);
    expect(blocked.status).toBe(403);
    expect(blocked.body.detail).toBe('Your partner program membership is suspended');
    expect((await t.http().post(`/api/admin/partner-applications/${app.id}/suspend`).set(...boss.adminAuth)).status).toBe(409);
    const all = await t.http().get('/api/admin/partner-applications?status=suspended').set(...boss.adminAuth);
    expect(all.body.applications.map((a: { id: string }) => a.id)).toContain(app.id);
  });

  it('a rejected creator reads rejected with the reason and may reapply while eligible', async () => {
    const c = await person(t);
    await audience(c, 2000, FOUR_THOUSAND_HOURS * 2);
    await apply(c);
    const [row] = await t.sql<{ id: string }>('select id from partner_applications where user_id = $1', [c.id]);
    const pendingSuspend = await t.http().post(`/api/admin/partner-applications/${row.id}/suspend`).set(...boss.adminAuth);
    expect(pendingSuspend.status).toBe(409);
    const no = await t.http().post(`/api/admin/partner-applications/${row.id}/reject`).set(...boss.adminAuth).send({ reason: 'Too many reuploads' });
    expect(no.status).toBe(200);
    expect(no.body.status).toBe('rejected');
    const s = await partnerStatus(c);
    expect(s).toMatchObject({ status: 'rejected', eligible: true, decision_reason: 'Too many reuploads' });
    expect(await creatorProgram(c)).toBe(false);
    expect((await notificationsOf(t, c)).filter((n) => n.type === 'partner_decision')).toEqual([
      { type: 'partner_decision', title: 'Partner program: not approved', message: 'Your partner program application was not approved: Too many reuploads' },
    ]);
    const re = await apply(c);
    expect(re.status).toBe(200);
    expect(re.body.status).toBe('pending');
    expect((await partnerStatus(c)).status).toBe('pending');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await t.http().post(`/api/admin/partner-applications/${id}/approve`).set(...boss.adminAuth);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Application not found');
    }
  });

  it('concurrent applications make one pending application', async () => {
    const c = await person(t);
    await audience(c, 1000, FOUR_THOUSAND_HOURS);
    const results = await Promise.all(Array.from({ length: 6 }, () => apply(c)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.detail).toBe('Your application is already under review');
    }
    expect(await t.sql('select 1 from partner_applications where user_id = $1', [c.id])).toHaveLength(1);
  });
});

describe('platform earnings (Owner)', () => {
  const bank = { bank_name: 'First Bank', account_number: '000123456789', routing_number: '021000021', account_holder_name: 'Scriven Inc' };

  it('is for admins only: 403 for everyone else, 401 without a token', async () => {
    const u = await person(t);
    for (const [method, path, body] of [
      ['get', '/api/platform/earnings', undefined],
      ['post', '/api/platform/bank-account', bank],
      ['post', '/api/platform/withdraw', { amount: 100 }],
    ] as const) {
      const r = await (method === 'get' ? t.http().get(path) : t.http().post(path).send(body)).set(...u.auth);
      expect([path, r.status, r.body.detail]).toEqual([path, 403, 'Only administrators can do this']);
      expect((await (method === 'get' ? t.http().get(path) : t.http().post(path).send(body))).status).toBe(401);
    }
    expect(await t.sql('select 1 from platform_bank_accounts')).toEqual([]);
  });

  it('withdrawing before a bank account exists is refused; amounts are checked with the client messages', async () => {
    const invalid = 'Invalid withdrawal amount';
    const cases: [unknown, string][] = [
      ['abc', invalid],
      [0, invalid],
      ['-150', invalid],
      [-150, invalid],
      ['100.001', invalid],
      ['', invalid],
      [null, invalid],
      [99.99, 'Minimum withdrawal amount is $100'],
      ['1', 'Minimum withdrawal amount is $100'],
    ];
    for (const [amount, detail] of cases) {
      const r = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount });
      expect([amount, r.status, r.body.detail]).toEqual([amount, 400, detail]);
    }
    const noBank = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: 100 });
    expect(noBank.status).toBe(409);
    expect(noBank.body.detail).toBe('Add a bank account before withdrawing');
    const e = await t.http().get('/api/platform/earnings').set(...boss.auth);
    expect(e.body.bank_account).toBeNull();
    expect(e.body.can_withdraw).toBe(false);
    expect(e.body.earnings.minimum_payout).toBe(100);
  });

  it('saves the bank account encrypted: only the last 4 digits are ever shown', async () => {
    const empty = await t.http().post('/api/platform/bank-account').set(...boss.auth).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Bank name is required (at most 100 characters)');
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(['bank_name', 'account_holder_name', 'account_number', 'routing_number']);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...bank, account_holder_name: '  ' }, 'Account holder name is required (at most 100 characters)'],
      [{ ...bank, bank_name: 'b'.repeat(101) }, 'Bank name is required (at most 100 characters)'],
      [{ ...bank, account_number: '12a4' }, 'Account number must be 4 to 17 digits'],
      [{ ...bank, account_number: '123' }, 'Account number must be 4 to 17 digits'],
      [{ ...bank, account_number: '1'.repeat(18) }, 'Account number must be 4 to 17 digits'],
      [{ ...bank, routing_number: '12345678' }, 'Routing number must be 9 digits'],
      [{ ...bank, routing_number: 123456789 }, 'Routing number must be 9 digits'],
    ];
    for (const [body, detail] of cases) {
      const r = await t.http().post('/api/platform/bank-account').set(...boss.auth).send(body);
      expect([r.status, r.body.detail]).toEqual([400, detail]);
    }
    // The founder's form posts urlencoded fields.
    const ok = await t.http().post('/api/platform/bank-account').set(...boss.auth).type('form').send({ ...bank, account_number: '0001-2345 6789' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Bank account added successfully!', bank_account: { bank_name: 'First Bank', account_last_4: '6789', account_holder: 'Scriven Inc', is_verified: false } });
    const e = await t.http().get('/api/platform/earnings').set(...boss.auth);
    expect(e.body.bank_account).toEqual({ bank_name: 'First Bank', account_last_4: '6789', account_holder: 'Scriven Inc', is_verified: false });
    expect(JSON.stringify(e.body)).not.toContain('000123456789');
    expect(JSON.stringify(e.body)).not.toContain('021000021');
    expect(JSON.stringify(ok.body)).not.toContain('000123456789');
    const [row] = await t.sql<{ raw: string; account_number_enc: string; routing_number_enc: string }>('select t::text as raw, account_number_enc, routing_number_enc from platform_bank_accounts t');
    expect(row.raw).not.toContain('000123456789');
    expect(row.raw).not.toContain('021000021');
    // Encrypted, not thrown away: the server's key opens it.
    expect(open(t.config.money.encryptionKey, row.account_number_enc)).toBe('000123456789');
    expect(open(t.config.money.encryptionKey, row.routing_number_enc)).toBe('021000021');
    // Saving again replaces the one account.
    await t.http().post('/api/platform/bank-account').set(...boss.auth).send({ ...bank, account_number: '99998888' });
    expect((await t.http().get('/api/platform/earnings').set(...boss.auth)).body.bank_account.account_last_4).toBe('8888');
    expect(await t.sql('select 1 from platform_bank_accounts')).toHaveLength(1);
    await t.http().post('/api/platform/bank-account').set(...boss.auth).send(bank);
  });

  it('shows what the platform kept by source, pending then available; withdraws at least $100 and at most what is available', async () => {
    const start = (await t.http().get('/api/platform/earnings').set(...boss.auth)).body;
    expect(start.earnings).toEqual({
      available_balance: 0,
      pending_balance: 0,
      total_revenue: 0,
      total_withdrawn: 0,
      premium_revenue: 0,
      ad_revenue: 0,
      membership_fees: 0,
      super_chat_fees: 0,
      minimum_payout: 100,
    });
    expect(start.can_withdraw).toBe(false);
    // A $499.99 membership gives the platform $150.00; a premium month gives it $1.
    await fundedCreator(t, origin, 499.99);
    const buyer = await person(t);
    await buy(t, origin, buyer, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });
    const mid = (await t.http().get('/api/platform/earnings').set(...boss.auth)).body;
    expect(mid.earnings).toMatchObject({ available_balance: 150, pending_balance: 1, total_revenue: 151, membership_fees: 150, premium_revenue: 1, total_withdrawn: 0 });
    expect(mid.monthly_revenue).toBe(151);
    expect(mid.can_withdraw).toBe(true);
    const over = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: 150.01 });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe('Invalid withdrawal amount');
    await matureAll(t);
    expect((await t.http().get('/api/platform/earnings').set(...boss.auth)).body.earnings).toMatchObject({ available_balance: 151, pending_balance: 0 });
    const w = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: '100.00' });
    expect(w.status).toBe(200);
    expect(w.body).toEqual({ success: true, message: 'Withdrawal request submitted successfully!', amount: 100 });
    const after = (await t.http().get('/api/platform/earnings').set(...boss.auth)).body;
    expect(after.earnings).toMatchObject({ available_balance: 51, total_withdrawn: 100, total_revenue: 151 });
    expect(after.can_withdraw).toBe(false);
    const rows = await t.sql<{ amount_cents: string; account_last_4: string; requested_by: string }>('select amount_cents, account_last_4, requested_by from platform_withdrawals');
    expect(rows).toEqual([{ amount_cents: '10000', account_last_4: '6789', requested_by: boss.id }]);
    const tooMuch = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: 100 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.detail).toBe('Invalid withdrawal amount');
  });

  it('concurrent withdrawals against one balance overdraw nothing', async () => {
    await fundedCreator(t, origin, 499.99);
    await fundedCreator(t, origin, 499.99);
    const available = await balance(t, 'platform:available');
    expect(available).toBe(5100 + 30000);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: 100 })));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(3);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body.detail]).toEqual([400, 'Invalid withdrawal amount']);
    expect(await balance(t, 'platform:available')).toBe(available - ok * 10000);
    expect(await balance(t, 'platform:withdrawn')).toBe(10000 + ok * 10000);
  });
});
