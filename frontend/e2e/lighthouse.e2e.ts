import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { callApi, startServer, type RunningServer } from './harness.js';

/**
 * Lighthouse 12 (issue 18) on the built app in Debian's Chromium: accessibility at least 90 on the landing page (a
 * visitor at /), Home (a signed-in user at /) and a watch page, one desktop run each, accessibility only; and the app
 * installable, as Chrome itself decides it (Page.getInstallabilityErrors), with its manifest and service worker.
 */

let server: RunningServer;
let chrome: ChildProcess;
let port = 0;
let profile = '';
let cdp: Browser;
let token = '';
let video = { id: '', title: '' };
const scores: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  server = await startServer({ DEMO_DATA_SCALE: '10' });
  const json = { 'content-type': 'application/json' };
  const who = { first_name: 'Lena', last_name: 'Lighthouse', display_name: 'lena_lights', email: 'lena@example.com', password: 'lena-password' };
  await callApi(server, '/api/register', { method: 'POST', headers: json, body: JSON.stringify(who) });
  ({ access_token: token } = await callApi<{ access_token: string }>(server, '/api/login', { method: 'POST', headers: json, body: JSON.stringify({ login_identifier: who.email, password: who.password }) }));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const home = await callApi<{ trending: { id: string; title: string }[] }>(server, '/api/home');
    if (home.trending.length > 0) {
      video = { id: home.trending[0].id, title: home.trending[0].title };
      break;
    }
    if (Date.now() > deadline) throw new Error('the demo videos did not arrive');
    await new Promise((r) => setTimeout(r, 500));
  }

  // Chromium with a DevTools port for Lighthouse, and a profile of its own (not incognito: installability needs one).
  const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  if (!executablePath) throw new Error("Debian's chromium is not installed (apt-get install chromium)");
  port = await freePort();
  profile = mkdtempSync(join(tmpdir(), 'scriven-e2e-lighthouse-'));
  chrome = spawn(executablePath, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const ready = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > ready) throw new Error('chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }
  cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
}, 180_000);

afterAll(async () => {
  await cdp?.close();
  if (chrome && chrome.exitCode === null) {
    const exited = new Promise((r) => chrome.once('exit', r));
    chrome.kill('SIGTERM');
    await exited;
  }
  if (profile) rmSync(profile, { recursive: true, force: true });
  await server?.stop();
  if (scores.length) console.log(`Lighthouse accessibility: ${scores.join(', ')}`);
});

/** One Lighthouse run, desktop, accessibility only; `keepStorage` keeps the signed-in token it would otherwise clear. */
async function accessibility(name: string, url: string, keepStorage = false): Promise<void> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: keepStorage }, desktopConfig);
  if (!result) throw new Error(`Lighthouse gave no result for ${name}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.accessibility.score ?? 0;
  // What cost points: in the message when the score is too low, and printed with the scores.
  const failing = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
    .map((ref) => `${ref.id} (weight ${ref.weight})`);
  scores.push(`${name} ${Math.round(score * 100)}${failing.length ? ` (short of: ${failing.join(', ')})` : ''}`);
  expect({ page: name, score: score >= 0.9 ? 'at least 0.9' : score, failing: score >= 0.9 ? [] : failing }).toEqual({ page: name, score: 'at least 0.9', failing: [] });
}

it('scores at least 90 for accessibility on the landing page, Home and a watch page', async () => {
  await accessibility('landing (visitor at /)', `${server.url}/`);

  // Home signed in: the token where the app keeps it, in the profile Lighthouse's tab shares.
  const context = cdp.contexts()[0];
  const page = await context.newPage();
  await page.goto(server.url);
  await page.evaluate((t) => localStorage.setItem('scriven.token', t), token);
  await page.close();
  await accessibility('home (signed in)', `${server.url}/`, true);
  await accessibility('watch', `${server.url}/videos/${video.id}`, true);
}, 240_000);

it('is installable: a complete manifest, a service worker in control, and no installability error from Chrome', async () => {
  const res = await fetch(`${server.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as { id?: string; name?: string; start_url?: string; display?: string; icons?: { src: string; sizes: string; type?: string; purpose?: string }[] };
  expect({ id: typeof manifest.id, name: typeof manifest.name, start_url: manifest.start_url, display: manifest.display }).toEqual({ id: 'string', name: 'string', start_url: '/', display: 'standalone' });
  const icons = manifest.icons ?? [];
  const has = (size: string, purpose: string) => icons.some((i) => i.sizes.split(' ').includes(size) && (i.type ?? 'image/png') === 'image/png' && (i.purpose ?? 'any').split(' ').includes(purpose));
  expect({ any192: has('192x192', 'any'), any512: has('512x512', 'any'), maskable: has('192x192', 'maskable') || has('512x512', 'maskable') }).toEqual({ any192: true, any512: true, maskable: true });
  for (const icon of icons) {
    const file = await fetch(new URL(icon.src, `${server.url}/manifest.webmanifest`));
    expect({ icon: icon.src, status: file.status, type: file.headers.get('content-type') }).toEqual({ icon: icon.src, status: 200, type: icon.type ?? 'image/png' });
  }

  const context = cdp.contexts()[0];
  const page = await context.newPage();
  try {
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    // The service worker registers once the app has started; after a reload it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.active != null), null, { timeout: 30_000, polling: 250 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await page.close();
  }
}, 180_000);
