import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'scriven-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Scriven</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // The build's precompressed copies (frontend/vite.config.ts, precompress).
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(join(dist, 'assets', 'only-gzip.css'), 'body{}');
  writeFileSync(join(dist, 'assets', 'only-gzip.css.gz'), gzipSync('body{}'));
  writeFileSync(join(dist, 'color-scheme.js'), 'void 0');
  t = await createTestApp({ FRONTEND_DIST: dist });
});
afterAll(async () => {
  await t.close();
});

describe('the web app', () => {
  it('serves index.html at / and for client-side routes, never cached', async () => {
    for (const path of ['/', '/admin', '/parental-consent/abc', '/no/such/page']) {
      const r = await t.http().get(path);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.text).toContain('<div id="root"></div>');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable with their type, and other files revalidated', async () => {
    const asset = await t.http().get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = await t.http().get('/color-scheme.js');
    expect(file.headers['cache-control']).toBe('no-cache');
  });

  it('sends a built asset compressed when the browser accepts it: brotli first, then gzip, else the plain file', async () => {
    // A raw client: the bytes as sent, not decoded on the way.
    const base = await baseUrl(t);
    const asBinary = (path: string, encoding?: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${base}${path}`, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const raw = (r: { body: Buffer }) => r.body;
    const br = await asBinary('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(raw(br)).toString()).toBe('console.log("app")');

    const gz = await asBinary('/assets/index-abc123.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw(gz)).toString()).toBe('console.log("app")');

    const css = await asBinary('/assets/only-gzip.css', 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    const plain = await asBinary('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(raw(plain).toString()).toBe('console.log("app")');
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);

    // Nothing outside the assets folder is reached, whatever the path says.
    expect((await asBinary('/assets/..%2Findex.html', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps API misses as JSON errors and refuses inline scripts', async () => {
    const r = await t.http().get('/api/not-here');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
    const csp = (await t.http().get('/')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
