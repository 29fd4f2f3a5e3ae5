import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, makeClips, type Clips } from './media-fixtures.js';
import { person, publish, settled, type Person } from './social-fixtures.js';
import { admin, balance, buy, checkout, channelOf, earnings, expectLedgerConsistent, ledgerSnapshot } from './money-fixtures.js';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';
import { PrincipalCache } from '../src/modules/identity/application/principal-cache.js';
import { MonetizationFacade } from '../src/modules/monetization/monetization.facade.js';

/**
 * The money side's periodic work, run as its schedules would (premium expiry, the monthly premium pool, ad revenue),
 * and the per-user limits on checkouts and payout requests, seen as buyers, creators and the operator see them.
 * After every test the ledger is consistent.
 */
let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await baseUrl(t);
});
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t.close());

/** Outside HTTP requests, work on the database runs in its own context (as the schedules do). */
const inContext = <T>(app: TestApp, fn: () => Promise<T>): Promise<T> => RequestContext.create(app.orm.em, fn);
const distribute = (now: Date) => inContext(t, () => t.app.get(MonetizationFacade).distributePremiumPool(now));
const accrue = (app: TestApp) => inContext(app, () => app.app.get(MonetizationFacade).accrueAdRevenue());

const me = async (who: Person) => (await t.http().get('/api/me').set(...who.auth)).body as { is_premium: boolean; premium_expires: string | null };
const card = async (who: Person) => {
  const r = await t.http().get(`/api/users/${who.id}/profile`).set(...who.auth);
  expect(r.status).toBe(200);
  return r.body as { is_premium: boolean };
};
const buyPremium = (who: Person) => buy(t, origin, who, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });

/** A ready video of `who`, stored as processing would have left it (no ffmpeg needed where playback does not matter). */
async function storedVideo(app: TestApp, who: Person, opts: { monetized?: boolean; views?: number; status?: string } = {}): Promise<string> {
  const id = randomUUID();
  const accountId = (await app.http().get('/api/me').set(...who.auth)).body.active_account_id as string;
  await app.sql(
    `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast",
                        monetization_enabled, views, duration_seconds, width, height, created_at, updated_at)
     values ($1, 'video', $2, $3, 'Stored video', $4, $5, 1000, 'video/mp4', '[]', '[]', '[]', '[]', $6, $7, 2, 640, 360, now(), now())`,
    [id, accountId, who.id, opts.status ?? 'ready', `originals/${id}`, opts.monetized ?? false, opts.views ?? 0],
  );
  return id;
}

/** Calendar months relative to this one (UTC), as the pool counts them. */
const now0 = new Date();
const month = (k: number, day = 1, hour = 0) => new Date(Date.UTC(now0.getUTCFullYear(), now0.getUTCMonth() + k, day, hour));
const label = (k: number) => month(k).toISOString().slice(0, 7);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

async function watched(viewer: Person, mediaId: string, day: Date, seconds: number): Promise<void> {
  await t.sql(`insert into media_watch_time (media_id, user_id, day, seconds, last_beat_at) values ($1, $2, $3::date, $4, now())`, [mediaId, viewer.id, dayOf(day), seconds]);
}

async function setPeriod(who: Person, startsAt: Date, endsAt: Date): Promise<void> {
  const rows = await t.sql('update premium_periods set starts_at = $2, ends_at = $3 where user_id = $1 returning id', [who.id, startsAt, endsAt]);
  expect(rows).toHaveLength(1);
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('premium expiry', () => {
  it('ends premium whose time is over, on /me and on the user card; premium with time left stays', async () => {
    const lapsed = await person(t);
    const current = await person(t);
    await buyPremium(lapsed);
    await buyPremium(current);
    await settled(t);
    expect((await me(lapsed)).is_premium).toBe(true);
    expect((await card(lapsed)).is_premium).toBe(true);
    const keeps = (await me(current)).premium_expires;

    await t.sql(`update users set premium_expires = now() - interval '1 minute' where id = $1`, [lapsed.id]);
    const ended = await inContext(t, () => t.app.get(IdentityFacade).expirePremiums(new Date()));
    expect(ended).toContain(lapsed.id);
    expect(ended).not.toContain(current.id);

    expect((await me(lapsed)).is_premium).toBe(false);
    const still = await me(current);
    expect(still.is_premium).toBe(true);
    expect(still.premium_expires).toBe(keeps);
    await settled(t);
    expect((await card(lapsed)).is_premium).toBe(false);
    expect((await card(current)).is_premium).toBe(true);

    // The next run finds nobody else.
    expect(await inContext(t, () => t.app.get(IdentityFacade).expirePremiums(new Date()))).toEqual([]);
    expect((await me(current)).is_premium).toBe(true);
  });
});

describe('premium pool', () => {
  it('shares the funds of before this month by premium watch time of last month, once; the remainder carries over', async () => {
    const c1 = await person(t);
    const c2 = await person(t);
    const p1 = await person(t);
    const p2 = await person(t);
    const free = await person(t);
    const v1 = await storedVideo(t, c1);
    const v2 = await storedVideo(t, c2);
    const own = await storedVideo(t, p2);
    await buyPremium(p1);
    await buyPremium(p2);
    // The months the pool counts: this one (shared at the start of the next) and the one before.
    await setPeriod(p1, month(0, 2, 10), month(0, 12, 10));
    await setPeriod(p2, month(-1, 20, 10), month(1, 20, 10));

    // Last month's watch time, inside p2's period; but every fund in the pool was paid this month: it waits.
    await watched(p2, v2, month(-1, 25), 400);
    const untouched = await ledgerSnapshot(t);
    expect(await distribute(new Date())).toEqual({ month: label(-1), distributedCents: 0, creators: 0 });
    expect(await ledgerSnapshot(t)).toEqual(untouched);

    // At the start of next month, with no premium watch time this month: nothing moves.
    const at = month(1, 1, 3);
    expect(await distribute(at)).toEqual({ month: label(0), distributedCents: 0, creators: 0 });
    expect(await ledgerSnapshot(t)).toEqual(untouched);

    // This month: what counts (premium members inside their periods, watching someone else's items)...
    await watched(p1, v1, month(0, 6), 500);
    await watched(p2, v1, month(0, 10), 200);
    await watched(p2, v2, month(0, 10), 300);
    // ... and what does not: a viewer without premium, p1 before and after their period, p2 on their own video.
    await watched(free, v2, month(0, 10), 10_000);
    await watched(p1, v1, month(0, 1), 4_000);
    await watched(p1, v2, month(0, 20), 5_000);
    await watched(p2, own, month(0, 15), 9_000);
    // Next month's watch time waits for next month's share.
    await watched(p2, v1, month(1, 1), 60);

    const pool = await balance(t, 'pool:premium');
    expect(pool).toBeGreaterThanOrEqual(2 * 599);
    const s1 = Math.floor((pool * 700) / 1000);
    const s2 = Math.floor((pool * 300) / 1000);
    const remainder = pool - s1 - s2;
    expect(remainder).toBeGreaterThan(0);
    expect(await distribute(at)).toEqual({ month: label(0), distributedCents: s1 + s2, creators: 2 });
    expect(await balance(t, 'pool:premium')).toBe(remainder);

    const e1 = await earnings(t, c1);
    const e2 = await earnings(t, c2);
    expect(e1.earnings.pending_balance).toBe(s1 / 100);
    expect(e2.earnings.pending_balance).toBe(s2 / 100);
    expect(e1.current_month_revenue.map(({ revenue_type, creator_share, platform_fee }) => ({ revenue_type, creator_share, platform_fee }))).toEqual([
      { revenue_type: 'premium_pool', creator_share: s1 / 100, platform_fee: 0 },
    ]);
    expect(e2.current_month_revenue.map(({ revenue_type, creator_share, platform_fee }) => ({ revenue_type, creator_share, platform_fee }))).toEqual([
      { revenue_type: 'premium_pool', creator_share: s2 / 100, platform_fee: 0 },
    ]);
    for (const nobody of [p1, p2, free]) {
      const e = await earnings(t, nobody);
      expect(e.earnings.pending_balance).toBe(0);
      expect(e.current_month_revenue).toEqual([]);
    }

    // A second run the same month (another process, a restart) changes nothing.
    const shared = await ledgerSnapshot(t);
    expect(await distribute(at)).toEqual({ month: label(0), distributedCents: 0, creators: 0 });
    expect(await distribute(new Date(at.getTime() + 3_600_000))).toEqual({ month: label(0), distributedCents: 0, creators: 0 });
    expect(await ledgerSnapshot(t)).toEqual(shared);

    // The remainder is next month's: p2 watched c1 then, so c1 receives all of it.
    expect(await distribute(month(2, 1, 3))).toEqual({ month: label(1), distributedCents: remainder, creators: 1 });
    expect(await balance(t, 'pool:premium')).toBe(0);
    const later = await earnings(t, c1);
    expect(later.earnings.pending_balance).toBe((s1 + remainder) / 100);
    expect(later.current_month_revenue.map((l) => [l.revenue_type, l.creator_share]).sort()).toEqual(
      [
        ['premium_pool', s1 / 100],
        ['premium_pool', remainder / 100],
      ].sort(),
    );
    expect((await earnings(t, c2)).earnings.pending_balance).toBe(s2 / 100);
  });

  it('counts a renewing member once on the day one paid period ends and the next begins', async () => {
    const c3 = await person(t);
    const c4 = await person(t);
    const fan = await person(t);
    const v3 = await storedVideo(t, c3);
    const v4 = await storedVideo(t, c4);
    // Two months bought in a row: the second period starts where the first ends.
    await buyPremium(fan);
    await buyPremium(fan);
    const periods = await t.sql<{ starts_at: Date; ends_at: Date }>('select starts_at, ends_at from premium_periods where user_id = $1 order by starts_at', [fan.id]);
    expect(periods).toHaveLength(2);
    expect(periods[1].starts_at.getTime()).toBe(periods[0].ends_at.getTime());
    // As if the first had been bought 20 days before a month that is still unshared (three months from now).
    await t.sql(
      `update premium_periods p set starts_at = p.starts_at + d.shift, ends_at = p.ends_at + d.shift
         from (select $2::timestamptz - min(starts_at) as shift from premium_periods where user_id = $1) d where p.user_id = $1`,
      [fan.id, new Date(month(3).getTime() - 20 * 86_400_000 + 12 * 3_600_000)],
    );
    const [first] = await t.sql<{ ends_at: Date }>('select ends_at from premium_periods where user_id = $1 order by starts_at limit 1', [fan.id]);
    // The same seconds for both creators: one on the day of the renewal, one on a plain day.
    await watched(fan, v3, first.ends_at, 100);
    await watched(fan, v4, month(3, 25), 100);

    const pool = await balance(t, 'pool:premium');
    expect(pool).toBeGreaterThanOrEqual(2 * 599);
    const share = Math.floor(pool / 2);
    expect(await distribute(month(4, 1, 3))).toEqual({ month: label(3), distributedCents: 2 * share, creators: 2 });
    expect((await earnings(t, c3)).earnings.pending_balance).toBe(share / 100);
    expect((await earnings(t, c4)).earnings.pending_balance).toBe(share / 100);
    expect(await balance(t, 'pool:premium')).toBe(pool - 2 * share);
  });
});

describe('ad revenue at the default rate ($5 per 1,000 views)', () => {
  it('pays a creator-program member 55% of a monetized video’s views; the platform keeps 45%', async () => {
    expect(t.config.money.adRpmCents).toBe(500);
    const creator = await person(t);
    await t.sql('update users set creator_program = true where id = $1', [creator.id]);
    await t.app.get(PrincipalCache).invalidate(creator.id);
    const video = await storedVideo(t, creator, { monetized: true, views: 1234 });
    const platformBefore = await balance(t, 'platform:pending:ads');
    const r = await accrue(t);
    expect(r).toEqual({ items: 1, grossCents: 617 });
    expect(await balance(t, `user:${creator.id}:pending`)).toBe(339);
    expect(await balance(t, 'platform:pending:ads')).toBe(platformBefore + 278);
    expect((await t.http().get(`/api/videos/${video}`)).body.ad_revenue).toBe(3.39);
    const e = await earnings(t, creator);
    expect(e.earnings.pending_balance).toBe(3.39);
    expect(e.current_month_revenue.map(({ revenue_type, creator_share, platform_fee }) => ({ revenue_type, creator_share, platform_fee }))).toEqual([
      { revenue_type: 'ads', creator_share: 3.39, platform_fee: 2.78 },
    ]);
  });
});

describe('limits on checkouts and payout requests', () => {
  /** The limits count in whole minutes: start early in one so that every request of the test falls in it. */
  async function startOfAMinute(): Promise<void> {
    const into = Date.now() % 60_000;
    if (into > 30_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
  }

  it('refuses a user’s 31st checkout in a minute with 429 (premium and memberships alike); another user is unaffected', async () => {
    const eager = await person(t);
    const calm = await person(t);
    const host = await person(t);
    const channel = await channelOf(t, host);
    const tier = await t.http().post(`/api/channels/${channel}/membership-tiers`).set(...host.auth).send({ name: 'Fans', price: 2.99, description: 'Thanks' });
    expect(tier.status).toBe(201);
    await startOfAMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = i % 2 === 0 ? await checkout(t, origin, eager, '/api/subscriptions/premium/checkout', { package_type: 'monthly' }) : await checkout(t, origin, eager, `/api/subscriptions/channel/${channel}/checkout`, { package_type: 'Fans' });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await checkout(t, origin, eager, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many checkouts started. Please wait a minute.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const refusedToo = await checkout(t, origin, eager, `/api/subscriptions/channel/${channel}/checkout`, { package_type: 'Fans' });
    expect(refusedToo.status).toBe(429);
    // The refused ones started nothing at the provider.
    const [sessions] = await t.sql<{ n: string }>('select count(*) as n from payment_sessions where user_id = $1', [eager.id]);
    expect(Number(sessions.n)).toBe(30);

    const other = await checkout(t, origin, calm, '/api/subscriptions/premium/checkout', { package_type: 'monthly' });
    expect(other.status).toBe(200);
    expect(other.body.url).toContain('/api/payments/sandbox/checkout/');
  }, 120_000);

  it('refuses a user’s 31st payout request in a minute with 429; another user is unaffected', async () => {
    const eager = await person(t);
    const calm = await person(t);
    await startOfAMinute();
    const body = { amount: 50, payment_method: 'paypal' };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await t.http().post('/api/payout/request').set(...eager.auth).send(body)).status);
    // Nothing to pay out: each is refused on its merits, but each counts.
    expect(statuses.filter((s) => s !== 400)).toEqual([]);
    const refused = await t.http().post('/api/payout/request').set(...eager.auth).send(body);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many payout requests. Please wait a minute.');
    const other = await t.http().post('/api/payout/request').set(...calm.auth).send(body);
    expect(other.status).toBe(400);
    expect(other.body.detail).not.toBe('Too many payout requests. Please wait a minute.');
  }, 120_000);
});

describe('ad revenue with fractions of a cent (AD_RPM_CENTS=333)', () => {
  let a: TestApp;
  let clips: Clips;

  beforeAll(async () => {
    a = await createTestApp({ AD_RPM_CENTS: '333' });
    clips = await makeClips(['landscape']);
  });
  afterEach(() => expectLedgerConsistent(a));
  afterAll(async () => {
    clips.cleanup();
    await a.close();
  });

  async function creatorInProgram(): Promise<Person> {
    const p = await person(a);
    await a.sql('update users set creator_program = true where id = $1', [p.id]);
    await a.app.get(PrincipalCache).invalidate(p.id);
    return p;
  }
  const setViews = (id: string, views: number) => a.sql('update media set views = $2 where id = $1', [id, views]);
  const adRevenue = async (id: string, who?: Person) => {
    const req = a.http().get(`/api/videos/${id}`);
    const r = who ? await req.set(...who.auth) : await req;
    expect(r.status).toBe(200);
    return r.body.ad_revenue as number;
  };
  /** What the advertisers paid for one item, and the creator's and platform's parts of it, from the ledger. */
  async function paidFor(id: string): Promise<{ gross: number; creator: number; platform: number }> {
    const [row] = await a.sql<{ gross: string | null; creator: string | null; platform: string | null }>(
      `select -sum(e.amount_cents) filter (where e.account_id = 'external:advertisers') as gross,
              sum(e.amount_cents) filter (where e.account_id like 'user:%:pending') as creator,
              sum(e.amount_cents) filter (where e.account_id = 'platform:pending:ads') as platform
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'ads' and t.idempotency_key like $1`,
      [`ads:${id}:%`],
    );
    return { gross: Number(row.gross ?? 0), creator: Number(row.creator ?? 0), platform: Number(row.platform ?? 0) };
  }

  it('pays each counted view once: more views pay only the difference, no new views change nothing', async () => {
    expect(a.config.money.adRpmCents).toBe(333);
    const creator = await creatorInProgram();
    const video = await publish(a, creator, clips, 'video', 'Monetized clip', { monetization_enabled: 'true' });
    const shown = await a.http().get(`/api/videos/${video}`);
    expect(shown.body).toMatchObject({ status: 'ready', monetization_enabled: true, ad_revenue: 0 });

    await setViews(video, 1000);
    const ads0 = await balance(a, 'platform:pending:ads');
    expect(await accrue(a)).toEqual({ items: 1, grossCents: 333 });
    // $3.33: $1.83 to the creator (55%, rounded down), $1.50 to the platform.
    expect(await balance(a, `user:${creator.id}:pending`)).toBe(183);
    expect(await balance(a, 'platform:pending:ads')).toBe(ads0 + 150);
    expect(await adRevenue(video)).toBe(1.83);
    expect(await adRevenue(video, creator)).toBe(1.83);

    const quiet = await ledgerSnapshot(a);
    expect(await accrue(a)).toEqual({ items: 0, grossCents: 0 });
    expect(await accrue(a)).toEqual({ items: 0, grossCents: 0 });
    expect(await ledgerSnapshot(a)).toEqual(quiet);
    expect(await adRevenue(video)).toBe(1.83);

    // 500 more views: $4.99 in all ($4.995 rounded down), so $1.66 more; the creator's 55% of $4.99 is $2.74.
    await setViews(video, 1500);
    expect(await accrue(a)).toEqual({ items: 1, grossCents: 166 });
    expect(await paidFor(video)).toEqual({ gross: 499, creator: 274, platform: 225 });
    expect(await adRevenue(video)).toBe(2.74);
    const e = await earnings(a, creator);
    expect(e.earnings.pending_balance).toBe(2.74);
    expect(e.current_month_revenue.map((l) => [l.revenue_type, cents(l.creator_share), cents(l.platform_fee)]).sort()).toEqual(
      [
        ['ads', 183, 150],
        ['ads', 91, 75],
      ].sort(),
    );
  });

  it('carries fractions of a cent from run to run: views trickling in earn exactly what they would at once', async () => {
    const creator = await creatorInProgram();
    const video = await storedVideo(a, creator, { monetized: true });
    const ads0 = await balance(a, 'platform:pending:ads');
    for (const views of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 21, 33, 34, 100, 101, 1001]) {
      await setViews(video, views);
      await accrue(a);
      const gross = Math.floor((views * 333) / 1000);
      const creatorShare = Math.floor((gross * 55) / 100);
      expect({ views, ...(await paidFor(video)) }).toEqual({ views, gross, creator: creatorShare, platform: gross - creatorShare });
      expect(await adRevenue(video)).toBe(creatorShare / 100);
    }
    // 1,001 views at $3.33 per 1,000: $3.33 ($3.33333 rounded down), $1.83 of it the creator's.
    expect(await balance(a, `user:${creator.id}:pending`)).toBe(183);
    expect(await balance(a, 'platform:pending:ads')).toBe(ads0 + 150);
    expect((await earnings(a, creator)).earnings.pending_balance).toBe(1.83);
  });

  it('a creator approved through the partner program earns from the views after approval, 55% of them', async () => {
    const boss = await admin(a);
    const creator = await person(a);
    // A monetized video from an earlier membership, with the views it had when the creator (re)joins.
    const video = await storedVideo(a, creator, { monetized: true, views: 1000 });
    await a.sql('update social_users set followers_count = 1500 where user_id = $1', [creator.id]);
    await a.sql(`insert into media_watch_time (media_id, user_id, day, seconds, last_beat_at) values ($1, $2, current_date - 10, $3, now())`, [video, randomUUID(), 4001 * 3600]);
    const applied = await a.http().post('/api/creator/partner-program/apply').set(...creator.auth).send({ original_content: true });
    expect(applied.status).toBe(200);
    const [application] = await a.sql<{ id: string }>('select id from partner_applications where user_id = $1', [creator.id]);
    expect((await a.http().post(`/api/admin/partner-applications/${application.id}/approve`).set(...boss.adminAuth)).status).toBe(200);
    expect((await a.http().get('/api/me').set(...creator.auth)).body.creator_program).toBe(true);

    const before = await ledgerSnapshot(a);
    expect(await accrue(a)).toEqual({ items: 0, grossCents: 0 });
    expect(await ledgerSnapshot(a)).toEqual(before);
    expect(await adRevenue(video)).toBe(0);

    // 500 views since approval: $4.99 for 1,500 views less the $3.33 of the first 1,000, $0.91 of it (55%) the creator's.
    await setViews(video, 1500);
    expect(await accrue(a)).toEqual({ items: 1, grossCents: 166 });
    expect(await balance(a, `user:${creator.id}:pending`)).toBe(91);
    expect(await paidFor(video)).toEqual({ gross: 166, creator: 91, platform: 75 });
    expect(await adRevenue(video)).toBe(0.91);
    expect((await earnings(a, creator)).earnings.pending_balance).toBe(0.91);
  });

  it('pays nothing for a video without monetization, one still processing, or a creator outside the program', async () => {
    const member = await creatorInProgram();
    const outsider = await person(a);
    const plain = await publish(a, member, clips, 'video', 'Not monetized');
    await setViews(plain, 1_000_000);
    const processing = await storedVideo(a, member, { monetized: true, views: 1_000_000, status: 'processing' });
    const theirs = await storedVideo(a, outsider, { monetized: true, views: 1_000_000 });
    // A partner who was suspended keeps their monetized video, but it earns no more.
    const suspended = await creatorInProgram();
    const earlier = await storedVideo(a, suspended, { monetized: true, views: 1_000_000 });
    await a.sql('update users set creator_program = false where id = $1', [suspended.id]);

    const before = await ledgerSnapshot(a);
    expect(await accrue(a)).toEqual({ items: 0, grossCents: 0 });
    expect(await ledgerSnapshot(a)).toEqual(before);
    expect(await adRevenue(plain)).toBe(0);
    expect(await adRevenue(theirs)).toBe(0);
    expect(await adRevenue(earlier)).toBe(0);
    expect(await adRevenue(processing, member)).toBe(0);
    for (const who of [member, outsider, suspended]) expect((await earnings(a, who)).earnings.pending_balance).toBe(0);
    expect(await a.sql('select media_id from ad_accruals where media_id in ($1, $2, $3, $4)', [plain, processing, theirs, earlier])).toEqual([]);
  });
});
