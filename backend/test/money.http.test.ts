import { createTestApp, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { SeedSampleChannelsUseCase } from '../src/modules/monetization/application/seed-sample-channels.use-case.js';
import { balance, expectLedgerConsistent, matureAll } from './money-fixtures.js';

/** Money through HTTP on a real database: checkout in the sandbox, fulfilment once, the ledger's figures. */
let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await baseUrl(t);
  await t.app.get(SeedSampleChannelsUseCase).seedSampleChannels();
});
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t.close());

async function checkout(who: Person, path: string, body: Record<string, unknown>) {
  return t.http().post(path).set(...who.auth).send({ origin_url: `${origin}/`, ...body });
}

/** What a browser does on the sandbox page: press a button and follow the redirect's address. */
async function press(url: string, action: 'pay' | 'decline' | 'cancel'): Promise<URL> {
  const path = new URL(url).pathname;
  const r = await t.http().post(`${path}/${action}`);
  expect(r.status).toBe(303);
  return new URL(r.headers.location);
}

describe('premium in the sandbox', () => {
  it('pays, comes back with session_id and type, and the status poll and /me show premium for 30 days', async () => {
    const buyer = await person(t);
    const c = await checkout(buyer, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });
    expect(c.status).toBe(200);
    expect(c.body.url).toContain('/api/payments/sandbox/checkout/');
    const page = await t.http().get(new URL(c.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Premium Monthly');
    expect(page.text).toContain('$6.99');
    const back = await press(c.body.url, 'pay');
    expect(back.searchParams.get('session_id')).toBe(c.body.session_id);
    expect(back.searchParams.get('type')).toBe('premium');
    const s = await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth);
    expect(s.body).toEqual({ payment_status: 'paid', status: 'complete' });
    const me = await t.http().get('/api/me').set(...buyer.auth);
    expect(me.body.is_premium).toBe(true);
    const days = (new Date(me.body.premium_expires).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // Paying again (a second click) and polling again change nothing.
    await press(c.body.url, 'pay');
    await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth);
    const tx = await t.sql<{ n: string }>(`select count(*) as n from ledger_transactions where idempotency_key = $1`, [`payment:${c.body.session_id}`]);
    expect(tx[0].n).toBe('1');
    const pool = await t.sql<{ balance_cents: string }>(`select balance_cents from ledger_accounts where id = 'pool:premium'`);
    expect(pool[0].balance_cents).toBe('599');
    await settled(t);
  });

  it('a declined payment reads failed, a cancelled one comes back with cancelled, and another user cannot read the session', async () => {
    const buyer = await person(t);
    const other = await person(t);
    const c = await checkout(buyer, '/api/subscriptions/premium/checkout', { package_type: 'yearly' });
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...other.auth)).status).toBe(404);
    await press(c.body.url, 'decline');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'failed' });
    const c2 = await checkout(buyer, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });
    const back = await press(c2.body.url, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('true');
    expect((await t.http().get(`/api/payments/status/${c2.body.session_id}`).set(...buyer.auth)).body.status).toBe('expired');
    expect((await t.http().get('/api/me').set(...buyer.auth)).body.is_premium).toBe(false);
  });

  it('refuses a bad package and a return address of another site', async () => {
    const buyer = await person(t);
    const bad = await checkout(buyer, '/api/subscriptions/premium/checkout', { package_type: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('package_type must be monthly or yearly');
    const evil = await t.http().post('/api/subscriptions/premium/checkout').set(...buyer.auth).send({ package_type: 'monthly', origin_url: 'https://evil.example/' });
    expect(evil.status).toBe(400);
    expect(evil.body.detail).toBe('origin_url must be an address of this site');
  });
});

describe('memberships and creator earnings', () => {
  it('joins a sample channel: 70% pending for its owner, matured after 7 days, then a payout', async () => {
    const fan = await person(t);
    const list = await t.http().get('/api/memberships/channels').set(...fan.auth);
    expect(list.status).toBe(200);
    const tech = list.body.channels.find((c: { channel_name: string }) => c.channel_name === 'Tech Guru');
    expect(tech.tiers.map((x: { name: string; price: number }) => [x.name, x.price])).toEqual([
      ['Basic', 2.99],
      ['VIP', 6.99],
    ]);
    const c = await checkout(fan, `/api/subscriptions/channel/${tech.channel_id}/checkout`, { package_type: 'VIP' });
    expect(c.status).toBe(200);
    await press(c.body.url, 'pay');
    const s = await t.http().get(`/api/subscriptions/status/${c.body.session_id}`).set(...fan.auth);
    expect(s.body).toEqual({ payment_status: 'paid', status: 'complete', package_name: 'Tech Guru: VIP' });
    const after = await t.http().get('/api/memberships/channels').set(...fan.auth);
    const mine = after.body.channels.find((x: { channel_id: string }) => x.channel_id === tech.channel_id);
    expect(mine.my_membership.tier_name).toBe('VIP');
    expect(mine.member_count).toBe(1);
    const owner = await t.sql<{ owner_user_id: string }>('select owner_user_id from membership_tiers where account_id = $1 limit 1', [tech.channel_id]);
    const ownerId = owner[0].owner_user_id;
    const bal = await t.sql<{ id: string; balance_cents: string }>(`select id, balance_cents from ledger_accounts where id like $1 or id = 'platform:pending:membership' order by id`, [`user:${ownerId}:%`]);
    expect(Object.fromEntries(bal.map((b) => [b.id, b.balance_cents]))).toEqual({ [`user:${ownerId}:pending`]: '489', 'platform:pending:membership': '210' });
    const platformBefore = (await balance(t, 'platform:available')) + (await balance(t, 'platform:pending:premium'));
    await matureAll(t);
    const matured = await t.sql<{ id: string; balance_cents: string }>(`select id, balance_cents from ledger_accounts where id like $1 or id = 'platform:pending:membership' order by id`, [`user:${ownerId}:%`]);
    expect(Object.fromEntries(matured.map((b) => [b.id, b.balance_cents]))).toEqual({
      [`user:${ownerId}:pending`]: '0',
      [`user:${ownerId}:available`]: '489',
      'platform:pending:membership': '0',
    });
    expect(await balance(t, 'platform:available')).toBe(platformBefore + 210);
    // $4.89 is below the $50 minimum: the sample channel's owner cannot be paid out yet.
    const sampleOwner = await t.sql<{ display_name: string }>('select display_name from users where id = $1', [ownerId]);
    expect(sampleOwner[0].display_name).toBe('TechGuru');
  });
});
