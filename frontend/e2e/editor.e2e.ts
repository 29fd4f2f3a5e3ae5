import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, playUntil, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Issue 19, the editor studio as a creator uses it: they pick one of their videos, cut its first second off, add the
 * Sepia filter, a title and one of their tracks as background music, export at 720p, follow the export to the end,
 * and watch the new video play; the original stays.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let media: string;

const VIDEO = { title: 'Harbour walk', seconds: 6 };
const TRACK = { title: 'Harbour Hum', artist: 'The Harbour Band' };

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'scriven-e2e-editor-'));
  server = await startServer({ DEMO_DATA: 'false' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
}, 90_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (media) rmSync(media, { recursive: true, force: true });
});

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

async function waitReady(path: string, token: string, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await callApi<Record<string, unknown>>(server, path, { token });
    if (item.status === 'ready') return item;
    if (item.status === 'failed' || Date.now() > deadline) throw new Error(`${path} ended ${String(item.status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

it('cuts a video, adds Sepia, a title and a track, exports it at 720p, and the new video plays', async () => {
  const page = await context.newPage();
  await registerAndSignIn(page, server.url, { first: 'Ines', displayName: 'ines_edits', email: 'ines.edits@example.com', password: 'editor-password-1' });
  const token = await page.evaluate(() => localStorage.getItem('scriven.token') ?? '');
  expect(token).not.toBe('');

  // The creator's video (720p with sound) and track, uploaded through the API and processed.
  const clip = join(media, 'walk.mp4');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330', '-t', String(VIDEO.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  const videoForm = new FormData();
  videoForm.append('title', VIDEO.title);
  videoForm.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'walk.mp4');
  const video = await callApi<{ id: string }>(server, '/api/videos/upload', { method: 'POST', body: videoForm, token });
  const tune = join(media, 'hum.mp3');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100', '-t', '4', '-c:a', 'libmp3lame', '-b:a', '96k', tune]);
  const trackForm = new FormData();
  trackForm.append('title', TRACK.title);
  trackForm.append('artist', TRACK.artist);
  trackForm.append('genre', 'Jazz');
  trackForm.append('file', new Blob([readFileSync(tune)], { type: 'audio/mpeg' }), 'hum.mp3');
  const track = await callApi<{ id: string }>(server, '/api/music/upload', { method: 'POST', body: trackForm, token });
  await waitReady(`/api/videos/${video.id}`, token);
  await waitReady(`/api/music/tracks/${track.id}`, token);

  // Editor Studio › Timeline: pick the video.
  await page.goto(server.url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Editor Studio', exact: true }).click();
  await tab(page, 'Timeline').click();
  await page.getByRole('button', { name: `Edit ${VIDEO.title}` }).click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('img', { name: `Filmstrip of ${VIDEO.title}` }).waitFor();
  await expect(timeline.getByRole('img', { name: 'Waveform' }).isVisible()).resolves.toBe(true);

  // Cut: the clip's start handle moves 1 s in (ten steps of 0.1 s), so the edit keeps 1–6 s.
  const start = page.getByRole('slider', { name: 'Clip 1 start' });
  await start.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.getByRole('status', { name: 'Save status' }).getByText('Saved').waitFor({ timeout: 15_000 });
  // Preview: the edited video's first 5 s rendered by the server and played in the editor's player.
  await page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Preview', exact: true }).click();
  // The preview player takes the source player's place, with the rendered 5 s (the source player streams through a
  // blob: URL too, so the preview is told by its own player and length).
  await page.getByRole('button', { name: 'Back to the video' }).waitFor({ timeout: 60_000 });
  const length = await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('video[aria-label="Preview player"]');
      return v && v.readyState >= 1 && Number.isFinite(v.duration) ? v.duration : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  expect(Math.abs(((await length.jsonValue()) as number) - 5)).toBeLessThan(0.3);
  await screenshot(page, 'editor-timeline');

  // Filters › Sepia; Effects › Add Title; Audio › the track.
  await tab(page, 'Filters').click();
  const sepia = page.getByRole('button', { name: 'Sepia' });
  await sepia.click();
  await expect(sepia.getAttribute('aria-pressed')).resolves.toBe('true');
  // Every tile shows the frame at the playhead through its filter, rendered by the server.
  const sepiaFrame = page.getByRole('img', { name: 'The frame at the playhead with Sepia' });
  await sepiaFrame.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[alt^="The frame at the playhead with"]')].filter((i) => i.complete && i.naturalWidth > 0).length === 9, undefined, { timeout: 30_000 });
  await screenshot(page, 'editor-filters');
  await tab(page, 'Effects').click();
  await page.getByRole('button', { name: 'Add Title' }).click();
  await page.getByRole('textbox', { name: 'Text' }).fill('Harbour: "day one"');
  await tab(page, 'Audio').click();
  await page.getByRole('button', { name: `Add ${TRACK.title}` }).click();
  await page.getByRole('button', { name: `Remove ${TRACK.title}` }).waitFor();
  await screenshot(page, 'editor-audio');

  // The server holds the whole edit.
  await page.getByRole('status', { name: 'Save status' }).getByText('Saved').waitFor({ timeout: 15_000 });
  const session = await callApi<{ draft: Record<string, unknown> }>(server, `/api/editor/videos/${video.id}`, { token });
  expect(session.draft).toMatchObject({ clips: [{ start: 1, end: VIDEO.seconds }], filter: 'Sepia', music: { track_id: track.id } });
  expect(session.draft.texts).toEqual([expect.objectContaining({ kind: 'title', text: 'Harbour: "day one"' })]);

  // Export › 720p: its progress, then the link to the new video.
  await tab(page, 'Export').click();
  await expect(page.getByRole('button', { name: '4K' }).isDisabled()).resolves.toBe(true);
  await page.getByText('Your video is 720p: 4K would upscale it').waitFor();
  await page.getByRole('button', { name: '720p' }).click();
  await page.getByRole('button', { name: 'Export at 720p' }).click();
  const open = page.getByRole('link', { name: 'Open the new video' });
  await open.waitFor({ timeout: 150_000 });
  await screenshot(page, 'editor-export');
  const href = (await open.getAttribute('href')) ?? '';
  const newId = href.split('/').pop() ?? '';
  expect(newId).not.toBe(video.id);

  // The new video is processed like an upload; then it plays, 5 s long, and the original is still there.
  const made = await waitReady(`/api/videos/${newId}`, token, 150_000);
  expect(made.title).toBe(`${VIDEO.title} (edited)`);
  await expect(callApi<{ status: string }>(server, `/api/videos/${video.id}`, { token })).resolves.toMatchObject({ status: 'ready' });
  await open.click();
  const player = page.locator('video').first();
  await player.waitFor({ timeout: 30_000 });
  await playUntil(page, player, 1, 40_000);
  const duration = await player.evaluate((el) => (el as HTMLVideoElement).duration);
  expect(duration).toBeGreaterThan(4.5);
  expect(duration).toBeLessThan(5.5);
  await screenshot(page, 'editor-new-video');
}, 420_000);
