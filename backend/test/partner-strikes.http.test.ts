import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, markReady, MP4_HEAD, upload } from './media-fixtures.js';
import { person } from './social-fixtures.js';
import { admin, balance, earnings, expectLedgerConsistent, fundedCreator, notificationsOf, type Admin } from './money-fixtures.js';

/**
 * A guideline strike and the creator's money: while it is active the partner program's guidelines requirement fails
 * with its reason and payout requests are held (the funds stay where they are); an overturned appeal restores both.
 */
let t: TestApp;
let origin: string;
let boss: Admin;
const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  origin = await baseUrl(t);
  boss = await admin(t);
}, 60_000);
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t.close());

const PAYPAL = { payment_method: 'paypal', bank_details: null };

async function partner(who: { auth: [string, string] }) {
  const r = await t.http().get('/api/creator/partner-program-status').set(...who.auth);
  expect(r.status).toBe(200);
  return r.body as { eligible: boolean; requirements_met: number; requirements: { guidelines_compliant: boolean; guidelines_strike: { reason: string; expires_at: string } | null } };
}

it('a strike fails the guidelines requirement and holds payouts; overturning it on appeal restores both, and the video', async () => {
  const { creator } = await fundedCreator(t, origin);
  const video = await upload(t, 'video', creator.auth, mp4, { title: 'Borrowed footage' });
  expect(video.status).toBe(201);
  await markReady(t, video.body.id);
  const reporter = await person(t);

  const before = await partner(creator);
  expect(before.requirements).toMatchObject({ guidelines_compliant: true, guidelines_strike: null });
  const metBefore = before.requirements_met;

  const report = await t.http().post('/api/content/report').set(...reporter.auth).field('content_type', 'video').field('content_id', video.body.id).field('reason', 'spam').field('description', 'Re-uploaded from another channel');
  expect(report.status).toBe(201);
  const cases = await t.http().get('/api/admin/moderation/cases?status=open&limit=100').set(...boss.adminAuth);
  expect(cases.status).toBe(200);
  const theCase = (cases.body.cases as { id: string; content_id: string }[]).find((c) => c.content_id === video.body.id);
  expect(theCase).toBeDefined();
  const decided = await t.http().post(`/api/admin/moderation/cases/${theCase!.id}/decision`).set(...boss.adminAuth).send({ action: 'remove_and_strike', reason: 'Spam: re-uploaded content' });
  expect(decided.status).toBe(200);

  // The video is gone for everyone, its owner included.
  expect((await t.http().get(`/api/videos/${video.body.id}`)).status).toBe(404);
  expect((await t.http().get(`/api/videos/${video.body.id}`).set(...creator.auth)).status).toBe(404);

  // The partner program: the guidelines requirement fails, with the strike's reason and end.
  const struck = await partner(creator);
  expect(struck.requirements.guidelines_compliant).toBe(false);
  expect(struck.requirements.guidelines_strike?.reason).toBe('Spam: re-uploaded content');
  const daysLeft = (new Date(struck.requirements.guidelines_strike!.expires_at).getTime() - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(89);
  expect(daysLeft).toBeLessThanOrEqual(90);
  expect(struck.eligible).toBe(false);
  expect(struck.requirements_met).toBe(metBefore - 1);

  // Payouts are held: refused with the reason, nothing moves in the ledger.
  const available = await balance(t, `user:${creator.id}:available`);
  const held = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL });
  expect(held.status).toBe(409);
  expect(held.body.code).toBe('MONEY.PAYOUTS_ON_HOLD');
  expect(held.body.detail).toMatch(/^Payouts are on hold while your channel has an active guideline strike \(until \d{4}-\d{2}-\d{2}\)\.$/);
  expect(await balance(t, `user:${creator.id}:available`)).toBe(available);
  const heldEarnings = await earnings(t, creator);
  expect(heldEarnings.can_request_payout).toBe(false);
  expect(heldEarnings.payouts_on_hold_until).toBe(struck.requirements.guidelines_strike!.expires_at);
  expect(heldEarnings.earnings.available_balance).toBeGreaterThanOrEqual(50);

  // The creator was told, with the reason.
  const told = await notificationsOf(t, creator);
  expect(told.map((n) => n.type)).toEqual(expect.arrayContaining(['content_removed', 'strike']));
  expect(told.find((n) => n.type === 'strike')?.message).toContain('Spam: re-uploaded content');

  // The creator appeals; the admin overturns it.
  const strikes = await t.http().get('/api/moderation/strikes').set(...creator.auth);
  expect(strikes.status).toBe(200);
  const strike = strikes.body.strikes[0] as { id: string; can_appeal: boolean };
  expect(strike.can_appeal).toBe(true);
  const appeal = await t.http().post(`/api/moderation/strikes/${strike.id}/appeal`).set(...creator.auth).send({ message: 'I filmed this myself; here is the raw footage.' });
  expect(appeal.status).toBe(200);
  const overturned = await t.http().post(`/api/admin/moderation/strikes/${strike.id}/appeal-decision`).set(...boss.adminAuth).send({ decision: 'overturn', reason: 'Original footage confirmed' });
  expect(overturned.status).toBe(200);

  const restored = await partner(creator);
  expect(restored.requirements).toMatchObject({ guidelines_compliant: true, guidelines_strike: null });
  expect(restored.requirements_met).toBe(metBefore);
  expect((await earnings(t, creator)).payouts_on_hold_until).toBeNull();
  const paid = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL });
  expect(paid.status).toBe(200);
  expect((await t.http().get(`/api/videos/${video.body.id}`)).status).toBe(200);
  expect((await notificationsOf(t, creator)).find((n) => n.type === 'appeal_decided')?.title).toBe('Appeal granted: strike removed');
});

it('a strike on someone else holds nobody else: another creator with funds requests a payout as usual', async () => {
  const { creator } = await fundedCreator(t, origin);
  expect((await partner(creator)).requirements.guidelines_compliant).toBe(true);
  const r = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 50, ...PAYPAL });
  expect(r.status).toBe(200);
});
