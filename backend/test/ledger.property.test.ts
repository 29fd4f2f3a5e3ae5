import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { RequestContext } from '@mikro-orm/core';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';
import { addTier, admin, DAY_MS, expectLedgerConsistent, ledgerSnapshot } from './money-fixtures.js';
import { PaymentsService } from '../src/modules/payments/application/payments.service.js';
import { DecidePayoutUseCase } from '../src/modules/monetization/application/decide-payout.use-case.js';
import { RequestPayoutUseCase } from '../src/modules/monetization/application/request-payout.use-case.js';
import { SavePlatformBankAccountUseCase } from '../src/modules/monetization/application/save-platform-bank-account.use-case.js';
import { WithdrawPlatformEarningsUseCase } from '../src/modules/monetization/application/withdraw-platform-earnings.use-case.js';
import { MonetizationFacade } from '../src/modules/monetization/monetization.facade.js';
import { Accounts, InsufficientFunds, LEDGER, LedgerInvariantError, type Ledger, type Posting } from '../src/modules/monetization/domain/ledger.js';

/**
 * Property-based tests of the ledger against a real database, through the app's own PgLedger and services: whatever
 * sequence of payments, maturations, payouts (requested, completed, failed, concurrent), withdrawals and replays of
 * idempotency keys, every transaction balances, no non-external balance goes below zero, the maintained balances
 * equal the sums of the entries and match a simple model of the rules, and a replay changes nothing.
 */
let t: TestApp;
let ledger: Ledger;
let payments: PaymentsService;
let earnings: { requestPayout: RequestPayoutUseCase['execute']; decidePayout: DecidePayoutUseCase['execute'] };
let platform: { saveBankAccount: SavePlatformBankAccountUseCase['execute']; withdraw: WithdrawPlatformEarningsUseCase['execute'] };
let facade: MonetizationFacade;
let adminId: string;
let fans: Person[];
let creators: { who: Person; tierId: string; accountId: string; priceCents: number }[];

/** Runs a call as a request would: in its own context (the services use the context's entity manager). */
const inContext = <T>(fn: () => Promise<T>): Promise<T> => RequestContext.create(t.orm.em.fork(), fn);
const postInTransaction = (p: Posting): Promise<boolean> => inContext(() => t.orm.em.transactional(() => ledger.post(p)));

beforeAll(async () => {
  t = await createTestApp();
  await baseUrl(t);
  ledger = t.app.get(LEDGER);
  payments = t.app.get(PaymentsService);
  const [requestPayout, decidePayout] = [t.app.get(RequestPayoutUseCase), t.app.get(DecidePayoutUseCase)];
  earnings = { requestPayout: (...a) => requestPayout.execute(...a), decidePayout: (...a) => decidePayout.execute(...a) };
  const [saveBank, withdraw] = [t.app.get(SavePlatformBankAccountUseCase), t.app.get(WithdrawPlatformEarningsUseCase)];
  platform = { saveBankAccount: (...a) => saveBank.execute(...a), withdraw: (...a) => withdraw.execute(...a) };
  facade = t.app.get(MonetizationFacade);
  adminId = (await admin(t)).id;
  fans = [await person(t), await person(t)];
  creators = [];
  for (const price of [99.99, 19.99, 499.99]) {
    const who = await person(t);
    const tier = await addTier(t, who, price);
    creators.push({ who, tierId: tier.id, accountId: tier.channelId, priceCents: Math.round(price * 100) });
  }
  await inContext(() => platform.saveBankAccount({ bank_name: 'Test Bank', account_holder_name: 'Scriven', account_number: '12345678', routing_number: '021000021' }));
}, 60_000);
afterAll(() => t.close());

/** A paid session as the provider would leave it, ready for the fulfilment that payments runs. */
async function paidSession(userId: string, purpose: 'premium' | 'membership', pkg: string, amountCents: number, reference: Record<string, string>): Promise<string> {
  const id = `cs_prop_${randomUUID().replace(/-/g, '')}`;
  await t.sql(
    `insert into payment_sessions (id, user_id, provider, purpose, package, package_name, amount_cents, reference, origin_url, status, payment_status, expires_at, paid_at)
     values ($1, $2, 'sandbox', $3, $4, $5, $6, $7::jsonb, 'http://127.0.0.1/', 'complete', 'paid', now() + interval '30 minutes', now())`,
    [id, userId, purpose, pkg, `${purpose} ${pkg}`, amountCents, JSON.stringify(reference)],
  );
  return id;
}

async function dbBalances(): Promise<Map<string, number>> {
  const rows = await t.sql<{ id: string; balance_cents: string }>('select id, balance_cents from ledger_accounts');
  return new Map(rows.map((r) => [r.id, Number(r.balance_cents)]));
}

function expectSameBalances(model: Map<string, number>, db: Map<string, number>): void {
  const ids = [...new Set([...model.keys(), ...db.keys()])].sort();
  const differ = ids.filter((id) => (model.get(id) ?? 0) !== (db.get(id) ?? 0)).map((id) => ({ id, model: model.get(id) ?? 0, db: db.get(id) ?? 0 }));
  expect(differ).toEqual([]);
}

async function rejection(p: Promise<unknown>): Promise<Error | null> {
  try {
    await p;
    return null;
  } catch (e) {
    return e as Error;
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

type Command =
  | { k: 'premium'; fan: number; pkg: 'monthly' | 'yearly' }
  | { k: 'membership'; fan: number; creator: number }
  | { k: 'replayPayment'; pick: number; cents: number }
  | { k: 'mature'; days: 0 | 6 | 8 | 30 }
  | { k: 'payout'; creator: number; cents: number }
  | { k: 'payouts'; creator: number; cents: number[] }
  | { k: 'decide'; pick: number; outcome: 'completed' | 'failed' }
  | { k: 'decideTwice'; pick: number }
  | { k: 'withdraw'; cents: number }
  | { k: 'replayKey'; pick: number; cents: number }
  | { k: 'overdraw'; creator: number; extra: number };

const cents = fc.oneof(fc.constantFrom(1, 4999, 5000, 5001, 9999, 10000, 10001), fc.integer({ min: 1, max: 40_000 }));
const creatorIx = fc.integer({ min: 0, max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('premium' as const), fan: fc.integer({ min: 0, max: 1 }), pkg: fc.constantFrom('monthly' as const, 'yearly' as const) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('membership' as const), fan: fc.integer({ min: 0, max: 1 }), creator: creatorIx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('replayPayment' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 1_000_000 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('mature' as const), days: fc.constantFrom(0 as const, 6 as const, 8 as const, 30 as const) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('payout' as const), creator: creatorIx, cents }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('payouts' as const), creator: creatorIx, cents: fc.array(cents, { minLength: 2, maxLength: 6 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('decide' as const), pick: fc.nat(), outcome: fc.constantFrom('completed' as const, 'failed' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('decideTwice' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('withdraw' as const), cents: fc.oneof(cents, fc.integer({ min: 10_000, max: 60_000 })) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('replayKey' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 1_000_000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('overdraw' as const), creator: creatorIx, extra: fc.integer({ min: 1, max: 100_000 }) }) },
);

/** The rules as a model: what each balance must be after each command. */
class Model {
  readonly bal: Map<string, number>;
  /** Pending funds not yet matured: [pending account, cents] per transaction. */
  unmatured: [string, number][][] = [];
  payouts: { id: string; userId: string; cents: number; status: 'pending' | 'completed' | 'failed' }[] = [];
  sessions: string[] = [];
  keys: string[] = [];

  constructor(start: Map<string, number>) {
    this.bal = new Map(start);
  }

  get(id: string): number {
    return this.bal.get(id) ?? 0;
  }

  add(id: string, cents: number): void {
    this.bal.set(id, this.get(id) + cents);
  }
}

async function run(model: Model, c: Command): Promise<void> {
  switch (c.k) {
    case 'premium': {
      const pkgCents = c.pkg === 'monthly' ? 699 : 6999;
      const id = await paidSession(fans[c.fan].id, 'premium', c.pkg, pkgCents, {});
      await inContext(() => payments.fulfil(id));
      model.add(Accounts.externalPayments, -pkgCents);
      model.add(Accounts.platformPending('premium'), 100);
      model.add(Accounts.premiumPool, pkgCents - 100);
      model.unmatured.push([[Accounts.platformPending('premium'), 100]]);
      model.sessions.push(id);
      model.keys.push(`payment:${id}`);
      return;
    }
    case 'membership': {
      const cr = creators[c.creator];
      const id = await paidSession(fans[c.fan].id, 'membership', cr.tierId, cr.priceCents, { accountId: cr.accountId, tierId: cr.tierId });
      await inContext(() => payments.fulfil(id));
      const payee = Math.floor((cr.priceCents * 70) / 100);
      const fee = cr.priceCents - payee;
      model.add(Accounts.externalPayments, -cr.priceCents);
      model.add(Accounts.userPending(cr.who.id), payee);
      model.add(Accounts.platformPending('membership'), fee);
      model.unmatured.push([
        [Accounts.userPending(cr.who.id), payee],
        [Accounts.platformPending('membership'), fee],
      ]);
      model.sessions.push(id);
      model.keys.push(`payment:${id}`);
      return;
    }
    case 'replayPayment': {
      if (model.sessions.length === 0) return;
      const id = model.sessions[c.pick % model.sessions.length];
      const before = await ledgerSnapshot(t);
      const s = await inContext(() => payments.fulfil(id));
      expect(s.fulfilledAt).not.toBeNull();
      // The same idempotency key posted again, even with other figures, is refused without effect.
      const again = await postInTransaction({
        idempotencyKey: `payment:${id}`,
        kind: 'premium',
        memo: 'replay',
        userId: null,
        entries: [
          { accountId: Accounts.externalPayments, cents: -c.cents },
          { accountId: Accounts.platformPending('premium'), cents: c.cents },
        ],
      });
      expect(again).toBe(false);
      expect(await ledgerSnapshot(t)).toEqual(before);
      return;
    }
    case 'mature': {
      await facade.matureDue(new Date(Date.now() + c.days * DAY_MS));
      if (c.days >= 8) {
        for (const tx of model.unmatured) {
          for (const [account, amount] of tx) {
            model.add(account, -amount);
            model.add(account.startsWith('platform:') ? Accounts.platformAvailable : account.replace(/:pending$/, ':available'), amount);
          }
        }
        model.unmatured = [];
      }
      return;
    }
    case 'payout': {
      const userId = creators[c.creator].who.id;
      const available = model.get(Accounts.userAvailable(userId));
      const result = inContext(() => earnings.requestPayout(userId, { amount: dollars(c.cents), paymentMethod: 'paypal', bankDetails: null }));
      if (c.cents < 5000) expect((await rejection(result))?.message).toBe('Minimum payout amount is $50.00');
      else if (c.cents > available) expect((await rejection(result))?.message).toBe('Amount exceeds your available balance');
      else {
        const p = await result;
        model.add(Accounts.userAvailable(userId), -c.cents);
        model.add(Accounts.userInTransit(userId), c.cents);
        model.payouts.push({ id: p.id, userId, cents: c.cents, status: 'pending' });
        model.keys.push(`payout:${p.id}`);
      }
      return;
    }
    case 'payouts': {
      const userId = creators[c.creator].who.id;
      const available = model.get(Accounts.userAvailable(userId));
      const results = await Promise.allSettled(c.cents.map((x) => inContext(() => earnings.requestPayout(userId, { amount: dollars(x), paymentMethod: 'crypto', bankDetails: null }))));
      let paid = 0;
      results.forEach((r, i) => {
        const x = c.cents[i];
        if (r.status === 'fulfilled') {
          expect(x).toBeGreaterThanOrEqual(5000);
          paid += x;
          model.payouts.push({ id: r.value.id, userId, cents: x, status: 'pending' });
          model.keys.push(`payout:${r.value.id}`);
        } else expect((r.reason as Error).message).toBe(x < 5000 ? 'Minimum payout amount is $50.00' : 'Amount exceeds your available balance');
      });
      expect(paid).toBeLessThanOrEqual(available);
      // Decided one at a time: a request refused for the balance asked for more than was left then, so more than is left now.
      results.forEach((r, i) => {
        if (r.status === 'rejected' && c.cents[i] >= 5000) expect(c.cents[i]).toBeGreaterThan(available - paid);
      });
      model.add(Accounts.userAvailable(userId), -paid);
      model.add(Accounts.userInTransit(userId), paid);
      return;
    }
    case 'decide': {
      if (model.payouts.length === 0) return;
      const p = model.payouts[c.pick % model.payouts.length];
      const result = inContext(() => earnings.decidePayout(p.id, c.outcome, c.outcome === 'failed' ? 'Bounced' : null));
      if (p.status !== 'pending') {
        expect((await rejection(result))?.message).toBe('This payout has already been completed or failed');
        return;
      }
      expect((await result).status).toBe(c.outcome);
      p.status = c.outcome;
      model.add(Accounts.userInTransit(p.userId), -p.cents);
      model.add(c.outcome === 'completed' ? Accounts.userPaidOut(p.userId) : Accounts.userAvailable(p.userId), p.cents);
      model.keys.push(`payout:${p.id}:${c.outcome}`);
      return;
    }
    case 'decideTwice': {
      const pending = model.payouts.filter((p) => p.status === 'pending');
      if (pending.length === 0) return;
      const p = pending[c.pick % pending.length];
      const results = await Promise.allSettled([
        inContext(() => earnings.decidePayout(p.id, 'completed', null)),
        inContext(() => earnings.decidePayout(p.id, 'failed', null)),
        inContext(() => earnings.decidePayout(p.id, 'completed', null)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const outcome = (won[0] as PromiseFulfilledResult<{ status: 'completed' | 'failed' }>).value.status;
      p.status = outcome;
      model.add(Accounts.userInTransit(p.userId), -p.cents);
      model.add(outcome === 'completed' ? Accounts.userPaidOut(p.userId) : Accounts.userAvailable(p.userId), p.cents);
      return;
    }
    case 'withdraw': {
      const available = model.get(Accounts.platformAvailable);
      const result = inContext(() => platform.withdraw({ kind: 'admin', id: adminId }, dollars(c.cents)));
      if (c.cents < 10_000) expect((await rejection(result))?.message).toBe('Minimum withdrawal amount is $100');
      else if (c.cents > available) expect((await rejection(result))?.message).toBe('Invalid withdrawal amount');
      else {
        const w = await result;
        model.add(Accounts.platformAvailable, -c.cents);
        model.add(Accounts.platformWithdrawn, c.cents);
        model.keys.push(`withdrawal:${w.id}`);
      }
      return;
    }
    case 'replayKey': {
      if (model.keys.length === 0) return;
      const key = model.keys[c.pick % model.keys.length];
      const before = await ledgerSnapshot(t);
      // A replay that would even overdraw an account is refused as a replay, before anything moves.
      const again = await postInTransaction({
        idempotencyKey: key,
        kind: 'payout_request',
        memo: 'replay',
        userId: null,
        entries: [
          { accountId: Accounts.platformAvailable, cents: -c.cents },
          { accountId: Accounts.platformWithdrawn, cents: c.cents },
        ],
      });
      expect(again).toBe(false);
      expect(await ledgerSnapshot(t)).toEqual(before);
      return;
    }
    case 'overdraw': {
      const userId = creators[c.creator].who.id;
      const before = await ledgerSnapshot(t);
      const key = `test-overdraw:${randomUUID()}`;
      const amount = model.get(Accounts.userAvailable(userId)) + c.extra;
      const err = await rejection(
        postInTransaction({
          idempotencyKey: key,
          kind: 'payout_request',
          memo: 'too much',
          userId,
          entries: [
            { accountId: Accounts.userAvailable(userId), cents: -amount },
            { accountId: Accounts.userInTransit(userId), cents: amount },
          ],
        }),
      );
      expect(err).toBeInstanceOf(InsufficientFunds);
      expect(await ledgerSnapshot(t)).toEqual(before);
      expect(await t.sql('select 1 from ledger_transactions where idempotency_key = $1', [key])).toEqual([]);
      return;
    }
  }
}

describe('the ledger under any sequence of money events', () => {
  it('stays balanced, never negative, equal to its entries and to the model; replays change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 40, size: 'max' }), async (commands) => {
        // Start from what the database holds, with everything pending matured (so the model knows what is pending).
        await facade.matureDue(new Date(Date.now() + 30 * DAY_MS));
        const model = new Model(await dbBalances());
        for (const c of commands) {
          await run(model, c);
          expectSameBalances(model.bal, await dbBalances());
        }
        await expectLedgerConsistent(t);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  }, 120_000);
});

describe('PgLedger.post on its own', () => {
  const owners = [randomUUID(), randomUUID(), randomUUID()];
  const accounts = [
    Accounts.externalAdvertisers,
    Accounts.externalPayments,
    ...owners.flatMap((u) => [Accounts.userAvailable(u), Accounts.userPending(u)]),
    Accounts.premiumPool,
  ];
  const entryArb = fc.record({ account: fc.integer({ min: 0, max: accounts.length - 1 }), cents: fc.integer({ min: -20_000, max: 20_000 }).filter((x) => x !== 0) });
  /** A posting made balanced by a last entry on an external account (or left unbalanced, to be refused). */
  const postingArb = fc.record({
    entries: fc.array(entryArb, { minLength: 1, maxLength: 5 }),
    balance: fc.boolean(),
    counter: fc.integer({ min: 0, max: 1 }),
    replayOf: fc.option(fc.nat(), { freq: 4 }),
  });

  it('accepts a balanced posting exactly when no non-external account would go negative; refusals and replays change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(postingArb, { minLength: 1, maxLength: 25, size: 'max' }), async (postings) => {
        const model = new Model(await dbBalances());
        const keys: string[] = [];
        for (const p of postings) {
          const entries = p.entries.map((e) => ({ accountId: accounts[e.account], cents: e.cents }));
          const sum = entries.reduce((a, e) => a + e.cents, 0);
          if (p.balance && sum !== 0) entries.push({ accountId: accounts[p.counter], cents: -sum });
          const balanced = entries.reduce((a, e) => a + e.cents, 0) === 0;
          const replay = p.replayOf !== null && keys.length > 0;
          const key = replay ? keys[p.replayOf! % keys.length] : `prop:${randomUUID()}`;
          const before = await ledgerSnapshot(t);
          const net = new Map<string, number>();
          for (const e of entries) net.set(e.accountId, (net.get(e.accountId) ?? 0) + e.cents);
          const fits = [...net].every(([a, c]) => a.startsWith('external:') || model.get(a) + c >= 0);
          const outcome = await postInTransaction({ idempotencyKey: key, kind: 'ads', memo: 'property', userId: null, entries }).then(
            (r) => r,
            (e: Error) => e,
          );
          if (!balanced || entries.length < 2) {
            expect(outcome).toBeInstanceOf(LedgerInvariantError);
            expect(await ledgerSnapshot(t)).toEqual(before);
          } else if (replay) {
            expect(outcome).toBe(false);
            expect(await ledgerSnapshot(t)).toEqual(before);
          } else if (!fits) {
            expect(outcome).toBeInstanceOf(InsufficientFunds);
            expect(await ledgerSnapshot(t)).toEqual(before);
          } else {
            expect(outcome).toBe(true);
            for (const [a, c] of net) model.add(a, c);
            keys.push(key);
          }
          expectSameBalances(model.bal, await dbBalances());
        }
        await expectLedgerConsistent(t);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  }, 120_000);

  it('concurrent postings against one account never overdraw it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 50_000 }), fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 2, maxLength: 12 }), async (funds, draws) => {
        const u = randomUUID();
        if (funds > 0) {
          await postInTransaction({ idempotencyKey: `fund:${u}`, kind: 'ads', memo: 'funds', userId: u, entries: [{ accountId: Accounts.externalAdvertisers, cents: -funds }, { accountId: Accounts.userAvailable(u), cents: funds }] });
        }
        const results = await Promise.allSettled(
          draws.map((d, i) =>
            postInTransaction({ idempotencyKey: `draw:${u}:${i}`, kind: 'payout_request', memo: 'draw', userId: u, entries: [{ accountId: Accounts.userAvailable(u), cents: -d }, { accountId: Accounts.userInTransit(u), cents: d }] }),
          ),
        );
        let taken = 0;
        results.forEach((r, i) => {
          if (r.status === 'fulfilled') taken += draws[i];
          else expect(r.reason).toBeInstanceOf(InsufficientFunds);
        });
        const b = await dbBalances();
        expect(taken).toBeLessThanOrEqual(funds);
        expect(b.get(Accounts.userAvailable(u)) ?? 0).toBe(funds - taken);
        expect(b.get(Accounts.userInTransit(u)) ?? 0).toBe(taken);
        results.forEach((r, i) => {
          if (r.status === 'rejected') expect(draws[i]).toBeGreaterThan(funds - taken);
        });
      }),
      { numRuns: 15, endOnFailure: true },
    );
    await expectLedgerConsistent(t);
  }, 60_000);
});
