import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from './harness.js';
import { waitFor } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { addTier, balance, checkout, daysUntil, expectLedgerConsistent, ledgerSnapshot } from './money-fixtures.js';

/**
 * The Stripe adapter against a local stand-in for Stripe's API (the SDK's host, port and protocol settings), with
 * webhooks signed by the SDK's own test helper: checkout, signed webhooks fulfilling exactly once whatever their
 * order or number, status polls racing them, and forged webhooks changing nothing.
 */

interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  expires_at: number;
  created: number;
  amount_total: number;
  currency: string;
  mode: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
}

/** A stand-in for the part of Stripe's API the adapter uses, keeping sessions in memory as Stripe would. */
class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly requests: { method: string; path: string; auth: string | undefined; form: URLSearchParams }[] = [];
  /** How far Stripe's clock runs ahead of ours, in seconds. */
  skewSeconds = 0;
  /** While true, every request fails with a 500 as in an outage. */
  down = false;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ([status, body]) => {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
          res.end(JSON.stringify(body));
        },
        (e: Error) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: e.message } }));
        },
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  set(id: string, state: Partial<Pick<StandInSession, 'status' | 'payment_status'>>): StandInSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`the stand-in has no session ${id}`);
    Object.assign(s, state);
    return s;
  }

  retrievals(id: string): number {
    return this.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${id}`).length;
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, form });
    if (this.down) return [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }];
    if (req.headers.authorization !== 'Bearer sk_test_x') return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    const now = Math.floor(Date.now() / 1000) + this.skewSeconds;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const expires = Number(form.get('expires_at') ?? now + 86_400);
      if (expires < now + 1800) return [400, { error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.' } }];
      if (expires > now + 86_400) return [400, { error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.' } }];
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const s: StandInSession = {
        id,
        object: 'checkout.session',
        url: `${this.url}/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        expires_at: expires,
        created: now,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        mode: form.get('mode') ?? '',
        client_reference_id: form.get('client_reference_id'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        metadata,
      };
      this.sessions.set(id, s);
      return [200, s];
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const s = this.sessions.get(m[1]);
      return s ? [200, s] : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }];
  }
}

let stand: StripeStandIn;
let t: TestApp;
let origin: string;
const SECRET = 'whsec_test';
const webhooks = new Stripe('sk_test_x').webhooks;

beforeAll(async () => {
  stand = new StripeStandIn();
  await stand.start();
  // With Stripe, PUBLIC_URL is required, and it is the only address a buyer may be sent back to.
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stand.url, JOBS_ENABLED: 'true', PUBLIC_URL: 'https://scriven.example' });
  origin = 'https://scriven.example';
});
afterEach(async () => {
  await expectLedgerConsistent(t);
  stand.skewSeconds = 0;
  stand.down = false;
});
afterAll(async () => {
  await t.close();
  await stand.stop();
});

const PREMIUM = '/api/subscriptions/premium/checkout';

/** A Stripe event about a checkout session, as Stripe serialises it. */
function eventFor(type: string, session: object, id = `evt_${randomBytes(12).toString('hex')}`): { id: string; payload: string } {
  const payload = JSON.stringify(
    {
      id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
  return { id, payload };
}

/** Delivers a webhook as Stripe does: the raw JSON with its signature header. */
function deliver(payload: string, header: string | null = webhooks.generateTestHeaderString({ payload, secret: SECRET })) {
  const r = t.http().post('/api/payments/webhook').set('Content-Type', 'application/json; charset=utf-8').set('User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)');
  return (header === null ? r : r.set('Stripe-Signature', header)).send(payload);
}

async function processed(eventId: string): Promise<void> {
  await waitFor(`webhook ${eventId} processed`, async () => (await t.sql<{ processed_at: Date | null }>('select processed_at from payment_webhook_events where id = $1', [eventId]))[0]?.processed_at, 30_000, 50);
}

async function paymentTransactions(sessionId: string): Promise<number> {
  return (await t.sql('select 1 from ledger_transactions where idempotency_key = $1', [`payment:${sessionId}`])).length;
}

async function sessionRow(id: string) {
  const [r] = await t.sql<{ status: string; payment_status: string; fulfilled_at: Date | null }>('select status, payment_status, fulfilled_at from payment_sessions where id = $1', [id]);
  return r;
}

async function premiumDays(who: Person): Promise<number | null> {
  await settled(t);
  const me = await t.http().get('/api/me').set(...who.auth);
  return me.body.premium_expires ? daysUntil(me.body.premium_expires) : null;
}

function expectThirtyDays(days: number | null): void {
  expect(days).not.toBeNull();
  expect(days!).toBeGreaterThan(29.99);
  expect(days!).toBeLessThan(30.01);
}

async function startPremium(who: Person, package_type = 'monthly'): Promise<StandInSession> {
  const c = await checkout(t, origin, who, PREMIUM, { package_type });
  expect(c.status).toBe(200);
  const s = stand.sessions.get(c.body.session_id);
  expect(s).toBeDefined();
  return s!;
}

describe('checkout through Stripe', () => {
  it('creates a Checkout Session at the stand-in and returns its hosted url', async () => {
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'yearly' });
    expect(c.status).toBe(200);
    expect(c.body.session_id).toMatch(/^cs_test_/);
    expect(c.body.url).toBe(`${stand.url}/c/pay/${c.body.session_id}`);
    const s = stand.sessions.get(c.body.session_id)!;
    expect(s).toMatchObject({ amount_total: 6999, currency: 'usd', mode: 'payment', client_reference_id: buyer.id, metadata: { scriven_user: buyer.id, scriven_purpose: 'premium', scriven_package: 'yearly' } });
    const success = new URL(s.success_url);
    expect(success.origin).toBe(origin);
    // Stripe fills in {CHECKOUT_SESSION_ID} itself.
    expect(decodeURIComponent(success.search)).toBe('?session_id={CHECKOUT_SESSION_ID}&type=premium');
    expect(new URL(s.cancel_url).searchParams.get('cancelled')).toBe('true');
    const post = stand.requests.find((r) => r.method === 'POST' && r.form.get('client_reference_id') === buyer.id)!;
    expect(post.form.get('line_items[0][price_data][product_data][name]')).toBe('Premium Yearly');
    expect(post.form.get('line_items[0][quantity]')).toBe('1');
    // The session is recorded with Stripe's own expiry.
    const [row] = await t.sql<{ expires_at: Date; provider: string }>('select expires_at, provider from payment_sessions where id = $1', [c.body.session_id]);
    expect(row.provider).toBe('stripe');
    expect(Math.floor(new Date(row.expires_at).getTime() / 1000)).toBe(s.expires_at);
    // While it is open, the status poll asks Stripe and reads open.
    const before = stand.retrievals(s.id);
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'open' });
    expect(stand.retrievals(s.id)).toBe(before + 1);
  });

  it("still works when Stripe's clock runs a few seconds ahead of ours (expires_at stays 30 minutes or more after creation)", async () => {
    stand.skewSeconds = 5;
    const buyer = await person(t);
    const c = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    expect(c.status).toBe(200);
    const s = stand.sessions.get(c.body.session_id)!;
    expect(s.expires_at - s.created).toBeGreaterThanOrEqual(1800);
    expect(s.expires_at - s.created).toBeLessThan(3600);
  });

  it('when Stripe refuses or fails, the buyer reads 503 saying so (not a complaint about their request), and nothing is recorded', async () => {
    const buyer = await person(t);
    stand.skewSeconds = 3600;
    const refused = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ detail: 'The payment provider could not be reached. Please try again.', message: 'The payment provider could not be reached. Please try again.' });
    stand.skewSeconds = 0;
    stand.down = true;
    const down = await checkout(t, origin, buyer, PREMIUM, { package_type: 'monthly' });
    expect([down.status, down.body.detail]).toEqual([503, 'The payment provider could not be reached. Please try again.']);
    expect(await t.sql('select 1 from payment_sessions where user_id = $1', [buyer.id])).toEqual([]);
    // A poll while Stripe is down fails the same way and changes nothing; once Stripe is back, it fulfils.
    stand.down = false;
    const s = await startPremium(buyer);
    stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    stand.down = true;
    const poll = await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth);
    expect([poll.status, poll.body.detail]).toEqual([503, 'The payment provider could not be reached. Please try again.']);
    expect(await sessionRow(s.id)).toEqual({ status: 'open', payment_status: 'unpaid', fulfilled_at: null });
    stand.down = false;
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    expect(await paymentTransactions(s.id)).toBe(1);
  });

  it('a session that expired at Stripe reads expired, and its expired webhook fulfils nothing', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    stand.set(s.id, { status: 'expired' });
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired' });
    const e = eventFor('checkout.session.expired', s);
    expect((await deliver(e.payload)).body).toEqual({ received: true });
    await processed(e.id);
    expect(await paymentTransactions(s.id)).toBe(0);
    expect(await premiumDays(buyer)).toBeNull();
  });
});

describe('signed webhooks', () => {
  it('checkout.session.completed, signed with the SDK helper, is accepted and fulfils once', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const e = eventFor('checkout.session.completed', paid);
    const r = await deliver(e.payload);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ received: true });
    await processed(e.id);
    expect(await sessionRow(s.id)).toMatchObject({ status: 'complete', payment_status: 'paid', fulfilled_at: expect.any(Date) });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
    // The client's poll on return reads paid and fulfils nothing more.
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('the same event delivered twice (and at once) is recorded once and fulfils once', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const e = eventFor('checkout.session.completed', stand.set(s.id, { status: 'complete', payment_status: 'paid' }));
    const results = await Promise.all([deliver(e.payload), deliver(e.payload), deliver(e.payload)]);
    for (const r of results) expect([r.status, r.body]).toEqual([200, { received: true }]);
    await processed(e.id);
    expect((await deliver(e.payload)).status).toBe(200);
    expect(await t.sql('select 1 from payment_webhook_events where id = $1', [e.id])).toHaveLength(1);
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('a second, different event for the same session fulfils nothing more', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const first = eventFor('checkout.session.completed', paid);
    await deliver(first.payload);
    await processed(first.id);
    const second = eventFor('checkout.session.async_payment_succeeded', paid);
    expect((await deliver(second.payload)).body).toEqual({ received: true });
    await processed(second.id);
    expect(await t.sql('select 1 from payment_webhook_events where session_id = $1', [s.id])).toHaveLength(2);
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('reordered events: an expired event after the completed one changes nothing', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const open = { ...s };
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const completed = eventFor('checkout.session.completed', paid);
    const expired = eventFor('checkout.session.expired', { ...open, status: 'expired' });
    await deliver(completed.payload);
    await processed(completed.id);
    await deliver(expired.payload);
    await processed(expired.id);
    expect(await sessionRow(s.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
  });

  it('reordered the other way: a stale event arriving before the completed one is checked with Stripe, and the completed one fulfils once', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    // Stripe already says paid when the late-sent "failed" event arrives: Stripe's word wins.
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const stale = eventFor('checkout.session.async_payment_failed', { ...paid, status: 'open', payment_status: 'unpaid' });
    await deliver(stale.payload);
    await processed(stale.id);
    const completed = eventFor('checkout.session.completed', paid);
    await deliver(completed.payload);
    await processed(completed.id);
    expect(await sessionRow(s.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('the status poll arriving first fulfils; the webhook after it fulfils nothing more', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    expect((await t.http().get(`/api/payments/status/${s.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
    const e = eventFor('checkout.session.completed', paid);
    await deliver(e.payload);
    await processed(e.id);
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('polls and webhooks all at once fulfil exactly once', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const events = [eventFor('checkout.session.completed', paid), eventFor('checkout.session.async_payment_succeeded', paid)];
    const results = await Promise.all([
      ...events.flatMap((e) => [deliver(e.payload), deliver(e.payload)]),
      ...Array.from({ length: 6 }, (_, i) => t.http().get(`/api/${i % 2 ? 'payments' : 'subscriptions'}/status/${s.id}`).set(...buyer.auth)),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    for (const r of results.slice(4)) expect(r.body).toMatchObject({ payment_status: 'paid', status: 'complete' });
    for (const e of events) await processed(e.id);
    expect(await paymentTransactions(s.id)).toBe(1);
    expect(await t.sql('select 1 from premium_periods where session_id = $1', [s.id])).toHaveLength(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('a membership paid through Stripe splits 70/30 once', async () => {
    const owner = await person(t);
    const fan = await person(t);
    const tier = await addTier(t, owner, 9.99, 'Crew');
    const c = await checkout(t, origin, fan, `/api/subscriptions/channel/${tier.channelId}/checkout`, { package_type: 'Crew' });
    expect(c.status).toBe(200);
    const s = stand.sessions.get(c.body.session_id)!;
    expect(s.amount_total).toBe(999);
    expect(new URL(s.success_url).searchParams.get('type')).toBe('membership');
    const platform = await balance(t, 'platform:pending:membership');
    const e = eventFor('checkout.session.completed', stand.set(s.id, { status: 'complete', payment_status: 'paid' }));
    await Promise.all([deliver(e.payload), deliver(e.payload)]);
    await processed(e.id);
    expect((await t.http().get(`/api/subscriptions/status/${s.id}`).set(...fan.auth)).body).toEqual({ payment_status: 'paid', status: 'complete', package_name: expect.stringMatching(/: Crew$/) });
    expect(await balance(t, `user:${owner.id}:pending`)).toBe(699);
    expect(await balance(t, 'platform:pending:membership')).toBe(platform + 300);
    expect(await paymentTransactions(s.id)).toBe(1);
  });

  it('events about other objects, or sessions this server never made, are acknowledged and change nothing', async () => {
    const before = await ledgerSnapshot(t);
    const other = eventFor('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent', status: 'succeeded' });
    expect((await deliver(other.payload)).body).toEqual({ received: true });
    await processed(other.id);
    const stranger = eventFor('checkout.session.completed', { id: 'cs_test_elsewhere', object: 'checkout.session', status: 'complete', payment_status: 'paid' });
    expect((await deliver(stranger.payload)).body).toEqual({ received: true });
    await processed(stranger.id);
    expect(await ledgerSnapshot(t)).toEqual(before);
  });
});

describe('late arrivals', () => {
  it('a webhook arriving after the session was closed here is checked with Stripe: paid there means fulfilled, once', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    await t.sql(`update payment_sessions set status = 'expired', expires_at = now() - interval '1 minute' where id = $1`, [s.id]);
    const e = eventFor('checkout.session.completed', stand.set(s.id, { status: 'complete', payment_status: 'paid' }));
    await deliver(e.payload);
    await processed(e.id);
    expect(await sessionRow(s.id)).toMatchObject({ status: 'complete', payment_status: 'paid', fulfilled_at: expect.any(Date) });
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });

  it('the sweeper finishes what a crash left: a paid session never fulfilled, a session paid at the last second without a webhook', async () => {
    const { PaymentsService } = await import('../src/modules/payments/application/payments.service.js');
    const buyer = await person(t);
    // Marked paid, then the process died before fulfilling.
    const a = await startPremium(buyer);
    stand.set(a.id, { status: 'complete', payment_status: 'paid' });
    await t.sql(`update payment_sessions set status = 'complete', payment_status = 'paid', paid_at = now() where id = $1`, [a.id]);
    // Past its time here, but Stripe took the payment at the last second and no webhook came.
    const b = await startPremium(buyer);
    stand.set(b.id, { status: 'complete', payment_status: 'paid' });
    await t.sql(`update payment_sessions set expires_at = now() - interval '1 minute' where id = $1`, [b.id]);
    // Past its time, and Stripe says it expired.
    const c = await startPremium(buyer);
    stand.set(c.id, { status: 'expired' });
    await t.sql(`update payment_sessions set expires_at = now() - interval '1 minute' where id = $1`, [c.id]);
    const sweeper = t.app.get(PaymentsService);
    await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    await sweeper.sweep();
    for (const id of [a.id, b.id]) {
      expect(await sessionRow(id)).toMatchObject({ status: 'complete', payment_status: 'paid', fulfilled_at: expect.any(Date) });
      expect(await paymentTransactions(id)).toBe(1);
    }
    expect(await sessionRow(c.id)).toEqual({ status: 'expired', payment_status: 'unpaid', fulfilled_at: null });
    const days = await premiumDays(buyer);
    expect(days!).toBeGreaterThan(59.99);
    expect(days!).toBeLessThan(60.01);
    for (const id of [a.id, b.id]) expect((await t.http().get(`/api/payments/status/${id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    expect((await t.http().get(`/api/payments/status/${c.id}`).set(...buyer.auth)).body).toEqual({ payment_status: 'unpaid', status: 'expired' });
    expect((await premiumDays(buyer))!).toBeLessThan(60.01);
  });
});

describe('forged webhooks', () => {
  it('a wrong, missing, stale or tampered signature is 400 and changes nothing', async () => {
    const buyer = await person(t);
    const s = await startPremium(buyer);
    // Stripe would say paid: only a genuine webhook or the buyer's own poll may act on it.
    const paid = stand.set(s.id, { status: 'complete', payment_status: 'paid' });
    const e = eventFor('checkout.session.completed', paid);
    const before = await ledgerSnapshot(t);
    const tampered = e.payload.replace('"payment_status": "paid"', '"payment_status": "paid" ');
    const attempts = [
      deliver(e.payload, webhooks.generateTestHeaderString({ payload: e.payload, secret: 'whsec_wrong' })),
      deliver(e.payload, null),
      deliver(e.payload, ''),
      deliver(e.payload, 't=1,v1=deadbeef'),
      deliver(e.payload, webhooks.generateTestHeaderString({ payload: e.payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      deliver(tampered, webhooks.generateTestHeaderString({ payload: e.payload, secret: SECRET })),
      deliver(e.payload, webhooks.generateTestHeaderString({ payload: e.payload, secret: SECRET }).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`)),
    ];
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, detail: 'The webhook signature is not valid', message: 'The webhook signature is not valid' });
    }
    // Give a wrongly queued job time to run, then check nothing happened.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await t.sql('select 1 from payment_webhook_events where id = $1', [e.id])).toEqual([]);
    expect(await t.sql('select 1 from payment_webhook_events where session_id = $1', [s.id])).toEqual([]);
    expect(await sessionRow(s.id)).toEqual({ status: 'open', payment_status: 'unpaid', fulfilled_at: null });
    expect(await ledgerSnapshot(t)).toEqual(before);
    expect(await paymentTransactions(s.id)).toBe(0);
    expect(await premiumDays(buyer)).toBeNull();
    // The genuine delivery still works afterwards.
    expect((await deliver(e.payload)).body).toEqual({ received: true });
    await processed(e.id);
    expect(await paymentTransactions(s.id)).toBe(1);
    expectThirtyDays(await premiumDays(buyer));
  });
});
