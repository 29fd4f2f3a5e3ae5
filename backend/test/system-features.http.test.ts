import { RequestContext } from '@mikro-orm/core';
import { createTestApp, newUser, signUp, type TestApp } from './harness.js';
import { MP4_HEAD, upload, type Auth } from './media-fixtures.js';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';

/**
 * Issue 17, feature flags: the admin console lists and switches them (GET/POST /api/system/features), every switch is
 * in the admin audit log, the code reads them (uploads, registration, reels answer 503 with the feature's name while
 * off), the app reads GET /api/features, and a second server process on the same database follows a switch within 1 s.
 */

type Any = Record<string, any>;
const BUILT_IN = ['editor', 'gaming', 'live', 'music', 'podcasts', 'reels', 'registration', 'super_chat', 'uploads'];
const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

let t: TestApp;
let adminAuth: Auth;
let user: { auth: Auth; user: Record<string, unknown> };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('flags_admin', 'a-long-admin-password'));
  const admin = await t.http().post('/api/admin/login').send({ username: 'flags_admin', password: 'a-long-admin-password' });
  expect(admin.status).toBe(200);
  adminAuth = ['Authorization', `Bearer ${admin.body.access_token}`];
  user = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

const list = () => t.http().get('/api/system/features').set(...adminAuth);
const set = (name: string, query: Record<string, string> = {}) =>
  t.http().post(`/api/system/features/${encodeURIComponent(name)}`).query(query).set(...adminAuth);
const audit = (target: string) =>
  t.sql<{ action: string; admin_username: string; detail: Any }>('select action, admin_username, detail from admin_audit_log where target = $1 order by seq', [target]);

/** Switches a flag and checks it took: the process that wrote it applies it before answering. */
async function toggle(name: string, enabled: boolean): Promise<void> {
  const r = await set(name, { enabled: String(enabled) });
  expect(r.status).toBe(200);
  expect(r.body.enabled).toBe(enabled);
}

function expectDisabled(r: { status: number; body: Any }, name: string): void {
  const detail = `The feature "${name}" is disabled on this instance`;
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ statusCode: 503, code: 'SYSTEM.FEATURE_DISABLED', detail, message: detail });
}

describe('GET /api/system/features', () => {
  it('lists the built-in flags keyed by name, sorted, all enabled, created by nobody', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(Object.keys(r.body).filter((n) => BUILT_IN.includes(n))).toEqual(BUILT_IN);
    expect(Object.keys(r.body)).toEqual([...Object.keys(r.body)].sort());
    for (const name of BUILT_IN) {
      expect(r.body[name]).toEqual({ enabled: true, description: expect.any(String), created_by: null, built_in: true, created_at: expect.any(String) });
      expect(r.body[name].description.length).toBeGreaterThan(0);
      expect(new Date(r.body[name].created_at).toISOString()).toBe(r.body[name].created_at);
    }
  });

  it('refuses user tokens (403) and visitors (401): the admin console signs in on its own', async () => {
    expect((await t.http().get('/api/system/features')).status).toBe(401);
    expect((await t.http().get('/api/system/features').set(...user.auth)).status).toBe(403);
    expect((await t.http().post('/api/system/features/uploads').query({ enabled: 'false' }).set(...user.auth)).status).toBe(403);
    expect((await t.http().post('/api/system/features/refused_flag')).status).toBe(401);
    expect((await list()).body.uploads.enabled).toBe(true);
    expect((await list()).body.refused_flag).toBeUndefined();
  });
});

describe('POST /api/system/features/{name}', () => {
  it('creates a flag (enabled by default) with its description and creator, and writes the audit log', async () => {
    const r = await set('dark_mode', { description: '  The dark theme  ' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'dark_mode', enabled: true, description: 'The dark theme', created_by: 'flags_admin', built_in: false, created_at: expect.any(String), created: true });
    const listed = (await list()).body;
    expect(listed.dark_mode).toEqual({ enabled: true, description: 'The dark theme', created_by: 'flags_admin', built_in: false, created_at: r.body.created_at });
    expect(await audit('dark_mode')).toEqual([{ action: 'feature.created', admin_username: 'flags_admin', detail: { enabled: true } }]);
    expect((await t.http().get('/api/features')).body.dark_mode).toBe(true);
  });

  it("a flag whose creating admin's account is gone has no creator's name, and is not built in", async () => {
    const gone = await signUp(t);
    await t.sql('update users set is_admin = true where email = $1', [gone.user.email]);
    const login = await t.http().post('/api/admin/login').send({ username: gone.user.display_name, password: gone.user.password });
    expect(login.status).toBe(200);
    const r = await t.http().post('/api/system/features/orphan_flag').set('Authorization', `Bearer ${login.body.access_token}`);
    expect(r.body).toMatchObject({ created_by: gone.user.display_name, built_in: false, created: true });
    expect((await t.http().delete('/api/me').set(...gone.auth).send({ confirmation: gone.user.display_name })).status).toBe(200);
    expect(await t.sql('select id from users where email = $1', [gone.user.email])).toEqual([]);
    expect((await list()).body.orphan_flag).toEqual({ enabled: true, description: '', created_by: null, built_in: false, created_at: r.body.created_at });
    expect((await set('orphan_flag', { description: 'Still here' })).body).toMatchObject({ created_by: null, built_in: false });
  });

  it('creates a flag switched off when asked', async () => {
    const r = await set('beta_player', { enabled: 'false' });
    expect(r.body).toMatchObject({ name: 'beta_player', enabled: false, description: '', created: true });
    expect((await t.http().get('/api/features')).body.beta_player).toBe(false);
  });

  it('toggles a flag and changes its description, keeping what is omitted; each change is audited', async () => {
    await set('toggled_flag', { description: 'First words' });
    const off = await set('toggled_flag', { enabled: 'false' });
    expect(off.body).toMatchObject({ enabled: false, description: 'First words', created: false, created_by: 'flags_admin' });
    const described = await set('toggled_flag', { description: 'Better words' });
    expect(described.body).toMatchObject({ enabled: false, description: 'Better words', created: false });
    const on = await set('toggled_flag', { enabled: 'true' });
    expect(on.body).toMatchObject({ enabled: true, description: 'Better words' });
    // Nothing to change: nothing written.
    expect((await set('toggled_flag', { enabled: 'true' })).body).toMatchObject({ enabled: true, created: false });
    expect((await audit('toggled_flag')).map((e) => [e.action, e.detail])).toEqual([
      ['feature.created', { enabled: true }],
      ['feature.disabled', { enabled: false }],
      ['feature.updated', { enabled: false, description: 'Better words' }],
      ['feature.enabled', { enabled: true }],
    ]);
    expect((await list()).body.toggled_flag.created_at).toBe(off.body.created_at);
  });

  it('refuses a blank or malformed name, a bad enabled and a long description, and changes nothing', async () => {
    const before = await t.sql('select * from feature_flags order by name');
    const audited = await t.sql('select count(*)::int as n from admin_audit_log');
    const blank = await set('   ');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Feature flag name is required' });
    for (const name of ['Dark_Mode', '9lives', 'a', 'x'.repeat(65), 'dark-mode', 'dark.mode', '../etc']) {
      const r = await set(name);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Feature flag name must start with a lowercase letter and contain only lowercase letters, digits and underscores (2 to 64 characters)');
    }
    const yes = await set('uploads', { enabled: 'yes' });
    expect(yes.status).toBe(400);
    expect(yes.body.detail).toBe('enabled must be true or false');
    const long = await set('uploads', { description: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('Description must be at most 500 characters');
    expect((await set('long_ok', { description: 'x'.repeat(500) })).status).toBe(200);
    await t.sql(`delete from feature_flags where name = 'long_ok'`);
    await t.sql(`delete from admin_audit_log where target = 'long_ok'`);
    expect(await t.sql('select * from feature_flags order by name')).toEqual(before);
    expect(await t.sql('select count(*)::int as n from admin_audit_log')).toEqual(audited);
  });
});

describe('GET /api/features (what the app reads)', () => {
  it('answers visitors and users with each flag on or off, never cached; a token of another audience is refused', async () => {
    const r = await t.http().get('/api/features');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    for (const name of BUILT_IN) expect(r.body[name]).toBe(true);
    expect(Object.values(r.body).every((v) => typeof v === 'boolean')).toBe(true);
    expect((await t.http().get('/api/features').set(...user.auth)).body).toEqual(r.body);
    expect((await t.http().get('/api/features').set(...adminAuth)).status).toBe(401);
  });
});

describe('the code reads the flags', () => {
  afterEach(async () => {
    for (const name of ['uploads', 'registration', 'reels']) await toggle(name, true);
  });

  it('uploads off: every content upload answers 503 with the name (before any sign-in check); on again, they work', async () => {
    const init = () => t.http().post('/api/videos/upload/init').set(...user.auth).send({ filename: 'big.mp4', total_size: MP4.length, title: 'Chunked' });
    const session = await init();
    expect(session.status).toBe(201);
    const chunk = () =>
      t.http().post(`/api/videos/upload/chunk/${session.body.session_id}`).query({ chunk_index: '0' }).set(...user.auth).set('Content-Type', 'application/octet-stream').send(MP4);
    await toggle('uploads', false);
    expectDisabled(await chunk(), 'uploads');
    expectDisabled(await upload(t, 'video', user.auth, MP4, { title: 'Off' }), 'uploads');
    expectDisabled(await upload(t, 'reel', user.auth, MP4, { title: 'Off' }), 'uploads');
    expectDisabled(await upload(t, 'movie', user.auth, MP4, { title: 'Off' }), 'uploads');
    expectDisabled(await init(), 'uploads');
    expectDisabled(await t.http().post('/api/videos/upload/complete/00000000-0000-4000-8000-000000000000').set(...user.auth), 'uploads');
    // The feature is checked first: a visitor is told it is off too, not asked to sign in.
    expectDisabled(await upload(t, 'video', null, MP4, { title: 'Off' }), 'uploads');
    // Reading is not uploading.
    expect((await t.http().get('/api/videos')).status).toBe(200);
    expect(await t.sql(`select id from media where title = 'Off'`)).toEqual([]);

    await toggle('uploads', true);
    expect((await upload(t, 'video', user.auth, MP4, { title: 'On again' })).status).toBe(201);
    expect((await init()).status).toBe(201);
    expect((await chunk()).status).toBe(200);
  });

  it('registration off: registering answers 503, signing in keeps working', async () => {
    await toggle('registration', false);
    const someone = newUser();
    expectDisabled(await t.http().post('/api/register').send(someone), 'registration');
    const login = await t.http().post('/api/login').send({ login_identifier: user.user.display_name, password: user.user.password });
    expect(login.status).toBe(200);
    expect(await t.sql('select id from users where email = $1', [someone.email])).toEqual([]);

    await toggle('registration', true);
    expect((await t.http().post('/api/register').send(someone)).status).toBe(201);
  });

  it('reels off: every reels route answers 503 (lists, a reel, its comments and what works on them, a channel\'s reels); videos are unaffected', async () => {
    const reel = await upload(t, 'reel', user.auth, MP4, { title: 'A reel' });
    expect(reel.status).toBe(201);
    const handle = (await t.http().get('/api/accounts').set(...user.auth)).body.active_account.handle as string;
    const comment = await t.http().post(`/api/reels/${reel.body.id}/comments`).set(...user.auth).send({ content: 'On a reel' });
    expect(comment.status).toBe(201);
    const video = await upload(t, 'video', user.auth, MP4, { title: 'A video' });
    const videoComment = await t.http().post(`/api/videos/${video.body.id}/comments`).set(...user.auth).send({ content: 'On a video' });
    expect(videoComment.status).toBe(201);
    await toggle('reels', false);
    // What works on any comment (replies, like, edit, delete) refuses a reel's, and keeps working on a video's.
    const c = comment.body.id as string;
    expectDisabled(await t.http().get(`/api/comments/${c}/replies`), 'reels');
    expectDisabled(await t.http().post(`/api/comments/${c}/like`).set(...user.auth), 'reels');
    expectDisabled(await t.http().patch(`/api/comments/${c}`).set(...user.auth).send({ content: 'Changed' }), 'reels');
    expectDisabled(await t.http().delete(`/api/comments/${c}`).set(...user.auth), 'reels');
    expect(await t.sql('select content, like_count from media_comments where id = $1', [c])).toEqual([{ content: 'On a reel', like_count: 0 }]);
    expect((await t.http().post(`/api/comments/${videoComment.body.id}/like`).set(...user.auth)).body).toEqual({ liked: true, like_count: 1 });
    expect((await t.http().get(`/api/comments/${videoComment.body.id}/replies`).set(...user.auth)).status).toBe(200);
    expectDisabled(await t.http().get('/api/reels'), 'reels');
    expectDisabled(await t.http().get(`/api/reels/${reel.body.id}`).set(...user.auth), 'reels');
    expectDisabled(await t.http().get(`/api/reels/${reel.body.id}/comments`), 'reels');
    expectDisabled(await t.http().post(`/api/reels/${reel.body.id}/like`).set(...user.auth), 'reels');
    expectDisabled(await t.http().get(`/api/channels/${handle}/reels`), 'reels');
    expect((await t.http().get('/api/videos')).status).toBe(200);
    expect((await t.http().get('/api/features')).body.reels).toBe(false);

    await toggle('reels', true);
    const back = await t.http().get('/api/reels').set(...user.auth);
    expect(back.status).toBe(200);
    expect(back.body.reels.map((r: Any) => r.id)).toContain(reel.body.id);
    expect((await t.http().post(`/api/comments/${c}/like`).set(...user.auth)).body).toEqual({ liked: true, like_count: 1 });
  });

  it('a second server process on the same database follows a switch within 1 s', async () => {
    const second = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, t);
    try {
      /** Polls the second process until it reports the state; returns how long that took. */
      const seen = async (enabled: boolean): Promise<number> => {
        const start = Date.now();
        for (;;) {
          const r = await second.http().get('/api/features');
          if (r.body.reels === enabled) return Date.now() - start;
          if (Date.now() - start > 3000) throw new Error(`the second process still says reels=${r.body.reels}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      expect(await seen(true)).toBeLessThan(1000);
      await toggle('reels', false);
      expect(await seen(false)).toBeLessThan(1000);
      expectDisabled(await second.http().get('/api/reels'), 'reels');
      await toggle('reels', true);
      expect(await seen(true)).toBeLessThan(1000);
      expect((await second.http().get('/api/reels')).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
