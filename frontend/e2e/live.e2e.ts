import { createServer } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, playUntil, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Issue 13, Live, as people use it: a creator goes live from the page with the browser's camera and microphone
 * (Chromium's fake devices), a viewer in a second browser joins and sees the video advance, they chat both ways, the
 * viewer sends a Super Chat through the sandbox checkout and it shows in its colour on both pages, and when the
 * creator ends the stream its recording becomes a video. The server's RTMP ingest listens on a free port (the browser
 * ingest publishes into it).
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  server = await startServer({ LIVE_RTMP_PORT: String(await freePort()), DEMO_DATA: 'false' });
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['camera', 'microphone'] });
  contexts.push(context);
  return context.newPage();
}

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
}

it('a creator goes live with the camera; a viewer watches, they chat, a Super Chat arrives coloured, and the recording becomes a video', async () => {
  const creator = await newPage();
  await registerAndSignIn(creator, server.url, { first: 'Lina', displayName: 'lina_live', email: 'lina.live@example.com', password: 'live-password-1' });

  // Go Live: the camera preview, then the form.
  await section(creator, 'Live').click();
  await creator.getByRole('tab', { name: 'Live Now' }).waitFor();
  await creator.getByText('No Live Streams').waitFor();
  await creator.getByRole('tab', { name: 'Go Live' }).click();
  const form = creator.getByRole('form', { name: 'Go Live' });
  const goLive = form.getByRole('button', { name: 'Go Live' });
  expect(await goLive.isDisabled()).toBe(true);
  await form.getByLabel('Title').fill('Live from the e2e test');
  await form.getByLabel('Description').fill('Fake camera, real pipeline');
  await form.getByLabel('Enable super chat donations').check();
  await creator.getByLabel('Camera preview').waitFor();
  await creator.waitForFunction(() => {
    const v = document.querySelector('video[aria-label="Camera preview"]') as HTMLVideoElement | null;
    return !!v && v.readyState >= 2;
  }, undefined, { timeout: 20_000 });
  await screenshot(creator, '60-go-live');
  await goLive.click();
  await creator.getByText('Live stream started!').waitFor();
  await creator.getByRole('tab', { name: 'My Stream', selected: true }).waitFor();
  await creator.getByRole('status').filter({ hasText: /Sending: .*live/i }).first().waitFor({ timeout: 30_000 });

  // A viewer finds it on Live Now and joins; the video advances.
  const viewer = await newPage();
  await registerAndSignIn(viewer, server.url, { first: 'Vic', displayName: 'vic_viewer', email: 'vic.viewer@example.com', password: 'viewer-password-1' });
  await section(viewer, 'Live').click();
  const card = viewer.getByRole('article', { name: 'Live from the e2e test' });
  await card.waitFor({ timeout: 20_000 });
  await card.getByText('@lina_live').waitFor();
  await card.getByRole('link', { name: 'Join Stream' }).click();
  const player = viewer.getByLabel('Live from the e2e test', { exact: true }).and(viewer.locator('video'));
  await playUntil(viewer, player, 0.5, 40_000);
  const at = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
  await viewer.waitForFunction((t0) => ((document.querySelector('video') as HTMLVideoElement | null)?.currentTime ?? 0) > t0 + 1, at, { timeout: 20_000 });

  // The creator sees the viewer counted.
  await creator.getByLabel('Viewers', { exact: true }).filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 });

  // Chat, both ways; Enter sends, newest first.
  await viewer.getByRole('textbox', { name: 'Chat message' }).fill('Hello from the audience');
  await viewer.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await creator.getByRole('list', { name: 'Chat messages' }).getByText('Hello from the audience').waitFor({ timeout: 10_000 });
  await creator.getByRole('textbox', { name: 'Chat message' }).fill('Welcome, Vic!');
  await creator.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await viewer.getByRole('list', { name: 'Chat messages' }).getByText('Welcome, Vic!').waitFor({ timeout: 10_000 });
  const viewerMessages = await viewer.getByRole('list', { name: 'Chat messages' }).getByRole('listitem').allInnerTexts();
  expect(viewerMessages[0]).toContain('Welcome, Vic!');
  await screenshot(viewer, '61-live-watch');

  // A Super Chat through the sandbox checkout: medium is green.
  await viewer.getByRole('button', { name: 'Super Chat' }).click();
  const dialog = viewer.getByRole('dialog');
  await dialog.getByLabel(/Medium \$4\.99/).check();
  await dialog.getByLabel('Message').fill('Great stream!');
  await screenshot(viewer, '62-super-chat-dialog');
  await dialog.getByRole('button', { name: 'Send $4.99' }).click();
  await viewer.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
  await viewer.getByRole('button', { name: 'Pay $4.99' }).click();
  await viewer.getByText('Super Chat sent!').waitFor({ timeout: 30_000 });
  await viewer.getByRole('list', { name: 'Chat messages' }).getByText('Great stream!').waitFor({ timeout: 15_000 });
  const onCreator = creator.getByText('Great stream!').first();
  await onCreator.waitFor({ timeout: 15_000 });
  const colour = await onCreator.evaluate((el) => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = n.getAttribute('data-color');
      if (c) return c;
    }
    return null;
  });
  expect(colour).toBe('green');
  await creator.getByLabel('Super Chat earned', { exact: true }).filter({ hasText: '$4.99' }).waitFor({ timeout: 15_000 });
  await screenshot(creator, '63-my-stream');

  // The creator ends it: the viewer's page says so, and the recording becomes a video of the creator.
  await creator.getByRole('button', { name: 'End Live Stream' }).first().click();
  await creator.getByText('Live stream ended!').waitFor();
  await viewer.getByText('This stream has ended').waitFor({ timeout: 15_000 });
  const token = await creator.evaluate(() => localStorage.getItem('scriven.token') ?? '');
  // The recording is processed into the HLS ladder by ffmpeg: minutes on a busy 2-core machine (a CI run saw over 90 s).
  const deadline = Date.now() + 180_000;
  let recording: { title: string; status: string } | undefined;
  while (Date.now() < deadline) {
    const mine = await callApi<{ title: string; status: string }[]>(server, '/api/videos?mine=true&limit=20', { token });
    recording = mine.find((v) => v.title === 'Live from the e2e test');
    if (recording?.status === 'ready') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  expect(recording?.status).toBe('ready');
  await viewer.getByRole('link', { name: 'Watch the recording' }).waitFor({ timeout: 20_000 });
  await screenshot(viewer, '64-live-ended');
}, 300_000);
