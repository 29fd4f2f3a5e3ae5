import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'scriven-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Scriven</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
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

  it('keeps API misses as JSON errors and refuses inline scripts', async () => {
    const r = await t.http().get('/api/not-here');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
    const csp = (await t.http().get('/')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
