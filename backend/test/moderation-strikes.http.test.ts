import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, type Person } from './social-fixtures.js';
import { ModerationFacade } from '../src/modules/moderation/moderation.facade.js';
import { appeal, caseOf, comment, DAY_MS, decide, decideAppeal, events, media, mediaStatus, notificationsOf, reported, strikesOf, TestClock, type Any } from './moderation-fixtures.js';

/**
 * Guideline strikes over HTTP: what the struck user sees, their one appeal within 20 days (and every 409), the admin's
 * decision on it (overturning restores the content, upholding lets its files go), the active strike that other
 * contexts read (ModerationFacade.activeStrike), the purge of removed media once its appeal window closed, and the
 * audit rows of appeal decisions. Time is moderation's clock, moved by the tests.
 */

let t: TestApp;
let clock: TestClock;
let boss: Admin;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  clock = new TestClock(t);
  boss = await admin(t);
}, 60_000);
afterAll(() => t?.close());

const facade = () => t.app.get(ModerationFacade);
const ctx = <T>(fn: () => Promise<T>): Promise<T> => RequestContext.create(t.orm.em, fn);
const activeStrike = (userId: string) => ctx(() => facade().activeStrike(userId));
const sweep = () => ctx(() => facade().purgeClosedAppealWindows());

/** A video of a new uploader, reported and decided with `action`; returns the uploader, the video and the strike (if any). */
async function struck(action: 'strike' | 'remove_and_strike' | 'remove' | 'dismiss' = 'remove_and_strike', reason = 'Breaks the rules', uploader?: Person): Promise<{ uploader: Person; video: string; strike: Any; caseId: string }> {
  const who = uploader ?? (await person(t));
  const video = await media(t, who, 'video', `Struck ${randomUUID().slice(0, 6)}`);
  await reported(t, await person(t), 'video', video);
  const c = await caseOf(t, boss.adminAuth, video);
  const r = await decide(t, boss.adminAuth, c.id, action, reason);
  if (r.status !== 200) throw new Error(`decision: ${r.status} ${JSON.stringify(r.body)}`);
  const strike = (await strikesOf(t, who)).find((s) => s.content_id === video) ?? null;
  return { uploader: who, video, strike: strike as Any, caseId: c.id };
}

describe("the struck user's strikes", () => {
  it('lists their strikes, newest first, with the appeal deadline and expiry', async () => {
    const first = await struck('strike', 'First reason');
    clock.tick();
    const second = await struck('remove_and_strike', 'Second reason', first.uploader);
    const list = await strikesOf(t, first.uploader);
    expect(list.map((s) => s.id)).toEqual([second.strike.id, first.strike.id]);
    const created = new Date(second.strike.created_at).getTime();
    expect(list[0]).toEqual({
      id: expect.any(String),
      reason: 'Second reason',
      content_type: 'video',
      content_id: second.video,
      content_title: expect.stringMatching(/^Struck /),
      content_removed: true,
      status: 'active',
      created_at: clock.now().toISOString(),
      expires_at: new Date(created + 90 * DAY_MS).toISOString(),
      appeal_deadline: new Date(created + 20 * DAY_MS).toISOString(),
      can_appeal: true,
      appeal: null,
    });
    // Nobody else sees them.
    expect(await strikesOf(t, await person(t))).toEqual([]);
  });

  it('is the active strike other contexts read, the one that runs the longest, until it expires after 90 days', async () => {
    const a = await struck('strike', 'Older');
    clock.advance(DAY_MS);
    const b = await struck('strike', 'Newer', a.uploader);
    expect(await activeStrike(a.uploader.id)).toEqual({ reason: 'Newer', expiresAt: new Date(b.strike.expires_at) });
    expect(await activeStrike((await person(t)).id)).toBeNull();
    // The first one expires a day before the second.
    clock.advance(89 * DAY_MS);
    expect(await activeStrike(a.uploader.id)).toEqual({ reason: 'Newer', expiresAt: new Date(b.strike.expires_at) });
    const list = await strikesOf(t, a.uploader);
    expect(list.map((s) => s.status)).toEqual(['active', 'expired']);
    clock.advance(DAY_MS);
    expect(await activeStrike(a.uploader.id)).toBeNull();
    expect((await strikesOf(t, a.uploader)).map((s) => [s.status, s.can_appeal])).toEqual([
      ['expired', false],
      ['expired', false],
    ]);
  });
});

describe('appeals', () => {
  it('the owner appeals once, within 20 days: the appeal is pending and the admins see it', async () => {
    const { uploader, strike } = await struck();
    clock.advance(19 * DAY_MS);
    const r = await appeal(t, uploader.auth, strike.id, '  I own the rights to this footage  ');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: strike.id,
      status: 'active',
      can_appeal: false,
      appeal: { message: 'I own the rights to this footage', status: 'pending', created_at: clock.now().toISOString(), decided_at: null, decision_reason: null },
    });
    const pending = await t.http().get('/api/admin/moderation/appeals').set(...boss.adminAuth);
    expect(pending.status).toBe(200);
    expect(pending.body.strikes).toContainEqual({ ...r.body, user_id: uploader.id, username: uploader.name });
    const again = await appeal(t, uploader.auth, strike.id, 'Please');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: 409, code: 'MODERATION.ALREADY_APPEALED', detail: 'This strike has already been appealed', message: 'This strike has already been appealed' });
  });

  it("20 days after the strike the window has closed (409); after 90 days it is 'no longer active' (409)", async () => {
    const { uploader, strike } = await struck('strike');
    clock.advance(20 * DAY_MS);
    const late = await appeal(t, uploader.auth, strike.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'MODERATION.APPEAL_WINDOW_CLOSED', detail: 'The appeal window for this strike has closed' });
    expect((await strikesOf(t, uploader))[0]).toMatchObject({ status: 'active', can_appeal: false });
    clock.advance(70 * DAY_MS);
    const expired = await appeal(t, uploader.auth, strike.id);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ code: 'MODERATION.STRIKE_NOT_ACTIVE', detail: 'This strike is no longer active' });
  });

  it("an overturned strike cannot be appealed again (409 'This strike has already been appealed')", async () => {
    const { uploader, strike } = await struck('strike');
    expect((await appeal(t, uploader.auth, strike.id)).status).toBe(200);
    expect((await decideAppeal(t, boss.adminAuth, strike.id, 'overturn')).status).toBe(200);
    const again = await appeal(t, uploader.auth, strike.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This strike has already been appealed');
  });

  it("someone else's strike, an unknown one, or an id that is not one is 404", async () => {
    const { strike } = await struck('strike');
    const stranger = await person(t);
    for (const [who, id] of [
      [stranger, strike.id],
      [stranger, randomUUID()],
      [stranger, 'not-a-strike'],
    ] as const) {
      const r = await appeal(t, who.auth, id);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'MODERATION.STRIKE_NOT_FOUND', detail: 'Strike not found' });
    }
    expect((await appeal(t, null, strike.id)).status).toBe(401);
    expect((await appeal(t, boss.adminAuth, strike.id)).status).toBe(401);
  });

  it.each([
    ['no message', {}, 'Please explain why the strike should be removed'],
    ['a blank message', { message: '   ' }, 'Please explain why the strike should be removed'],
    ['a message that is not text', { message: 12 }, 'Please explain why the strike should be removed'],
    ['a message over 2000 characters', { message: 'm'.repeat(2001) }, 'Appeal message must be at most 2000 characters'],
  ])('%s is 400', async (_, body, message) => {
    const { uploader, strike } = await struck('strike');
    const r = await t.http().post(`/api/moderation/strikes/${strike.id}/appeal`).set(...uploader.auth).send(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message, errors: [{ field: 'message', message }] });
    expect((await strikesOf(t, uploader))[0].appeal).toBeNull();
    // 2000 characters are taken.
    expect((await appeal(t, uploader.auth, strike.id, 'm'.repeat(2000))).status).toBe(200);
  });

  it('pending appeals are listed oldest appeal first', async () => {
    const a = await struck('strike');
    const b = await struck('strike');
    await appeal(t, b.uploader.auth, b.strike.id);
    clock.tick();
    await appeal(t, a.uploader.auth, a.strike.id);
    const r = await t.http().get('/api/admin/moderation/appeals').set(...boss.adminAuth);
    const ids = r.body.strikes.map((s: Any) => s.id);
    expect(ids.indexOf(b.strike.id)).toBeLessThan(ids.indexOf(a.strike.id));
    for (const s of r.body.strikes) expect(s.appeal.status).toBe('pending');
  });
});

describe('appeal decisions', () => {
  it('overturn: the strike ends, the removed video comes back, the owner is told, the admin audited', async () => {
    const { uploader, video, strike, caseId } = await struck('remove_and_strike', 'Copyright');
    expect(await mediaStatus(t, video)).toBe('removed');
    expect(await activeStrike(uploader.id)).toMatchObject({ reason: 'Copyright' });
    await appeal(t, uploader.auth, strike.id, 'It is my own work');
    clock.tick();
    const r = await decideAppeal(t, boss.adminAuth, strike.id, 'overturn', '  The uploader showed the licence  ');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...strike,
      status: 'overturned',
      content_removed: false,
      can_appeal: false,
      appeal: { message: 'It is my own work', status: 'overturned', created_at: expect.any(String), decided_at: clock.now().toISOString(), decision_reason: 'The uploader showed the licence' },
      user_id: uploader.id,
      username: uploader.name,
    });
    // Restored at once: ready and watchable again.
    expect(await mediaStatus(t, video)).toBe('ready');
    expect((await t.http().get(`/api/videos/${video}`).set(...(await person(t)).auth)).status).toBe(200);
    expect(await events(t, 'moderation.content-restored')).toContainEqual({ contentType: 'video', contentId: video });
    expect(await activeStrike(uploader.id)).toBeNull();
    expect((await strikesOf(t, uploader))[0]).toMatchObject({ status: 'overturned', content_removed: false });
    expect(await notificationsOf(t, uploader)).toContainEqual(expect.objectContaining({ type: 'appeal_decided', title: 'Appeal granted: strike removed', link: { kind: 'strikes', id: strike.id } }));
    // The queue shows the content back up.
    expect((await caseOf(t, boss.adminAuth, video)).content.removed).toBe(false);
    const audit = await t.http().get('/api/admin/moderation/audit?limit=1').set(...boss.adminAuth);
    expect(audit.body.entries[0]).toEqual({
      id: expect.any(String),
      admin_username: boss.name,
      action: 'overturn_appeal',
      content_type: 'video',
      content_id: video,
      target_user_id: uploader.id,
      target_username: uploader.name,
      case_id: caseId,
      strike_id: strike.id,
      reason: 'The uploader showed the licence',
      created_at: clock.now().toISOString(),
    });
    // Gone from the pending appeals.
    expect((await t.http().get('/api/admin/moderation/appeals').set(...boss.adminAuth)).body.strikes.some((s: Any) => s.id === strike.id)).toBe(false);
  });

  it('uphold: the strike stays, the removed video stays down and its files go, the owner is told', async () => {
    const { uploader, video, strike } = await struck('remove_and_strike', 'Spam');
    await appeal(t, uploader.auth, strike.id);
    const r = await decideAppeal(t, boss.adminAuth, strike.id, 'uphold', 'Clearly spam');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'active', content_removed: true, appeal: { status: 'upheld', decision_reason: 'Clearly spam' } });
    expect(await mediaStatus(t, video)).toBe('removed');
    expect(await events(t, 'moderation.content-purge')).toContainEqual({ contentType: 'video', contentId: video });
    expect(await activeStrike(uploader.id)).toMatchObject({ reason: 'Spam' });
    expect(await notificationsOf(t, uploader)).toContainEqual(expect.objectContaining({ type: 'appeal_decided', title: 'Appeal rejected: strike stays' }));
    expect((await t.http().get('/api/admin/moderation/audit?limit=1').set(...boss.adminAuth)).body.entries[0]).toMatchObject({ action: 'uphold_appeal', strike_id: strike.id, reason: 'Clearly spam' });
    // The sweep has nothing more to do for it.
    clock.advance(21 * DAY_MS);
    await sweep();
    expect((await events(t, 'moderation.content-purge')).filter((e) => e.contentId === video)).toHaveLength(1);
  });

  it("a comment removed with an overturned strike stays deleted (comments are not restored)", async () => {
    const writer = await person(t);
    const video = await media(t, await person(t), 'video', 'Commented');
    const note = await comment(t, writer, 'video', video, 'Rude words');
    await reported(t, await person(t), 'comment', note);
    const c = await caseOf(t, boss.adminAuth, note);
    await decide(t, boss.adminAuth, c.id, 'remove_and_strike', 'Rude');
    const [strike] = await strikesOf(t, writer);
    await appeal(t, writer.auth, strike.id);
    const r = await decideAppeal(t, boss.adminAuth, strike.id, 'overturn', 'Not that rude');
    expect(r.body).toMatchObject({ status: 'overturned', content_removed: true });
    expect(await t.sql('select id from media_comments where id = $1', [note])).toEqual([]);
    expect((await events(t, 'moderation.content-restored')).some((e) => e.contentId === note)).toBe(false);
  });

  it("deciding twice is 409 'This appeal has already been decided'; a strike without an appeal is 409 'This strike has no pending appeal'", async () => {
    const { uploader, strike } = await struck('strike');
    const none = await decideAppeal(t, boss.adminAuth, strike.id, 'uphold');
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'MODERATION.NO_PENDING_APPEAL', detail: 'This strike has no pending appeal' });
    await appeal(t, uploader.auth, strike.id);
    expect((await decideAppeal(t, boss.adminAuth, strike.id, 'uphold')).status).toBe(200);
    for (const decision of ['uphold', 'overturn'] as const) {
      const r = await decideAppeal(t, boss.adminAuth, strike.id, decision);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'MODERATION.APPEAL_DECIDED', detail: 'This appeal has already been decided' });
    }
    // Concurrent decisions: one wins.
    const other = await struck('strike');
    await appeal(t, other.uploader.auth, other.strike.id);
    const answers = await Promise.all((['uphold', 'overturn', 'uphold', 'overturn'] as const).map((d) => decideAppeal(t, boss.adminAuth, other.strike.id, d)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.sql('select id from moderation_audit_log where strike_id = $1', [other.strike.id])).toHaveLength(2);
  });

  it.each([
    ['an unknown decision', { decision: 'maybe', reason: 'x' }, 'decision must be uphold or overturn'],
    ['no reason', { decision: 'uphold' }, 'A reason is required'],
    ['a reason over 500 characters', { decision: 'overturn', reason: 'r'.repeat(501) }, 'Reason must be at most 500 characters'],
  ])('%s is 400', async (_, body, message) => {
    const { uploader, strike } = await struck('strike');
    await appeal(t, uploader.auth, strike.id);
    const r = await t.http().post(`/api/admin/moderation/strikes/${strike.id}/appeal-decision`).set(...boss.adminAuth).send(body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
  });

  it('an unknown strike is 404; only the admin console may decide (401 without a token, 403 for user tokens)', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const r = await decideAppeal(t, boss.adminAuth, id, 'uphold');
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Strike not found');
    }
    const { uploader, strike } = await struck('strike');
    await appeal(t, uploader.auth, strike.id);
    expect((await decideAppeal(t, null, strike.id, 'overturn')).status).toBe(401);
    for (const auth of [uploader.auth, boss.auth]) expect((await decideAppeal(t, auth, strike.id, 'overturn')).status).toBe(403);
    expect((await strikesOf(t, uploader))[0].appeal.status).toBe('pending');
  });
});

describe("the purge of removed media once its strike's appeal window closed", () => {
  it('orders the purge once, 20 days after the strike, only for media removed with an unappealed strike', async () => {
    const unappealed = await struck('remove_and_strike');
    const appealed = await struck('remove_and_strike');
    await appeal(t, appealed.uploader.auth, appealed.strike.id);
    const kept = await struck('strike');
    const purgedAtOnce = await struck('remove');
    expect(await events(t, 'moderation.content-removed')).toContainEqual(expect.objectContaining({ contentId: purgedAtOnce.video, purgeFiles: true }));
    const purges = async () => (await events(t, 'moderation.content-purge')).map((e) => e.contentId);
    // Not yet: 19 days and 23 hours.
    clock.advance(20 * DAY_MS - 3_600_000);
    await sweep();
    expect(await purges()).not.toContain(unappealed.video);
    clock.advance(3_600_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const after = await purges();
    expect(after).toContain(unappealed.video);
    for (const other of [appealed.video, kept.video, purgedAtOnce.video]) expect(after).not.toContain(other);
    expect(await mediaStatus(t, unappealed.video)).toBe('removed');
    // Once.
    expect(await sweep()).toBe(0);
    expect((await purges()).filter((id) => id === unappealed.video)).toHaveLength(1);
    // The pending appeal holds the files until it is decided; then the upheld appeal purges them.
    await decideAppeal(t, boss.adminAuth, appealed.strike.id, 'uphold');
    expect((await purges()).filter((id) => id === appealed.video)).toHaveLength(1);
    expect(await sweep()).toBe(0);
  });
});
