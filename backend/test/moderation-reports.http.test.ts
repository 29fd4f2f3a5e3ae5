import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createTestApp, type TestApp } from './harness.js';
import { setPrivacy, upload } from './media-fixtures.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, type Person } from './social-fixtures.js';
import { channel, comment, media, MP4, report, reported, TestClock, type Any } from './moderation-fixtures.js';

/**
 * Reporting content over HTTP (POST /api/content/report): who may report, the form's rules and messages in every
 * encoding, what can be reported (404 'Content not found' for what does not exist or the reporter cannot see), never
 * one's own, once per content and person (also under 20 concurrent duplicates), and at most 20 an hour (the clock is
 * moved, never slept on).
 */

let t: TestApp;
let clock: TestClock;
let boss: Admin;
let owner: Person;
let reporter: Person;
let video: string;
let reel: string;
let movie: string;
let videoComment: string;
let ownerChannel: { id: string; handle: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  clock = new TestClock(t);
  [boss, owner, reporter] = await Promise.all([admin(t), person(t), person(t)]);
  [video, reel, movie] = await Promise.all([media(t, owner, 'video', 'Owner video'), media(t, owner, 'reel', 'Owner reel'), media(t, owner, 'movie', 'Owner movie')]);
  videoComment = await comment(t, owner, 'video', video, 'A comment of the owner');
  ownerChannel = await channel(t, owner);
}, 60_000);
afterAll(() => t?.close());

const LOGIN = 'Please login to report content';

describe('who may report', () => {
  const body = () => ({ content_type: 'video', content_id: video, reason: 'spam' });

  it.each([
    ['no token', null],
    ['a token that is not a JWT', 'Bearer garbage'],
    ['an expired user token', 'expired'],
    ["the admin console's token", 'admin'],
  ])("a visitor (%s) is told 'Please login to report content' (401)", async (_, how) => {
    let auth: [string, string] | null = null;
    if (how === 'admin') auth = boss.adminAuth;
    else if (how === 'expired') {
      const token = jwt.sign({ sub: reporter.id, aud: 'user', iss: 'scriven', ver: 0, iat: 1_000_000, exp: 1_000_100 }, t.config.jwtSecret, { algorithm: 'HS256' });
      auth = ['Authorization', `Bearer ${token}`];
    } else if (how) auth = ['Authorization', how];
    const r = await report(t, auth, body());
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, code: 'AUTH.REQUIRED', detail: LOGIN, message: LOGIN });
  });

  it('keeps the generic 401 on every other route', async () => {
    const r = await t.http().get('/api/moderation/strikes');
    expect(r.status).toBe(401);
    expect(r.body.detail).toBe('Authentication is required');
  });

  it('refuses a visitor before reading the form: even an empty or broken one', async () => {
    const r = await t.http().post('/api/content/report').set('Content-Type', 'application/json').send('{"content_type":');
    expect([400, 401]).toContain(r.status);
    const empty = await report(t, null, {});
    expect(empty.status).toBe(401);
    expect(empty.body.detail).toBe(LOGIN);
  });
});

describe('the form', () => {
  it('files a report sent as multipart (as the seed sends it), with what it said', async () => {
    const r = await t
      .http()
      .post('/api/content/report')
      .set(...reporter.auth)
      .field('content_type', 'video')
      .field('content_id', video)
      .field('reason', 'violence')
      .field('description', '  Fighting at the start  ')
      .field('timestamp_seconds', '1');
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      content_type: 'video',
      content_id: video,
      reason: 'violence',
      description: 'Fighting at the start',
      timestamp_seconds: 1,
      status: 'open',
      created_at: clock.now().toISOString(),
    });
  });

  it('files a report sent urlencoded or as JSON (description optional, null when blank)', async () => {
    const a = await person(t);
    const urlencoded = await t.http().post('/api/content/report').set(...a.auth).type('form').send({ content_type: 'reel', content_id: reel, reason: 'nudity', description: '   ' });
    expect(urlencoded.status).toBe(201);
    expect(urlencoded.body).toMatchObject({ content_type: 'reel', content_id: reel, reason: 'nudity', description: null, timestamp_seconds: null, status: 'open' });
    const json = await report(t, a.auth, { content_type: 'movie', content_id: movie.toUpperCase(), reason: 'other', description: null, timestamp_seconds: null });
    expect(json.status).toBe(201);
    // Ids are read in any case and answered in lower case.
    expect(json.body).toMatchObject({ content_type: 'movie', content_id: movie, reason: 'other', description: null, timestamp_seconds: null });
  });

  it.each([
    ['no reason', {}, 'Please select a reason for reporting'],
    ['an empty reason', { reason: '' }, 'Please select a reason for reporting'],
    ['a blank reason', { reason: '   ' }, 'Please select a reason for reporting'],
    ['a null reason', { reason: null }, 'Please select a reason for reporting'],
  ])("%s: 400 'Please select a reason for reporting' on reason", async (_, change, message) => {
    const body: Any = { content_type: 'video', content_id: video, ...change };
    if (!('reason' in change)) delete body.reason;
    const r = await report(t, reporter.auth, body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message, errors: [{ field: 'reason', message }] });
  });

  it.each([
    ['an unknown reason', { reason: 'boring' }, 'reason', 'reason must be one of sexual_content, nudity, inappropriate, spam, violence, harassment, other'],
    ['a reason that is not text', { reason: 7 }, 'reason', 'Please select a reason for reporting'],
    ['an unknown content type', { content_type: 'live' }, 'content_type', 'content_type must be one of video, reel, movie, track, episode, comment, user, live_stream, live_chat_message, community_post'],
    ['no content type', { content_type: undefined }, 'content_type', 'content_type must be one of video, reel, movie, track, episode, comment, user, live_stream, live_chat_message, community_post'],
    ['no content id', { content_id: undefined }, 'content_id', 'content_id is required'],
    ['an empty content id', { content_id: '' }, 'content_id', 'content_id is required'],
    ['a content id that is not text', { content_id: 12 }, 'content_id', 'content_id is required'],
    ['a description over 1000 characters', { description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters'],
    ['a description that is not text', { description: 5 }, 'description', 'Description must be at most 1000 characters'],
    ['a negative timestamp', { timestamp_seconds: -1 }, 'timestamp_seconds', 'timestamp_seconds must be a whole number of seconds, 0 or more'],
    ['a fractional timestamp', { timestamp_seconds: 1.5 }, 'timestamp_seconds', 'timestamp_seconds must be a whole number of seconds, 0 or more'],
    ['a timestamp that is not a number', { timestamp_seconds: 'soon' }, 'timestamp_seconds', 'timestamp_seconds must be a whole number of seconds, 0 or more'],
    ['a timestamp on a comment', { content_type: 'comment', content_id: randomUUID(), timestamp_seconds: 3 }, 'timestamp_seconds', 'A timestamp can only be given when reporting a video, reel or movie'],
    ['a timestamp on a profile', { content_type: 'user', content_id: randomUUID(), timestamp_seconds: 0 }, 'timestamp_seconds', 'A timestamp can only be given when reporting a video, reel or movie'],
  ])('%s: 400, naming its field', async (_, change, field, message) => {
    const body: Any = { content_type: 'video', content_id: video, reason: 'spam', ...change };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const r = await report(t, reporter.auth, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors).toContainEqual({ field, message });
  });

  it('a 1000-character description is taken, and the first problem of several is the detail', async () => {
    const a = await person(t);
    const ok = await report(t, a.auth, { content_type: 'video', content_id: video, reason: 'harassment', description: 'd'.repeat(1000) });
    expect(ok.status).toBe(201);
    expect(ok.body.description).toHaveLength(1000);
    const many = await report(t, a.auth, { content_type: 'nope', reason: '' });
    expect(many.status).toBe(400);
    expect(many.body.detail).toBe('content_type must be one of video, reel, movie, track, episode, comment, user, live_stream, live_chat_message, community_post');
    expect(many.body.errors.map((e: Any) => e.field)).toEqual(['content_type', 'content_id', 'reason']);
  });

  it('a description of 600 emoji with variation selectors (1,200 code points) is taken whole', async () => {
    const a = await person(t);
    const hearts = '\u2764\ufe0f'.repeat(600);
    const ok = await report(t, a.auth, { content_type: 'video', content_id: video, reason: 'other', description: hearts });
    expect(ok.status).toBe(201);
    expect(ok.body.description).toBe(hearts);
  });

  it("a timestamp past the item's end is refused (400); its last second is taken", async () => {
    const a = await person(t);
    // markReady made the video 2 seconds long.
    const past = await report(t, a.auth, { content_type: 'video', content_id: video, reason: 'spam', timestamp_seconds: 3 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'MODERATION.TIMESTAMP_PAST_END', detail: 'The timestamp is past the end of the video', errors: [{ field: 'timestamp_seconds', message: 'The timestamp is past the end of the video' }] });
    const reelPast = await report(t, a.auth, { content_type: 'reel', content_id: reel, reason: 'spam', timestamp_seconds: '99' });
    expect(reelPast.body.detail).toBe('The timestamp is past the end of the reel');
    const end = await report(t, a.auth, { content_type: 'video', content_id: video, reason: 'spam', timestamp_seconds: 2 });
    expect(end.status).toBe(201);
    expect(end.body.timestamp_seconds).toBe(2);
  });
});

describe('what can be reported', () => {
  it("content that does not exist is 404 'Content not found', for every type (and for ids that are not ids)", async () => {
    for (const content_type of ['video', 'reel', 'movie', 'comment', 'user']) {
      for (const content_id of [randomUUID(), 'not-an-id', '../etc/passwd', '00000000-0000-0000-0000-000000000000']) {
        const r = await report(t, reporter.auth, { content_type, content_id, reason: 'spam' });
        expect({ content_type, content_id, status: r.status, body: r.body }).toEqual({
          content_type,
          content_id,
          status: 404,
          body: { statusCode: 404, code: 'MODERATION.CONTENT_NOT_FOUND', detail: 'Content not found', message: 'Content not found' },
        });
      }
    }
  });

  it('an id of another kind is not found (a reel reported as a video, a video as a comment, a user id as a channel)', async () => {
    for (const [content_type, content_id] of [
      ['video', reel],
      ['movie', video],
      ['reel', movie],
      ['comment', video],
      ['user', owner.id],
      ['video', videoComment],
    ]) {
      const r = await report(t, reporter.auth, { content_type, content_id, reason: 'spam' });
      expect({ content_type, status: r.status, detail: r.body.detail }).toEqual({ content_type, status: 404, detail: 'Content not found' });
    }
  });

  it('what the reporter cannot see is not found: processing, private, on a private item, a private channel', async () => {
    const recluse = await person(t);
    const processing = (await upload(t, 'video', recluse.auth, MP4, { title: 'Still processing' })).body.id as string;
    const processingReel = (await upload(t, 'reel', recluse.auth, MP4, { title: 'Reel still processing' })).body.id as string;
    const processingMovie = (await upload(t, 'movie', recluse.auth, MP4, { title: 'Movie still processing' })).body.movie.id as string;
    const hiddenReel = await media(t, recluse, 'reel', 'Private reel');
    const hiddenVideo = await media(t, recluse, 'video', 'Private video');
    const hiddenComment = await comment(t, recluse, 'video', hiddenVideo, 'Hidden comment');
    const recluseChannel = await channel(t, recluse);
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private', video_visibility: 'private' });
    for (const [content_type, content_id] of [
      ['video', processing],
      ['reel', processingReel],
      ['movie', processingMovie],
      ['video', hiddenVideo],
      ['reel', hiddenReel],
      ['comment', hiddenComment],
      ['user', recluseChannel.id],
    ]) {
      const r = await report(t, reporter.auth, { content_type, content_id, reason: 'spam' });
      expect({ content_type, status: r.status, detail: r.body.detail }).toEqual({ content_type, status: 404, detail: 'Content not found' });
    }
    // Its owner sees it all, and still may not report it.
    const own = await report(t, recluse.auth, { content_type: 'video', content_id: hiddenVideo, reason: 'spam' });
    expect(own.status).toBe(400);
  });

  it('media removed by moderation or deleted is not found', async () => {
    const uploader = await person(t);
    const removed = await media(t, uploader, 'video', 'Removed');
    await t.sql(`update media set status = 'removed' where id = $1`, [removed]);
    const failed = await media(t, uploader, 'reel', 'Failed');
    await t.sql(`update media set status = 'failed' where id = $1`, [failed]);
    for (const [content_type, content_id] of [
      ['video', removed],
      ['reel', failed],
    ]) {
      const r = await report(t, reporter.auth, { content_type, content_id, reason: 'spam' });
      expect({ content_type, status: r.status, detail: r.body.detail }).toEqual({ content_type, status: 404, detail: 'Content not found' });
    }
    const note = await comment(t, uploader, 'video', video, 'Soon deleted');
    expect((await t.http().delete(`/api/comments/${note}`).set(...uploader.auth)).status).toBe(204);
    const gone = await report(t, reporter.auth, { content_type: 'comment', content_id: note, reason: 'spam' });
    expect(gone.status).toBe(404);
  });

  it("your own content is 400 'You cannot report your own content', for every type", async () => {
    for (const [content_type, content_id] of [
      ['video', video],
      ['reel', reel],
      ['movie', movie],
      ['comment', videoComment],
      ['user', ownerChannel.id],
    ]) {
      const r = await report(t, owner.auth, { content_type, content_id, reason: 'spam' });
      expect({ content_type, status: r.status, body: r.body }).toEqual({
        content_type,
        status: 400,
        body: { statusCode: 400, code: 'MODERATION.OWN_CONTENT', detail: 'You cannot report your own content', message: 'You cannot report your own content' },
      });
    }
  });

  it('every type of content can be reported by someone who can see it', async () => {
    const a = await person(t);
    for (const [content_type, content_id] of [
      ['video', video],
      ['reel', reel],
      ['movie', movie],
      ['comment', videoComment],
      ['user', ownerChannel.id],
    ]) {
      const r = await report(t, a.auth, { content_type, content_id, reason: 'inappropriate' });
      expect({ content_type, status: r.status }).toEqual({ content_type, status: 201 });
    }
    // A channel reported by its handle's account id stays that account's.
    const rows = await t.sql<{ content_type: string; owner_user_id: string }>('select c.content_type, c.owner_user_id from moderation_reports r join moderation_cases c on c.id = r.case_id where r.reporter_user_id = $1', [a.id]);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.owner_user_id))).toEqual(new Set([owner.id]));
  });
});

describe('once per content and person', () => {
  it("a second report of the same content is 400 'You have already reported this content' (MODERATION.ALREADY_REPORTED)", async () => {
    const a = await person(t);
    await reported(t, a, 'video', video);
    for (const again of [
      { content_type: 'video', content_id: video, reason: 'spam' },
      { content_type: 'video', content_id: video.toUpperCase(), reason: 'nudity', description: 'Another reason' },
    ]) {
      const r = await report(t, a.auth, again);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ statusCode: 400, code: 'MODERATION.ALREADY_REPORTED', detail: 'You have already reported this content', message: 'You have already reported this content' });
      // What the seed's client looks for.
      expect(r.body.detail).toContain('already reported');
    }
    // Another person may still report it.
    expect((await report(t, (await person(t)).auth, { content_type: 'video', content_id: video, reason: 'spam' })).status).toBe(201);
  });

  it('20 concurrent duplicates create exactly one report', async () => {
    const a = await person(t);
    const target = await media(t, owner, 'video', 'Raced');
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(t, a.auth, { content_type: 'video', content_id: target, reason: 'spam' })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(400)]);
    for (const r of answers.filter((x) => x.status === 400)) expect(r.body.code).toBe('MODERATION.ALREADY_REPORTED');
    expect(await t.sql('select id from moderation_reports where reporter_user_id = $1 and content_id = $2', [a.id, target])).toHaveLength(1);
    const cases = await t.sql<{ report_count: number }>('select report_count from moderation_cases where content_id = $1', [target]);
    expect(cases).toEqual([{ report_count: 1 }]);
  });

  it('20 different people reporting the same new content at once make one case of 20 reports', async () => {
    const target = await media(t, owner, 'reel', 'Reported by many at once');
    const crowd = await Promise.all(Array.from({ length: 20 }, () => person(t)));
    const answers = await Promise.all(crowd.map((p) => report(t, p.auth, { content_type: 'reel', content_id: target, reason: 'spam' })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const cases = await t.sql<{ report_count: number; status: string }>('select report_count, status from moderation_cases where content_id = $1', [target]);
    expect(cases).toEqual([{ report_count: 20, status: 'open' }]);
    const [{ n }] = await t.sql<{ n: string }>('select count(*) as n from moderation_reports r join moderation_cases c on c.id = r.case_id where c.content_id = $1', [target]);
    expect(Number(n)).toBe(20);
  });
});

describe('at most 20 reports an hour', () => {
  it("the 21st report within an hour is 429 with Retry-After; an hour after the first, one more goes through", async () => {
    const busy = await person(t);
    const notes = [];
    for (let i = 0; i < 25; i++) notes.push(await comment(t, owner, 'video', video, `Comment ${i}`));
    const start = clock.now().getTime();
    for (let i = 0; i < 20; i++) {
      if (i === 10) clock.advance(30 * 60_000); // half of them half an hour later
      expect((await report(t, busy.auth, { content_type: 'comment', content_id: notes[i], reason: 'spam' })).status).toBe(201);
    }
    const refused = await report(t, busy.auth, { content_type: 'comment', content_id: notes[20], reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'MODERATION.TOO_MANY_REPORTS',
      detail: 'You can report at most 20 items an hour. Try again later.',
      message: 'You can report at most 20 items an hour. Try again later.',
    });
    // The first ten leave the window an hour after they were filed: 30 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
    // Nothing was filed by the refusal; a duplicate is still told it is one.
    expect(await t.sql('select 1 from moderation_reports where reporter_user_id = $1', [busy.id])).toHaveLength(20);
    expect((await report(t, busy.auth, { content_type: 'comment', content_id: notes[0], reason: 'spam' })).body.code).toBe('MODERATION.ALREADY_REPORTED');
    // 59 minutes after the first ones: still full.
    clock.advance(29 * 60_000);
    expect((await report(t, busy.auth, { content_type: 'comment', content_id: notes[20], reason: 'spam' })).status).toBe(429);
    // An hour after the first ten, ten places are free again.
    clock.advance(60_000 + 1);
    expect(clock.now().getTime() - start).toBeGreaterThan(60 * 60_000);
    for (let i = 20; i < 25; i++) expect((await report(t, busy.auth, { content_type: 'comment', content_id: notes[i], reason: 'spam' })).status).toBe(201);
    // Other people are not limited by it.
    expect((await report(t, (await person(t)).auth, { content_type: 'comment', content_id: notes[24], reason: 'spam' })).status).toBe(201);
  });

  it('20 concurrent reports of different content by one person over the limit let exactly the limit through', async () => {
    const eager = await person(t);
    const notes = [];
    for (let i = 0; i < 25; i++) notes.push(await comment(t, owner, 'video', video, `Raced comment ${i}`));
    for (let i = 0; i < 5; i++) expect((await report(t, eager.auth, { content_type: 'comment', content_id: notes[i], reason: 'spam' })).status).toBe(201);
    const answers = await Promise.all(notes.slice(5).map((id) => report(t, eager.auth, { content_type: 'comment', content_id: id, reason: 'spam' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(15);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await t.sql('select 1 from moderation_reports where reporter_user_id = $1', [eager.id])).toHaveLength(20);
  });
});
