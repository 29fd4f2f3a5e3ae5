import { DurableEvents } from '../src/common/events/durable-events.js';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequestContext } from '@mikro-orm/core';
import type { DurableEventMap, DurableTopic } from '../src/common/events/durable-events.js';
import { createTestApp, type TestApp } from './harness.js';
import { waitFor } from './media-fixtures.js';
import { durable, person, settled, type Person } from './social-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface NotificationItem {
  type: string;
  title: string;
  message: string;
  link: { kind: string; id: string } | null;
  read: boolean;
}

async function inbox(who: Person, app: TestApp = t): Promise<{ unread: number; items: NotificationItem[] }> {
  const r = await app.http().get('/api/notifications?limit=100').set(...who.auth);
  expect(r.status).toBe(200);
  return { unread: r.body.unread_count, items: r.body.notifications.map(({ type, title, message, link, read }: NotificationItem) => ({ type, title, message, link, read })) };
}

/** As a later context would: the event recorded in a unit of work, committed with it. */
async function record<K extends DurableTopic>(...events: [K, DurableEventMap[K]][]): Promise<void> {
  await RequestContext.create(t.orm.em, async () => {
    for (const [topic, payload] of events) durable(t).record(topic, payload);
    await t.orm.em.flush();
  });
}

/** A row as a server that committed but died before dispatching leaves it: an hour old, never dispatched. */
async function strandedEvent(topic: DurableTopic, payload: object, age = '1 hour'): Promise<string> {
  const id = randomUUID();
  await t.sql(`insert into event_outbox (id, topic, payload, created_at, dispatched_at, attempts) values ($1, $2, $3::jsonb, now() - $4::interval, null, 0)`, [
    id,
    topic,
    JSON.stringify(payload),
    age,
  ]);
  return id;
}

async function outboxRow(id: string): Promise<{ dispatched: boolean; attempts: number }> {
  const [row] = await t.sql<{ dispatched_at: Date | null; attempts: number }>('select dispatched_at, attempts from event_outbox where id = $1', [id]);
  return { dispatched: row.dispatched_at !== null, attempts: row.attempts };
}

function searchUsers(who: Person, q: string) {
  return t.http().get('/api/search').query({ q, content_type: 'users' }).set(...who.auth);
}

describe('events a stopped server left behind', () => {
  it('handles a stranded follow event when the sweeper runs, and tells the followee once however often it runs', async () => {
    const [a, b] = [await person(t), await person(t)];
    // The follow committed (with its counts), then the server died before dispatching the event.
    await t.sql('insert into follows (follower_id, followee_id) values ($1, $2)', [a.id, b.id]);
    await t.sql('update social_users set followers_count = followers_count + 1 where user_id = $1', [b.id]);
    await t.sql('update social_users set following_count = following_count + 1 where user_id = $1', [a.id]);
    const id = await strandedEvent('social.followed', { followerId: a.id, followeeId: b.id });
    expect((await inbox(b)).items).toEqual([]);

    await durable(t).sweep();
    await settled(t);
    const told = { type: 'new_follower', title: 'New follower', message: `${a.name} started following you`, link: { kind: 'user', id: a.id }, read: false };
    expect(await inbox(b)).toEqual({ unread: 1, items: [told] });
    expect(await outboxRow(id)).toEqual({ dispatched: true, attempts: 1 });

    // A retried job for an event already dispatched does nothing.
    expect(await durable(t).dispatch(id)).toBe(true);
    await durable(t).sweep();
    expect(await outboxRow(id)).toEqual({ dispatched: true, attempts: 1 });
    // A server that died after the handlers ran but before marking the event: it runs again, twice at once.
    await t.sql('update event_outbox set dispatched_at = null where id = $1', [id]);
    const again = await Promise.all([durable(t).dispatch(id), durable(t).dispatch(id)]);
    expect(again).toEqual([true, true]);
    expect((await outboxRow(id)).dispatched).toBe(true);
    expect(await inbox(b)).toEqual({ unread: 1, items: [told] });
    expect(await t.sql('select count(*)::int as n from notifications where user_id = $1', [b.id])).toEqual([{ n: 1 }]);
    // a is listed as b's follower exactly once.
    const followers = await t.http().get(`/api/users/${b.id}/followers`).set(...b.auth);
    expect(followers.body.total).toBe(1);
    expect(followers.body.followers.map((u: { id: string }) => u.id)).toEqual([a.id]);
  });

  it('rebuilds a directory entry from a stranded user-changed event, leaving recent ones to their dispatcher', async () => {
    const viewer = await person(t);
    const first = `Zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
    const c = await person(t, { first_name: first, last_name: 'Restored' });
    // As if the registration event had never been handled.
    await t.sql(`delete from content_index where kind = 'user' and ref_id = $1`, [c.id]);
    await t.sql('delete from social_users where user_id = $1', [c.id]);
    expect((await searchUsers(viewer, first)).body.results.users).toEqual([]);

    // Too recent: its own dispatcher may still be at it, so the sweeper leaves it alone.
    const recent = await strandedEvent('identity.user-changed', { userId: c.id }, '1 second');
    await durable(t).sweep();
    await sleep(500);
    expect(await outboxRow(recent)).toEqual({ dispatched: false, attempts: 0 });
    expect((await searchUsers(viewer, first)).body.results.users).toEqual([]);

    await t.sql(`update event_outbox set created_at = now() - interval '1 hour' where id = $1`, [recent]);
    await durable(t).sweep();
    await settled(t);
    const found = await searchUsers(viewer, first);
    expect(found.body.results.users).toEqual([expect.objectContaining({ id: c.id, username: c.name, full_name: `${first} Restored`, followers_count: 0, is_self: false })]);
    expect((await t.http().get(`/api/users/${c.id}/profile`).set(...viewer.auth)).body).toMatchObject({ id: c.id, username: c.name });

    // Handled again (a retry after a crash): still one entry, one result.
    await t.sql('update event_outbox set dispatched_at = null where id = $1', [recent]);
    expect(await durable(t).dispatch(recent)).toBe(true);
    expect(await t.sql('select count(*)::int as n from social_users where user_id = $1', [c.id])).toEqual([{ n: 1 }]);
    expect((await searchUsers(viewer, first)).body.results.users.map((u: { id: string }) => u.id)).toEqual([c.id]);
  });
});

describe('a failing handler', () => {
  it('leaves the event undispatched with its attempts counted, and a later dispatch completes it', async () => {
    const payee = await person(t);
    const payoutId = randomUUID();
    let failing = true;
    let runs = 0;
    // A second handler of the topic that fails (a service it needs is down) for this payout only.
    durable(t).on('money.payout-status-changed', async (p) => {
      if (p.payoutId !== payoutId) return;
      runs += 1;
      if (failing) throw new Error('ledger unavailable');
    });
    await record(['money.payout-status-changed', { userId: payee.id, payoutId, status: 'paid', amountCents: 4200 }]);
    const [{ id }] = await t.sql<{ id: string }>(`select id from event_outbox where payload->>'payoutId' = $1`, [payoutId]);

    // The in-process dispatcher retries a few times, then leaves the event to the sweeper.
    await waitFor('retries', async () => (await outboxRow(id)).attempts >= 2, 10_000, 50);
    let before = -1;
    for (;;) {
      const now = (await outboxRow(id)).attempts;
      if (now === before) break;
      before = now;
      await sleep(1000);
    }
    const stuck = await outboxRow(id);
    expect(stuck.dispatched).toBe(false);
    expect(stuck.attempts).toBe(runs);
    expect(stuck.attempts).toBeGreaterThanOrEqual(2);
    // Each run reached the notification handler first: the payee was told once, not once per attempt.
    const told = { type: 'payout', title: 'Payout paid', message: 'Your payout of $42.00 is paid', link: { kind: 'payout', id: payoutId }, read: false };
    expect(await inbox(payee)).toEqual({ unread: 1, items: [told] });

    // Once the service is back, the sweeper's dispatch completes it.
    failing = false;
    await t.sql(`update event_outbox set created_at = now() - interval '1 hour' where id = $1`, [id]);
    await durable(t).sweep();
    await settled(t);
    expect(await outboxRow(id)).toEqual({ dispatched: true, attempts: stuck.attempts + 1 });
    expect(runs).toBe(stuck.attempts + 1);
    expect(await inbox(payee)).toEqual({ unread: 1, items: [told] });
  }, 30_000);
});

describe('notifications from later contexts', () => {
  it('turns each hook into the right notification for its recipient, once per id', async () => {
    const [streamer, owner, payee, reporter, applicant, bystander] = await Promise.all(Array.from({ length: 6 }, () => person(t)));
    const ids = { chat1: randomUUID(), chat2: randomUUID(), stream: randomUUID(), membership: randomUUID(), payout: randomUUID(), report: randomUUID(), app1: randomUUID(), app2: randomUUID(), app3: randomUUID() };
    const events = (): Parameters<typeof record> => [
      ['live.super-chat-received', { streamerUserId: streamer.id, superChatId: ids.chat1, fromUsername: 'fan_one', amountCents: 1250, message: 'Great stream!', streamId: ids.stream }],
      ['live.super-chat-received', { streamerUserId: streamer.id, superChatId: ids.chat2, fromUsername: 'quiet_fan', amountCents: 500, message: '', streamId: ids.stream }],
      ['money.membership-started', { ownerUserId: owner.id, membershipId: ids.membership, memberUsername: 'new_member', channelName: 'Cooking Corner', tier: 'Gold' }],
      ['money.payout-status-changed', { userId: payee.id, payoutId: ids.payout, status: 'in_transit', amountCents: 9999 }],
      ['money.payout-status-changed', { userId: payee.id, payoutId: ids.payout, status: 'paid', amountCents: 9999 }],
      ['moderation.report-resolved', { reporterUserId: reporter.id, reportId: ids.report, outcome: 'content removed' }],
      ['partner.decision', { userId: applicant.id, applicationId: ids.app1, decision: 'rejected', reason: 'Not enough watch time yet' }],
      ['partner.decision', { userId: applicant.id, applicationId: ids.app2, decision: 'rejected' }],
      ['partner.decision', { userId: applicant.id, applicationId: ids.app3, decision: 'approved' }],
    ];
    // Recorded twice (a producer retrying its transaction's follow-up, say), and twice in one unit of work.
    await record(...events());
    await record(...events());
    await record(events()[0], events()[0]);
    await settled(t);
    expect(await t.sql(`select count(*)::int as n from event_outbox where dispatched_at is not null and payload::text like $1`, [`%${ids.stream}%`])).toEqual([{ n: 6 }]);

    const sorted = (items: NotificationItem[]) => [...items].sort((x, y) => x.message.localeCompare(y.message));
    const unread = (n: Omit<NotificationItem, 'read'>) => ({ ...n, read: false });

    const chats = await inbox(streamer);
    expect(chats.unread).toBe(2);
    expect(sorted(chats.items)).toEqual(
      sorted([
        unread({ type: 'super_chat', title: 'New Super Chat', message: 'fan_one sent $12.50: Great stream!', link: { kind: 'live', id: ids.stream } }),
        unread({ type: 'super_chat', title: 'New Super Chat', message: 'quiet_fan sent $5.00', link: { kind: 'live', id: ids.stream } }),
      ]),
    );
    expect(await inbox(owner)).toEqual({
      unread: 1,
      items: [unread({ type: 'membership', title: 'New member', message: 'new_member joined Cooking Corner (Gold)', link: { kind: 'membership', id: ids.membership } })],
    });
    const payouts = await inbox(payee);
    expect(payouts.unread).toBe(2);
    expect(sorted(payouts.items)).toEqual(
      sorted([
        unread({ type: 'payout', title: 'Payout in transit', message: 'Your payout of $99.99 is in transit', link: { kind: 'payout', id: ids.payout } }),
        unread({ type: 'payout', title: 'Payout paid', message: 'Your payout of $99.99 is paid', link: { kind: 'payout', id: ids.payout } }),
      ]),
    );
    expect(await inbox(reporter)).toEqual({
      unread: 1,
      items: [unread({ type: 'report_resolved', title: 'Report resolved', message: 'Thank you for your report. Outcome: content removed', link: { kind: 'report', id: ids.report } })],
    });
    const decisions = await inbox(applicant);
    expect(decisions.unread).toBe(3);
    expect(sorted(decisions.items)).toEqual(
      sorted([
        unread({ type: 'partner_decision', title: 'Partner program: not approved', message: 'Your partner program application was not approved: Not enough watch time yet', link: { kind: 'partner', id: ids.app1 } }),
        unread({ type: 'partner_decision', title: 'Partner program: not approved', message: 'Your partner program application was not approved.', link: { kind: 'partner', id: ids.app2 } }),
        unread({ type: 'partner_decision', title: 'Partner program: approved', message: 'Your partner program application was approved. You can now turn on monetization.', link: { kind: 'partner', id: ids.app3 } }),
      ]),
    );
    expect(await inbox(bystander)).toEqual({ unread: 0, items: [] });
  });
});

describe('with the job queue', () => {
  it('delivers the follower notification through pg-boss', async () => {
    const [a, b] = [await person(t), await person(t)];
    // A server process running the job queue, on the same database.
    const jobs = await createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' }, t);
    try {
      const r = await jobs.http().post(`/api/users/${b.id}/follow`).set(...a.auth);
      expect(r.status).toBe(200);
      expect(r.body.following).toBe(true);
      const [{ id }] = await t.sql<{ id: string }>(`select id from event_outbox where topic = 'social.followed' and payload->>'followerId' = $1`, [a.id]);
      const told = { type: 'new_follower', title: 'New follower', message: `${a.name} started following you`, link: { kind: 'user', id: a.id }, read: false };
      await waitFor('notification', async () => (await inbox(b, jobs)).items.length > 0, 30_000, 100);
      expect(await inbox(b, jobs)).toEqual({ unread: 1, items: [told] });
      expect(await outboxRow(id)).toMatchObject({ dispatched: true });
      // Dispatched at once by the process, with a durable job queued as the backstop for a process that dies first.
      const [backstop] = await t.sql<{ state: string; delay: number }>(
        `select state, extract(epoch from start_after - created_on)::int as delay from pgboss.job where name = 'events.dispatch' and data->>'id' = $1`,
        [id],
      );
      expect(backstop).toMatchObject({ state: 'created' });
      expect(backstop.delay).toBeGreaterThanOrEqual(10);
      // When that job runs, it finds the event handled and changes nothing.
      await jobs.app.get(DurableEvents).dispatch(id);
      expect(await inbox(b, jobs)).toEqual({ unread: 1, items: [told] });
    } finally {
      await jobs.close();
    }
  }, 60_000);
});
