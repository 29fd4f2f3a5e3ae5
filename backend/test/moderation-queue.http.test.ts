import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { allCases, caseOf, channel, comment, decide, events, media, mediaStatus, notificationsOf, report, reported, strikesOf, TestClock, type Any } from './moderation-fixtures.js';

/**
 * The moderation queue over HTTP: open reports grouped by content into cases (ordered by how often and how long
 * they have been reported, keyset-paged), each showing the content as it was when first reported; an admin's
 * decisions (dismiss, remove, strike, both) with their effects on the content, the owner and every reporter, once per
 * case; admin-only access; and the audit log.
 */

let t: TestApp;
let clock: TestClock;
let boss: Admin;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  clock = new TestClock(t);
  [boss, owner] = await Promise.all([admin(t), person(t)]);
}, 60_000);
afterAll(() => t?.close());

const people = (n: number) => Promise.all(Array.from({ length: n }, () => person(t)));
const mine = (cases: Any[], ids: string[]) => cases.filter((c) => ids.includes(c.content_id)).map((c) => c.content_id);

describe('the queue', () => {
  it('groups reports by content into one open case, most reported first, then the longest waiting', async () => {
    const [a, b, c] = await Promise.all([media(t, owner, 'video', 'Queue A'), media(t, owner, 'video', 'Queue B'), media(t, owner, 'reel', 'Queue C')]);
    const crowd = await people(3);
    // A: three reports; B: one, earlier than C; C: three, later than A.
    for (const p of crowd) {
      await reported(t, p, 'video', a);
      clock.tick();
    }
    await reported(t, crowd[0], 'video', b);
    clock.tick();
    for (const p of crowd) {
      await reported(t, p, 'reel', c);
      clock.tick();
    }
    const open = await allCases(t, boss.adminAuth);
    expect(mine(open, [a, b, c])).toEqual([a, c, b]);
    const caseA = open.find((x) => x.content_id === a)!;
    expect(caseA.report_count).toBe(3);
    expect(caseA.reports.map((r: Any) => r.reporter.user_id)).toEqual(crowd.map((p) => p.id).reverse());
    expect(new Date(caseA.first_reported_at).getTime()).toBeLessThan(new Date(caseA.last_reported_at).getTime());
    // Every report of one content is in that one case.
    expect(await t.sql('select id from moderation_cases where content_id = $1', [a])).toHaveLength(1);
  });

  it('pages through the queue with a keyset cursor, every case once, in the same order', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => media(t, owner, 'video', `Paged ${i}`)));
    const [p1, p2] = await people(2);
    for (const [i, id] of ids.entries()) {
      await reported(t, p1, 'video', id);
      if (i % 2 === 0) await reported(t, p2, 'video', id);
      clock.tick();
    }
    const whole = (await allCases(t, boss.adminAuth)).map((c) => c.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: Any = await t.http().get(`/api/admin/moderation/cases?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).set(...boss.adminAuth);
      expect(r.status).toBe(200);
      expect(r.body.cases.length).toBeLessThanOrEqual(2);
      paged.push(...r.body.cases.map((c: Any) => c.id));
      cursor = r.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
    const order = (await allCases(t, boss.adminAuth)).filter((c) => ids.includes(c.content_id));
    expect(order.map((c) => c.report_count)).toEqual([2, 2, 2, 1, 1]);
    expect(order.map((c) => c.content_id)).toEqual([ids[0], ids[2], ids[4], ids[1], ids[3]]);
  });

  it('refuses a cursor that is not one of its own, and an unknown status (400)', async () => {
    for (const q of ['cursor=garbage', `cursor=${Buffer.from('x|y|z').toString('base64url')}`, 'status=resolved&cursor=abc', 'status=closed']) {
      const r = await t.http().get(`/api/admin/moderation/cases?${q}`).set(...boss.adminAuth);
      expect({ q, status: r.status }).toEqual({ q, status: 400 });
    }
    const r = await t.http().get('/api/admin/moderation/cases?status=closed').set(...boss.adminAuth);
    expect(r.body.detail).toBe('status must be open or resolved');
  });

  it('shows a case whole: the snapshot, the owner, the reports newest first with who sent them', async () => {
    const uploader = await person(t);
    const id = await media(t, uploader, 'video', 'Shown whole', { description: 'What the video is about' });
    const [first, second] = await people(2);
    const r1 = await reported(t, first, 'video', id, { reason: 'violence', description: 'At the start', timestamp_seconds: 1 });
    clock.tick();
    const r2 = await reported(t, second, 'video', id, { reason: 'spam' });
    const c = await caseOf(t, boss.adminAuth, id);
    // No thumbnail without processing (markReady); its address when there is one.
    expect(c.content.thumbnail_url === null || typeof c.content.thumbnail_url === 'string').toBe(true);
    expect(c).toEqual({
      id: expect.any(String),
      content_type: 'video',
      content_id: id,
      status: 'open',
      report_count: 2,
      first_reported_at: r1.created_at,
      last_reported_at: r2.created_at,
      owner: { user_id: uploader.id, username: uploader.name },
      content: {
        title: 'Shown whole',
        description: 'What the video is about',
        text: null,
        channel_name: null,
        handle: null,
        thumbnail_url: c.content.thumbnail_url,
        stream_url: expect.any(String),
        media_kind: 'video',
        media_id: id,
        removed: false,
      },
      reports: [
        { id: r2.id, reporter: { user_id: second.id, username: second.name }, reason: 'spam', description: null, timestamp_seconds: null, created_at: r2.created_at },
        { id: r1.id, reporter: { user_id: first.id, username: first.name }, reason: 'violence', description: 'At the start', timestamp_seconds: 1, created_at: r1.created_at },
      ],
      resolution: null,
      resolution_reason: null,
      resolved_at: null,
      resolved_by: null,
    });
  });

  it('shows the latest 50 reports of a case, newest first, and counts them all', async () => {
    const id = await media(t, owner, 'video', 'Reported a lot');
    const [p] = await people(1);
    await reported(t, p, 'video', id);
    const c = await caseOf(t, boss.adminAuth, id);
    // 59 more reports from people who no longer exist (their names are null), a second apart, all before the first one.
    await t.sql(
      `insert into moderation_reports (id, case_id, reporter_user_id, content_type, content_id, reason, status, created_at)
       select gen_random_uuid(), $1, gen_random_uuid(), 'video', $2, 'spam', 'open', $3::timestamptz - make_interval(secs => g) from generate_series(1, 59) g`,
      [c.id, id, c.first_reported_at],
    );
    await t.sql('update moderation_cases set report_count = report_count + 59 where id = $1', [c.id]);
    const shown = await caseOf(t, boss.adminAuth, id);
    expect(shown.report_count).toBe(60);
    expect(shown.reports).toHaveLength(50);
    expect(shown.reports[0].reporter).toEqual({ user_id: p.id, username: p.name });
    expect(shown.reports[1].reporter.username).toBeNull();
    const times = shown.reports.map((r: Any) => new Date(r.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows content as it was when first reported, whatever was edited since', async () => {
    const writer = await person(t);
    const video = await media(t, owner, 'video', 'Original title');
    const note = await comment(t, writer, 'video', video, 'The original words');
    const ch = await channel(t, writer);
    expect((await t.http().put(`/api/accounts/${ch.id}`).set(...writer.auth).send({ display_name: 'Original name', bio: 'Original bio' })).status).toBe(200);
    const [x, y] = await people(2);
    await reported(t, x, 'comment', note);
    await reported(t, x, 'user', ch.id);
    await reported(t, x, 'video', video);
    // Edited after the report…
    expect((await t.http().patch(`/api/comments/${note}`).set(...writer.auth).send({ content: 'Innocent words' })).status).toBe(200);
    expect((await t.http().put(`/api/accounts/${ch.id}`).set(...writer.auth).send({ display_name: 'Innocent name', bio: 'Innocent bio' })).status).toBe(200);
    await t.sql(`update media set title = 'Innocent title', description = 'Innocent' where id = $1`, [video]);
    // …and reported again by someone else, after the edit: still the first report's snapshot.
    await reported(t, y, 'comment', note);
    await reported(t, y, 'user', ch.id);
    const commentCase = await caseOf(t, boss.adminAuth, note);
    expect(commentCase.content).toMatchObject({ text: 'The original words', title: 'Original title', media_kind: 'video', media_id: video, removed: false });
    expect(commentCase.owner).toEqual({ user_id: writer.id, username: writer.name });
    expect(commentCase.report_count).toBe(2);
    const userCase = await caseOf(t, boss.adminAuth, ch.id);
    expect(userCase.content).toMatchObject({ title: 'Original name', channel_name: 'Original name', description: 'Original bio', handle: ch.handle, text: null, media_kind: null, media_id: null, stream_url: null, removed: false });
    const videoCase = await caseOf(t, boss.adminAuth, video);
    expect(videoCase.content).toMatchObject({ title: 'Original title', description: null });
  });
});

describe('decisions', () => {
  it('dismiss: the content stays up, every reporter is told, nobody is struck', async () => {
    const uploader = await person(t);
    const id = await media(t, uploader, 'video', 'Harmless');
    const reporters = await people(3);
    const filed = [];
    for (const p of reporters) filed.push(await reported(t, p, 'video', id));
    const c = await caseOf(t, boss.adminAuth, id);
    clock.tick();
    const r = await decide(t, boss.adminAuth, c.id, 'dismiss', '  Satire, allowed  ');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, status: 'resolved', resolution: 'dismissed', resolution_reason: 'Satire, allowed', resolved_at: clock.now().toISOString(), resolved_by: boss.name, report_count: 3 });
    expect(r.body.content.removed).toBe(false);
    expect(await mediaStatus(t, id)).toBe('ready');
    expect(await strikesOf(t, uploader)).toEqual([]);
    for (const [i, p] of reporters.entries()) {
      const notes = await notificationsOf(t, p);
      expect(notes).toContainEqual({
        type: 'report_resolved',
        title: 'Report resolved',
        message: 'Thank you for your report. Outcome: No violation was found; the content stays up.',
        link: { kind: 'report', id: filed[i].id },
      });
    }
    expect((await notificationsOf(t, uploader)).filter((n) => n.type !== 'new_follower')).toEqual([]);
    const rows = await t.sql<{ status: string; outcome: string }>('select status, outcome from moderation_reports where case_id = $1', [c.id]);
    expect(rows).toEqual(Array(3).fill({ status: 'resolved', outcome: 'No violation was found; the content stays up.' }));
    // Gone from the open queue, in the resolved list.
    expect((await allCases(t, boss.adminAuth)).some((x) => x.id === c.id)).toBe(false);
    expect((await allCases(t, boss.adminAuth, 'resolved'))[0].id).toBe(c.id);
  });

  it('remove: the media is taken down for everyone at once, its files purged, the owner and the reporters told', async () => {
    const uploader = await person(t);
    const id = await media(t, uploader, 'video', 'Over the line');
    const [p] = await people(1);
    const filed = await reported(t, p, 'video', id);
    const c = await caseOf(t, boss.adminAuth, id);
    const r = await decide(t, boss.adminAuth, c.id, 'remove', 'Graphic violence');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resolution: 'removed', content: { removed: true, stream_url: null } });
    // The next request already sees it gone, for its owner too.
    expect(await mediaStatus(t, id)).toBe('removed');
    expect((await t.http().get(`/api/videos/${id}`).set(...uploader.auth)).status).toBe(404);
    expect((await t.http().get(`/api/videos/${id}`).set(...p.auth)).status).toBe(404);
    expect(await events(t, 'moderation.content-removed')).toContainEqual({ contentType: 'video', contentId: id, ownerUserId: uploader.id, reason: 'Graphic violence', purgeFiles: true, title: 'Over the line' });
    expect(await strikesOf(t, uploader)).toEqual([]);
    expect(await notificationsOf(t, p)).toContainEqual(expect.objectContaining({ type: 'report_resolved', message: 'Thank you for your report. Outcome: The content was removed.', link: { kind: 'report', id: filed.id } }));
    expect(await notificationsOf(t, uploader)).toContainEqual(expect.objectContaining({ type: 'content_removed', title: 'Your content was removed', message: expect.stringContaining('Graphic violence') }));
    // Removed content cannot be reported any more.
    expect((await report(t, (await person(t)).auth, { content_type: 'video', content_id: id, reason: 'spam' })).status).toBe(404);
  });

  it('strike: the owner gets a guideline strike and is told; the content stays up', async () => {
    const uploader = await person(t);
    const id = await media(t, uploader, 'reel', 'Borderline reel');
    const [p] = await people(1);
    await reported(t, p, 'reel', id);
    const c = await caseOf(t, boss.adminAuth, id);
    const r = await decide(t, boss.adminAuth, c.id, 'strike', 'Misleading thumbnails');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resolution: 'struck', content: { removed: false } });
    expect(await mediaStatus(t, id)).toBe('ready');
    const [strike] = await strikesOf(t, uploader);
    expect(strike).toMatchObject({ reason: 'Misleading thumbnails', content_type: 'reel', content_id: id, content_title: 'Borderline reel', content_removed: false, status: 'active', can_appeal: true, appeal: null });
    expect(await notificationsOf(t, p)).toContainEqual(expect.objectContaining({ type: 'report_resolved', message: 'Thank you for your report. Outcome: The uploader received a guideline strike.' }));
    const owned = await notificationsOf(t, uploader);
    expect(owned).toContainEqual(expect.objectContaining({ type: 'strike', title: 'Community guidelines strike', message: expect.stringContaining('Misleading thumbnails'), link: { kind: 'strikes', id: strike.id } }));
    expect(owned.some((n) => n.type === 'content_removed')).toBe(false);
    expect(await events(t, 'moderation.strike-issued')).toContainEqual({ userId: uploader.id, strikeId: strike.id, reason: 'Misleading thumbnails', appealDeadline: strike.appeal_deadline });
  });

  it('remove_and_strike on a comment: the comment is deleted for good and its author struck', async () => {
    const writer = await person(t);
    const video = await media(t, owner, 'video', 'Commented on');
    const note = await comment(t, writer, 'video', video, 'Something hateful');
    const [p, q] = await people(2);
    await reported(t, p, 'comment', note, { reason: 'harassment' });
    await reported(t, q, 'comment', note, { reason: 'harassment' });
    const c = await caseOf(t, boss.adminAuth, note);
    const r = await decide(t, boss.adminAuth, c.id, 'remove_and_strike', 'Harassment');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resolution: 'removed_and_struck', content: { removed: true, text: 'Something hateful' } });
    expect(await t.sql('select id from media_comments where id = $1', [note])).toEqual([]);
    const [strike] = await strikesOf(t, writer);
    expect(strike).toMatchObject({ content_type: 'comment', content_id: note, content_title: 'Something hateful', content_removed: true, status: 'active' });
    for (const who of [p, q]) {
      expect(await notificationsOf(t, who)).toContainEqual(expect.objectContaining({ type: 'report_resolved', message: 'Thank you for your report. Outcome: The content was removed and the uploader received a guideline strike.' }));
    }
    const told = await notificationsOf(t, writer);
    expect(told).toContainEqual(expect.objectContaining({ type: 'content_removed', title: 'Your comment was removed' }));
    expect(told).toContainEqual(expect.objectContaining({ type: 'strike' }));
    // With a strike the files are kept (a comment has none): the removal's event says not to purge.
    expect(await events(t, 'moderation.content-removed')).toContainEqual(expect.objectContaining({ contentType: 'comment', contentId: note, purgeFiles: false, title: 'Something hateful' }));
  });

  it('remove_and_strike on a video keeps its files while the strike can be appealed', async () => {
    const uploader = await person(t);
    const id = await media(t, uploader, 'movie', 'Struck movie');
    await reported(t, (await people(1))[0], 'movie', id);
    const c = await caseOf(t, boss.adminAuth, id);
    expect((await decide(t, boss.adminAuth, c.id, 'remove_and_strike', 'Pirated')).status).toBe(200);
    expect(await mediaStatus(t, id)).toBe('removed');
    expect(await events(t, 'moderation.content-removed')).toContainEqual({ contentType: 'movie', contentId: id, ownerUserId: uploader.id, reason: 'Pirated', purgeFiles: false, title: 'Struck movie' });
    const [strike] = await strikesOf(t, uploader);
    expect(strike).toMatchObject({ content_removed: true, content_type: 'movie', content_title: 'Struck movie' });
  });

  it('a profile can be struck or dismissed, never removed (400)', async () => {
    const target = await person(t);
    const ch = await channel(t, target);
    await reported(t, (await people(1))[0], 'user', ch.id);
    const c = await caseOf(t, boss.adminAuth, ch.id);
    for (const action of ['remove', 'remove_and_strike']) {
      const r = await decide(t, boss.adminAuth, c.id, action);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'MODERATION.PROFILE_NOT_REMOVABLE', detail: 'A profile cannot be removed: strike its owner or dismiss the reports' });
    }
    // Still open after the refusals.
    expect((await caseOf(t, boss.adminAuth, ch.id)).status).toBe('open');
    const r = await decide(t, boss.adminAuth, c.id, 'strike', 'Impersonation');
    expect(r.status).toBe(200);
    expect(r.body.resolution).toBe('struck');
    expect((await strikesOf(t, target))[0]).toMatchObject({ content_type: 'user', content_id: ch.id, content_title: target.name, content_removed: false });
  });

  it("a case is decided once: 409 'This case has already been decided', for every action", async () => {
    const id = await media(t, owner, 'video', 'Decided once');
    await reported(t, (await people(1))[0], 'video', id);
    const c = await caseOf(t, boss.adminAuth, id);
    expect((await decide(t, boss.adminAuth, c.id, 'dismiss')).status).toBe(200);
    for (const action of ['dismiss', 'remove', 'strike', 'remove_and_strike']) {
      const r = await decide(t, boss.adminAuth, c.id, action);
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ statusCode: 409, code: 'MODERATION.CASE_DECIDED', detail: 'This case has already been decided', message: 'This case has already been decided' });
    }
    // Decided concurrently: one decision wins, the others are 409.
    const other = await media(t, owner, 'video', 'Raced decision');
    await reported(t, (await people(1))[0], 'video', other);
    const raced = await caseOf(t, boss.adminAuth, other);
    const answers = await Promise.all(['dismiss', 'strike', 'remove', 'dismiss', 'strike'].map((a) => decide(t, boss.adminAuth, raced.id, a)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.sql('select id from moderation_audit_log where case_id = $1', [raced.id])).toHaveLength(1);
  });

  it('a report after the decision opens a new case; the earlier reporters cannot report it again', async () => {
    const id = await media(t, owner, 'video', 'Reported again');
    const [first, later] = await people(2);
    await reported(t, first, 'video', id);
    const c = await caseOf(t, boss.adminAuth, id);
    await decide(t, boss.adminAuth, c.id, 'dismiss');
    expect((await report(t, first.auth, { content_type: 'video', content_id: id, reason: 'nudity' })).body.code).toBe('MODERATION.ALREADY_REPORTED');
    await reported(t, later, 'video', id);
    const again = await caseOf(t, boss.adminAuth, id);
    expect(again.id).not.toBe(c.id);
    expect(again).toMatchObject({ status: 'open', report_count: 1 });
    expect(again.reports.map((r: Any) => r.reporter.user_id)).toEqual([later.id]);
  });

  it.each([
    ['an unknown action', { action: 'ban', reason: 'x' }, 'action must be one of dismiss, remove, strike, remove_and_strike'],
    ['no action', { reason: 'x' }, 'action must be one of dismiss, remove, strike, remove_and_strike'],
    ['no reason', { action: 'dismiss' }, 'A reason is required'],
    ['a blank reason', { action: 'dismiss', reason: '   ' }, 'A reason is required'],
    ['a reason over 500 characters', { action: 'dismiss', reason: 'r'.repeat(501) }, 'Reason must be at most 500 characters'],
  ])('%s is 400', async (_, body, message) => {
    const id = await media(t, owner, 'video', 'Invalid decision');
    await reported(t, (await people(1))[0], 'video', id);
    const c = await caseOf(t, boss.adminAuth, id);
    const r = await t.http().post(`/api/admin/moderation/cases/${c.id}/decision`).set(...boss.adminAuth).send(body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect((await caseOf(t, boss.adminAuth, id)).status).toBe('open');
  });

  it('an unknown case is 404, an id that is not one too', async () => {
    for (const id of [randomUUID(), 'not-a-case', '1']) {
      const r = await decide(t, boss.adminAuth, id, 'dismiss');
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Case not found');
    }
  });
});

describe('admins only', () => {
  it('every admin route is 401 for visitors and 403 for user tokens (is_admin users sign in at the console)', async () => {
    const user = await person(t);
    const routes: [string, string][] = [
      ['get', '/api/admin/moderation/cases'],
      ['get', '/api/admin/moderation/cases?status=resolved'],
      ['post', `/api/admin/moderation/cases/${randomUUID()}/decision`],
      ['get', '/api/admin/moderation/appeals'],
      ['post', `/api/admin/moderation/strikes/${randomUUID()}/appeal-decision`],
      ['get', '/api/admin/moderation/audit'],
    ];
    const send = (method: string, path: string, auth: [string, string] | null) => {
      let r = method === 'get' ? t.http().get(path) : t.http().post(path);
      if (auth) r = r.set(...auth);
      return method === 'get' ? r : r.send({ action: 'dismiss', decision: 'uphold', reason: 'x' });
    };
    for (const [method, path] of routes) {
      const res401 = await send(method, path, null);
      expect({ path, status: res401.status, detail: res401.body.detail }).toEqual({ path, status: 401, detail: 'Authentication is required' });
      for (const auth of [user.auth, boss.auth]) {
        const res = await send(method, path, auth);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'AUTH.ADMIN_REQUIRED' });
      }
      // The console's token passes (the ids above match nothing).
      const res = await send(method, path, boss.adminAuth);
      expect({ path, status: res.status }).toEqual({ path, status: method === 'get' ? 200 : 404 });
    }
  });
});

describe('the audit log', () => {
  it('has one row per decision, newest first, with who decided what on what and whom, and why', async () => {
    const other = await admin(t);
    const uploader = await person(t);
    const [v1, v2] = await Promise.all([media(t, uploader, 'video', 'Audited 1'), media(t, uploader, 'video', 'Audited 2')]);
    const [p] = await people(1);
    await reported(t, p, 'video', v1);
    await reported(t, p, 'video', v2);
    const [c1, c2] = [await caseOf(t, boss.adminAuth, v1), await caseOf(t, boss.adminAuth, v2)];
    clock.tick();
    await decide(t, boss.adminAuth, c1.id, 'dismiss', 'Fine');
    clock.tick();
    const d2 = await decide(t, other.adminAuth, c2.id, 'remove_and_strike', 'Not fine');
    expect(d2.body.resolved_by).toBe(other.name);
    const [strike] = await strikesOf(t, uploader);
    const r = await t.http().get('/api/admin/moderation/audit').set(...boss.adminAuth);
    expect(r.status).toBe(200);
    expect(r.body.entries.slice(0, 2)).toEqual([
      { id: expect.any(String), admin_username: other.name, action: 'remove_and_strike', content_type: 'video', content_id: v2, target_user_id: uploader.id, target_username: uploader.name, case_id: c2.id, strike_id: strike.id, reason: 'Not fine', created_at: clock.now().toISOString() },
      { id: expect.any(String), admin_username: boss.name, action: 'dismiss', content_type: 'video', content_id: v1, target_user_id: uploader.id, target_username: uploader.name, case_id: c1.id, strike_id: null, reason: 'Fine', created_at: new Date(clock.now().getTime() - 1000).toISOString() },
    ]);
    // Paged with its cursor: every row once, in the same order.
    const whole = await t.http().get('/api/admin/moderation/audit?limit=100').set(...boss.adminAuth);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Any = await t.http().get(`/api/admin/moderation/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`).set(...boss.adminAuth);
      expect(page.status).toBe(200);
      paged.push(...page.body.entries.map((e: Any) => e.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole.body.entries.map((e: Any) => e.id));
    expect((await t.http().get('/api/admin/moderation/audit?cursor=nonsense').set(...boss.adminAuth)).status).toBe(400);
  });

  it('orders decisions made in the same instant by the order they were made in', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => media(t, owner, 'video', `Same instant ${i}`)));
    const [p] = await people(1);
    const cases = [];
    for (const id of ids) {
      await reported(t, p, 'video', id);
      cases.push(await caseOf(t, boss.adminAuth, id));
    }
    clock.tick();
    for (const c of cases) expect((await decide(t, boss.adminAuth, c.id, 'dismiss', 'Same instant')).status).toBe(200);
    await settled(t);
    const r = await t.http().get('/api/admin/moderation/audit?limit=3').set(...boss.adminAuth);
    expect(r.body.entries.map((e: Any) => e.case_id)).toEqual(cases.map((c) => c.id).reverse());
  });
});
