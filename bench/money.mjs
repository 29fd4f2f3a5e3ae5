#!/usr/bin/env node
// npm run bench:money (and part of npm run bench): the money benchmarks of issue 6, on the real server.
//  1. Fulfilments per second: BENCH_MONEY_SESSIONS (default 500) paid premium checkouts, each with its webhook
//     delivered twice, by 50 concurrent senders, through the Stripe adapter pointed at a local stand-in for Stripe's
//     API (signatures made with the SDK's test helper). Counted from the first delivery until every session is
//     fulfilled (the durable job, the provider check and the ledger posting), and checked: exactly one ledger
//     transaction per session.
//  2. Balance reads at a million ledger entries: GET /api/revenue/creator/{id} (balances, this month's revenue,
//     payouts) for a creator with 5,000 revenue transactions, among 1,000,000 entries of 10,000 creators.
//     Goal: a balance read under 10 ms (p95).
// The data lives in a database of its own (the embedded server of a temporary data directory, or a new database on
// the server of DATABASE_URL) and is removed at the end.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { benchDatabase, freePort, startApp, signUp } from './lib.mjs';

const SESSIONS = Number(process.env.BENCH_MONEY_SESSIONS ?? 500);
const SENDERS = 50;
const ENTRIES = Number(process.env.BENCH_MONEY_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_MONEY_REQUESTS ?? 300);
const WEBHOOK_SECRET = 'whsec_bench';

function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** A stand-in for the parts of Stripe's API the adapter uses: create and retrieve Checkout Sessions. */
function stripeStandIn() {
  const sessions = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status, obj) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(obj));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const s = { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}`, status: 'open', payment_status: 'unpaid', expires_at: Number(form.get('expires_at')), metadata: {} };
        sessions.set(id, s);
        return send(200, s);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m && sessions.has(m[1])) return send(200, sessions.get(m[1]));
      send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, sessions, close: () => server.close() })));
}

async function bulkLedger(db, heavyUserId) {
  // 10,000 creators with balanced revenue transactions (3 entries each) spread over twelve months; the heavy creator
  // (the one whose balance is read) has 5,000 of them. Maintained balances are set from the entries' sums.
  const txCount = Math.floor(ENTRIES / 3);
  await db.query(`create temporary table bench_creators as select gen_random_uuid() as id from generate_series(1, 9999)`);
  await db.query(`insert into bench_creators values ($1)`, [heavyUserId]);
  await db.query(
    `insert into ledger_accounts (id, user_id, may_go_negative)
       select 'user:' || id || ':pending', id, false from bench_creators
       union all select 'user:' || id || ':available', id, false from bench_creators
       union all select 'platform:pending:membership', null, false
       union all select 'external:payments', null, true
     on conflict do nothing`,
  );
  await db.query(
    `create temporary table bench_tx as
       select gen_random_uuid() as id, i,
              case when i <= 5000 then $1::uuid else (select id from bench_creators offset (i % 9999) limit 1) end as user_id,
              now() - make_interval(days => (i % 365)) as at,
              299 + (i % 700) as cents
         from generate_series(1, $2::int) as i`,
    [heavyUserId, txCount],
  );
  await db.query(`insert into ledger_transactions (id, idempotency_key, kind, memo, user_id, created_at, matured) select id, 'bench:' || i, 'membership', 'Benchmark membership', user_id, at, true from bench_tx`);
  await db.query(
    `insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
       select id, 'external:payments', -cents, at from bench_tx
       union all select id, 'user:' || user_id || ':pending', cents - cents * 3 / 10, at from bench_tx
       union all select id, 'platform:pending:membership', cents * 3 / 10, at from bench_tx`,
  );
  await db.query(
    `update ledger_accounts a set balance_cents = s.total, credited_cents = s.credited
       from (select account_id, sum(amount_cents) as total, sum(greatest(amount_cents, 0)) as credited from ledger_entries group by account_id) s
      where a.id = s.account_id`,
  );
  const [{ n }] = (await db.query('select count(*)::int as n from ledger_entries')).rows;
  return n;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-money-'));
  const port = await freePort();
  const pgPort = await freePort();
  const stand = await stripeStandIn();
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    EMBEDDED_PG_PORT: String(pgPort),
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${stand.port}`,
    // With Stripe, buyers return to PUBLIC_URL (required): here the address the benchmark reaches the server at.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'false',
    LIVE_RTMP_PORT: '0',
  };
  const database = await benchDatabase('money', env, dataDir, pgPort);
  const dropDb = database.drop;
  let dbUrl;
  const app = startApp(env);
  try {
    await app.ready;
    dbUrl = database.url();
    const base = `http://127.0.0.1:${port}`;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();

    // 1. Fulfilments. Buyers are spread over 50 users (one buyer's fulfilments serialise on their premium row).
    const buyers = [];
    for (let i = 0; i < SENDERS; i++) buyers.push(await signUp(base, `bench_buyer_${i}`));
    const ids = [];
    for (let i = 0; i < SESSIONS; i++) {
      const r = await fetch(`${base}/api/subscriptions/premium/checkout`, {
        method: 'POST',
        headers: { ...buyers[i % SENDERS], 'content-type': 'application/json' },
        body: JSON.stringify({ package_type: 'monthly', origin_url: `${base}/` }),
      });
      if (r.status !== 200) throw new Error(`checkout: ${r.status} ${await r.text()}`);
      ids.push((await r.json()).session_id);
    }
    for (const id of ids) Object.assign(stand.sessions.get(id), { status: 'complete', payment_status: 'paid' });
    const stripe = new Stripe('sk_test_bench');
    const deliveries = ids.flatMap((id, i) => {
      const payload = JSON.stringify({ id: `evt_bench_${i}`, object: 'event', type: 'checkout.session.completed', data: { object: { id, object: 'checkout.session', payment_status: 'paid' } } });
      return [payload, payload];
    });
    const queue = deliveries.slice();
    const t0 = performance.now();
    let rejected = 0;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        for (let payload = queue.shift(); payload; payload = queue.shift()) {
          const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
          const r = await fetch(`${base}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
          await r.arrayBuffer();
          if (r.status !== 200) rejected += 1;
        }
      }),
    );
    const answered = performance.now() - t0;
    for (;;) {
      const [{ n }] = (await db.query('select count(*)::int as n from payment_sessions where fulfilled_at is not null')).rows;
      if (n >= SESSIONS) break;
      if (performance.now() - t0 > 300_000) throw new Error(`only ${n} of ${SESSIONS} sessions fulfilled after 5 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const elapsed = performance.now() - t0;
    const [{ n: postings }] = (await db.query(`select count(*)::int as n from ledger_transactions where idempotency_key like 'payment:%'`)).rows;
    console.log(`\nMoney benchmark (node ${process.version})\n`);
    console.log(`Fulfilment: ${SESSIONS} paid sessions, ${deliveries.length} signed webhook deliveries (each twice) by ${SENDERS} concurrent senders`);
    console.log(`  all deliveries answered in ${answered.toFixed(0)} ms (${rejected} refused); all fulfilled in ${elapsed.toFixed(0)} ms: ${(SESSIONS / (elapsed / 1000)).toFixed(1)} fulfilments/s`);
    console.log(`  ledger transactions for them: ${postings} (exactly once: ${postings === SESSIONS ? 'yes' : 'NO'})`);

    // 2. Balance reads at a million entries.
    const creator = await signUp(base, 'bench_creator');
    const creatorId = (await (await fetch(`${base}/api/me`, { headers: creator })).json()).id;
    const t1 = performance.now();
    const total = await bulkLedger(db, creatorId);
    console.log(`\nLedger: ${total.toLocaleString()} entries generated in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    await db.query('analyze ledger_entries; analyze ledger_transactions; analyze ledger_accounts');
    const url = `${base}/api/revenue/creator/${creatorId}`;
    const timed = async () => {
      const s = performance.now();
      const r = await fetch(url, { headers: creator });
      const body = await r.json();
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
      return { ms: performance.now() - s, body };
    };
    for (let i = 0; i < 30; i++) await timed();
    const ms = [];
    let last;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timed();
      ms.push(r.ms);
      last = r.body;
    }
    const p95 = percentile(ms, 95);
    console.log(`GET /api/revenue/creator/{id} (lifetime $${last.earnings.lifetime_earnings.toLocaleString()}, ${last.current_month_revenue.length} lines this month): p50 ${percentile(ms, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${percentile(ms, 99).toFixed(2)} ms`);
    console.log(`Goal: a balance read under 10 ms at a million entries (p95): ${p95 < 10 ? 'met' : 'NOT met'}`);
    await db.end();
  } finally {
    await app.stop();
    stand.close();
    if (dropDb) await dropDb().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
