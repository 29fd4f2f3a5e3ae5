import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, playUntil, publishedVideo, screenshot, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const clips = mkdtempSync(join(tmpdir(), 'scriven-e2e-viewer-'));
let videoId = '';

async function expectAccessible(name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect({ page: name, violations: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ page: name, violations: [] });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  videoId = await publishedVideo(server, {
    clipPath: join(clips, 'harbour.mp4'),
    size: '1280x720',
    seconds: 4,
    sound: true,
    creator: { first: 'Nadia', displayName: 'nadia_films', email: 'nadia@example.com', password: 'creator-password' },
    title: 'Harbour at dawn',
    description: 'Boats leave at 0:02, watch the light. More at https://example.com/harbour',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(clips, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

it('a visitor browses home, watches a video, changes its quality, opens the channel, signs up to comment and comes back to the same video', async () => {
  await page.goto(server.url);
  const tile = page.getByRole('article', { name: 'Harbour at dawn' });
  await tile.waitFor();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await screenshot(page, '30-visitor-home-1440');
  await expectAccessible('home');

  // The player (hls.js) arrives late, as on a slow network: the viewer presses play before it is there, and it plays.
  await page.route('**/assets/hls-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await tile.getByRole('link', { name: 'Harbour at dawn' }).click();
  await page.waitForURL(`**/videos/${videoId}`);
  await page.getByRole('heading', { level: 1, name: 'Harbour at dawn' }).waitFor();
  const player = page.locator('video').first();
  await playUntil(page, player, 0.5);
  await page.getByLabel('Quality').first().click();
  await page.getByRole('option', { name: '360p' }).click();
  expect(await page.getByLabel('Quality').first().inputValue()).toBe('360p');
  await page.getByRole('button', { name: 'Go to 0:02' }).waitFor();
  await page.getByText('Sign in to comment.').waitFor();
  await screenshot(page, '31-visitor-watch-1440');
  await expectAccessible('watch');

  await page.getByRole('link', { name: 'nadia_films' }).first().click();
  await page.waitForURL('**/c/nadia_films');
  await page.getByRole('heading', { level: 1, name: 'nadia_films' }).waitFor();
  await page.getByRole('list', { name: 'Videos' }).getByRole('article', { name: 'Harbour at dawn' }).waitFor();
  await screenshot(page, '32-visitor-channel-1440');
  await expectAccessible('channel');
  await page.goBack();

  // Commenting needs an account: sign up, sign in, and land on the same video.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\?next=/);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const form = page.getByRole('form', { name: 'Create account form' });
  await form.getByLabel('First name').fill('Vera');
  await form.getByLabel('Last name').fill('Viewer');
  await form.getByLabel('Display name').fill('vera_views');
  await form.getByRole('textbox', { name: 'Email' }).fill('vera@example.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('viewer-password');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('viewer-password');
  await form.getByRole('button', { name: 'Create account' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in form' });
  await signIn.waitFor();
  await signIn.getByRole('textbox', { name: 'Email' }).fill('vera@example.com');
  await signIn.getByRole('textbox', { name: 'Password' }).fill('viewer-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/videos/${videoId}`);
  await page.getByRole('heading', { level: 1, name: 'Harbour at dawn' }).waitFor();
  await page.getByLabel('Add a comment').fill('The light at two seconds is lovely.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByRole('article', { name: 'Comment by vera_views' }).getByText('The light at two seconds is lovely.').waitFor();
  await screenshot(page, '33-user-commented-1440');
});

it('fits a 390 px phone in light and dark, with nothing wider than the screen', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme, isMobile: true, hasTouch: true });
    // The app's own light/dark choice, as the header's toggle keeps it.
    await phone.addInitScript((value) => localStorage.setItem('scriven.colorScheme', value), scheme);
    const p = await phone.newPage();
    for (const [name, path] of [
      ['home', '/'],
      ['watch', `/videos/${videoId}`],
      ['channel', '/c/nadia_films'],
    ] as const) {
      await p.goto(`${server.url}${path}`);
      await p.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await p.getByText('Harbour at dawn').first().waitFor();
      expect({ name, width: await p.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ name, width: 390 });
      await screenshot(p, `34-${name}-390-${scheme}`);
    }
    await phone.close();
  }
});
