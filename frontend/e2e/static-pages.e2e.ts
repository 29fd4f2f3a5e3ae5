import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness.js';

/** The ten static pages of seed 002 §2.16 (frontend/public), each with its title and first heading. */
const PAGES = [
  { path: '/updates.html', title: 'Release notes · Scriven', heading: 'Release notes' },
  { path: '/ct-scriven-access.html', title: 'Founder access · Scriven', heading: 'Founder access' },
  { path: '/ct-scriven-ultra-secure.html', title: 'Ultra-secure founder access · Scriven', heading: 'Ultra-secure founder access' },
  { path: '/ct-scriven-secure-direct.html', title: 'Founder sign-in · Scriven', heading: 'Founder sign-in' },
  { path: '/launch.html', title: 'Launch · Scriven', heading: 'Scriven' },
  { path: '/share.html', title: 'Open a shared link · Scriven', heading: 'Open a shared link' },
  { path: '/welcome.html', title: 'Welcome · Scriven', heading: 'Welcome to Scriven' },
  { path: '/founder-qr.html', title: 'Founder access QR code · Scriven', heading: 'Founder access QR code' },
  { path: '/install.html', title: 'Install the app · Scriven', heading: 'Install the app' },
  { path: '/admin.html', title: 'Admin console · Scriven', heading: 'Admin console' },
] as const;

const FOUNDER_ROUTE = '/ct-scriven-founder-control';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What the page logged as errors, threw, or failed to load. */
let problems: string[];

function watch(p: Page): void {
  p.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  p.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  p.on('requestfailed', (r) => {
    // A navigation away (secure-direct's redirect) cancels what the page was still loading.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  p.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
}

async function expectAccessible(name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect({ page: name, violations: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ page: name, violations: [] });
}

async function open(path: string): Promise<void> {
  const res = await page.goto(`${server.url}${path}`);
  expect({ path, status: res?.status(), type: res?.headers()['content-type'] }).toEqual({ path, status: 200, type: expect.stringMatching(/^text\/html/) });
}

beforeAll(async () => {
  server = await startServer({ DEMO_DATA: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  problems = [];
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  watch(page);
});
afterEach(async () => {
  await context?.close();
});

it.each(PAGES.filter((p) => p.path !== '/ct-scriven-secure-direct.html'))('$path is served as it is: its title, its heading, no errors, accessible', async ({ path, title, heading }) => {
  await open(path);
  expect(await page.title()).toBe(title);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toEqual(expect.any(String));
  // Only this instance's files: no address of another host in any src or href that loads something.
  const foreign = await page.evaluate(() =>
    [...document.querySelectorAll('script[src], link[href], img[src]')]
      .map((e) => (e as HTMLScriptElement).src || (e as HTMLLinkElement).href || (e as HTMLImageElement).src)
      .filter((u) => new URL(u).origin !== location.origin),
  );
  expect(foreign).toEqual([]);
  await page.waitForLoadState('networkidle');
  await expectAccessible(path);
  expect(problems).toEqual([]);
});

it('ct-scriven-secure-direct.html goes straight to the founder sign-in, with a link for when it cannot', async () => {
  const html = await (await fetch(`${server.url}/ct-scriven-secure-direct.html`)).text();
  expect(html).toContain(`<a class="button" href="${FOUNDER_ROUTE}">`);
  expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${FOUNDER_ROUTE}" />`);

  await page.goto(`${server.url}/ct-scriven-secure-direct.html`);
  await page.waitForURL(`${server.url}${FOUNDER_ROUTE}`);
  await page.getByRole('heading', { name: 'Founder control' }).waitFor();
  expect(problems).toEqual([]);
});

it('the founder access pages lead to the hidden founder route', async () => {
  for (const path of ['/ct-scriven-access.html', '/ct-scriven-ultra-secure.html']) {
    await open(path);
    await page.getByRole('link', { name: /founder sign-in/ }).first().click();
    await page.waitForURL(`${server.url}${FOUNDER_ROUTE}`);
  }
});

it('founder-qr.html draws a QR code that a reader decodes to the founder route of this instance', async () => {
  await open('/founder-qr.html');
  const qr = page.getByRole('img', { name: `QR code of ${server.url}${FOUNDER_ROUTE}` });
  await qr.waitFor();
  expect(Number(await qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
  await expect(page.locator('#qr-url').textContent()).resolves.toBe(`${server.url}${FOUNDER_ROUTE}`);

  // Read as a phone's camera would: the pixels on screen, decoded.
  const { data, info } = await sharp(await qr.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded?.data).toBe(`${server.url}${FOUNDER_ROUTE}`);

  await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(true);
  await screenshot(page, '60-static-founder-qr-1440');
  expect(problems).toEqual([]);
});

it('install.html offers the browser’s install prompt when there is one, and says when the app is installed', async () => {
  await open('/install.html');
  const status = page.getByRole('status');
  await expect(status.textContent()).resolves.toMatch(/Your browser has not offered to install Scriven/);
  expect(await page.getByRole('button', { name: 'Install app' }).isVisible()).toBe(false);
  await screenshot(page, '61-static-install-1440');

  // The browser offers installation (what Chromium fires once the manifest and service worker qualify).
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    offer.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install app' }).click();
  await page.getByText('Scriven is installed. Open it from your home screen, dock or app list.').waitFor();
  expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(true);
  expect(await page.getByRole('button', { name: 'Install app' }).isVisible()).toBe(false);

  // Opened as the installed app (standalone).
  const app = await context.newPage();
  await app.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (q: string) => (q === '(display-mode: standalone)' ? ({ matches: true, media: q } as MediaQueryList) : original(q));
  });
  await app.goto(`${server.url}/install.html`);
  await app.getByText('Scriven is already installed: you are using the app.').waitFor();
  expect(problems).toEqual([]);
});

it('updates.html shows the releases this build ships and the version the server runs', async () => {
  await open('/updates.html');
  const { version } = (await (await fetch(`${server.url}/api/health`)).json()) as { version: string };
  await page.getByText(`This server runs Scriven ${version}.`).waitFor();
  const notes = (await (await fetch(`${server.url}/release-notes.json`)).json()) as { releases: { version: string; features: string[] }[] };
  expect(notes.releases.length).toBeGreaterThan(0);
  for (const r of notes.releases) {
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^Scriven ${r.version.replace(/\./g, '\\.')}`) });
    await heading.waitFor();
    if (r.features[0]) await page.getByText(r.features[0]).waitFor();
  }
  await page.getByRole('heading', { level: 2, name: `Scriven ${version} Running here` }).waitFor();
  expect(problems).toEqual([]);
});

it('share.html opens a shared link of this instance in the app, and only copies another site’s', async () => {
  const own = `${server.url}/videos/some-video?t=12`;
  await open(`/share.html?title=${encodeURIComponent('Look at this')}&text=${encodeURIComponent(`Watch ${own} now`)}`);
  await page.getByText('Look at this').waitFor();
  const openLink = page.locator('#share-open');
  expect(await page.getByRole('link', { name: 'Open in Scriven' }).getAttribute('href')).toBe('/videos/some-video?t=12');
  expect(await page.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(own);

  await open(`/share.html?url=${encodeURIComponent('https://elsewhere.example/phish')}`);
  await page.getByText('This link is not on this Scriven instance, so it is not opened from here. You can still copy it.').waitFor();
  expect(await openLink.isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Check link' }).click();
  expect(page.url()).toBe(`${server.url}/share.html?url=${encodeURIComponent('https://elsewhere.example/phish')}`);

  // A pasted link of this instance opens there.
  await page.getByRole('textbox', { name: 'Link' }).fill(`${server.url}/welcome.html`);
  await page.getByRole('button', { name: 'Check link' }).click();
  await page.waitForURL(`${server.url}/welcome.html`);
  expect(problems).toEqual([]);
});

it('launch.html sends a browser tab into the app by its button, and the installed app straight in', async () => {
  await open(`/launch.html?to=${encodeURIComponent('/signin')}`);
  expect(await page.getByRole('link', { name: 'Open Scriven' }).first().getAttribute('href')).toBe('/');
  expect(await page.locator('#launch-open').getAttribute('href')).toBe('/signin');
  await open(`/launch.html?to=${encodeURIComponent('https://elsewhere.example/')}`);
  expect(await page.locator('#launch-open').getAttribute('href')).toBe('/');
  await page.locator('#launch-open').click();
  await page.waitForURL(`${server.url}/`);

  const app = await context.newPage();
  await app.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (q: string) => (q === '(display-mode: standalone)' ? ({ matches: true, media: q } as MediaQueryList) : original(q));
  });
  await app.goto(`${server.url}/launch.html`);
  await app.waitForURL(`${server.url}/`);
  expect(problems).toEqual([]);
});

it('the app served in a static page’s place fetches the page and replaces itself with it; another path is a 404', async () => {
  // A server (or a cached shell) that answers the page's address with the app's index.html.
  const index = await (await fetch(`${server.url}/`)).text();
  await page.route(`${server.url}/install.html`, (route) =>
    route.request().isNavigationRequest() ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: index }) : route.continue(),
  );
  await page.goto(`${server.url}/install.html`);
  await page.getByRole('heading', { level: 1, name: 'Install the app' }).waitFor();
  expect(await page.title()).toBe('Install the app · Scriven');
  // The page's own script ran.
  await page.getByText(/Your browser has not offered to install Scriven/).waitFor();
  expect(await page.locator('#root').count()).toBe(0);

  await page.goto(`${server.url}/no-such-page.html`);
  await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
  await page.getByText("The page you're looking for doesn't exist.").waitFor();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await page.waitForURL(`${server.url}/`);
  expect(problems.filter((p) => !p.includes('/no-such-page.html'))).toEqual([]);
});

it('every page fits a 390 px phone in light and dark', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    for (const { path } of PAGES.filter((x) => x.path !== '/ct-scriven-secure-direct.html')) {
      await p.goto(`${server.url}${path}`);
      await p.waitForLoadState('networkidle');
      expect({ path, width: await p.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 390 });
      // The pages share one stylesheet: the dark palette's contrast is checked on three of them (each axe run is slow).
      if (scheme === 'dark' && ['/welcome.html', '/founder-qr.html', '/install.html'].includes(path)) {
        page = p;
        await expectAccessible(`${path} (390 px, dark)`);
      }
    }
    for (const name of ['welcome', 'founder-qr', 'install']) {
      await p.goto(`${server.url}/${name}.html`);
      await p.waitForLoadState('networkidle');
      await screenshot(p, `62-static-${name}-390-${scheme}`);
    }
    await phone.close();
  }
});
