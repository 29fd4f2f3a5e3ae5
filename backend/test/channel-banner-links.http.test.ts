import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from './harness.js';

/** A channel's banner (POST/DELETE /api/accounts/{id}/banner, GET /api/media/banners/…) and links (PUT /api/accounts/{id}). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t.close();
});

type Auth = [string, string];

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 1600, height = 600, background = { r: 30, g: 90, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .toFormat(format)
    .toBuffer();

const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

async function me(auth: Auth) {
  const r = await t.http().get('/api/accounts').set(...auth);
  return r.body.active_account as Record<string, any>;
}

const uploadBanner = (auth: Auth, id: string, file: Buffer, filename: string) =>
  t.http().post(`/api/accounts/${id}/banner`).set(...auth).attach('file', file, filename);

async function creator() {
  const who = await signUp(t);
  return { ...who, account: await me(who.auth) };
}

describe('POST /api/accounts/{id}/banner', () => {
  it.each(['png', 'jpeg'] as const)('turns a %s into a wide WebP and a phone-sized one, without metadata, served with caching headers', async (format) => {
    const { auth, account } = await creator();
    const r = await uploadBanner(auth, account.id, await image(format), `banner.${format}`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.account.banner_url).toMatch(/^\/api\/media\/banners\/wide\/[0-9a-f-]{36}\.webp$/);
    expect(r.body.account.banner_small_url).toBe(r.body.account.banner_url.replace('/wide/', '/small/'));
    for (const [url, width, height] of [
      [r.body.account.banner_url, 2048, 512],
      [r.body.account.banner_small_url, 1024, 256],
    ] as const) {
      const file = await t.http().get(url).buffer(true).parse(binary as never);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(meta.exif).toBeUndefined();
      expect((file.body as Buffer).includes(Buffer.from('secret-exif-marker'))).toBe(false);
      expect((await t.http().get(url).set('If-None-Match', file.headers.etag)).status).toBe(304);
    }
    const mine = await me(auth);
    expect(mine.banner_url).toBe(r.body.account.banner_url);
    // Visitors see it on the channel page.
    const page = await t.http().get(`/api/channels/${account.handle}`);
    expect(page.body).toMatchObject({ banner_url: r.body.account.banner_url, banner_small_url: r.body.account.banner_small_url });
  });

  it('refuses a text file named .png, a truncated image, an oversized file and absurd dimensions, and changes nothing', async () => {
    const { auth, account } = await creator();
    const first = (await uploadBanner(auth, account.id, await image('png'), 'first.png')).body.account.banner_url as string;
    expect(first).toBeTruthy();
    const png = await image('png');
    const jpeg = await image('jpeg', 2000, 1000);
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('just some text pretending to be an image'), 'fake.png', 400, 'Please select an image file'],
      [Buffer.alloc(0), 'empty.png', 400, 'Please select an image file'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 400, 'The image could not be read: it is damaged or incomplete'],
      [Buffer.concat([png, Buffer.alloc(10_485_761 - png.length, 7)]), 'big.png', 413, 'File size must be less than 10MB'],
      [await image('png', 300, 100), 'tiny.png', 400, 'The banner must be at least 640×160 pixels'],
      [await image('png', 20_000, 200), 'strip.png', 400, 'The banner must be at most 16384 pixels on a side and 40 megapixels'],
      [await image('png', 8000, 6000), 'huge.png', 400, 'The banner must be at most 16384 pixels on a side and 40 megapixels'],
    ];
    for (const [file, name, status, detail] of cases) {
      const r = await uploadBanner(auth, account.id, file, name);
      expect({ name, status: r.status, detail: r.body.detail }).toEqual({ name, status, detail });
      expect((await me(auth)).banner_url).toBe(first);
    }
    expect((await t.http().get(first)).status).toBe(200);
    expect(readdirSync(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it("answers 404 for another user's account (and for what is no account id), changing nothing there", async () => {
    const owner = await creator();
    const intruder = await creator();
    const r = await uploadBanner(intruder.auth, owner.account.id, await image('png'), 'x.png');
    expect(r.status).toBe(404);
    expect(r.body.detail).toBe('Account not found');
    expect((await me(owner.auth)).banner_url).toBeNull();
    expect((await uploadBanner(owner.auth, 'not-an-id', await image('png'), 'x.png')).status).toBe(404);
    expect((await t.http().delete(`/api/accounts/${owner.account.id}/banner`).set(...intruder.auth)).status).toBe(404);
  });

  it('needs a file, and a user token', async () => {
    const { auth, account } = await creator();
    const r = await t.http().post(`/api/accounts/${account.id}/banner`).set(...auth).field('other', 'x');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Please select an image file');
    expect((await t.http().post(`/api/accounts/${account.id}/banner`).attach('file', await image('png'), 'b.png')).status).toBe(401);
  });

  it('replaces the previous banner (its files are removed) and sets one on another of my accounts', async () => {
    const { auth, account } = await creator();
    const first = (await uploadBanner(auth, account.id, await image('png'), 'a.png')).body.account;
    const second = (await uploadBanner(auth, account.id, await image('webp', 1200, 400, { r: 200, g: 20, b: 20 }), 'b.webp')).body.account;
    expect(second.banner_url).not.toBe(first.banner_url);
    expect((await t.http().get(first.banner_url)).status).toBe(404);
    expect((await t.http().get(first.banner_small_url)).status).toBe(404);
    expect((await t.http().get(second.banner_url)).status).toBe(200);
    const other = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Second channel' })).body.account.id;
    const r = await uploadBanner(auth, other, await image('gif', 900, 300), 'c.gif');
    expect(r.status).toBe(200);
    expect(r.body.account.id).toBe(other);
    expect((await me(auth)).banner_url).toBe(second.banner_url);
  });
});

describe('image uploads per user', () => {
  it('answers 429 to the 21st photo or banner of a minute, and keeps nothing from it', async () => {
    const { auth, account } = await creator();
    const text = Buffer.from('not an image at all');
    for (let i = 0; i < 20; i++) expect((await uploadBanner(auth, account.id, text, `n${i}.png`)).status).toBe(400);
    const r = await uploadBanner(auth, account.id, await image('png'), 'banner.png');
    expect(r.status).toBe(429);
    expect(r.body.detail).toBe('You are uploading images too fast. Please wait a minute.');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(auth)).banner_url).toBeNull();
    // Another user is not held back.
    const other = await creator();
    expect((await uploadBanner(other.auth, other.account.id, await image('png'), 'banner.png')).status).toBe(200);
  });
});

describe('DELETE /api/accounts/{id}/banner', () => {
  it('removes the banner and its files; the channel page shows none; removing again is fine', async () => {
    const { auth, account } = await creator();
    const set = (await uploadBanner(auth, account.id, await image('png'), 'a.png')).body.account;
    const r = await t.http().delete(`/api/accounts/${account.id}/banner`).set(...auth);
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({ id: account.id, banner_url: null, banner_small_url: null });
    expect((await t.http().get(set.banner_url)).status).toBe(404);
    expect((await t.http().get(set.banner_small_url)).status).toBe(404);
    expect((await t.http().get(`/api/channels/${account.handle}`)).body).toMatchObject({ banner_url: null, banner_small_url: null });
    expect((await t.http().delete(`/api/accounts/${account.id}/banner`).set(...auth)).status).toBe(200);
    expect((await t.http().delete(`/api/accounts/${account.id}/banner`)).status).toBe(401);
  });
});

describe('deleting an account', () => {
  it('removes its banner files with its other content', async () => {
    const { auth } = await creator();
    const id = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Short lived banner' })).body.account.id as string;
    const set = (await uploadBanner(auth, id, await image('png'), 'a.png')).body.account;
    const files = [set.banner_url, set.banner_small_url].map((url: string) => join(t.config.dataDir, 'media', url.replace('/api/media/', '')));
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect((await t.http().delete(`/api/accounts/${id}`).set(...auth)).status).toBe(200);
    const { AccountsFacade } = await import('../src/modules/accounts/accounts.facade.js');
    await t.app.get(AccountsFacade).purgeDeletedNow([id]);
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect((await t.http().get(set.banner_url)).status).toBe(404);
  });
});

describe('links (PUT /api/accounts/{id})', () => {
  const put = (auth: Auth, id: string, body: unknown) => t.http().put(`/api/accounts/${id}`).set(...auth).send(body as object);

  it('stores up to 5 links in order, trimmed, shown on the account and to visitors on the channel page; [] clears them', async () => {
    const { auth, account } = await creator();
    expect(account.links).toEqual([]);
    const links = [
      { label: '  Blog ', url: ' https://blog.example.com/posts ' },
      { label: 'Shop', url: 'http://shop.example.com' },
      { label: 'Code', url: 'https://git.example.com/me?tab=repos#top' },
      { label: 'Mastodon', url: 'https://social.example/@me' },
      { label: 'x'.repeat(40), url: `https://example.com/${'p'.repeat(400)}` },
    ];
    const r = await put(auth, account.id, { links });
    expect(r.status).toBe(200);
    const stored = links.map((l) => ({ label: l.label.trim(), url: l.url.trim() }));
    expect(r.body.account.links).toEqual(stored);
    expect((await me(auth)).links).toEqual(stored);
    const page = await t.http().get(`/api/channels/${account.handle}`);
    expect(page.status).toBe(200);
    expect(page.body.links).toEqual(stored);
    // Other fields leave the links as they are.
    expect((await put(auth, account.id, { bio: 'Hello' })).body.account.links).toEqual(stored);
    expect((await put(auth, account.id, { links: [] })).body.account.links).toEqual([]);
  });

  it.each([
    [[{ label: 'Evil', url: 'javascript:alert(1)' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'Files', url: 'ftp://files.example.com' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'Data', url: 'data:text/html,<script>alert(1)</script>' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'No host', url: 'https://' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'Login', url: 'https://user:secret@example.com' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'Space', url: 'https://exa mple.com' }], 'links.0.url', 'Links must be http or https addresses'],
    [[{ label: 'Ok', url: 'https://example.com' }, { label: 'Long', url: `https://example.com/${'a'.repeat(490)}` }], 'links.1.url', 'Link addresses must be at most 500 characters'],
    [[{ label: 'x'.repeat(41), url: 'https://example.com' }], 'links.0.label', 'Link labels must be at most 40 characters'],
    [[{ label: '   ', url: 'https://example.com' }], 'links.0.label', 'Each link needs a label'],
    [[{ url: 'https://example.com' }], 'links.0.label', 'Each link needs a label'],
    [Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: `https://example.com/${i}` })), 'links', 'Add at most 5 links'],
    ['https://example.com', 'links', 'Each link needs a label and an address'],
    [['https://example.com'], 'links.0', 'Each link needs a label and an address'],
  ])('refuses %j: %s says %s, and changes nothing', async (links, field, message) => {
    const { auth, account } = await creator();
    const kept = [{ label: 'Home', url: 'https://home.example.com' }];
    expect((await put(auth, account.id, { links: kept })).status).toBe(200);
    const r = await put(auth, account.id, { links, bio: 'Not saved either' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ field, message });
    expect(r.body.detail).toBe(r.body.errors[0].message);
    const after = await me(auth);
    expect(after.links).toEqual(kept);
    expect(after.bio).toBeNull();
  });

  it('refuses a NUL byte in a link', async () => {
    const { auth, account } = await creator();
    const r = await put(auth, account.id, { links: [{ label: 'A\u0000B', url: 'https://example.com' }] });
    expect(r.status).toBe(400);
    expect((await me(auth)).links).toEqual([]);
  });

  it("answers 404 for another user's account", async () => {
    const owner = await creator();
    const intruder = await creator();
    const r = await put(intruder.auth, owner.account.id, { links: [{ label: 'Spam', url: 'https://spam.example.com' }] });
    expect(r.status).toBe(404);
    expect((await me(owner.auth)).links).toEqual([]);
  });
});

describe('GET /api/channels/{handle}: banner and links as visitors see them', () => {
  it('a private channel shows its banner and links to its owner only', async () => {
    const { auth, account } = await creator();
    await uploadBanner(auth, account.id, await image('png'), 'a.png');
    await t.http().put(`/api/accounts/${account.id}`).set(...auth).send({ links: [{ label: 'Site', url: 'https://site.example.com' }] });
    const visitorView = await t.http().get(`/api/channels/${account.handle}`);
    expect(visitorView.status).toBe(200);
    expect(visitorView.body.links).toEqual([{ label: 'Site', url: 'https://site.example.com' }]);
    expect(visitorView.body.banner_url).toMatch(/^\/api\/media\/banners\//);
    expect(Object.keys(visitorView.body)).not.toContain('banner_key');

    await t.http().put(`/api/accounts/${account.id}`).set(...auth).send({ privacy_settings: { profile_visibility: 'private' } });
    const stranger = await creator();
    expect((await t.http().get(`/api/channels/${account.handle}`)).status).toBe(404);
    expect((await t.http().get(`/api/channels/${account.handle}`).set(...stranger.auth)).status).toBe(404);
    const own = await t.http().get(`/api/channels/${account.handle}`).set(...auth);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ is_own: true, links: [{ label: 'Site', url: 'https://site.example.com' }] });
    expect(own.body.banner_url).toBeTruthy();
  });

  it('a channel without a banner or links says null and []', async () => {
    const { account } = await creator();
    const r = await t.http().get(`/api/channels/${account.handle}`);
    expect(r.body).toMatchObject({ banner_url: null, banner_small_url: null, links: [] });
  });
});
