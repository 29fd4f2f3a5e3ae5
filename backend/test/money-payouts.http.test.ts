import { createTestApp, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';
import { person, settled } from './social-fixtures.js';
import { admin, balance, buy, earnings, expectLedgerConsistent, fundedCreator, ledgerSnapshot, matureAll, addTier, notificationsOf, type Admin } from './money-fixtures.js';

/**
 * Creator earnings and payouts over HTTP: maturation, the payout rules and messages, concurrent requests against one
 * balance, the admin's decisions, and who may read whose revenue. After every test the ledger is consistent.
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

const PAYPAL = { payment_method: 'paypal', bank_details: null };

describe('earnings', () => {
  it('a payment is pending for 7 days, then available; a payout can be requested only then', async () => {
    const creator = await person(t);
    const fan = await person(t);
    const tier = await addTier(t, creator, 99.99);
    const fresh = await earnings(t, creator);
    expect(fresh).toEqual({
      earnings: { available_balance: 0, pending_balance: 0, lifetime_earnings: 0, total_withdrawn: 0, in_transit: 0, minimum_payout: 50 },
      can_request_payout: false,
      payouts_on_hold_until: null,
      current_month_revenue: [],
      payout_history: [],
    });
    await buy(t, origin, fan, `/api/subscriptions/channel/${tier.channelId}/checkout`, { package_type: tier.name });
    const pending = await earnings(t, creator);
    expect(pending.earnings).toMatchObject({ available_balance: 0, pending_balance: 69.99, lifetime_earnings: 69.99 });
    expect(pending.can_request_payout).toBe(false);
    const early = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('Amount exceeds your available balance');
    // Six days on, nothing has matured yet.
    const { MonetizationFacade } = await import('../src/modules/monetization/monetization.facade.js');
    await t.app.get(MonetizationFacade).matureDue(new Date(Date.now() + 6 * 86_400_000));
    expect((await earnings(t, creator)).earnings.available_balance).toBe(0);
    await matureAll(t);
    const ready = await earnings(t, creator);
    expect(ready.earnings).toMatchObject({ available_balance: 69.99, pending_balance: 0, lifetime_earnings: 69.99 });
    expect(ready.can_request_payout).toBe(true);
    // Maturing again moves nothing twice.
    const before = await ledgerSnapshot(t);
    await matureAll(t);
    expect(await ledgerSnapshot(t)).toEqual(before);
  });

  it("a foreign user's revenue is 403; an admin (is_admin) may read anyone's", async () => {
    const { creator } = await fundedCreator(t, origin, 99.99);
    const nosy = await person(t);
    const r = await t.http().get(`/api/revenue/creator/${creator.id}`).set(...nosy.auth);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ statusCode: 403, detail: 'You can only see your own earnings' });
    expect((await t.http().get(`/api/revenue/creator/not-a-uuid`).set(...nosy.auth)).status).toBe(403);
    expect((await t.http().get(`/api/revenue/creator/${creator.id}`)).status).toBe(401);
    const asAdmin = await t.http().get(`/api/revenue/creator/${creator.id}`).set(...boss.auth);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.earnings.available_balance).toBe(69.99);
    // The admin console's token is not a user token.
    expect((await t.http().get(`/api/revenue/creator/${creator.id}`).set(...boss.adminAuth)).status).toBe(401);
  });
});

describe('payout requests', () => {
  it('checks the amount, the method and the bank details, with the messages the client shows', async () => {
    const { creator } = await fundedCreator(t, origin, 99.99);
    const badAmount = 'Amount must be a number of dollars greater than 0 with at most two decimals';
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 'fifty', ...PAYPAL }, badAmount],
      [{ amount: '50.001', ...PAYPAL }, badAmount],
      [{ amount: 50.001, ...PAYPAL }, badAmount],
      [{ amount: 0, ...PAYPAL }, badAmount],
      [{ amount: '0.00', ...PAYPAL }, badAmount],
      [{ amount: -50, ...PAYPAL }, badAmount],
      [{ amount: '-60', ...PAYPAL }, badAmount],
      [{ amount: '', ...PAYPAL }, badAmount],
      [{ amount: null, ...PAYPAL }, badAmount],
      [{ amount: '1e2', ...PAYPAL }, badAmount],
      [{ amount: 'NaN', ...PAYPAL }, badAmount],
      [{ ...PAYPAL }, badAmount],
      [{ amount: 49.99, ...PAYPAL }, 'Minimum payout amount is $50.00'],
      [{ amount: '0.01', ...PAYPAL }, 'Minimum payout amount is $50.00'],
      [{ amount: 70, ...PAYPAL }, 'Amount exceeds your available balance'],
      [{ amount: '69.991', ...PAYPAL }, badAmount],
      [{ amount: 60, payment_method: 'venmo' }, 'Payment method must be bank_transfer, paypal or crypto'],
      [{ amount: 60 }, 'Payment method must be bank_transfer, paypal or crypto'],
      [{ amount: 60, payment_method: 'bank_transfer' }, 'Bank transfers need bank_details with account_type checking or savings and a two-letter country'],
      [{ amount: 60, payment_method: 'bank_transfer', bank_details: null }, 'Bank transfers need bank_details with account_type checking or savings and a two-letter country'],
      [{ amount: 60, payment_method: 'bank_transfer', bank_details: { account_type: 'brokerage', country: 'US' } }, 'Bank transfers need bank_details with account_type checking or savings and a two-letter country'],
      [{ amount: 60, payment_method: 'bank_transfer', bank_details: { account_type: 'checking', country: 'USA' } }, 'Bank transfers need bank_details with account_type checking or savings and a two-letter country'],
    ];
    for (const [body, detail] of cases) {
      const r = await t.http().post('/api/payout/request').set(...creator.auth).send(body);
      expect([JSON.stringify(body), r.status, r.body.detail]).toEqual([JSON.stringify(body), 400, detail]);
      expect(r.body.message).toBe(detail);
    }
    expect((await t.http().post('/api/payout/request').send({ amount: 60, ...PAYPAL })).status).toBe(401);
    // Nothing moved.
    expect((await earnings(t, creator)).earnings).toMatchObject({ available_balance: 69.99, in_transit: 0 });
    expect(await t.sql('select 1 from payouts where user_id = $1', [creator.id])).toEqual([]);
  });

  it('accepts exactly the minimum and exactly the available balance, by any method; funds go in transit', async () => {
    const { creator } = await fundedCreator(t, origin, 199.99);
    const first = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: '50', payment_method: 'bank_transfer', bank_details: { account_type: 'checking', country: 'us' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Payout request submitted successfully! Payouts take 3-5 business days.',
      payout: { id: expect.any(String), amount: 50, requested_date: expect.any(String), payment_method: 'bank_transfer', status: 'pending', failure_reason: null },
    });
    const second = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 89.99, payment_method: 'crypto' });
    expect(second.status).toBe(200);
    expect(second.body.payout.amount).toBe(89.99);
    const e = await earnings(t, creator);
    expect(e.earnings).toMatchObject({ available_balance: 0, in_transit: 139.99, total_withdrawn: 0, lifetime_earnings: 139.99 });
    expect(e.can_request_payout).toBe(false);
    expect(e.payout_history.map((p) => [p.amount, p.payment_method, p.status]).sort()).toEqual([
      [50, 'bank_transfer', 'pending'],
      [89.99, 'crypto', 'pending'],
    ]);
    const [row] = await t.sql<{ bank_details: unknown }>('select bank_details from payouts where id = $1', [first.body.payout.id]);
    expect(row.bank_details).toEqual({ account_type: 'checking', country: 'US' });
    const over = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe('Amount exceeds your available balance');
  });

  it('20 concurrent requests against one balance overdraw nothing', async () => {
    const { creator } = await fundedCreator(t, origin, 499.99);
    const available = 34999;
    expect((await earnings(t, creator)).earnings.available_balance).toBe(available / 100);
    const amounts = Array.from({ length: 20 }, (_, i) => 5000 + ((i * 1237) % 6000));
    const results = await Promise.all(
      amounts.map((cents) =>
        t
          .http()
          .post('/api/payout/request')
          .set(...creator.auth)
          .send({ amount: (cents / 100).toFixed(2), ...PAYPAL }),
      ),
    );
    const accepted = amounts.filter((_, i) => results[i].status === 200);
    const refused = amounts.filter((_, i) => results[i].status !== 200);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Amount exceeds your available balance');
    }
    const paid = accepted.reduce((a, c) => a + c, 0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(available);
    expect(await balance(t, `user:${creator.id}:available`)).toBe(available - paid);
    expect(await balance(t, `user:${creator.id}:in_transit`)).toBe(paid);
    // Requests are decided one at a time: each refused one was more than what was left when it ran, so more than what is left now.
    for (const cents of refused) expect(cents).toBeGreaterThan(available - paid);
    const rows = await t.sql<{ amount_cents: string }>('select amount_cents from payouts where user_id = $1', [creator.id]);
    expect(rows.map((r) => Number(r.amount_cents)).sort()).toEqual([...accepted].sort());
    const e = await earnings(t, creator);
    expect(e.payout_history).toHaveLength(accepted.length);
    expect(Math.round(e.earnings.available_balance * 100 + e.earnings.in_transit * 100)).toBe(available);
  });

  it('concurrent requests of two creators do not interfere or deadlock', async () => {
    const a = await fundedCreator(t, origin, 199.99);
    const b = await fundedCreator(t, origin, 199.99);
    const send = (who: typeof a.creator) => t.http().post('/api/payout/request').set(...who.auth).send({ amount: 60, ...PAYPAL });
    const results = await Promise.all([a, b, a, b, a, b, a, b].map((x) => send(x.creator)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    for (const who of [a.creator, b.creator]) expect((await earnings(t, who)).earnings).toMatchObject({ available_balance: 19.99, in_transit: 120 });
  });
});

describe('admin decisions on payouts', () => {
  it('lists pending payouts; completes one (paid out) and fails another (funds return); a second decision is 409', async () => {
    const { creator } = await fundedCreator(t, origin, 199.99);
    const p1 = (await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 60, payment_method: 'bank_transfer', bank_details: { account_type: 'savings', country: 'GB' } })).body.payout;
    const p2 = (await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 70, ...PAYPAL })).body.payout;
    const list = await t.http().get('/api/admin/payouts').set(...boss.adminAuth);
    expect(list.status).toBe(200);
    const mine = list.body.payouts.filter((p: { user_id: string }) => p.user_id === creator.id);
    expect(mine).toEqual([
      expect.objectContaining({ id: p1.id, amount: 60, status: 'pending', username: creator.name, bank_details: { account_type: 'savings', country: 'GB' } }),
      expect.objectContaining({ id: p2.id, amount: 70, status: 'pending', username: creator.name, bank_details: null }),
    ]);

    const done = await t.http().post(`/api/admin/payouts/${p1.id}/complete`).set(...boss.adminAuth);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: p1.id, amount: 60, status: 'completed', failure_reason: null });
    const failed = await t.http().post(`/api/admin/payouts/${p2.id}/fail`).set(...boss.adminAuth).send({ reason: 'PayPal account not found' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ id: p2.id, status: 'failed', failure_reason: 'PayPal account not found' });
    const e = await earnings(t, creator);
    expect(e.earnings).toMatchObject({ available_balance: 79.99, in_transit: 0, total_withdrawn: 60, lifetime_earnings: 139.99 });
    expect(Object.fromEntries(e.payout_history.map((p) => [p.id, [p.status, p.failure_reason]]))).toEqual({ [p1.id]: ['completed', null], [p2.id]: ['failed', 'PayPal account not found'] });
    expect((await t.http().get('/api/admin/payouts').set(...boss.adminAuth)).body.payouts.filter((p: { user_id: string }) => p.user_id === creator.id)).toEqual([]);

    for (const [id, action] of [
      [p1.id, 'complete'],
      [p1.id, 'fail'],
      [p2.id, 'fail'],
      [p2.id, 'complete'],
    ]) {
      const again = await t.http().post(`/api/admin/payouts/${id}/${action}`).set(...boss.adminAuth);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('This payout has already been completed or failed');
    }
    expect((await earnings(t, creator)).earnings).toMatchObject({ available_balance: 79.99, in_transit: 0, total_withdrawn: 60 });
    const told = (await notificationsOf(t, creator)).filter((n) => n.type === 'payout').map((n) => n.message).sort();
    expect(told).toEqual(['Your payout of $60.00 is completed', 'Your payout of $60.00 is pending', 'Your payout of $70.00 is failed', 'Your payout of $70.00 is pending']);
    // The returned funds can be requested again.
    expect((await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 79.99, ...PAYPAL })).status).toBe(200);
    await settled(t);
  });

  it('a failure without a reason says so; concurrent decisions on one payout take effect once', async () => {
    const { creator } = await fundedCreator(t, origin, 199.99);
    const p = (await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 100, ...PAYPAL })).body.payout;
    const results = await Promise.all(
      ['fail', 'complete', 'fail', 'complete', 'fail', 'complete'].map((action) => t.http().post(`/api/admin/payouts/${p.id}/${action}`).set(...boss.adminAuth)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const winner = results.find((r) => r.status === 200)!.body;
    const e = await earnings(t, creator);
    if (winner.status === 'failed') {
      expect(winner.failure_reason).toBe('The payment could not be sent');
      expect(e.earnings).toMatchObject({ available_balance: 139.99, in_transit: 0, total_withdrawn: 0 });
    } else expect(e.earnings).toMatchObject({ available_balance: 39.99, in_transit: 0, total_withdrawn: 100 });
    expect(await t.sql('select 1 from ledger_transactions where idempotency_key like $1', [`payout:${p.id}:%`])).toHaveLength(1);
  });

  it('admin routes refuse user tokens (even an admin user token) with 403, no token with 401; unknown payouts are 404; a long reason is 400', async () => {
    const { creator } = await fundedCreator(t, origin, 99.99);
    const p = (await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL })).body.payout;
    for (const auth of [creator.auth, boss.auth]) {
      expect((await t.http().get('/api/admin/payouts').set(...auth)).status).toBe(403);
      expect((await t.http().post(`/api/admin/payouts/${p.id}/complete`).set(...auth)).status).toBe(403);
      expect((await t.http().post(`/api/admin/payouts/${p.id}/fail`).set(...auth)).status).toBe(403);
    }
    expect((await t.http().post(`/api/admin/payouts/${p.id}/complete`)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await t.http().post(`/api/admin/payouts/${id}/complete`).set(...boss.adminAuth);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Payout not found');
    }
    const long = await t.http().post(`/api/admin/payouts/${p.id}/fail`).set(...boss.adminAuth).send({ reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('Reason must be at most 500 characters');
    expect((await earnings(t, creator)).payout_history[0].status).toBe('pending');
    expect(await balance(t, `user:${creator.id}:in_transit`)).toBe(5000);
  });
});
