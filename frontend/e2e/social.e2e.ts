import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness.js';

/** Ben's calls and the job queue (processing, fan-out) run here. */
let server: RunningServer;
/** A second server process on the same database, without jobs: Ana's page and socket live here, so what reaches it crossed processes. */
let pageServer: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const clips = mkdtempSync(join(tmpdir(), 'scriven-e2e-social-'));

beforeAll(async () => {
  server = await startServer();
  pageServer = await startServer({ JOBS_ENABLED: 'false' }, server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pageServer?.stop();
  await server?.stop();
  rmSync(clips, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

interface Person {
  first: string;
  displayName: string;
  email: string;
  password: string;
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers through the API (setup, not what is tested) and returns a user token. */
async function registerByApi(who: Person): Promise<string> {
  await api('/api/register', {
    method: 'POST',
    body: JSON.stringify({ first_name: who.first, last_name: 'Tester', display_name: who.displayName, email: who.email, password: who.password }),
  });
  const { access_token } = await api<{ access_token: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ login_identifier: who.email, password: who.password }),
  });
  return access_token;
}

function makeClip(name: string): string {
  const out = join(clips, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', out]);
  return out;
}

async function signInInBrowser(who: Person): Promise<void> {
  await page.goto(`${pageServer.url}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const form = page.getByRole('form', { name: 'Sign in form' });
  await form.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await form.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome back, ${who.first}` }).waitFor();
}

it('A follows B from Discover; when B publishes a video on another server process, the bell in A’s open page counts it without a reload', async () => {
  const ana: Person = { first: 'Ana', displayName: 'ana_e2e', email: 'ana.e2e@example.com', password: 'follow-password' };
  const ben: Person = { first: 'Ben', displayName: 'ben_e2e', email: 'ben.e2e@example.com', password: 'upload-password' };
  await registerByApi(ana);
  const benToken = await registerByApi(ben);

  // The directory learns of new users from an event; wait until Ben is listed before looking for him.
  for (const deadline = Date.now() + 20_000; ; ) {
    const { users } = await api<{ users: { username: string }[] }>('/api/users/discover?sort_by=newest&limit=100');
    if (users.some((user) => user.username === ben.displayName)) break;
    if (Date.now() > deadline) throw new Error(`${ben.displayName} never appeared in Discover:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await signInInBrowser(ana);
  // From here on the page must not load again: the count has to arrive over the realtime socket.
  let loads = 0;
  page.on('load', () => (loads += 1));

  const header = page.getByRole('banner');
  const bell = header.getByRole('button', { name: /^Notifications/ });
  await bell.waitFor();

  // Subscriptions → Discover → Follow Ben.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Subscriptions' }).click();
  await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
  await page.getByText('Follow creators to see their uploads here').waitFor();
  await page.getByRole('tablist', { name: 'Subscriptions' }).getByRole('tab', { name: 'Discover' }).click();
  const card = page.getByRole('article', { name: ben.displayName });
  await card.waitFor({ timeout: 20_000 });
  await card.getByRole('button', { name: `Follow ${ben.displayName}` }).click();
  await card.getByRole('button', { name: `Unfollow ${ben.displayName}` }).waitFor();
  await page.getByText(`You are now following ${ben.displayName}`).first().waitFor();
  await card.getByText('1 follower', { exact: true }).waitFor();
  await screenshot(page, '30-social-followed');
  expect(await bell.getAttribute('aria-label')).toBe('Notifications');
  expect(sockets.some((url) => url === `${pageServer.url.replace('http', 'ws')}/api/realtime`)).toBe(true);

  // Ben publishes a video (through the API); the server processes it, then tells his followers.
  const form = new FormData();
  form.set('file', new Blob([readFileSync(makeClip('news.mp4'))], { type: 'video/mp4' }), 'news.mp4');
  form.set('title', 'Ben has news');
  form.set('description', 'A short test pattern');
  const video = await api<{ id: string; status: string }>('/api/videos/upload', { method: 'POST', body: form, token: benToken });
  const deadline = Date.now() + 90_000;
  for (let status = video.status; status !== 'ready'; ) {
    if (status === 'failed' || Date.now() > deadline) throw new Error(`processing ended ${status}:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = (await api<{ status: string }>(`/api/videos/${video.id}`, { token: benToken })).status;
  }

  // Ana's page, untouched, shows it.
  await page.waitForFunction(
    () => document.querySelector('header button[aria-label^="Notifications"]')?.getAttribute('aria-label') === 'Notifications (1 unread)',
    undefined,
    { timeout: 30_000 },
  );
  expect(await header.getByText('1', { exact: true }).isVisible()).toBe(true);
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await dropdown.getByText('New video').waitFor();
  await dropdown.getByText(`${ben.displayName} uploaded "Ben has news"`).waitFor();
  await page.waitForTimeout(400); // the dropdown's fade-in
  await screenshot(page, '31-social-bell-live');
  expect(loads).toBe(0);

  // The feed has it too, and it opens in its dialog.
  await page.keyboard.press('Escape');
  await page.getByRole('tablist', { name: 'Subscriptions' }).getByRole('tab', { name: 'Following' }).click();
  const item = page.getByRole('article', { name: 'Ben has news' });
  await item.waitFor();
  await item.getByRole('button', { name: 'Open Ben has news' }).click();
  await page.getByRole('dialog', { name: 'Ben has news' }).locator('video').waitFor();
  await page.waitForTimeout(400);
  await screenshot(page, '32-social-feed-video');

  // Clicking the notification marks it read: the badge goes.
  await page.keyboard.press('Escape');
  await bell.click();
  await dropdown.getByRole('button', { name: /Ben has news/ }).click();
  await page.waitForFunction(() => document.querySelector('header button[aria-label^="Notifications"]')?.getAttribute('aria-label') === 'Notifications');
  expect(loads).toBe(0);

  // Search from the header: accents, case and an unfinished last word do not matter; the video and Ben are found.
  await page.keyboard.press('Escape');
  const headerSearch = header.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await headerSearch.fill('BÉN HAS ne');
  await headerSearch.press('Enter');
  await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
  await page.getByRole('list', { name: /video/i }).getByRole('article', { name: 'Ben has news' }).waitFor({ timeout: 20_000 });
  await headerSearch.fill(ben.displayName);
  await headerSearch.press('Enter');
  await page.getByRole('article', { name: ben.displayName }).waitFor({ timeout: 20_000 });
  await headerSearch.fill('Ben has newz');
  await headerSearch.press('Enter');
  await page.getByRole('article', { name: 'Ben has news' }).waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await screenshot(page, '33-search-typo');
  expect(loads).toBe(0);
});
