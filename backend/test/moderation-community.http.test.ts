import { jest } from '@jest/globals';
import { SocialFacade } from '../src/modules/social/social.facade.js';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { appeal, caseOf, decide, decideAppeal, events, notificationsOf, report, reported, strikesOf, TestClock, type Any } from './moderation-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 15: gaming community posts are content that can be reported (POST /api/content/report, content_type
 * community_post). Removing one hides it from the list, its page and its comments; an overturned strike brings it back.
 */

let t: TestApp;
let boss: Admin;
let clock: TestClock;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  clock = new TestClock(t);
  boss = await admin(t);
}, 60_000);
afterAll(() => t?.close());

async function postOf(who: Person, title = 'Cheap coins here'): Promise<Any> {
  const r = await t.http().post('/api/gaming/community/post').set(...who.auth).send({ title, content: 'Visit example.com for coins', game: 'Chess', post_type: 'guide' });
  expect(r.status).toBe(201);
  return r.body;
}
const listed = async (id: string) => ((await t.http().get('/api/gaming/community/posts?limit=50')).body as Any[]).some((p) => p.id === id);

describe('reporting a community post', () => {
  it('files a report that opens a case showing the post as it was', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const p = await postOf(author, 'Report me');
    const r = await reported(t, reporter, 'community_post', p.id);
    expect(r).toMatchObject({ content_type: 'community_post', content_id: p.id, reason: 'spam' });
    const c = await caseOf(t, boss.adminAuth, p.id);
    expect(c).toMatchObject({ content_type: 'community_post', owner: { user_id: author.id, username: author.name }, report_count: 1 });
    expect(c.content).toMatchObject({ title: 'Report me', text: 'Visit example.com for coins', removed: false });
  });

  it('refuses your own post, a second report, an unknown or deleted post, and visitors', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const p = await postOf(author);
    expect((await report(t, author.auth, { content_type: 'community_post', content_id: p.id, reason: 'spam' })).status).toBe(400);
    await reported(t, reporter, 'community_post', p.id);
    expect((await report(t, reporter.auth, { content_type: 'community_post', content_id: p.id, reason: 'spam' })).status).toBe(400);
    expect((await report(t, reporter.auth, { content_type: 'community_post', content_id: '00000000-0000-4000-8000-000000000000', reason: 'spam' })).status).toBe(404);
    const deleted = await postOf(author);
    expect((await t.http().delete(`/api/gaming/community/post/${deleted.id}`).set(...author.auth)).status).toBe(204);
    expect((await report(t, reporter.auth, { content_type: 'community_post', content_id: deleted.id, reason: 'spam' })).status).toBe(404);
    expect((await report(t, null, { content_type: 'community_post', content_id: p.id, reason: 'spam' })).status).toBe(401);
  });

  it("is refused (503) while the 'gaming' feature is off", async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const p = await postOf(author);
    await t.sql(`update feature_flags set enabled = false where name = 'gaming'`);
    await t.app.get(FeatureFlags).reload();
    try {
      const r = await report(t, reporter.auth, { content_type: 'community_post', content_id: p.id, reason: 'spam' });
      expect([r.status, r.body.code]).toEqual([503, 'SYSTEM.FEATURE_DISABLED']);
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'gaming'`);
      await t.app.get(FeatureFlags).reload();
    }
    await reported(t, reporter, 'community_post', p.id);
  });
});

describe('removal and restore', () => {
  it('removal hides the post from the list, its page, its comments and likes; the reporter and the author are told', async () => {
    const [author, reporter, fan] = [await person(t), await person(t), await person(t)];
    const p = await postOf(author, 'Removable post');
    await t.http().post(`/api/gaming/community/post/${p.id}/comments`).set(...fan.auth).send({ content: 'spam indeed' });
    expect(await listed(p.id)).toBe(true);
    const filed = await reported(t, reporter, 'community_post', p.id);
    const c = await caseOf(t, boss.adminAuth, p.id);
    clock.tick();
    const d = await decide(t, boss.adminAuth, c.id, 'remove');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ status: 'resolved', resolution: 'removed', content: { removed: true } });
    expect(await listed(p.id)).toBe(false);
    for (const who of [null, author, fan]) {
      const r = t.http().get(`/api/gaming/community/post/${p.id}`);
      const got = await (who ? r.set(...who.auth) : r);
      expect(got.status).toBe(404);
      expect(got.body.detail).toBe('Post not found');
    }
    expect((await t.http().get(`/api/gaming/community/post/${p.id}/comments`)).status).toBe(404);
    expect((await t.http().post(`/api/gaming/community/post/${p.id}/like`).set(...fan.auth)).status).toBe(404);
    expect((await t.http().post(`/api/gaming/community/post/${p.id}/comments`).set(...fan.auth).send({ content: 'more' })).status).toBe(404);
    // Nor can its author delete it out of moderation's hands.
    expect((await t.http().delete(`/api/gaming/community/post/${p.id}`).set(...author.auth)).status).toBe(404);
    expect(await notificationsOf(t, reporter)).toContainEqual(expect.objectContaining({ type: 'report_resolved', message: 'Thank you for your report. Outcome: The content was removed.', link: { kind: 'report', id: filed.id } }));
    expect(await notificationsOf(t, author)).toContainEqual(expect.objectContaining({ type: 'content_removed', message: expect.stringContaining('"Removable post" was removed') }));
  });

  it('an overturned strike brings the post back, with its comments', async () => {
    const [author, reporter, fan] = [await person(t), await person(t), await person(t)];
    const p = await postOf(author, 'Wrongly removed');
    await t.http().post(`/api/gaming/community/post/${p.id}/comments`).set(...fan.auth).send({ content: 'fine by me' });
    await reported(t, reporter, 'community_post', p.id);
    const c = await caseOf(t, boss.adminAuth, p.id);
    clock.tick();
    expect((await decide(t, boss.adminAuth, c.id, 'remove_and_strike')).status).toBe(200);
    expect(await listed(p.id)).toBe(false);
    const strike = (await strikesOf(t, author)).find((s) => s.content_id === p.id) as Any;
    expect(strike).toMatchObject({ content_type: 'community_post', content_title: 'Wrongly removed', content_removed: true });
    expect((await appeal(t, author.auth, strike.id, 'It is a real guide')).status).toBe(200);
    clock.tick();
    expect((await decideAppeal(t, boss.adminAuth, strike.id, 'overturn')).status).toBe(200);
    expect(await events(t, 'moderation.content-restored')).toContainEqual({ contentType: 'community_post', contentId: p.id });
    const back = await t.http().get(`/api/gaming/community/post/${p.id}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ title: 'Wrongly removed', comments: 1 });
    expect(await listed(p.id)).toBe(true);
    expect((await t.http().get(`/api/gaming/community/post/${p.id}/comments`)).body.map((x: Any) => x.content)).toEqual(['fine by me']);
    expect((await caseOf(t, boss.adminAuth, p.id)).content.removed).toBe(false);
  });

  it('the durable event removes the post even when the direct removal fails', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const p = await postOf(author);
    await reported(t, reporter, 'community_post', p.id);
    const c = await caseOf(t, boss.adminAuth, p.id);
    const social = t.app.get(SocialFacade);
    const failing = jest.spyOn(social, 'removeCommunityPostByModeration').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await decide(t, boss.adminAuth, c.id, 'remove')).status).toBe(200);
      await settled(t);
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    expect((await t.http().get(`/api/gaming/community/post/${p.id}`)).status).toBe(404);
    expect(await listed(p.id)).toBe(false);
  });

  it('dismissing a case changes nothing', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const p = await postOf(author);
    await reported(t, reporter, 'community_post', p.id);
    const c = await caseOf(t, boss.adminAuth, p.id);
    expect((await decide(t, boss.adminAuth, c.id, 'dismiss')).status).toBe(200);
    expect((await t.http().get(`/api/gaming/community/post/${p.id}`)).status).toBe(200);
    expect(await listed(p.id)).toBe(true);
  });
});
