import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { markReady, MP4_HEAD, upload, type Auth } from './media-fixtures.js';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';

/**
 * Issue 11: the rules live on the request DTOs. Numbers are read only from their canonical decimal text (or a JSON
 * number of the right kind): "1e3", " 50", "0x10", "50.00", "" and a repeated parameter (an array) are refused with
 * the validation error body, on query strings, JSON bodies, urlencoded and multipart forms alike; text fields of
 * multipart forms go through the same DTOs as JSON bodies; and the contract carries the limits.
 */

let t: TestApp;
let owner: { auth: Auth };
let viewer: { auth: Auth };
let adminAuth: Auth;
let readyVideo: string;

const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(4096)]);
/** Numbers as text that Number() reads but that are not canonical decimal text. */
const NOT_CANONICAL = ['1e1', ' 10', '10 ', '0xA', '10.0', '+10', ''];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MAX_UPLOAD_SESSIONS_PER_USER: '100' });
  [owner, viewer] = [await signUp(t), await signUp(t)];
  const video = await upload(t, 'video', owner.auth, MP4, { title: 'Ready' });
  expect(video.status).toBe(201);
  readyVideo = video.body.id;
  await markReady(t, readyVideo);
  await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('dto_admin', 'a-long-admin-password'));
  const admin = await t.http().post('/api/admin/login').send({ username: 'dto_admin', password: 'a-long-admin-password' });
  adminAuth = ['Authorization', `Bearer ${admin.body.access_token}`];
});
afterAll(async () => {
  await t?.close();
});

function expectRefused(r: { status: number; body: Record<string, unknown> }, field: string, message: string): void {
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: message, message });
  expect(r.body.errors).toContainEqual({ field, message });
}

describe('limit, on every list', () => {
  const lists: [string, () => Auth | null][] = [
    ['/api/videos', () => null],
    ['/api/reels', () => null],
    ['/api/movies', () => viewer.auth],
    [`/api/reels/${randomUUID()}/comments`, () => null],
    ['/api/users/discover', () => null],
    [`/api/users/${randomUUID()}/followers`, () => null],
    [`/api/users/${randomUUID()}/following`, () => null],
    ['/api/feed/following', () => viewer.auth],
    ['/api/notifications', () => viewer.auth],
    ['/api/search?q=anything', () => null],
    ['/api/admin/feedback', () => adminAuth],
  ];

  it.each(lists)('%s refuses a limit that is not digits, or given twice', async (path, who) => {
    const auth = who();
    const get = (query: string) => {
      const req = t.http().get(`${path}${path.includes('?') ? '&' : '?'}${query}`);
      return auth ? req.set(...auth) : req;
    };
    for (const limit of ['1e3', ' 50', '0x10', '50.00', '-5', '']) {
      expectRefused(await get(`limit=${encodeURIComponent(limit)}`), 'limit', 'limit must be a whole number');
    }
    expectRefused(await get('limit=5&limit=1000'), 'limit', 'limit must be a whole number');
  });

  it('still reads digits, larger numbers as 100 and 0 as the default', async () => {
    expect((await t.http().get('/api/videos?limit=50')).status).toBe(200);
    expect((await t.http().get('/api/videos?limit=1000')).status).toBe(200);
    expect((await t.http().get('/api/videos?limit=0')).status).toBe(200);
    expect((await t.http().get('/api/users/discover?limit=20')).status).toBe(200);
  });
});

describe('choices in the query string', () => {
  it.each([
    ['/api/videos?mine=yes', 'mine', 'mine must be true or false'],
    ['/api/videos?is_vertical=1', 'is_vertical', 'is_vertical must be true or false'],
    ['/api/reels?mine=1', 'mine', 'mine must be true or false'],
    ['/api/users/discover?sort_by=popular&sort_by=newest', 'sort_by', 'sort_by must be one of popular, newest, creators'],
  ])('%s is refused', async (path, field, message) => {
    expectRefused(await t.http().get(path), field, message);
  });

  it('takes an empty choice as no choice', async () => {
    expect((await t.http().get('/api/users/discover?sort_by=')).status).toBe(200);
    expect((await t.http().get('/api/search?q=anything&content_type=')).status).toBe(200);
  });

  it('refuses a cursor given twice or longer than any cursor', async () => {
    expectRefused(await t.http().get('/api/videos?cursor=a&cursor=b'), 'cursor', 'Invalid cursor');
    expectRefused(await t.http().get(`/api/reels?cursor=${'x'.repeat(201)}`), 'cursor', 'Invalid cursor');
  });
});

describe('POST /api/videos/upload/init: total_size', () => {
  const SIZE = 'total_size must be a whole number of bytes';
  const fields = { filename: 'clip.mp4', title: 'Big one' };

  it.each<[string, unknown]>([...NOT_CANONICAL.map((v): [string, unknown] => [JSON.stringify(v), v]), ['[1000]', [1000]], ['1.5', 1.5], ['true', true], ['{}', {}]])('refuses %s in JSON', async (_label, total_size) => {
    const r = await t.http().post('/api/videos/upload/init').set(...owner.auth).send({ ...fields, total_size });
    expectRefused(r, 'total_size', SIZE);
    expect(r.body.errors).toEqual([{ field: 'total_size', message: SIZE }]);
  });

  it.each(NOT_CANONICAL)('refuses %j in a urlencoded or multipart form', async (total_size) => {
    const form = await t.http().post('/api/videos/upload/init').set(...owner.auth).type('form').send({ ...fields, total_size });
    expectRefused(form, 'total_size', SIZE);
    let multipart = t.http().post('/api/videos/upload/init').set(...owner.auth);
    for (const [k, v] of Object.entries({ ...fields, total_size })) multipart = multipart.field(k, v);
    expectRefused(await multipart, 'total_size', SIZE);
  });

  it('accepts a JSON number and digits in either form, and reads yes/no as text', async () => {
    const json = await t.http().post('/api/videos/upload/init').set(...owner.auth).send({ ...fields, total_size: 1000, is_vertical: true });
    expect(json.status).toBe(201);
    expect(json.body.total_size).toBe(1000);
    const form = await t.http().post('/api/videos/upload/init').set(...owner.auth).type('form').send({ ...fields, total_size: '2000', is_vertical: 'false' });
    expect(form.status).toBe(201);
    expect(form.body.total_size).toBe(2000);
    const multipart = await t.http().post('/api/videos/upload/init').set(...owner.auth).field('filename', 'a.mp4').field('title', 'Multi').field('total_size', '3000').field('monetization_enabled', 'false');
    expect(multipart.status).toBe(201);
    expect(multipart.body.total_size).toBe(3000);
    for (const r of [json, form, multipart]) await t.http().delete(`/api/videos/upload/cancel/${r.body.upload_id}`).set(...owner.auth);
  });

  it('refuses a yes/no that is neither, and the same title rules in a multipart form as in JSON', async () => {
    expectRefused(await t.http().post('/api/videos/upload/init').set(...owner.auth).send({ ...fields, total_size: 10, is_vertical: 'maybe' }), 'is_vertical', 'is_vertical must be true or false');
    const long = await t.http().post('/api/videos/upload/init').set(...owner.auth).field('filename', 'a.mp4').field('total_size', '10').field('title', 't'.repeat(201));
    expectRefused(long, 'title', 'Title must be at most 200 characters');
    expectRefused(await t.http().post('/api/videos/upload/init').set(...owner.auth).send({ ...fields, filename: 'f'.repeat(256), total_size: 10 }), 'filename', 'The file name must be at most 255 characters');
  });
});

describe('POST /api/videos/upload/chunk: chunk_index', () => {
  it('refuses an index that is not digits, in the form or the query string', async () => {
    const init = await t.http().post('/api/videos/upload/init').set(...owner.auth).send({ filename: 'c.mp4', title: 'Chunks', total_size: 10 });
    expect(init.status).toBe(201);
    const id = init.body.upload_id;
    const message = 'chunk_index must be a whole number from 0 to 0';
    for (const index of ['0e0', ' 0', '0x0', '0.0', '+0', '']) {
      const form = await t.http().post(`/api/videos/upload/chunk/${id}`).set(...owner.auth).field('chunk_index', index).attach('file', Buffer.alloc(10), 'blob');
      expect(form.status).toBe(400);
      expect(form.body.detail).toBe(message);
      const raw = await t.http().post(`/api/videos/upload/chunk/${id}?chunk_index=${encodeURIComponent(index)}`).set(...owner.auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(10));
      expect(raw.status).toBe(400);
      expect(raw.body.detail).toBe(message);
    }
    const twice = await t.http().post(`/api/videos/upload/chunk/${id}?chunk_index=0&chunk_index=0`).set(...owner.auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(10));
    expect(twice.status).toBe(400);
    expect((await t.http().get(`/api/videos/upload/status/${id}`).set(...owner.auth)).body.uploaded_chunks).toEqual([]);
    await t.http().delete(`/api/videos/upload/cancel/${id}`).set(...owner.auth);
  });
});

describe('POST /api/movies/upload: year and duration', () => {
  const year = new Date().getUTCFullYear();
  const YEAR = `Year must be between 1900 and ${year + 5}`;
  const DURATION = 'Duration must be a whole number of minutes between 1 and 1000';

  it.each([' 2020', '2020 ', '0x7E4', '2.02e3', '2020.0', '+2020', ''])('refuses the year %j', async (value) => {
    expectRefused(await upload(t, 'movie', owner.auth, MP4, { title: 'Year', year: value }), 'year', YEAR);
  });

  it.each([' 95', '0x5F', '9.5e1', '95.0', ''])('refuses the duration %j', async (value) => {
    expectRefused(await upload(t, 'movie', owner.auth, MP4, { title: 'Duration', duration: value }), 'duration', DURATION);
  });

  it('refuses a yes/no that is neither, and accepts digits', async () => {
    expectRefused(await upload(t, 'movie', owner.auth, MP4, { title: 'Flags', is_premium: 'yes' }), 'is_premium', 'is_premium must be true or false');
    const ok = await upload(t, 'movie', owner.auth, MP4, { title: 'Fine', year: String(year), duration: '95', family_safe: 'off', is_premium: '1' });
    expect(ok.status).toBe(201);
    expect(ok.body.movie).toMatchObject({ year, duration: 95, family_safe: false, is_premium: true });
  });
});

describe('POST /api/videos/{id}/heartbeat: seconds', () => {
  const SECONDS = 'seconds must be a whole number from 1 to 60';

  it.each<[string, unknown]>([...NOT_CANONICAL.map((v): [string, unknown] => [JSON.stringify(v), v]), ['[10]', [10]]])('refuses %s and records nothing', async (_label, seconds) => {
    const r = await t.http().post(`/api/videos/${readyVideo}/heartbeat`).set(...viewer.auth).send({ seconds });
    expectRefused(r, 'seconds', SECONDS);
    expect(new Set(r.body.errors.map((e: { field: string }) => e.field))).toEqual(new Set(['seconds']));
    expect(await t.sql('select * from media_watch_time where media_id = $1', [readyVideo])).toEqual([]);
  });

  it('takes a JSON number, or digits in a form', async () => {
    expect((await t.http().post(`/api/videos/${readyVideo}/heartbeat`).set(...viewer.auth).send({ seconds: 10 })).status).toBe(204);
    expect((await t.http().post(`/api/videos/${readyVideo}/heartbeat`).set(...viewer.auth).type('form').send({ seconds: '10' })).status).toBe(204);
  });
});

describe('text rules on the DTOs', () => {
  it('refuses with every problem of the body, and drops fields the DTO does not know', async () => {
    const r = await t.http().post('/api/accounts/create').set(...owner.auth).send({ display_name: 'x'.repeat(101), bio: 5, website: 'ftp://files', is_primary: true });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'display_name', message: 'Display name must be at most 100 characters' },
      { field: 'bio', message: 'Bio must be at most 1000 characters' },
      { field: 'website', message: 'Website must be an http or https address' },
    ]);
    const ok = await t.http().post('/api/accounts/create').set(...owner.auth).send({ display_name: '  Side  ', handle: '@Side.Line', is_primary: true });
    expect(ok.status).toBe(201);
    expect(ok.body.account).toMatchObject({ display_name: 'Side', handle: 'side.line', is_primary: false });
  });

  it('checks nested settings by their path', async () => {
    const id = (await t.http().get('/api/accounts').set(...owner.auth)).body.active_account.id;
    const r = await t.http().put(`/api/accounts/${id}`).set(...owner.auth).send({ privacy_settings: { comment_permissions: 'friends' }, notification_settings: 'on' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Comment permissions must be everyone, subscribers or none');
    expect(r.body.errors).toContainEqual({ field: 'privacy_settings.comment_permissions', message: 'Comment permissions must be everyone, subscribers or none' });
    expect(r.body.errors).toContainEqual({ field: 'notification_settings', message: 'Notification settings must be true or false' });
  });

  it('applies the same rules to a multipart form as to JSON', async () => {
    const r = await upload(t, 'video', owner.auth, MP4, { title: 't'.repeat(201), description: 'd'.repeat(5001), monetization_enabled: 'perhaps' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'title', message: 'Title must be at most 200 characters' },
      { field: 'description', message: 'Description must be at most 5000 characters' },
      { field: 'monetization_enabled', message: 'monetization_enabled must be true or false' },
    ]);
  });
});

describe('the contract carries the rules', () => {
  const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
  const schemas = doc.components.schemas;
  const param = (path: string, method: string, name: string) => doc.paths[path][method].parameters.find((p: { name: string }) => p.name === name);

  it('has lengths, patterns, enums and ranges', () => {
    expect(schemas.CreateAccountRequestDto.properties.display_name).toMatchObject({ minLength: 1, maxLength: 100 });
    expect(schemas.CreateAccountRequestDto.properties.handle.pattern).toBeDefined();
    expect(schemas.PrivacySettingsUpdateDto.properties.comment_permissions.enum).toEqual(['everyone', 'subscribers', 'none']);
    expect(schemas.InitUploadRequestDto.properties.total_size).toMatchObject({ type: 'integer', minimum: 1, maximum: 274877906944 });
    expect(schemas.HeartbeatRequestDto.properties.seconds).toMatchObject({ type: 'integer', minimum: 1, maximum: 60 });
    expect(schemas.CreateCommentRequestDto.properties.content).toMatchObject({ minLength: 1, maxLength: 500 });
    expect(schemas.FeedbackRequestDto.properties.message).toMatchObject({ minLength: 1, maxLength: 2000 });
    expect(schemas.ReelUploadFormDto.properties.title).toMatchObject({ minLength: 1, maxLength: 100 });
    expect(schemas.MovieUploadFormDto.properties.duration).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(param('/api/videos', 'get', 'limit').schema).toMatchObject({ type: 'string', pattern: '^\\d+$' });
    expect(param('/api/users/discover', 'get', 'sort_by').schema.enum).toEqual(['popular', 'newest', 'creators']);
    expect(param('/api/search', 'get', 'q').schema).toMatchObject({ minLength: 1, maxLength: 100 });
  });
});
