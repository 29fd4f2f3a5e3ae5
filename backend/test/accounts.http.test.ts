import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Someone' } })
    .toFormat(format)
    .toBuffer();

describe('GET /api/accounts', () => {
  it('gives a new user one primary, active creator account with the default settings', async () => {
    const { auth, user } = await signUp(t);
    const r = await t.http().get('/api/accounts').set(...auth);
    expect(r.status).toBe(200);
    expect(r.body.accounts).toHaveLength(1);
    expect(r.body.active_account).toEqual(r.body.accounts[0]);
    expect(r.body.accounts[0]).toMatchObject({
      account_type: 'creator',
      display_name: user.display_name,
      handle: String(user.display_name).toLowerCase(),
      is_primary: true,
      is_active: true,
      bio: null,
      profile_photo_url: null,
      privacy_settings: { profile_visibility: 'public', video_visibility: 'public', comment_permissions: 'everyone' },
      notification_settings: { email_notifications: true, push_notifications: true, comment_notifications: true, like_notifications: true },
    });
  });

  it('needs a user token', async () => {
    expect((await t.http().get('/api/accounts')).status).toBe(401);
  });
});

describe('POST /api/accounts/create', () => {
  it.each([
    [{}, 'display_name', 'Display name is required'],
    [{ display_name: '   ' }, 'display_name', 'Display name is required'],
    [{ display_name: 'x', account_type: 'company' }, 'account_type', 'Account type must be creator, brand or personal'],
    [{ display_name: 'x', handle: 'No Spaces!' }, 'handle', 'Handle must be 3-30 characters: lowercase letters, numbers, underscores or dots'],
    [{ display_name: 'x', handle: 'ab' }, 'handle', 'Handle must be 3-30 characters: lowercase letters, numbers, underscores or dots'],
    [{ display_name: 'x', website: 'javascript:alert(1)' }, 'website', 'Website must be an http or https address'],
    [{ display_name: 'x', bio: 'b'.repeat(1001) }, 'bio', 'Bio must be at most 1000 characters'],
  ])('refuses %j with %s: %s', async (body, field, message) => {
    const { auth } = await signUp(t);
    const r = await t.http().post('/api/accounts/create').set(...auth).send(body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toContainEqual({ field, message });
    expect((await t.http().get('/api/accounts').set(...auth)).body.accounts).toHaveLength(1);
  });

  it('creates a brand account that is appended and not made active; the handle is derived when empty', async () => {
    const { auth } = await signUp(t);
    const r = await t.http().post('/api/accounts/create').set(...auth).send({ account_type: 'brand', display_name: '  Acme Studios  ', website: 'https://acme.example', bio: 'We make things' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Account created' });
    expect(r.body.account).toMatchObject({ account_type: 'brand', display_name: 'Acme Studios', handle: 'acmestudios', is_primary: false, is_active: false, website: 'https://acme.example' });
    const list = (await t.http().get('/api/accounts').set(...auth)).body;
    expect(list.accounts.map((a: { display_name: string }) => a.display_name)[1]).toBe('Acme Studios');
    expect(list.active_account.is_primary).toBe(true);
  });

  it('defaults the type to creator and refuses a handle someone else has', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const first = await t.http().post('/api/accounts/create').set(...a.auth).send({ display_name: 'Shared', handle: '@Shared.Handle' });
    expect(first.status).toBe(201);
    expect(first.body.account).toMatchObject({ account_type: 'creator', handle: 'shared.handle' });
    const second = await t.http().post('/api/accounts/create').set(...b.auth).send({ display_name: 'Other', handle: 'shared.handle' });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('Handle is already taken');
  });

  it('never passes 10 accounts, even when many creations arrive at once', async () => {
    const { auth } = await signUp(t);
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => t.http().post('/api/accounts/create').set(...auth).send({ display_name: `Rush ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(9);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.detail === 'You can have at most 10 accounts')).toBe(true);
    expect((await t.http().get('/api/accounts').set(...auth)).body.accounts).toHaveLength(10);
  });

  it('refuses the 11th account', async () => {
    const { auth } = await signUp(t);
    for (let i = 2; i <= 10; i++) expect((await t.http().post('/api/accounts/create').set(...auth).send({ display_name: `Channel ${i}` })).status).toBe(201);
    const eleventh = await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'One too many' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toBe('You can have at most 10 accounts');
    expect((await t.http().get('/api/accounts').set(...auth)).body.accounts).toHaveLength(10);
  });
});

describe('PUT /api/accounts/{id}', () => {
  it('changes the fields sent, merges settings and clears text with an empty string', async () => {
    const { auth } = await signUp(t);
    const id = (await t.http().get('/api/accounts').set(...auth)).body.active_account.id;
    await t.http().put(`/api/accounts/${id}`).set(...auth).send({ bio: 'Hello', location: 'Lisbon' });
    const r = await t.http().put(`/api/accounts/${id}`).set(...auth).send({
      display_name: 'New Name',
      location: '',
      privacy_settings: { video_visibility: 'unlisted' },
      notification_settings: { like_notifications: false },
    });
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({
      display_name: 'New Name',
      bio: 'Hello',
      location: null,
      privacy_settings: { profile_visibility: 'public', video_visibility: 'unlisted', comment_permissions: 'everyone' },
      notification_settings: { email_notifications: true, like_notifications: false },
    });
    const again = (await t.http().get('/api/accounts').set(...auth)).body.active_account;
    expect(again).toEqual(r.body.account);
  });

  it('refuses bad settings and changes nothing', async () => {
    const { auth } = await signUp(t);
    const id = (await t.http().get('/api/accounts').set(...auth)).body.active_account.id;
    const r = await t.http().put(`/api/accounts/${id}`).set(...auth).send({ display_name: 'Fine', privacy_settings: { profile_visibility: 'friends' }, notification_settings: { push_notifications: 'yes' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'privacy_settings.profile_visibility', message: 'Profile visibility must be public, unlisted or private' },
      { field: 'notification_settings.push_notifications', message: 'push_notifications must be true or false' },
    ]);
    expect((await t.http().get('/api/accounts').set(...auth)).body.active_account.display_name).not.toBe('Fine');
  });

  it("answers 404 for another user's account and leaves it alone", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const id = (await t.http().get('/api/accounts').set(...owner.auth)).body.active_account.id;
    const r = await t.http().put(`/api/accounts/${id}`).set(...intruder.auth).send({ display_name: 'Hijacked' });
    expect(r.status).toBe(404);
    expect(r.body.detail).toBe('Account not found');
    expect((await t.http().get('/api/accounts').set(...owner.auth)).body.active_account.display_name).not.toBe('Hijacked');
    expect((await t.http().put('/api/accounts/not-a-uuid').set(...owner.auth).send({ bio: 'x' })).status).toBe(404);
  });
});

describe('POST /api/accounts/switch', () => {
  it('makes the chosen account the only active one, and /me shows it at once', async () => {
    const { auth } = await signUp(t);
    const created = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Second' })).body.account;
    expect((await t.http().get('/api/me').set(...auth)).body.active_account_id).not.toBe(created.id);
    const r = await t.http().post('/api/accounts/switch').set(...auth).send({ account_id: created.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Switched to Second', active_account: { id: created.id, is_active: true } });
    const list = (await t.http().get('/api/accounts').set(...auth)).body;
    expect(list.accounts.filter((a: { is_active: boolean }) => a.is_active).map((a: { id: string }) => a.id)).toEqual([created.id]);
    expect((await t.http().get('/api/me').set(...auth)).body.active_account_id).toBe(created.id);
  });

  it("refuses another user's account, a deleted one and nonsense, changing nothing", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const foreign = (await t.http().get('/api/accounts').set(...b.auth)).body.active_account.id;
    const mine = (await t.http().post('/api/accounts/create').set(...a.auth).send({ display_name: 'Doomed' })).body.account.id;
    await t.http().delete(`/api/accounts/${mine}`).set(...a.auth);
    for (const account_id of [foreign, mine, 'nonsense', undefined]) {
      const r = await t.http().post('/api/accounts/switch').set(...a.auth).send({ account_id });
      expect(r.status).toBe(404);
    }
    expect((await t.http().get('/api/accounts').set(...a.auth)).body.active_account.is_primary).toBe(true);
    expect((await t.http().get('/api/accounts').set(...b.auth)).body.active_account.id).toBe(foreign);
  });

  it('keeps exactly one active account under concurrent switches', async () => {
    const { auth } = await signUp(t);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await t.http().post('/api/accounts/create').set(...auth).send({ display_name: `Racer ${i}` })).body.account.id);
    await Promise.all(ids.map((account_id) => t.http().post('/api/accounts/switch').set(...auth).send({ account_id })));
    const list = (await t.http().get('/api/accounts').set(...auth)).body;
    expect(list.accounts.filter((a: { is_active: boolean }) => a.is_active)).toHaveLength(1);
  });
});

describe('DELETE /api/accounts/{id}', () => {
  it('refuses the primary account', async () => {
    const { auth } = await signUp(t);
    const primary = (await t.http().get('/api/accounts').set(...auth)).body.active_account.id;
    const r = await t.http().delete(`/api/accounts/${primary}`).set(...auth);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'ACCOUNTS.PRIMARY_NOT_DELETABLE', detail: 'The primary account cannot be deleted' });
    expect((await t.http().get('/api/accounts').set(...auth)).body.accounts).toHaveLength(1);
  });

  it('deletes the active account and makes the primary active again', async () => {
    const { auth } = await signUp(t);
    const extra = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Temporary' })).body.account.id;
    await t.http().post('/api/accounts/switch').set(...auth).send({ account_id: extra });
    const r = await t.http().delete(`/api/accounts/${extra}`).set(...auth);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Account deleted' });
    const list = (await t.http().get('/api/accounts').set(...auth)).body;
    expect(list.accounts.map((a: { id: string }) => a.id)).not.toContain(extra);
    expect(list.active_account.is_primary).toBe(true);
    expect((await t.http().get('/api/me').set(...auth)).body.active_account_id).toBe(list.active_account.id);
    expect((await t.http().delete(`/api/accounts/${extra}`).set(...auth)).status).toBe(404);
  });

  it("answers 404 for another user's account and keeps it", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const extra = (await t.http().post('/api/accounts/create').set(...owner.auth).send({ display_name: 'Mine' })).body.account.id;
    expect((await t.http().delete(`/api/accounts/${extra}`).set(...intruder.auth)).status).toBe(404);
    expect((await t.http().get('/api/accounts').set(...owner.auth)).body.accounts).toHaveLength(2);
  });
});

describe('POST /api/profile/upload-photo', () => {
  const upload = (auth: [string, string], file: Buffer, filename: string, fields: Record<string, string> = {}, fieldsFirst = false) => {
    let req = t.http().post('/api/profile/upload-photo').set(...auth);
    if (fieldsFirst) for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    req = req.attach('file', file, filename);
    if (!fieldsFirst) for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  };

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('turns a %s into a square WebP without its metadata, served with caching headers', async (format) => {
    const { auth } = await signUp(t);
    const r = await upload(auth, await image(format), `me.${format}`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.photo_url).toMatch(/^\/api\/media\/photos\/[0-9a-f-]{36}\.webp$/);
    const photo = await t.http().get(r.body.photo_url).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(photo.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((photo.body as Buffer).includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const again = await t.http().get(r.body.photo_url).set('If-None-Match', photo.headers.etag);
    expect(again.status).toBe(304);
    expect((await t.http().get('/api/accounts').set(...auth)).body.active_account.profile_photo_url).toBe(r.body.photo_url);
  });

  it('judges by the bytes: a PNG named .gif is accepted; an SVG, a text file named .png and an empty file are refused', async () => {
    const { auth } = await signUp(t);
    expect((await upload(auth, await image('png'), 'really-a-png.gif')).status).toBe(200);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const [file, name] of [
      [svg, 'image.svg'],
      [Buffer.from('just some text pretending to be an image'), 'fake.png'],
      [Buffer.alloc(0), 'empty.png'],
    ] as const) {
      const r = await upload(auth, file, name);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Please select an image file');
    }
  });

  it('refuses 10 MB + 1 byte with 413, and a truncated image', async () => {
    const { auth } = await signUp(t);
    const png = await image('png');
    const big = Buffer.concat([png, Buffer.alloc(10_485_761 - png.length, 7)]);
    const tooBig = await upload(auth, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe('File size must be less than 10MB');
    const jpeg = await image('jpeg', 800, 800);
    const truncated = await upload(auth, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg');
    expect(truncated.status).toBe(400);
    expect(truncated.body.detail).toBe('The image could not be read: it is damaged or incomplete');
    expect((await t.http().get('/api/accounts').set(...auth)).body.active_account.profile_photo_url).toBeNull();
    expect(readdirSync(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('replaces the old photo (its file is removed) and can target another of my accounts, fields before or after the file', async () => {
    const { auth } = await signUp(t);
    const first = (await upload(auth, await image('png'), 'a.png')).body.photo_url;
    const second = (await upload(auth, await image('jpeg'), 'b.jpg')).body.photo_url;
    expect(second).not.toBe(first);
    expect((await t.http().get(first)).status).toBe(404);
    expect((await t.http().get(second)).status).toBe(200);
    const other = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Other channel' })).body.account.id;
    for (const fieldsFirst of [true, false]) {
      const r = await upload(auth, await image('webp'), 'c.webp', { account_id: other }, fieldsFirst);
      expect(r.status).toBe(200);
      const list = (await t.http().get('/api/accounts').set(...auth)).body;
      expect(list.accounts.find((a: { id: string }) => a.id === other).profile_photo_url).toBe(r.body.photo_url);
      expect(list.active_account.profile_photo_url).toBe(second);
    }
  });

  it("answers 404 for another user's account_id and changes nothing there", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const target = (await t.http().get('/api/accounts').set(...owner.auth)).body.active_account.id;
    const r = await upload(intruder.auth, await image('png'), 'x.png', { account_id: target });
    expect(r.status).toBe(404);
    expect((await t.http().get('/api/accounts').set(...owner.auth)).body.active_account.profile_photo_url).toBeNull();
  });

  it('needs a file', async () => {
    const { auth } = await signUp(t);
    const r = await t.http().post('/api/profile/upload-photo').set(...auth).field('account_id', 'x');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Please select an image file');
  });
});

describe('feedback', () => {
  it('stores a message that admins (and only admins) can read', async () => {
    const { auth } = await signUp(t);
    expect((await t.http().post('/api/feedback').set(...auth).send({ message: '  ' })).body.detail).toBe('Feedback message is required');
    expect((await t.http().post('/api/feedback').set(...auth).send({ message: 'x'.repeat(2001) })).body.detail).toBe('Feedback must be at most 2000 characters');
    const ok = await t.http().post('/api/feedback').set(...auth).send({ message: 'The upload button is hard to find' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ message: 'Thanks for your feedback!' });
    expect((await t.http().get('/api/admin/feedback').set(...auth)).status).toBe(403);
    const { IdentityFacade } = await import('../src/modules/identity/identity.facade.js');
    const { RequestContext } = await import('@mikro-orm/core');
    await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('feedback_admin', 'a-long-admin-password'));
    const admin = await t.http().post('/api/admin/login').send({ username: 'feedback_admin', password: 'a-long-admin-password' });
    const list = await t.http().get('/api/admin/feedback?limit=5').set('Authorization', `Bearer ${admin.body.access_token}`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ message: 'The upload button is hard to find' });
  });

  it('limits a user to 10 messages an hour', async () => {
    const { auth } = await signUp(t);
    for (let i = 0; i < 10; i++) expect((await t.http().post('/api/feedback').set(...auth).send({ message: `note ${i}` })).status).toBe(201);
    expect((await t.http().post('/api/feedback').set(...auth).send({ message: 'one more' })).status).toBe(429);
  });
});

describe('my data', () => {
  it('exports everything stored about me as a JSON download, without secrets', async () => {
    const { auth, user } = await signUp(t);
    await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Side project' });
    await t.http().post('/api/feedback').set(...auth).send({ message: 'Export me' });
    const r = await t.http().get('/api/me/export').set(...auth);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="scriven-data-${user.display_name}.json"`);
    expect(r.body.user).toMatchObject({ display_name: user.display_name, email: user.email, account_status: 'active' });
    expect(r.body.accounts.map((a: { display_name: string }) => a.display_name)).toEqual([user.display_name, 'Side project']);
    expect(r.body.feedback).toEqual([{ message: 'Export me', created_at: expect.any(String) }]);
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password|token/i);
  });

  it('deletes me only after my display name is typed, then nothing of mine works', async () => {
    const { auth, user } = await signUp(t);
    await t.http().post('/api/feedback').set(...auth).send({ message: 'Bye' });
    const wrong = await t.http().delete('/api/me').set(...auth).send({ confirmation: 'someone else' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Type your display name to confirm');
    const ok = await t.http().delete('/api/me').set(...auth).send({ confirmation: user.display_name });
    expect(ok.status).toBe(200);
    expect((await t.http().get('/api/me').set(...auth)).status).toBe(401);
    expect((await t.http().post('/api/login').send({ login_identifier: user.display_name, password: user.password })).status).toBe(401);
    expect(await t.sql('select id from users where display_name = $1', [user.display_name])).toEqual([]);
    expect(await t.sql(`select user_id from feedback where message = 'Bye'`)).toEqual([{ user_id: null }]);
    const again = await t.http().post('/api/register').send({ ...user });
    expect(again.status).toBe(201);
  });
});
