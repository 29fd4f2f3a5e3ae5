import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, waitFor } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { addTier, balance, buy, channelOf, checkout, daysUntil, expectLedgerConsistent, ledgerSnapshot, notificationsOf, press } from './money-fixtures.js';

/**
 * Premium and membership checkout in the sandbox, the status endpoints, the sandbox page, and membership tiers, as
 * a client sees them over HTTP. After every test the ledger is consistent.
 */
let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await baseUrl(t);
});
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t.close());

const PREMIUM = '/api/subscriptions/premium/checkout';
const membershipPath = (channelId: string) => `/api/subscriptions/channel/${channelId}/checkout`;

async function me(who: Person) {
  await settled(t);
  return (await t.http().get('/api/me').set(...who.auth)).body as { is_premium: boolean; premium_expires: string | null; creator_program: boolean };
}

describe('premium checkout', () => {
  it('monthly: $6.99 on the hosted page, $1 to the platform and $5.99 to the creator pool, 30 days of premium', async () => {
    const buyer = await person(t);
    const pool = await balance(t, 'pool:premium');
    const fee = await balance(t, 'platform:pending:premium');
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    expect(c.status).toBe(200);
    expect(Object.keys(c.body).sort()).toEqual(['session_id', 'url']);
    expect(c.body.url).toBe(`${origin}/api/payments/sandbox/checkout/${c.body.session_id}`);
    const page = await t.http().get(new URL(c.body.url).pathname);
    expect(page.text).toContain('Premium Monthly');
    expect(page.text).toContain('$6.99');
    expect(page.text).toContain('This session expires in 30 minutes.');
    // Before paying, the session is open and unpaid, and nothing is premium.
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'open' });
    expect((await me(buyer)).is_premium).toBe(false);
    await press(t, c.body.url, 'pay');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    const m = await me(buyer);
    expect(m.is_premium).toBe(true);
    expect(daysUntil(m.premium_expires!)).toBeGreaterThan(29.99);
    expect(daysUntil(m.premium_expires!)).toBeLessThan(30.01);
    expect(await balance(t, 'pool:premium')).toBe(pool + 599);
    expect(await balance(t, 'platform:pending:premium')).toBe(fee + 100);
    const tx = await t.sql<{ kind: string; matures_at: Date }>('select kind, matures_at from ledger_transactions where idempotency_key = $1', [`payment:${c.body.session_id}`]);
    expect(tx).toHaveLength(1);
    expect(tx[0].kind).toBe('premium');
    // The funds stay pending for 7 days.
    expect(daysUntil(new Date(tx[0].matures_at).toISOString())).toBeGreaterThan(6.99);
    expect(daysUntil(new Date(tx[0].matures_at).toISOString())).toBeLessThan(7.01);
  });

  it('right after the poll reads paid, /me already shows premium (the client refreshes the user at once)', async () => {
    for (let i = 0; i < 8; i++) {
      const buyer = await person(t);
      expect((await t.http().get('/api/me').set(...buyer.auth)).body.is_premium).toBe(false);
      const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
      const back = await press(t, c.body.url, 'pay');
      expect((await t.http().get(`/api/payments/status/${back.searchParams.get('session_id')}`).set(...buyer.auth)).body.payment_status).toBe('paid');
      const m = (await t.http().get('/api/me').set(...buyer.auth)).body;
      expect([i, m.is_premium]).toEqual([i, true]);
      expect(daysUntil(m.premium_expires)).toBeGreaterThan(29.99);
    }
  });

  it('yearly: $69.99, 365 days; buying again extends from the current expiry, not from now', async () => {
    const buyer = await person(t);
    const pool = await balance(t, 'pool:premium');
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'yearly' });
    expect((await t.http().get(new URL(c.body.url).pathname)).text).toContain('$69.99');
    await press(t, c.body.url, 'pay');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body.payment_status).toBe('paid');
    expect(await balance(t, 'pool:premium')).toBe(pool + 6899);
    const first = daysUntil((await me(buyer)).premium_expires!);
    expect(first).toBeGreaterThan(364.99);
    expect(first).toBeLessThan(365.01);
    await buy(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const second = daysUntil((await me(buyer)).premium_expires!);
    expect(second).toBeGreaterThan(394.99);
    expect(second).toBeLessThan(395.01);
  });

  it('monthly bought twice gives 60 days', async () => {
    const buyer = await person(t);
    await buy(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    await buy(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const m = await me(buyer);
    expect(m.is_premium).toBe(true);
    expect(daysUntil(m.premium_expires!)).toBeGreaterThan(59.99);
    expect(daysUntil(m.premium_expires!)).toBeLessThan(60.01);
  });

  it('a lapsed premium starts again from now, not from the old expiry', async () => {
    const buyer = await person(t);
    await t.sql(`update users set is_premium = false, premium_expires = now() - interval '100 days' where id = $1`, [buyer.id]);
    await buy(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const m = await me(buyer);
    expect(m.is_premium).toBe(true);
    expect(daysUntil(m.premium_expires!)).toBeGreaterThan(29.99);
    expect(daysUntil(m.premium_expires!)).toBeLessThan(30.01);
  });

  it('two checkouts paid at the same time both count (60 days), each once', async () => {
    const buyer = await person(t);
    const a = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const b = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    await Promise.all([press(t, a.body.url, 'pay'), press(t, b.body.url, 'pay'), press(t, a.body.url, 'pay'), press(t, b.body.url, 'pay')]);
    await Promise.all([a, b, a, b].map((c) => t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)));
    expect(daysUntil((await me(buyer)).premium_expires!)).toBeGreaterThan(59.99);
    expect(daysUntil((await me(buyer)).premium_expires!)).toBeLessThan(60.01);
    const tx = await t.sql('select 1 from ledger_transactions where idempotency_key in ($1, $2)', [`payment:${a.body.session_id}`, `payment:${b.body.session_id}`]);
    expect(tx).toHaveLength(2);
  });

  it('refuses a missing or unknown package, a foreign return address, and anonymous callers', async () => {
    const buyer = await person(t);
    for (const package_type of ['weekly', '', undefined, 12, 'MONTHLY ', 'constructor', 'toString']) {
      const r = await checkout(t, origin, buyer, PREMIUM, { package_type });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, detail: 'package_type must be monthly or yearly', message: 'package_type must be monthly or yearly' });
      expect(r.body.errors).toEqual([{ field: 'package_type', message: 'package_type must be monthly or yearly' }]);
    }
    for (const origin_url of ['https://evil.example/', 'javascript:alert(1)', 'not a url', '']) {
      const r = await t.http().post(PREMIUM).set(...buyer.auth).send({ package_type: 'monthly', origin_url });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('origin_url must be an address of this site');
    }
    // A Host header is the client's to choose: claiming to be evil.example does not make evil.example this site.
    const spoofed = await t.http().post(PREMIUM).set(...buyer.auth).set('Host', 'evil.example').send({ package_type: 'monthly', origin_url: 'http://evil.example/phish' });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.detail).toBe('origin_url must be an address of this site');
    expect((await t.http().post(PREMIUM).send({ package_type: 'monthly', origin_url: `${origin}/` })).status).toBe(401);
    expect(await t.sql('select 1 from payment_sessions where user_id = $1', [buyer.id])).toEqual([]);
  });

  it('returns to the page it came from, keeping its query and replacing stale session parameters', async () => {
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly', origin_url: `${origin}/?tab=premium&session_id=old&type=x#top` });
    const back = await press(t, c.body.url, 'pay');
    expect(back.origin).toBe(origin);
    expect(back.searchParams.get('tab')).toBe('premium');
    expect(back.searchParams.getAll('session_id')).toEqual([c.body.session_id]);
    expect(back.searchParams.getAll('type')).toEqual(['premium']);
    expect(back.hash).toBe('');
    const c2 = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const cancelled = await press(t, c2.body.url, 'cancel');
    expect(cancelled.searchParams.get('cancelled')).toBe('true');
    expect(cancelled.searchParams.get('type')).toBe('premium');
    expect(cancelled.searchParams.get('session_id')).toBeNull();
  });
});

describe('payment status', () => {
  it('another user reads 404 on both status endpoints; so does a garbage or unknown id; anonymous is 401', async () => {
    const buyer = await person(t);
    const other = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    await press(t, c.body.url, 'pay');
    for (const path of ['/api/payments/status/', '/api/subscriptions/status/']) {
      const r = await t.http().get(`${path}${c.body.session_id}`).set(...other.auth);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, detail: 'Payment session not found', message: 'Payment session not found' });
      for (const id of ['cs_sandbox_nothing_here', 'x'.repeat(99), '%00', 'not%20an%20id', '%27%3B--', '..%2F..%2Fetc']) {
        expect((await t.http().get(`${path}${id}`).set(...buyer.auth)).status).toBe(404);
      }
      expect((await t.http().get(`${path}${c.body.session_id}`)).status).toBe(401);
    }
    // The other user's look did not fulfil anything for them, and the owner's session is still theirs.
    expect((await me(other)).is_premium).toBe(false);
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
  });

  it('an open session past its 30 minutes reads expired, its page says so, and it can no longer be paid', async () => {
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const [row] = await t.sql<{ minutes: number }>(`select extract(epoch from expires_at - created_at) / 60 as minutes from payment_sessions where id = $1`, [c.body.session_id]);
    expect(Math.round(Number(row.minutes))).toBe(30);
    await t.sql(`update payment_sessions set expires_at = now() - interval '1 second' where id = $1`, [c.body.session_id]);
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired' });
    expect((await t.http().get(`/api/subscriptions/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired', package_name: 'Premium Monthly' });
    expect((await t.http().get(new URL(c.body.url).pathname)).text).toContain('This checkout session has expired.');
    const before = await ledgerSnapshot(t);
    await press(t, c.body.url, 'pay');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired' });
    expect(await ledgerSnapshot(t)).toEqual(before);
    expect((await me(buyer)).is_premium).toBe(false);
  });

  it('expires on the page itself, before any poll, when the buyer comes back late', async () => {
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'yearly' });
    await t.sql(`update payment_sessions set expires_at = now() - interval '1 minute' where id = $1`, [c.body.session_id]);
    const back = await press(t, c.body.url, 'pay');
    expect(back.searchParams.get('session_id')).toBe(c.body.session_id);
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body.status).toBe('expired');
    expect(await t.sql('select 1 from ledger_transactions where idempotency_key = $1', [`payment:${c.body.session_id}`])).toEqual([]);
  });

  it('a declined session reads failed and cannot be paid afterwards; a cancelled one reads expired', async () => {
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    const back = await press(t, c.body.url, 'decline');
    expect(back.searchParams.get('session_id')).toBe(c.body.session_id);
    expect((await t.http().get(new URL(c.body.url).pathname)).text).toContain('This payment was declined.');
    await press(t, c.body.url, 'pay');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'failed' });
    const c2 = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    await press(t, c2.body.url, 'cancel');
    await press(t, c2.body.url, 'pay');
    expect((await t.http().get(`/api/payments/status/${c2.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired' });
    expect((await me(buyer)).is_premium).toBe(false);
    // Paying after paying changes nothing either: the page says it was paid.
    const c3 = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    await press(t, c3.body.url, 'pay');
    await press(t, c3.body.url, 'decline');
    await press(t, c3.body.url, 'cancel');
    expect((await t.http().get(new URL(c3.body.url).pathname)).text).toContain('This checkout has been paid.');
    expect((await t.http().get(`/api/payments/status/${c3.body.session_id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    expect(daysUntil((await me(buyer)).premium_expires!)).toBeLessThan(30.01);
  });

  it('the sandbox page of an unknown session is a 404 page, its buttons 404, and the sandbox has no webhook', async () => {
    const page = await t.http().get('/api/payments/sandbox/checkout/cs_sandbox_unknown');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Checkout not found');
    expect((await t.http().post('/api/payments/sandbox/checkout/cs_sandbox_unknown/pay')).status).toBe(404);
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    expect((await t.http().post(`${new URL(c.body.url).pathname}/refund`)).status).toBe(404);
    const hook = await t.http().post('/api/payments/webhook').set('Content-Type', 'application/json').send('{"id":"evt_1","type":"checkout.session.completed"}');
    expect(hook.status).toBe(404);
    expect(hook.body.detail).toBe('Webhooks are not configured: this server uses the sandbox provider');
  });
});

describe('membership checkout', () => {
  it("pays a tier of another creator's channel: 70% to the owner (pending), 30% to the platform, 30 days, and the owner sees the member", async () => {
    const owner = await person(t);
    const fan = await person(t);
    const tier = await addTier(t, owner, 4.99, 'Supporter');
    const pendingBefore = await balance(t, 'platform:pending:membership');
    const c = await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type: 'Supporter' });
    expect(c.status).toBe(200);
    const page = await t.http().get(new URL(c.body.url).pathname);
    expect(page.text).toContain('$4.99');
    const back = await press(t, c.body.url, 'pay');
    expect(back.searchParams.get('type')).toBe('membership');
    const s = await t.http().get(`/api/subscriptions/status/${c.body.session_id}`).set(...fan.auth);
    expect(s.body.payment_status).toBe('paid');
    expect(s.body.status).toBe('complete');
    expect(s.body.package_name).toMatch(/: Supporter$/);
    expect(await balance(t, `user:${owner.id}:pending`)).toBe(349);
    expect(await balance(t, 'platform:pending:membership')).toBe(pendingBefore + 150);
    const list = await t.http().get('/api/memberships/channels').set(...fan.auth);
    const ch = list.body.channels.find((x: { channel_id: string }) => x.channel_id === tier.channelId);
    expect(ch.my_membership.tier_name).toBe('Supporter');
    expect(ch.my_membership.active).toBe(true);
    expect(daysUntil(ch.my_membership.expires_at)).toBeGreaterThan(29.99);
    expect(daysUntil(ch.my_membership.expires_at)).toBeLessThan(30.01);
    expect(ch.is_owner).toBe(false);
    // The owner is told once.
    const told = (await notificationsOf(t, owner)).filter((n) => n.type === 'membership');
    expect(told).toEqual([{ type: 'membership', title: 'New member', message: `${fan.name} joined ${ch.channel_name} (Supporter)` }]);
    const members = await t.http().get(`/api/channels/${tier.channelId}/members`).set(...owner.auth);
    expect(members.status).toBe(200);
    expect(members.body.members).toEqual([expect.objectContaining({ user_id: fan.id, tier_name: 'Supporter', price: 4.99, active: true })]);
    // The owner's earnings list this month's line.
    const rev = await t.http().get(`/api/revenue/creator/${owner.id}`).set(...owner.auth);
    expect(rev.body.earnings).toMatchObject({ available_balance: 0, pending_balance: 3.49, lifetime_earnings: 3.49 });
    expect(rev.body.current_month_revenue).toEqual([expect.objectContaining({ revenue_type: 'membership', creator_share: 3.49, platform_fee: 1.5 })]);
    // Paying the same channel again adds 30 days to the membership.
    await buy(t, origin, fan, membershipPath(tier.channelId), { package_type: tier.id });
    const again = await t.http().get('/api/memberships/channels').set(...fan.auth);
    const ch2 = again.body.channels.find((x: { channel_id: string }) => x.channel_id === tier.channelId);
    expect(daysUntil(ch2.my_membership.expires_at)).toBeGreaterThan(59.99);
    expect(daysUntil(ch2.my_membership.expires_at)).toBeLessThan(60.01);
    expect(ch2.member_count).toBe(1);
  });

  it('unknown channel 404, bad tier 400, own channel 400', async () => {
    const owner = await person(t);
    const fan = await person(t);
    const tier = await addTier(t, owner, 2.99, 'Basic');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-channel']) {
      const r = await checkout(t, origin, fan, membershipPath(id), { package_type: 'Basic' });
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Channel not found');
    }
    // A channel that offers no tiers is not a membership channel either.
    const plain = await person(t);
    expect((await checkout(t, origin, fan, membershipPath(await channelOf(t, plain)), { package_type: 'Basic' })).status).toBe(404);
    const elsewhere = await addTier(t, await person(t), 5.99, 'Elsewhere');
    for (const package_type of ['Gold', '', undefined, 3, '00000000-0000-4000-8000-000000000000', elsewhere.id, 'Elsewhere']) {
      const r = await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe("Choose one of the channel's membership tiers");
      expect(r.body.errors).toEqual([{ field: 'package_type', message: "Choose one of the channel's membership tiers" }]);
    }
    // The tier's name is matched whatever its case, and its id works too.
    expect((await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type: ' basic ' })).status).toBe(200);
    expect((await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type: tier.id })).status).toBe(200);
    const own = await checkout(t, origin, owner, membershipPath(tier.channelId), { package_type: 'Basic' });
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe('You cannot join your own channel');
    expect((await t.http().post(membershipPath(tier.channelId)).send({ package_type: 'Basic', origin_url: `${origin}/` })).status).toBe(401);
  });

  it('a tier retired after checkout still honours the paid session; a retired tier cannot be bought', async () => {
    const owner = await person(t);
    const fan = await person(t);
    const tier = await addTier(t, owner, 9.99, 'Gold');
    await addTier(t, owner, 1.99, 'Bronze');
    const c = await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type: 'Gold' });
    expect((await t.http().delete(`/api/membership-tiers/${tier.id}`).set(...owner.auth)).body).toEqual({ message: 'Tier retired' });
    await press(t, c.body.url, 'pay');
    expect((await t.http().get(`/api/subscriptions/status/${c.body.session_id}`).set(...fan.auth)).body.payment_status).toBe('paid');
    expect(await balance(t, `user:${owner.id}:pending`)).toBe(699);
    const again = await checkout(t, origin, fan, membershipPath(tier.channelId), { package_type: 'Gold' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe("Choose one of the channel's membership tiers");
    // The member keeps their time and still shows in the owner's list.
    const members = await t.http().get(`/api/channels/${tier.channelId}/members`).set(...owner.auth);
    expect(members.body.members.map((m: { user_id: string; tier_name: string }) => [m.user_id, m.tier_name])).toEqual([[fan.id, 'Gold']]);
  });

  it('switching tiers converts the time left at the two prices: cheap months do not become dear ones, and an upgrade loses nothing', async () => {
    const owner = await person(t);
    const fan = await person(t);
    const cheap = await addTier(t, owner, 1.0, 'Cheap');
    await addTier(t, owner, 10.0, 'Dear');
    const expiry = async () => {
      const r = await t.http().get('/api/memberships/channels').set(...fan.auth);
      const mine = r.body.channels.find((c: { channel_id: string }) => c.channel_id === cheap.channelId).my_membership;
      return { tier: mine.tier_name as string, days: (new Date(mine.expires_at).getTime() - Date.now()) / 86_400_000 };
    };
    // Three months of the $1 tier: 90 days.
    for (let i = 0; i < 3; i++) await buy(t, origin, fan, membershipPath(cheap.channelId), { package_type: 'Cheap' });
    expect((await expiry()).days).toBeCloseTo(90, 1);
    // One month of the $10 tier: the 90 days at $1 are worth 9 days at $10, plus the 30 bought.
    await buy(t, origin, fan, membershipPath(cheap.channelId), { package_type: 'Dear' });
    let now = await expiry();
    expect(now.tier).toBe('Dear');
    expect(now.days).toBeCloseTo(39, 1);
    // Back down: 39 days at $10 are worth 390 days at $1, plus 30.
    await buy(t, origin, fan, membershipPath(cheap.channelId), { package_type: 'Cheap' });
    now = await expiry();
    expect(now.tier).toBe('Cheap');
    expect(now.days).toBeCloseTo(420, 0);
  });
});

describe('membership tiers', () => {
  it('the owner creates tiers; others get 403; prices, names and descriptions are checked', async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const channelId = await channelOf(t, owner);
    const path = `/api/channels/${channelId}/membership-tiers`;
    const ok = await t.http().post(path).set(...owner.auth).send({ name: 'Backstage', price: '6.50', description: 'Early cuts' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ id: expect.any(String), name: 'Backstage', description: 'Early cuts', price: 6.5 });
    const foreign = await t.http().post(path).set(...stranger.auth).send({ name: 'Mine now', price: 1.99 });
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe('Only the channel owner can do this');
    const unknown = await t.http().post('/api/channels/00000000-0000-4000-8000-000000000000/membership-tiers').set(...owner.auth).send({ name: 'X', price: 1.99 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Channel not found');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', price: 1.99 }, 'Tier name must be 1 to 50 characters'],
      [{ name: 'x'.repeat(51), price: 1.99 }, 'Tier name must be 1 to 50 characters'],
      [{ name: 'Cheap', price: 0.98 }, 'Price must be between $0.99 and $499.99 a month'],
      [{ name: 'Dear', price: 500 }, 'Price must be between $0.99 and $499.99 a month'],
      [{ name: 'Odd', price: '1.999' }, 'Price must be between $0.99 and $499.99 a month'],
      [{ name: 'Nothing', price: 'free' }, 'Price must be between $0.99 and $499.99 a month'],
      [{ name: 'Wordy', price: 1.99, description: 'y'.repeat(301) }, 'Description must be at most 300 characters'],
    ];
    for (const [body, detail] of cases) {
      const r = await t.http().post(path).set(...owner.auth).send(body);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe(detail);
    }
    const dup = await t.http().post(path).set(...owner.auth).send({ name: 'BACKSTAGE', price: 2.99 });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('This channel already has a tier with that name');
    expect((await t.http().post(path).send({ name: 'Anon', price: 1.99 })).status).toBe(401);
    // The channel now offers its tier to everyone.
    const list = await t.http().get('/api/memberships/channels').set(...stranger.auth);
    const ch = list.body.channels.find((c: { channel_id: string }) => c.channel_id === channelId);
    expect(ch.tiers).toEqual([{ id: ok.body.id, name: 'Backstage', description: 'Early cuts', price: 6.5 }]);
    expect(ch.is_owner).toBe(false);
  });

  it('only the owner retires a tier or lists members; a retired name can be used again', async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const tier = await addTier(t, owner, 3.99, 'Fan');
    const foreign = await t.http().delete(`/api/membership-tiers/${tier.id}`).set(...stranger.auth);
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe('Only the channel owner can do this');
    const members = await t.http().get(`/api/channels/${tier.channelId}/members`).set(...stranger.auth);
    expect(members.status).toBe(403);
    expect(members.body.detail).toBe('Only the channel owner can do this');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await t.http().delete(`/api/membership-tiers/${id}`).set(...owner.auth);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Tier not found');
    }
    expect((await t.http().delete(`/api/membership-tiers/${tier.id}`).set(...owner.auth)).status).toBe(200);
    const list = await t.http().get('/api/memberships/channels').set(...stranger.auth);
    expect(list.body.channels.find((c: { channel_id: string }) => c.channel_id === tier.channelId)).toBeUndefined();
    const reuse = await t.http().post(`/api/channels/${tier.channelId}/membership-tiers`).set(...owner.auth).send({ name: 'Fan', price: 4.99 });
    expect(reuse.status).toBe(201);
    expect(reuse.body.id).not.toBe(tier.id);
  });

  it('members: the active ones by default, lapsed ones on request', async () => {
    const owner = await person(t);
    const a = await person(t);
    const b = await person(t);
    const tier = await addTier(t, owner, 1.99, 'Pal');
    await buy(t, origin, a, membershipPath(tier.channelId), { package_type: 'Pal' });
    await buy(t, origin, b, membershipPath(tier.channelId), { package_type: 'Pal' });
    await t.sql(`update memberships set expires_at = now() - interval '1 day' where member_user_id = $1`, [a.id]);
    const active = await t.http().get(`/api/channels/${tier.channelId}/members`).set(...owner.auth);
    expect(active.body.members.map((m: { user_id: string }) => m.user_id)).toEqual([b.id]);
    const all = await t.http().get(`/api/channels/${tier.channelId}/members?include_lapsed=true`).set(...owner.auth);
    expect(all.body.members.map((m: { user_id: string; active: boolean }) => [m.user_id, m.active]).sort()).toEqual([[a.id, false], [b.id, true]].sort());
    // A lapsed member who pays again starts a fresh 30 days from now.
    await buy(t, origin, a, membershipPath(tier.channelId), { package_type: 'Pal' });
    const list = await t.http().get('/api/memberships/channels').set(...a.auth);
    const ch = list.body.channels.find((c: { channel_id: string }) => c.channel_id === tier.channelId);
    expect(daysUntil(ch.my_membership.expires_at)).toBeGreaterThan(29.99);
    expect(daysUntil(ch.my_membership.expires_at)).toBeLessThan(30.01);
    await waitFor('membership notification', async () => (await t.sql(`select 1 from event_outbox where topic = 'money.membership-started' and dispatched_at is null`)).length === 0, 10_000, 50);
  });
});
