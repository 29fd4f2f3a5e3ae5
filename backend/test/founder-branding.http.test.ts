import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { AudienceLoaders } from '../src/common/auth/audience-loaders.js';
import { TokenService } from '../src/common/auth/token.service.js';
import { ICON_STORE, type IconStore } from '../src/modules/founder/domain/branding.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { admin } from './money-fixtures.js';

type Auth = [string, string];

const ANY_SIZES = [72, 96, 128, 144, 152, 192, 384, 512, 1024];
const MASKABLE_SIZES = [192, 512];

/** A square PNG: a coloured disc on transparent (a typical logo). */
function pngLogo(size: number, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 2}" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Reads a binary body (supertest leaves image bodies as Buffers only when asked). */
const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void; setEncoding: (e: string) => void }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * The founder's logo (seed 001 §2 App Logo, §7, §9; product.md §11): upload, reset, the icons at versioned URLs, the
 * public branding and the web app manifest. Founder tokens come from a stand-in founder (the founder context's own
 * sign-in is tested in its own file); the guard that checks them is the real one.
 */
describe('founder branding: logo, icons and manifest', () => {
  let t: TestApp;
  let founder: Auth;
  let user: Auth;
  let adminConsole: Auth;
  let adminUser: Auth;
  const founderId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(AudienceLoaders).register('founder', {
      load: async (c) => (c.aud === 'founder' && c.sub === founderId && c.ver === 1 ? { userId: founderId, audience: 'founder' } : null),
    });
    founder = ['Authorization', `Bearer ${t.app.get(TokenService).issue({ sub: founderId, aud: 'founder', ver: 1 }).token}`];
    user = (await signUp(t)).auth;
    const boss = await admin(t);
    adminConsole = boss.adminAuth;
    adminUser = boss.auth;
  });
  afterAll(() => t?.close());

  const upload = (bytes: Buffer, filename = 'logo.png', contentType = 'image/png', auth: Auth = founder) =>
    t.http().post('/api/founder/upload-logo').set(...auth).attach('logo_file', bytes, { filename, contentType });
  const getIcon = (url: string) => t.http().get(url).buffer(true).parse(binary as never);

  async function expectPng(url: string, size: number, opaque: boolean) {
    const res = await getIcon(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({ url, format: 'png', width: size, height: size });
    if (opaque) expect(meta.hasAlpha).toBe(false);
  }

  it('starts with the default text logo, whose icons exist', async () => {
    const current = await t.http().get('/api/founder/current-logo').set(...founder);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ has_custom_logo: false, logo_path: null, updated_at: null, message: 'Default text logo in use' });
    expect(current.body.icons).toHaveLength(11);
    const branding = await t.http().get('/api/app/branding');
    expect(branding.status).toBe(200);
    expect(branding.body).toMatchObject({ name: 'Scriven', has_custom_logo: false, logo_url: null });
    expect(branding.body.favicon_url).toBe(`/api/app/icons/${branding.body.icon_version}/favicon-32.png`);
    await expectPng(branding.body.favicon_url, 32, false);
    await expectPng(branding.body.apple_touch_icon_url, 180, true);
    for (const icon of current.body.icons as { size: number; purpose: string; url: string }[]) await expectPng(icon.url, icon.size, icon.purpose === 'maskable');
  });

  it('makes every icon from an uploaded PNG, lists them in the manifest with versioned URLs and a stable id', async () => {
    const before = JSON.parse((await t.http().get('/manifest.webmanifest')).text);
    expect(before.id).toBe('/');
    const res = await upload(await pngLogo(600, '#e8590c'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Logo updated and app icons regenerated', logo: { has_custom_logo: true } });
    const logo = res.body.logo;
    expect(logo.logo_path).toMatch(/^\/api\/app\/icons\/c[0-9a-f]{16}\/logo\.png$/);
    expect(new Date(logo.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(logo.icons.filter((i: { purpose: string }) => i.purpose === 'any').map((i: { size: number }) => i.size)).toEqual(ANY_SIZES);
    expect(logo.icons.filter((i: { purpose: string }) => i.purpose === 'maskable').map((i: { size: number }) => i.size)).toEqual(MASKABLE_SIZES);
    for (const icon of logo.icons as { size: number; purpose: string; url: string }[]) await expectPng(icon.url, icon.size, icon.purpose === 'maskable');
    // The "any" icons keep the transparent corners; the maskable ones are solid, the logo inside the 80 % safe zone.
    const any512 = await sharp((await getIcon(logo.icons.find((i: { size: number; purpose: string }) => i.size === 512 && i.purpose === 'any').url)).body as Buffer).raw().toBuffer({ resolveWithObject: true });
    expect(any512.info.channels).toBe(4);
    expect(any512.data[3]).toBe(0);
    const mask = await sharp((await getIcon(logo.icons.find((i: { size: number; purpose: string }) => i.size === 512 && i.purpose === 'maskable').url)).body as Buffer).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(mask.data.subarray((y * 512 + x) * mask.info.channels, (y * 512 + x) * mask.info.channels + 3));
    expect(at(20, 256)).toEqual([255, 255, 255]); // outside the safe zone: the background (the logo's edges are transparent: white)
    expect(at(256, 256)).toEqual([0xe8, 0x59, 0x0c]); // the middle: the logo

    const current = await t.http().get('/api/founder/current-logo').set(...founder);
    expect(current.body).toEqual(logo);
    const manifest = await t.http().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const body = JSON.parse(manifest.text);
    expect(body).toMatchObject({ id: '/', name: 'Scriven', short_name: 'Scriven', start_url: '/', scope: '/', display: 'standalone', theme_color: '#4c6ef5', background_color: '#ffffff' });
    expect(body.icons).toEqual(logo.icons.map((i: { size: number; purpose: string; url: string }) => ({ src: i.url, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })));
    expect(body.icons[0].src).not.toBe(before.icons[0].src);

    const branding = await t.http().get('/api/app/branding');
    expect(branding.body).toMatchObject({ has_custom_logo: true, logo_url: logo.logo_path, favicon_url: logo.logo_path.replace('logo.png', 'favicon-32.png') });
    await expectPng(branding.body.logo_url, 600, false);

    // A new logo: new URLs, the same id; the old set is gone.
    const again = await upload(await pngLogo(300, '#2b8a3e'), 'second.jpg', 'image/jpeg');
    expect(again.status).toBe(200);
    const next = JSON.parse((await t.http().get('/manifest.webmanifest')).text);
    expect(next.id).toBe('/');
    expect(next.icons.map((i: { src: string }) => i.src)).not.toEqual(body.icons.map((i: { src: string }) => i.src));
    expect((await getIcon(body.icons[0].src)).status).toBe(404);
    expect((await getIcon(next.icons[0].src)).status).toBe(200);
  });

  it('serves icons with an ETag (304 when unchanged), and current/ redirects to the current set', async () => {
    const branding = (await t.http().get('/api/app/branding')).body;
    const first = await getIcon(branding.favicon_url);
    expect(first.headers.etag).toBeTruthy();
    const again = await t.http().get(branding.favicon_url).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    const current = await t.http().get('/api/app/icons/current/apple-touch-icon.png');
    expect(current.status).toBe(302);
    expect(current.headers.location).toBe(branding.apple_touch_icon_url);
    expect(current.headers['cache-control']).toBe('no-cache');
    for (const bad of ['/api/app/icons/c0000000000000000/icon-192.png', '/api/app/icons/..%2F..%2Fsecrets/icon-192.png', `/api/app/icons/${branding.icon_version}/jwt.key`]) {
      const r = await t.http().get(bad);
      expect({ bad, status: r.status }).toEqual({ bad, status: 404 });
    }
  });

  it('refuses what is not an image by its bytes, whatever its name, and a file over 5 MB; nothing changes', async () => {
    const before = await t.http().get('/api/founder/current-logo').set(...founder);
    const text = await upload(Buffer.from('this is not an image, only text that says it is a logo\n'.repeat(4)), 'logo.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ statusCode: 400, code: 'BRANDING.NOT_AN_IMAGE', message: 'Please select an image file', detail: 'Please select an image file' });
    const empty = await t.http().post('/api/founder/upload-logo').set(...founder).field('note', 'no file');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please select an image file');
    // A real PNG header, then 6 MB.
    const big = Buffer.concat([await pngLogo(64, '#000000'), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'BRANDING.LOGO_TOO_LARGE', message: 'Image must be smaller than 5MB' });
    // A damaged PNG (its signature, then garbage) is refused too.
    const broken = await upload(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]));
    expect(broken.status).toBe(400);
    expect((await t.http().get('/api/founder/current-logo').set(...founder)).body).toEqual(before.body);
    // Nothing left in the temporary folder.
    expect(readdirSync(join(t.config.dataDir, 'tmp')).filter((n) => n.endsWith('.logo'))).toEqual([]);
  });

  it('refuses a picture of absurd dimensions (a decompression bomb) before decoding it', async () => {
    // A small PNG whose header says 20000×20000 (400 megapixels once decoded).
    const bomb = await pngLogo(16, '#000000');
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const res = await upload(bomb);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BRANDING.LOGO_TOO_MANY_PIXELS');
  });

  it('refuses user and admin tokens (403) and no token (401) on the founder routes', async () => {
    const png = await pngLogo(100, '#000000');
    for (const auth of [user, adminConsole, adminUser]) {
      expect((await t.http().get('/api/founder/current-logo').set(...auth)).status).toBe(403);
      const up = await upload(png, 'l.png', 'image/png', auth);
      expect(up.status).toBe(403);
      expect(up.body.code).toBe('AUTH.FOUNDER_REQUIRED');
      expect((await t.http().post('/api/founder/reset-logo').set(...auth)).status).toBe(403);
    }
    expect((await t.http().get('/api/founder/current-logo')).status).toBe(401);
    expect((await t.http().post('/api/founder/reset-logo')).status).toBe(401);
    expect((await t.http().post('/api/founder/upload-logo').attach('logo_file', png, 'l.png')).status).toBe(401);
    // The public branding, icons and manifest need no sign-in.
    expect((await t.http().get('/api/app/branding')).status).toBe(200);
  });

  it('resets to the default text logo and its icons, and audit-logs every change', async () => {
    const custom = (await t.http().get('/api/app/branding')).body;
    expect(custom.has_custom_logo).toBe(true);
    const res = await t.http().post('/api/founder/reset-logo').set(...founder);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Logo reset to default text logo', logo: { has_custom_logo: false, logo_path: null, updated_at: null } });
    const branding = (await t.http().get('/api/app/branding')).body;
    expect(branding).toMatchObject({ has_custom_logo: false, logo_url: null });
    expect(branding.icon_version).toMatch(/^d[0-9a-f]{16}$/);
    expect(branding.icon_version).not.toBe(custom.icon_version);
    await expectPng(branding.favicon_url, 32, false);
    expect((await getIcon(custom.favicon_url)).status).toBe(404);
    const manifest = JSON.parse((await t.http().get('/manifest.webmanifest')).text);
    expect(manifest.id).toBe('/');
    expect(manifest.icons[0].src).toBe(`/api/app/icons/${branding.icon_version}/icon-72.png`);

    const audit = await t.sql<{ action: string; target: string | null; address: string | null }>("select action, target, address from founder_audit_log where action like 'logo.%' order by seq");
    expect(audit.map((a) => a.action)).toEqual(['logo.uploaded', 'logo.uploaded', 'logo.reset']);
    expect(audit[2]!.target).toBe(custom.icon_version);
    expect(audit.every((a) => a.address)).toBe(true);
    // Refused uploads change nothing and log nothing.
    const bad = await upload(Buffer.from('not an image at all, really not'), 'x.png');
    expect(bad.status).toBe(400);
    expect(await t.sql("select 1 from founder_audit_log where action like 'logo.%'")).toHaveLength(3);
  });
});

describe('founder branding: two logo changes at the same time', () => {
  let t: TestApp;
  let founder: Auth;
  const founderId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(AudienceLoaders).register('founder', {
      load: async (c) => (c.aud === 'founder' && c.sub === founderId && c.ver === 1 ? { userId: founderId, audience: 'founder' } : null),
    });
    founder = ['Authorization', `Bearer ${t.app.get(TokenService).issue({ sub: founderId, aud: 'founder', ver: 1 }).token}`];
  });
  afterAll(() => t?.close());

  const upload = (bytes: Buffer) => t.http().post('/api/founder/upload-logo').set(...founder).attach('logo_file', bytes, { filename: 'logo.png', contentType: 'image/png' });

  /** Whether a change on this database waits for another's branding lock (a Postgres advisory lock not granted yet). */
  const someoneWaits = async () =>
    (await t.sql(`select 1 from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`)).length > 0;

  it('never removes the icon set of a logo another change is switching to: the current logo’s icons all exist', async () => {
    const store = t.app.get<symbol, IconStore>(ICON_STORE, { strict: false });
    const put = store.put.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let parked!: () => void;
    const isParked = new Promise<void>((resolve) => (parked = resolve));
    let first = true;
    // The first upload stops right after writing its icon set, before it becomes the logo.
    store.put = async (version, files) => {
      await put(version, files);
      if (!first) return;
      first = false;
      parked();
      await gate;
    };
    let watching = true;
    try {
      const slow = upload(await pngLogo(200, '#1971c2')).then((r) => r);
      await isParked;
      const fast = upload(await pngLogo(220, '#c2255c')).then((r) => r);
      // The second change either runs to its end meanwhile, or waits for the first.
      const waits = (async () => {
        while (watching && !(await someoneWaits())) await new Promise((resolve) => setImmediate(resolve));
      })();
      await Promise.race([fast, waits]);
      release();
      const results = await Promise.all([slow, fast]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    } finally {
      watching = false;
      release();
      store.put = put;
    }
    const current = (await t.http().get('/api/founder/current-logo').set(...founder)).body;
    expect(current.has_custom_logo).toBe(true);
    for (const url of [current.logo_path, ...current.icons.map((i: { url: string }) => i.url)]) {
      const r = await t.http().get(url);
      expect({ url, status: r.status }).toEqual({ url, status: 200 });
    }
  });
});

describe('founder branding: the instance name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INSTANCE_NAME: 'Riverside Community Video' });
  });
  afterAll(() => t?.close());

  it('names the manifest and the branding after INSTANCE_NAME', async () => {
    const manifest = JSON.parse((await t.http().get('/manifest.webmanifest')).text);
    expect(manifest).toMatchObject({ id: '/', name: 'Riverside Community Video', short_name: 'Riverside Co' });
    expect((await t.http().get('/api/app/branding')).body.name).toBe('Riverside Community Video');
  });
});

describe('founder branding: next to the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'scriven-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /><title>Scriven</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'sw.js'), "const RELEASE = 'abc';\n");
    t = await createTestApp({ FRONTEND_DIST: dist });
  });
  afterAll(() => t?.close());

  it('serves the manifest and the service worker themselves, never the app page in their place', async () => {
    const manifest = await t.http().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(JSON.parse(manifest.text).id).toBe('/');
    const sw = await t.http().get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.text).toContain("RELEASE = 'abc'");
    // A client-side route still gets the app's page.
    const page = await t.http().get('/videos/123');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});
