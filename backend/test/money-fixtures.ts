import { randomBytes } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import type { TestApp } from './harness.js';
import type { Auth } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';
import { MonetizationFacade } from '../src/modules/monetization/monetization.facade.js';

/** Helpers for the money tests: checkouts in the sandbox, admins, funded creators, and the ledger's invariants. */

export const DAY_MS = 86_400_000;

/**
 * What must hold of the ledger whatever happened: every transaction has entries summing to zero, every account's
 * maintained balance (and lifetime credit) equals what its entries say, and only external accounts are negative.
 */
export async function expectLedgerConsistent(t: TestApp): Promise<void> {
  const unbalanced = await t.sql(`select transaction_id, sum(amount_cents)::text as sum from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);
  const thin = await t.sql(`select t.id, t.idempotency_key from ledger_transactions t where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2`);
  expect(thin).toEqual([]);
  const drift = await t.sql(
    `select a.id, a.balance_cents::text as balance, coalesce(s.total, 0)::text as entries
       from ledger_accounts a left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) s on s.account_id = a.id
      where a.balance_cents <> coalesce(s.total, 0)`,
  );
  expect(drift).toEqual([]);
  const credited = await t.sql(
    `select a.id, a.credited_cents::text as credited, coalesce(c.total, 0)::text as entries
       from ledger_accounts a
       left join (select account_id, sum(greatest(net, 0)) as total
                    from (select transaction_id, account_id, sum(amount_cents) as net from ledger_entries group by transaction_id, account_id) n
                   group by account_id) c on c.account_id = a.id
      where a.credited_cents <> coalesce(c.total, 0)`,
  );
  expect(credited).toEqual([]);
  const negative = await t.sql(`select id, balance_cents::text as balance from ledger_accounts where balance_cents < 0 and id not like 'external:%'`);
  expect(negative).toEqual([]);
  const flags = await t.sql(`select id from ledger_accounts where may_go_negative <> (id like 'external:%')`);
  expect(flags).toEqual([]);
}

/** Every account's balance, for comparing before and after something that should change nothing. */
export async function ledgerSnapshot(t: TestApp): Promise<{ balances: Record<string, string>; transactions: number; entries: number }> {
  const rows = await t.sql<{ id: string; balance_cents: string }>('select id, balance_cents from ledger_accounts order by id');
  const [tx] = await t.sql<{ n: string }>('select count(*) as n from ledger_transactions');
  const [en] = await t.sql<{ n: string }>('select count(*) as n from ledger_entries');
  return { balances: Object.fromEntries(rows.map((r) => [r.id, String(r.balance_cents)])), transactions: Number(tx.n), entries: Number(en.n) };
}

export async function balance(t: TestApp, accountId: string): Promise<number> {
  const rows = await t.sql<{ balance_cents: string }>('select balance_cents from ledger_accounts where id = $1', [accountId]);
  return Number(rows[0]?.balance_cents ?? 0);
}

export async function checkout(t: TestApp, origin: string, who: { auth: Auth }, path: string, body: Record<string, unknown>) {
  return t.http().post(path).set(...who.auth).send({ origin_url: `${origin}/`, ...body });
}

/** What a browser does on the sandbox page: press a button and follow the redirect's address. */
export async function press(t: TestApp, url: string, action: 'pay' | 'decline' | 'cancel'): Promise<URL> {
  const path = new URL(url).pathname;
  const r = await t.http().post(`${path}/${action}`);
  expect(r.status).toBe(303);
  return new URL(r.headers.location);
}

/** A checkout paid in the sandbox and polled once, as the client does on its return. */
export async function buy(t: TestApp, origin: string, who: Person, path: string, body: Record<string, unknown>): Promise<string> {
  const c = await checkout(t, origin, who, path, body);
  if (c.status !== 200) throw new Error(`checkout ${path}: ${c.status} ${JSON.stringify(c.body)}`);
  await press(t, c.body.url, 'pay');
  const s = await t.http().get(`/api/payments/status/${c.body.session_id}`).set(...who.auth);
  expect(s.body).toEqual({ payment_status: 'paid', status: 'complete' });
  return c.body.session_id as string;
}

export interface Admin {
  id: string;
  name: string;
  /** A user-audience token (the platform pages and creator revenue check is_admin). */
  auth: Auth;
  /** An admin-audience token (the admin console's routes). */
  adminAuth: Auth;
}

/** An administrator (is_admin), signed in both as a user and at the admin console. */
export async function admin(t: TestApp): Promise<Admin> {
  const name = `adm_${randomBytes(4).toString('hex')}`;
  const password = 'a-long-admin-password';
  const created = await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser(name, password));
  const user = await t.http().post('/api/login').send({ login_identifier: name, password });
  if (user.status !== 200) throw new Error(`admin user login: ${user.status} ${JSON.stringify(user.body)}`);
  const console = await t.http().post('/api/admin/login').send({ username: name, password });
  if (console.status !== 200) throw new Error(`admin console login: ${console.status} ${JSON.stringify(console.body)}`);
  return { id: created.id, name, auth: ['Authorization', `Bearer ${user.body.access_token}`], adminAuth: ['Authorization', `Bearer ${console.body.access_token}`] };
}

/** The user's own channel (their primary account), where they can offer membership tiers. */
export async function channelOf(t: TestApp, who: Person): Promise<string> {
  const me = await t.http().get('/api/me').set(...who.auth);
  return me.body.active_account_id as string;
}

export async function addTier(t: TestApp, owner: Person, price: number, name = `Tier ${randomBytes(3).toString('hex')}`): Promise<{ id: string; name: string; channelId: string }> {
  const channelId = await channelOf(t, owner);
  const r = await t.http().post(`/api/channels/${channelId}/membership-tiers`).set(...owner.auth).send({ name, price, description: 'Thanks for the support' });
  if (r.status !== 201) throw new Error(`tier: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id, name: r.body.name, channelId };
}

/** Moves every pending fund whose 7 days are over, as the maturation schedule would 8 days from now. */
export function matureAll(t: TestApp): Promise<number> {
  return t.app.get(MonetizationFacade).matureDue(new Date(Date.now() + 8 * DAY_MS));
}

/**
 * A creator with available funds: a fan pays a membership of a tier on the creator's own channel at `price`
 * dollars, then the funds mature. The creator receives 70% of it, rounded down.
 */
export async function fundedCreator(t: TestApp, origin: string, price = 199.99): Promise<{ creator: Person; fan: Person; tier: { id: string; name: string; channelId: string } }> {
  const creator = await person(t);
  const fan = await person(t);
  const tier = await addTier(t, creator, price);
  await buy(t, origin, fan, `/api/subscriptions/channel/${tier.channelId}/checkout`, { package_type: tier.name });
  await matureAll(t);
  return { creator, fan, tier };
}

export async function earnings(t: TestApp, who: { id: string; auth: Auth }) {
  const r = await t.http().get(`/api/revenue/creator/${who.id}`).set(...who.auth);
  expect(r.status).toBe(200);
  return r.body as {
    earnings: { available_balance: number; pending_balance: number; lifetime_earnings: number; total_withdrawn: number; in_transit: number; minimum_payout: number };
    can_request_payout: boolean;
    payouts_on_hold_until: string | null;
    current_month_revenue: { revenue_type: string; payment_date: string; creator_share: number; platform_fee: number }[];
    payout_history: { id: string; amount: number; requested_date: string; payment_method: string; status: string; failure_reason: string | null }[];
  };
}

/** The user's notifications (title and message), once every durable event so far was handled. */
export async function notificationsOf(t: TestApp, who: { auth: Auth }): Promise<{ type: string; title: string; message: string }[]> {
  await settled(t);
  const r = await t.http().get('/api/notifications?limit=50').set(...who.auth);
  expect(r.status).toBe(200);
  return (r.body.notifications as { type: string; title: string; message: string }[]).map(({ type, title, message }) => ({ type, title, message }));
}

/** Days from now until an ISO date. */
export function daysUntil(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / DAY_MS;
}
