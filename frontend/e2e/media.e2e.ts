import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, playUntil, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const clips = mkdtempSync(join(tmpdir(), 'scriven-e2e-clips-'));

function makeClip(name: string, size: string, seconds: number, bitrate: string): string {
  const out = join(clips, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', bitrate, '-c:a', 'aac', '-shortest', out]);
  return out;
}

beforeAll(async () => {
  server = await startServer({ UPLOAD_CHUNK_BYTES: '262144' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(clips, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function openSection(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).or(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name })).first().click();
}

it('uploads a clip in chunks, pauses, survives a reload, resumes with only the missing chunks, then plays it through HLS', async () => {
  const clip = makeClip('ocean.mp4', '1280x720', 6, '3M');
  const chunks = Math.ceil(statSync(clip).size / 262144);
  expect(chunks).toBeGreaterThan(6);
  await registerAndSignIn(page, server.url, { first: 'Mira', displayName: 'mira_e2e', email: 'mira.e2e@example.com', password: 'upload-password' });

  // Slow chunks down so Pause lands mid-upload.
  let sent = 0;
  await page.route('**/api/videos/upload/chunk/**', async (route) => {
    sent += 1;
    await new Promise((r) => setTimeout(r, 250));
    await route.continue();
  });
  await openSection('Uploads');
  const form = page.getByRole('form', { name: 'Large file upload' });
  await form.getByLabel('Choose video file').setInputFiles(clip);
  await form.getByLabel('Title').fill('Ocean chunks');
  await form.getByRole('button', { name: 'Start Upload' }).click();
  const status = page.getByRole('region', { name: 'Upload status' });
  await page.waitForFunction(() => document.querySelector('[data-testid="upload-phase"]')?.textContent?.match(/Uploading/i));
  while (sent < 3) await page.waitForTimeout(50);
  await status.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="upload-phase"]')?.textContent?.match(/Paused/i));
  await screenshot(page, '20-upload-paused');
  const beforeReload = sent;
  expect(beforeReload).toBeLessThan(chunks);

  // Reload: the page forgets everything but the server and localStorage remember the session.
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome back, Mira' }).waitFor();
  sent = 0;
  await openSection('Uploads');
  const again = page.getByRole('form', { name: 'Large file upload' });
  await again.getByLabel('Choose video file').setInputFiles(clip);
  await page.getByText('Unfinished upload found').waitFor();
  await screenshot(page, '20b-resume-offered');
  await page.getByRole('button', { name: 'Resume upload' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="upload-phase"]')?.textContent?.match(/Completed/i), undefined, { timeout: 60_000 });
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThanOrEqual(chunks - beforeReload + 1);
  await screenshot(page, '21-upload-completed');

  // Watch it: processing, then HLS in the inline player.
  const hlsRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/hls\/.*\.(m3u8|ts)/.test(r.url())) hlsRequests.push(r.url());
  });
  await openSection('Your videos');
  const card = page.getByRole('article', { name: 'Ocean chunks' });
  await card.waitFor();
  await card.locator('video').waitFor();
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && (await card.getByText(/Processing/i).count()) > 0) await page.waitForTimeout(1000);
  expect({ processing: (await card.getByText(/Processing/i).count()) > 0 }).toEqual({ processing: false });
  await playUntil(page, card.locator('video'), 1);
  expect(hlsRequests.some((u) => u.includes('master.m3u8'))).toBe(true);
  expect(hlsRequests.some((u) => u.endsWith('.ts') || u.includes('.ts?'))).toBe(true);
  await screenshot(page, '22-playing-hls');

  // Share: the link copied opens that video on its own.
  await card.getByRole('button', { name: 'Share' }).click();
  await page.getByText('Link copied to clipboard!').first().waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/videos/[0-9a-f-]{36}$`));
  await page.goto(link);
  // The link opens the video's watch page, with the quality menu of its HLS ladder.
  await page.getByRole('heading', { level: 1, name: 'Ocean chunks' }).waitFor();
  await page.locator('video').first().waitFor();
  await page.getByLabel('Quality').first().click();
  await page.getByRole('option', { name: '720p' }).waitFor();
  await page.keyboard.press('Escape');
  await screenshot(page, '22b-video-link');
});

it('adds a movie in the Cinema room and finds it by search and genre', async () => {
  const film = makeClip('film.mp4', '640x360', 3, '800k');
  await registerAndSignIn(page, server.url, { first: 'Cato', displayName: 'cato_e2e', email: 'cato.e2e@example.com', password: 'cinema-password' });
  await page.getByRole('button', { name: 'Cinema room' }).first().click();
  await page.getByRole('button', { name: /Add (First )?Movie/ }).first().click();
  const form = page.getByRole('form', { name: 'Add a movie' });
  await form.getByLabel('Choose movie file').setInputFiles(film);
  await form.getByLabel('Title').fill('Harbour Lights');
  await form.getByLabel('Description').fill('A night on the docks.');
  await form.getByLabel('Genres').click();
  await page.getByRole('option', { name: 'Drama' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Upload Movie' }).click();
  await page.getByText('Movie uploaded successfully!').first().waitFor({ timeout: 30_000 });
  const grid = page.getByRole('list', { name: 'Movies' });
  await grid.getByText('Harbour Lights').first().waitFor();
  await page.getByLabel('Search movies').fill('harbour');
  await grid.getByText('Harbour Lights').first().waitFor();
  await page.getByLabel('Search movies').fill('no such film');
  await page.getByText('No movies found').waitFor();
  await page.getByLabel('Search movies').fill('');
  await grid.getByText('Harbour Lights').first().waitFor();
  await screenshot(page, '24-cinema-room');
});

it('uploads reels and pages through the full-screen viewer with the keyboard', async () => {
  const first = makeClip('first.mp4', '360x640', 3, '600k');
  const second = makeClip('second.mp4', '360x640', 3, '600k');
  await registerAndSignIn(page, server.url, { first: 'Reza', displayName: 'reza_e2e', email: 'reza.e2e@example.com', password: 'reels-password' });
  await openSection('Shorts');
  for (const [file, title] of [
    [first, 'First reel'],
    [second, 'Second reel'],
  ] as const) {
    await page.getByRole('tab', { name: 'Upload' }).click();
    const form = page.getByRole('form', { name: 'Upload a reel' });
    await form.getByLabel('Choose reel video file').setInputFiles(file);
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Upload Reel' }).click();
    await page.getByText('Reel uploaded successfully!').first().waitFor();
  }
  await page.getByRole('tab', { name: 'Browse' }).click();
  await page.getByRole('button', { name: /Watch Reels \(2\)/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /Watch Reels \(2\)/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Reels viewer' });
  await viewer.getByRole('group', { name: /, 1 of 2$/ }).waitFor();
  await expectMuted(viewer);
  await page.keyboard.press('ArrowDown');
  await viewer.getByRole('group', { name: /, 2 of 2$/ }).waitFor();
  await page.keyboard.press('k');
  await viewer.getByRole('group', { name: /, 1 of 2$/ }).waitFor();
  await page.keyboard.press('j');
  await viewer.getByRole('group', { name: /, 2 of 2$/ }).waitFor();
  await viewer.getByRole('button', { name: 'Share' }).click();
  await page.getByText('Link copied to clipboard!').first().waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reels/[0-9a-f-]{36}$`));
  await viewer.getByRole('button', { name: 'Like' }).click();
  await screenshot(page, '23-reels-viewer');

  // The shared link opens that reel.
  await page.goto(link);
  await page.getByRole('dialog', { name: 'Reels viewer' }).getByRole('group', { name: /Second reel|First reel/ }).waitFor();
});

async function expectMuted(viewer: ReturnType<Page['getByRole']>): Promise<void> {
  await viewer.getByRole('button', { name: 'Unmute' }).waitFor();
}
