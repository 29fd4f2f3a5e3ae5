import { jest } from '@jest/globals';
import { RequestContext } from '@mikro-orm/core';
import WebSocket from 'ws';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { LiveFacade } from '../src/modules/live/live.facade.js';
import { PaymentsService } from '../src/modules/payments/application/payments.service.js';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, waitFor } from './media-fixtures.js';
import { balance, earnings, expectLedgerConsistent, matureAll, notificationsOf, press } from './money-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, Super Chat over HTTP (seed 001 §9, product.md §8): the checkout's rules and messages, the sandbox payment
 * fulfilled exactly once into the ledger (80% to the streamer, pending; 20% to the platform), the stream's list and
 * revenue (from the ledger), the realtime `super_chat` event, the streamer's notification, and the rate limit. After
 * every test the ledger is consistent.
 */

type Any = Record<string, any>;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  origin = await baseUrl(t);
}, 60_000);
afterEach(() => expectLedgerConsistent(t));
afterAll(async () => {
  await t?.close();
});

const PACKAGES = {
  small: { amount: 1.99, cents: 199, color: 'blue', pin: 60, streamer: 159, platform: 40 },
  medium: { amount: 4.99, cents: 499, color: 'green', pin: 120, streamer: 399, platform: 100 },
  large: { amount: 9.99, cents: 999, color: 'red', pin: 300, streamer: 799, platform: 200 },
  mega: { amount: 24.99, cents: 2499, color: 'gold', pin: 600, streamer: 1999, platform: 500 },
} as const;

async function streamOf(who: Person, body: Any = { title: 'Super stream', super_chat_enabled: true }): Promise<Any> {
  const r = await t.http().post('/api/live/start').set(...who.auth).send(body);
  expect(r.status).toBe(201);
  return r.body;
}

const send = (who: Person | null, body: Any) => {
  const r = t.http().post('/api/super-chat/send');
  return (who ? r.set(...who.auth) : r).send({ origin_url: `${origin}/live`, ...body });
};

/** Sends and pays a Super Chat in the sandbox, then polls its status as the app does on its return. */
async function paid(who: Person, streamId: string, package_id: keyof typeof PACKAGES, message: string): Promise<string> {
  const c = await send(who, { stream_id: streamId, package_id, message });
  expect(c.status).toBe(201);
  const back = await press(t, c.body.url, 'pay');
  expect(back.searchParams.get('type')).toBe('super_chat');
  expect(back.searchParams.get('session_id')).toBe(c.body.session_id);
  const s = await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...who.auth);
  expect(s.body).toEqual({ payment_status: 'paid', status: 'complete' });
  return c.body.session_id;
}

const listOf = async (streamId: string, who: Person | null = null) => {
  const r = t.http().get(`/api/live/${streamId}/super-chat`);
  const res = await (who ? r.set(...who.auth) : r);
  expect(res.status).toBe(200);
  return res.body as { super_chats: Any[]; super_chat_revenue: number };
};

describe('sending a Super Chat', () => {
  it('starts a sandbox checkout for the package, returning to origin_url with type=super_chat; nothing is shown before it is paid', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const c = await send(fan, { stream_id: s.id, package_id: 'large', message: '  Great stream!  ' });
    expect(c.status).toBe(201);
    expect(Object.keys(c.body).sort()).toEqual(['session_id', 'url']);
    expect(c.body.url).toBe(`${origin}/api/payments/sandbox/checkout/${c.body.session_id}`);
    const page = await t.http().get(new URL(c.body.url).pathname);
    expect(page.text).toContain('Super Chat (Large)');
    expect(page.text).toContain('$9.99');
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth)).body).toEqual({ payment_status: 'unpaid', status: 'open' });
    expect(await listOf(s.id)).toEqual({ super_chats: [], super_chat_revenue: 0 });
    // Cancelled: back with cancelled=true&type=super_chat, and still nothing.
    const back = await press(t, c.body.url, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/live`);
    expect(back.searchParams.get('cancelled')).toBe('true');
    expect(back.searchParams.get('type')).toBe('super_chat');
    expect(await listOf(s.id)).toEqual({ super_chats: [], super_chat_revenue: 0 });
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(0);
  });

  it('takes a urlencoded or multipart form as well as JSON', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const form = await t.http().post('/api/super-chat/send').set(...fan.auth).type('form').send({ stream_id: s.id, package_id: 'small', message: 'hi', origin_url: `${origin}/` });
    expect(form.status).toBe(201);
    const multi = await t
      .http()
      .post('/api/super-chat/send')
      .set(...fan.auth)
      .field('stream_id', s.id)
      .field('package_id', 'mega')
      .field('message', 'hello')
      .field('origin_url', `${origin}/`);
    expect(multi.status).toBe(201);
    expect(multi.body.url).toContain('/api/payments/sandbox/checkout/');
  });

  it("refuses a blank or long message and an unknown package with the contract's 400s, and starts nothing", async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const cases: [Any, string, string][] = [
      [{ message: '   ', package_id: 'small' }, 'message', 'Please enter a message'],
      [{ package_id: 'small' }, 'message', 'Please enter a message'],
      [{ message: 'x'.repeat(201), package_id: 'small' }, 'message', 'Super Chat messages can be at most 200 characters'],
      [{ message: 'hi', package_id: 'huge' }, 'package_id', 'package_id must be one of small, medium, large, mega'],
      [{ message: 'hi' }, 'package_id', 'package_id must be one of small, medium, large, mega'],
      [{ message: 'hi', package_id: 'SMALL' }, 'package_id', 'package_id must be one of small, medium, large, mega'],
    ];
    for (const [body, field, detail] of cases) {
      const r = await send(fan, { stream_id: s.id, ...body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', detail, message: expect.any(String), errors: [{ field, message: detail }] });
    }
    // 200 characters is fine.
    expect((await send(fan, { stream_id: s.id, package_id: 'small', message: 'x'.repeat(200) })).status).toBe(201);
    // A return address of another site is refused too.
    const elsewhere = await t.http().post('/api/super-chat/send').set(...fan.auth).send({ stream_id: s.id, package_id: 'small', message: 'hi', origin_url: 'https://evil.example/' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toBe('origin_url must be an address of this site');
    const sessions = await t.sql<{ n: string }>(`select count(*) as n from payment_sessions where user_id = $1`, [fan.id]);
    expect(Number(sessions[0].n)).toBe(1);
  });

  it('takes a message with a broken character (a lone UTF-16 surrogate) as the replacement character, never a 500', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    // JSON can carry what no UTF-8 text holds: a half of a surrogate pair.
    const r = await t
      .http()
      .post('/api/super-chat/send')
      .set(...fan.auth)
      .set('Content-Type', 'application/json')
      .send(`{"stream_id":"${s.id}","package_id":"small","message":"hi \\ud83d there","origin_url":"${origin}/live"}`);
    expect(r.status).toBe(201);
    await press(t, r.body.url, 'pay');
    expect((await listOf(s.id)).super_chats.map((x) => x.message)).toEqual(['hi \ufffd there']);
  });

  it('refuses visitors (401), unknown streams (404), ended streams (409), streams without Super Chat and your own (403)', async () => {
    const [streamer, fan, other] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(streamer);
    const body = { stream_id: s.id, package_id: 'small', message: 'hi' };
    expect((await send(null, body)).status).toBe(401);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-stream']) {
      const r = await send(fan, { ...body, stream_id: id });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'LIVE.STREAM_NOT_FOUND', detail: 'Live stream not found' });
    }

    const own = await send(streamer, body);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 'SUPER_CHAT.OWN_STREAM', detail: 'You cannot Super Chat your own stream' });

    const plain = await streamOf(other, { title: 'No super chat' });
    const disabled = await send(fan, { ...body, stream_id: plain.id });
    expect(disabled.status).toBe(403);
    expect(disabled.body).toMatchObject({ code: 'SUPER_CHAT.DISABLED', detail: 'Super Chat is not enabled for this stream' });

    expect((await t.http().post(`/api/live/${s.id}/end`).set(...streamer.auth)).status).toBe(200);
    const ended = await send(fan, body);
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ code: 'LIVE.ENDED', detail: 'This live stream has ended' });
    const sessions = await t.sql<{ n: string }>(`select count(*) as n from payment_sessions where user_id = any($1::uuid[])`, [[fan.id, streamer.id]]);
    expect(Number(sessions[0].n)).toBe(0);
  });

  it('refuses a viewer the streamer timed out of the chat (403, the time left), and takes them again once it ends', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    await t.http().post(`/api/live/${s.id}/timeouts`).set(...streamer.auth).send({ user_id: fan.id, seconds: 60 }).expect(200);
    const refused = await send(fan, { stream_id: s.id, package_id: 'large', message: 'let me back in' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'LIVE.TIMED_OUT', detail: expect.stringMatching(/^You are timed out of this chat for /) });
    const sessions = await t.sql<{ n: string }>('select count(*) as n from payment_sessions where user_id = $1', [fan.id]);
    expect(Number(sessions[0].n)).toBe(0);
    await t.sql('update live_timeouts set until = now() - interval \'1 second\' where user_id = $1', [fan.id]);
    expect((await send(fan, { stream_id: s.id, package_id: 'large', message: 'thanks' })).status).toBe(201);
  });

  it("answers 503 while the 'super_chat' feature is off, and the list too", async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'super_chat'`);
    await flags.changed('super_chat', false);
    try {
      const r = await send(fan, { stream_id: s.id, package_id: 'small', message: 'hi' });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: 'The feature "super_chat" is disabled on this instance' });
      expect((await t.http().get(`/api/live/${s.id}/super-chat`)).status).toBe(503);
      // The stream itself stays available.
      expect((await t.http().get(`/api/live/${s.id}`)).status).toBe(200);
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'super_chat'`);
      await flags.changed('super_chat', true);
    }
    expect((await send(fan, { stream_id: s.id, package_id: 'small', message: 'hi' })).status).toBe(201);
  });

  it('allows 10 checkouts a minute per user, then 429 with Retry-After; other users are not held', async () => {
    const [streamer, fan, other] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(streamer);
    // The limiter counts in fixed one-minute windows: hold the clock inside one so the window cannot turn mid-test.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now - (now % 60_000) + 1_000);
    try {
      for (let i = 0; i < 10; i++) expect((await send(fan, { stream_id: s.id, package_id: 'small', message: `hi ${i}` })).status).toBe(201);
      const limited = await send(fan, { stream_id: s.id, package_id: 'small', message: 'one more' });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', detail: 'Too many Super Chats started. Please wait a minute.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(other, { stream_id: s.id, package_id: 'small', message: 'hi' })).status).toBe(201);
    } finally {
      clock.mockRestore();
    }
    const sessions = await t.sql<{ n: string }>(`select count(*) as n from payment_sessions where user_id = $1`, [fan.id]);
    expect(Number(sessions[0].n)).toBe(10);
  });
});

describe('a paid Super Chat', () => {
  it('is listed with its colour and pin time, adds its price to the revenue, and gives the streamer 80% pending', async () => {
    const [streamer, fan, fan2] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(streamer);
    const platform = await balance(t, 'platform:pending:super_chat');

    const sessionId = await paid(fan, s.id, 'large', '  Love this!  ');
    const list = await listOf(s.id);
    const [row] = await t.sql<{ paid_at: Date }>('select paid_at from payment_sessions where id = $1', [sessionId]);
    const paidAt = new Date(row.paid_at).getTime();
    expect(list.super_chat_revenue).toBe(9.99);
    expect(list.super_chats).toEqual([
      {
        id: expect.any(String),
        username: fan.name,
        amount: 9.99,
        message: 'Love this!',
        color: 'red',
        package_id: 'large',
        user_id: fan.id,
        created_at: new Date(paidAt).toISOString(),
        pinned_until: new Date(paidAt + 300_000).toISOString(),
      },
    ]);
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(799);
    expect(await balance(t, 'platform:pending:super_chat')).toBe(platform + 200);
    const tx = await t.sql<{ kind: string; user_id: string; reference: string }>('select kind, user_id, reference from ledger_transactions where idempotency_key = $1', [`payment:${sessionId}`]);
    expect(tx).toEqual([{ kind: 'super_chat', user_id: streamer.id, reference: s.id }]);
    const e = await earnings(t, streamer);
    expect(e.earnings.pending_balance).toBe(7.99);
    expect(e.earnings.available_balance).toBe(0);
    expect(e.current_month_revenue[0]).toMatchObject({ revenue_type: 'super_chat', creator_share: 7.99, platform_fee: 2 });

    // Every package: its price, colour and pin time; newest first; the revenue is their gross sum.
    for (const id of ['small', 'medium', 'mega'] as const) await paid(fan2, s.id, id, `${id} one`);
    const all = await listOf(s.id, fan);
    expect(all.super_chats.map((c) => [c.package_id, c.amount, c.color, (Date.parse(c.pinned_until) - Date.parse(c.created_at)) / 1000])).toEqual(
      (['mega', 'medium', 'small', 'large'] as const).map((id) => [id, PACKAGES[id].amount, PACKAGES[id].color, PACKAGES[id].pin]),
    );
    expect(all.super_chat_revenue).toBe(41.96);
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(799 + 159 + 399 + 1999);
    // The stream shows the same revenue, alone and in the list of streams.
    expect((await t.http().get(`/api/live/${s.id}`)).body.super_chat_revenue).toBe(41.96);
    expect(((await t.http().get('/api/live/streams')).body as Any[]).find((x) => x.id === s.id)?.super_chat_revenue).toBe(41.96);
    expect((await t.http().post(`/api/live/${s.id}/join`)).body.stream.super_chat_revenue).toBe(41.96);
    // Another stream's revenue is its own.
    const elsewhere = await streamOf(fan2);
    expect((await t.http().get(`/api/live/${elsewhere.id}`)).body.super_chat_revenue).toBe(0);
    // Pending for 7 days, then available to the streamer, like every payment; the revenue stays what was paid.
    await matureAll(t);
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(0);
    expect(await balance(t, `user:${streamer.id}:available`)).toBe(799 + 159 + 399 + 1999);
    expect((await t.http().get(`/api/live/${s.id}`)).body.super_chat_revenue).toBe(41.96);
  });

  it('notifies the streamer', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    await paid(fan, s.id, 'medium', 'Keep going');
    expect(await notificationsOf(t, streamer)).toContainEqual({ type: 'super_chat', title: 'New Super Chat', message: `${fan.name} sent $4.99: Keep going` });
    expect((await notificationsOf(t, fan)).filter((n) => n.type === 'super_chat')).toEqual([]);
  });

  it('reaches every open page of the stream as a super_chat event, with the revenue now', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const ws = new WebSocket(origin.replace('http', 'ws') + '/api/realtime');
    const messages: Any[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      // A visitor's page: no sign-in needed to watch.
      ws.send(JSON.stringify({ type: 'subscribe', room: `live:${s.id}` }));
      await waitFor('subscribed', async () => messages.some((m) => m.type === 'subscribed'), 15_000, 20);
      await paid(fan, s.id, 'mega', 'Hello from the socket');
      const event = await waitFor('a super_chat event', async () => messages.find((m) => m.event === 'super_chat'), 15_000, 20);
      const [listed] = (await listOf(s.id)).super_chats;
      expect(event).toEqual({ type: 'room', room: `live:${s.id}`, event: 'super_chat', stream_id: s.id, super_chat: listed, super_chat_revenue: 24.99 });
      expect(listed).toMatchObject({ color: 'gold', amount: 24.99, message: 'Hello from the socket', username: fan.name });
    } finally {
      ws.close();
    }
  });

  it('is fulfilled once however often it is paid, polled and fulfilled again at the same time', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const c = await send(fan, { stream_id: s.id, package_id: 'small', message: 'once' });
    const payments = t.app.get(PaymentsService);
    const path = new URL(c.body.url).pathname;
    await Promise.all([
      t.http().post(`${path}/pay`),
      t.http().post(`${path}/pay`),
      t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth),
      t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth),
    ]);
    // The sweeper's and a webhook's way in: payments' fulfil, twice more at once.
    await Promise.all([payments.fulfil(c.body.session_id), payments.fulfil(c.body.session_id), t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth)]);
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    const list = await listOf(s.id);
    expect(list.super_chats).toHaveLength(1);
    expect(list.super_chat_revenue).toBe(1.99);
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(159);
    const tx = await t.sql<{ n: string }>(`select count(*) as n from ledger_transactions where idempotency_key = $1`, [`payment:${c.body.session_id}`]);
    expect(Number(tx[0].n)).toBe(1);
    expect((await notificationsOf(t, streamer)).filter((n) => n.type === 'super_chat')).toHaveLength(1);
  });

  it('is neither lost nor doubled when its fulfilment fails halfway: nothing is kept, and the retry records it once', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const c = await send(fan, { stream_id: s.id, package_id: 'medium', message: 'retry me' });
    const live = t.app.get(LiveFacade);
    const failing = jest.spyOn(live, 'recordSuperChat').mockRejectedValueOnce(new Error('the process died here'));
    try {
      // The sandbox page takes the payment, but recording the Super Chat fails after the ledger posting: all rolled back.
      const r = await t.http().post(`${new URL(c.body.url).pathname}/pay`);
      expect(r.status).toBe(500);
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(0);
    expect(await listOf(s.id)).toEqual({ super_chats: [], super_chat_revenue: 0 });
    const [session] = await t.sql<{ payment_status: string; fulfilled_at: Date | null }>('select payment_status, fulfilled_at from payment_sessions where id = $1', [c.body.session_id]);
    expect(session).toEqual({ payment_status: 'paid', fulfilled_at: null });
    // The buyer's return poll (or the sweeper) finishes it, once.
    expect((await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...fan.auth)).body).toEqual({ payment_status: 'paid', status: 'complete' });
    await t.app.get(PaymentsService).fulfil(c.body.session_id);
    const list = await listOf(s.id);
    expect(list.super_chats.map((x) => x.message)).toEqual(['retry me']);
    expect(list.super_chat_revenue).toBe(4.99);
    expect(await balance(t, `user:${streamer.id}:pending`)).toBe(399);
  });

  it('still counts when the stream ended between checkout and payment', async () => {
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const c = await send(fan, { stream_id: s.id, package_id: 'small', message: 'just in time' });
    expect((await t.http().post(`/api/live/${s.id}/end`).set(...streamer.auth)).status).toBe(200);
    await press(t, c.body.url, 'pay');
    expect((await listOf(s.id)).super_chats.map((x) => x.message)).toEqual(['just in time']);
    expect((await t.http().get(`/api/live/${s.id}`)).body.super_chat_revenue).toBe(1.99);
  });
});

describe('listing Super Chats', () => {
  it('is open to visitors; an unknown stream is a 404; the newest 100 are listed', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await t.http().get(`/api/live/${id}/super-chat`);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Live stream not found');
    }
    const [streamer, fan] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    // 101 paid Super Chats, recorded as the fulfilment would (through live's facade; the ledger has none of them).
    const live = t.app.get(LiveFacade);
    const base = Date.now();
    await RequestContext.create(t.orm.em, () =>
      t.orm.em.transactional(async () => {
        for (let i = 0; i < 101; i++) {
          await live.recordSuperChat({ paymentSessionId: `cs_list_${s.id}_${i}`, streamId: s.id, userId: fan.id, packageId: 'small', amountCents: 199, message: `number ${i}`, paidAt: new Date(base + i) });
        }
      }),
    );
    const list = await listOf(s.id);
    expect(list.super_chats).toHaveLength(100);
    expect(list.super_chats[0].message).toBe('number 100');
    expect(list.super_chats[99].message).toBe('number 1');
    // Revenue is the ledger's: these were never paid through it.
    expect(list.super_chat_revenue).toBe(0);
  });
});

describe('with Stripe', () => {
  let stripe: TestApp;
  beforeAll(async () => {
    stripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://scriven.example' });
  }, 60_000);
  afterAll(async () => {
    await stripe?.close();
  });

  it("refuses a demo user's stream before any checkout (no real person would get the money)", async () => {
    const [streamer, fan] = [await person(stripe), await person(stripe)];
    const s = (await stripe.http().post('/api/live/start').set(...streamer.auth).send({ title: 'Demo stream', super_chat_enabled: true })).body;
    await stripe.sql('update users set is_demo = true where id = $1', [streamer.id]);
    const r = await stripe.http().post('/api/super-chat/send').set(...fan.auth).send({ stream_id: s.id, package_id: 'small', message: 'hi', origin_url: 'https://scriven.example/' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'MONEY.DEMO_STREAM', detail: 'Demo streams cannot receive Super Chats' });
    expect(await stripe.sql('select 1 from payment_sessions')).toEqual([]);
  });
});
