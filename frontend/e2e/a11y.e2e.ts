import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, launchBrowser, startServer, type RunningServer } from './harness.js';

/**
 * Accessibility (issue 18): axe-core on every section of the app, as a visitor, a signed-in user (an administrator,
 * so the Updates section is there too) and the admin console's admin, in light and dark and at 1280 and 390 px. Any
 * serious or critical violation fails, listed as page, rule and the elements it was found on.
 */

const ADMIN = { username: 'a11y_admin', password: 'an-admin-password-long-enough' };
const USER = { first: 'Alma', displayName: 'alma_access', email: 'alma@example.com', password: 'alma-password' };
type Scheme = 'light' | 'dark';
interface Viewer {
  token?: string;
  adminToken?: string;
  scheme?: Scheme;
  width?: 1280 | 390;
}

let server: RunningServer;
let browser: Browser;
let userToken = '';
let adminToken = '';
const demo = {
  videoId: '', videoTitle: '', reelId: '', reelTitle: '', movieId: '', movieTitle: '', channel: '', channelName: '', streamId: '', streamTitle: 'Accessible evening stream',
  trackId: '', trackTitle: '', showId: '', showName: '', episodeTitle: '',
};

beforeAll(async () => {
  // A tenth of the demo: a few videos, a reel, a movie, the gaming hub's tournaments and posts, quick to make.
  // The per-address limit is not what this test is about: its polling and its page visits all come from 127.0.0.1.
  server = await startServer({ DEMO_DATA_SCALE: '10', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_PER_MINUTE: '100000' });
  browser = await launchBrowser();
  const json = { 'content-type': 'application/json' };
  await callApi(server, '/api/register', { method: 'POST', headers: json, body: JSON.stringify({ first_name: USER.first, last_name: 'Tester', display_name: USER.displayName, email: USER.email, password: USER.password }) });
  ({ access_token: adminToken } = await callApi<{ access_token: string }>(server, '/api/admin/login', { method: 'POST', headers: json, body: JSON.stringify(ADMIN) }));
  await callApi(server, '/api/admin/admins', { method: 'POST', headers: json, body: JSON.stringify({ username: USER.displayName }), token: adminToken });
  ({ access_token: userToken } = await callApi<{ access_token: string }>(server, '/api/login', { method: 'POST', headers: json, body: JSON.stringify({ login_identifier: USER.email, password: USER.password }) }));
  // The user is live (a stream waiting for its first media): Live Now, the stream's page and My Stream have content.
  const form = new FormData();
  form.append('title', demo.streamTitle);
  demo.streamId = (await callApi<{ id: string }>(server, '/api/live/start', { method: 'POST', body: form, token: userToken })).id;

  // The demo is made in the background: wait until its media are ready.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const home = await callApi<{ trending: { id: string; title: string; owner: { handle: string; display_name: string } }[] }>(server, '/api/home');
    const reels = await callApi<{ reels: { id: string; title: string; status: string }[] }>(server, '/api/reels');
    const movies = await callApi<{ movies: { id: string; title: string }[] }>(server, '/api/movies');
    const tournaments = await callApi<unknown[]>(server, '/api/gaming/tournaments');
    const tracks = await callApi<{ tracks: { id: string; title: string; status: string }[] }>(server, '/api/music/tracks');
    const shows = await callApi<{ shows: { id: string; show_name: string; latest_episode: { title: string } | null }[] }>(server, '/api/podcasts/shows');
    const reel = reels.reels.find((r) => r.status === 'ready');
    const track = tracks.tracks.find((t) => t.status === 'ready');
    const show = shows.shows.find((s) => s.latest_episode);
    if (home.trending.length >= 2 && reel && movies.movies.length > 0 && tournaments.length > 0 && track && show) {
      Object.assign(demo, { videoId: home.trending[0].id, videoTitle: home.trending[0].title, channel: home.trending[0].owner.handle, channelName: home.trending[0].owner.display_name });
      Object.assign(demo, { reelId: reel.id, reelTitle: reel.title, movieId: movies.movies[0].id, movieTitle: movies.movies[0].title });
      Object.assign(demo, { trackId: track.id, trackTitle: track.title, showId: show.id, showName: show.show_name, episodeTitle: show.latest_episode!.title });
      break;
    }
    if (Date.now() > deadline) throw new Error('the demo data did not arrive');
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser context as this viewer: their tokens and colour scheme in localStorage (as the app keeps them), their screen. */
async function open(viewer: Viewer): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewer.width === 390;
  const scheme = viewer.scheme ?? 'light';
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 }, colorScheme: scheme, isMobile: phone, hasTouch: phone });
  await context.addInitScript(
    ({ token, admin, colour }) => {
      if (sessionStorage.getItem('a11y.seeded')) return;
      sessionStorage.setItem('a11y.seeded', '1');
      localStorage.setItem('scriven.colorScheme', colour);
      if (token) localStorage.setItem('scriven.token', token);
      if (admin) localStorage.setItem('scriven.adminToken', admin);
    },
    { token: viewer.token ?? '', admin: viewer.adminToken ?? '', colour: scheme },
  );
  return { context, page: await context.newPage() };
}

/**
 * Waits for the page to have settled: its content (`ready`), no spinner or busy region left (`allowBusy` for a page
 * whose spinner stays, as a player waiting for a live stream's first media), and no transition still running.
 */
async function settle(page: Page, ready?: Locator | ((p: Page) => Locator), allowBusy = false): Promise<void> {
  const content = typeof ready === 'function' ? ready(page) : ready;
  if (content) await content.first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    (busyOk) => {
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
      const busy = !busyOk && [...document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]')].some(visible);
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      return !busy && !moving && document.fonts.status === 'loaded';
    },
    allowBusy,
    { timeout: 20_000, polling: 100 },
  );
}

const found: string[] = [];
beforeEach(() => {
  found.length = 0;
});

/** Runs axe on the page as it is now and keeps every serious or critical violation under `name`. */
async function audit(page: Page, name: string): Promise<void> {
  // Legacy mode runs axe in the page itself (the default opens a page per run to merge the frames' results; the app
  // has no cross-origin frames); only violations are collected.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    found.push(`${name} — ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (process.env.A11Y_VERBOSE) console.log(`${name} — ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.html.slice(0, 300)}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`);
  }
}

/** What a test found: none expected. */
function expectNone(): void {
  const list = found.splice(0);
  expect(list).toEqual([]);
}

async function visit(page: Page, name: string, path: string, ready?: (p: Page) => Locator, allowBusy = false): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await settle(page, ready, allowBusy);
  await audit(page, name);
}

/** Opens a section from the side navigation (on a phone, through the navigation toggle first). */
async function section(page: Page, label: string, name: string, ready?: (p: Page) => Locator, allowBusy = false): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await nav.getByRole('button', { name: label, exact: true }).click();
  await settle(page, ready, allowBusy);
  await audit(page, name);
}

async function tabs(page: Page, prefix: string, names: string[], ready?: (p: Page) => Locator): Promise<void> {
  for (const tab of names) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await settle(page, ready);
    await audit(page, `${prefix} › ${tab}`);
  }
}

const heading = (name: string | RegExp, level = 1) => (p: Page) => p.getByRole('heading', { level, name });
const text = (t: string | RegExp) => (p: Page) => p.getByText(t);

const GAMING_TABS = ['Streams', 'Games', 'Tournaments', 'Leaderboards', 'Community'];
const SPORTS_TABS = ['Live Streams', 'Schedule', 'Highlights', 'Statistics'];
const ADS_TABS = ['Overview', 'Campaigns', 'Analytics'];
const MUSIC_TABS = ['Library', 'Music Videos', 'Discover'];
const PODCAST_TABS = ['Discover', 'Shows'];

it('a visitor: every page they can reach has no serious or critical violation', async () => {
  const { context, page } = await open({});
  try {
    await visit(page, 'visitor home', '/', (p) => p.getByRole('article', { name: demo.videoTitle }));
    await section(page, 'Shorts', 'visitor shorts', text(demo.reelTitle));
    await section(page, 'Cinema room', 'visitor cinema room', text(demo.movieTitle));
    await section(page, 'Music', 'visitor music', text(demo.trackTitle));
    await tabs(page, 'visitor music', MUSIC_TABS);
    await section(page, 'Podcasts', 'visitor podcasts', text(demo.episodeTitle));
    await tabs(page, 'visitor podcasts', PODCAST_TABS);
    await page.getByRole('searchbox', { name: 'Search' }).first().fill('harbour');
    await page.getByRole('searchbox', { name: 'Search' }).first().press('Enter');
    await settle(page, page.getByRole('main').getByText('Sunset colours over the harbour'));
    await audit(page, 'visitor search results');

    await visit(page, 'visitor watch', `/videos/${demo.videoId}`, heading(demo.videoTitle));
    await visit(page, 'visitor reel', `/reels/${demo.reelId}`, text(demo.reelTitle));
    await visit(page, 'visitor movie', `/movies/${demo.movieId}`, heading(demo.movieTitle));
    await visit(page, 'visitor channel', `/c/${demo.channel}`, heading(demo.channelName));
    await visit(page, 'visitor live', '/live', text(demo.streamTitle));
    await visit(page, 'visitor live stream', `/live/${demo.streamId}`, heading(demo.streamTitle), true);
    await visit(page, 'visitor track', `/music/tracks/${demo.trackId}`, heading(demo.trackTitle));
    await visit(page, 'visitor podcast show', `/podcasts?show=${demo.showId}`, heading(demo.showName, 2));
    await visit(page, 'visitor gaming', '/gaming', heading('Gaming'));
    await tabs(page, 'visitor gaming', GAMING_TABS);
    await visit(page, 'visitor sports', '/sports', heading('Sports'));
    await tabs(page, 'visitor sports', SPORTS_TABS);
    // The Ads Manager is a Creator Studio section: a visitor signs in first.
    await visit(page, 'visitor ads manager', '/ads', (p) => p.getByRole('form', { name: 'Sign in form' }));
    await visit(page, 'visitor help', '/help', heading(/help/i));
    await visit(page, 'visitor monetization', '/monetization', heading(/./));
    await visit(page, 'visitor terms', '/terms', heading(/terms/i));
    await visit(page, 'visitor privacy', '/privacy', heading(/privacy/i));
    await visit(page, 'visitor guidelines', '/guidelines', heading(/guidelines/i));
    await visit(page, 'visitor sign in', '/signin', (p) => p.getByRole('form', { name: 'Sign in form' }));
    await page.getByRole('button', { name: 'Create account' }).first().click();
    await settle(page, page.getByRole('form', { name: 'Create account form' }));
    await audit(page, 'visitor create account');
    await visit(page, 'visitor parental consent', '/parental-consent/not-a-real-token', heading(/./));
    await visit(page, 'visitor founder', '/founder', heading(/./));
    await visit(page, 'visitor 404', '/no-such-page', text('404 - Page Not Found'));
    await visit(page, 'admin sign in', '/?admin=true', (p) => p.getByRole('form', { name: 'Admin sign in form' }));
  } finally {
    await context.close();
  }
  expectNone();
}, 600_000);

it('a signed-in user: every section of the shell, menu and dialog has no serious or critical violation', async () => {
  const { context, page } = await open({ token: userToken });
  try {
    await visit(page, 'user home', '/', (p) => p.getByRole('heading', { name: `Welcome back, ${USER.first}` }));
    await section(page, 'Shorts', 'user shorts', text(demo.reelTitle));
    await tabs(page, 'user shorts', ['Upload']);
    await section(page, 'Subscriptions', 'user subscriptions', heading(/./));
    await section(page, 'Updates', 'user updates', heading(/./));
    await section(page, 'Your videos', 'user your videos', heading(/./));
    await section(page, 'History', 'user history', heading(/./));
    await section(page, 'Uploads', 'user uploads', heading(/./));
    await section(page, 'Editor Studio', 'user editor studio', heading(/./));
    await section(page, 'Earnings', 'user earnings', heading(/./));
    await section(page, 'Partner program', 'user partner program', heading(/./));
    await section(page, 'Cinema room', 'user cinema room', text(demo.movieTitle));
    await section(page, 'Premium', 'user premium', heading(/./));
    await section(page, 'Memberships', 'user memberships', heading(/./));
    await section(page, 'Music', 'user music', text(demo.trackTitle));
    await tabs(page, 'user music', [...MUSIC_TABS, 'Playlists', 'Upload']);
    await section(page, 'Podcasts', 'user podcasts', text(demo.episodeTitle));
    await tabs(page, 'user podcasts', [...PODCAST_TABS, 'Upload', 'Subscriptions', 'Analytics']);

    // The header's menus and dialogs.
    await page.getByRole('button', { name: 'Create' }).click();
    await settle(page, page.getByRole('menuitem', { name: 'Upload video' }));
    await audit(page, 'user create menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await settle(page, page.getByRole('dialog'));
    await audit(page, 'user notifications');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch account' }).click();
    await settle(page, page.getByRole('menu'));
    await audit(page, 'user account switcher');
    await page.getByRole('menuitem', { name: 'Add account' }).click();
    await settle(page, page.getByRole('dialog'));
    await audit(page, 'user add account');
    await page.keyboard.press('Escape');
    for (const [item, name] of [['Your channel', 'settings'], ['Help & feedback', 'help section']] as const) {
      await page.getByRole('button', { name: 'Settings menu' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await settle(page, heading(/./));
      await audit(page, `user ${name}`);
      if (name === 'settings') await tabs(page, 'user settings', ['Profile', 'Settings', 'Privacy', 'Accounts']);
    }
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await settle(page, page.getByRole('menu'));
    await audit(page, 'user settings menu');
    await page.getByRole('menuitem', { name: 'Send feedback' }).click();
    await settle(page, page.getByRole('dialog'));
    await audit(page, 'user send feedback');
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search' }).first().fill('harbour');
    await page.getByRole('searchbox', { name: 'Search' }).first().press('Enter');
    await settle(page, page.getByRole('main').getByText('Sunset colours over the harbour'));
    await audit(page, 'user search results');
    await page.getByRole('button', { name: 'Watch Sunset colours over the harbour' }).click();
    await settle(page, page.getByRole('dialog'));
    await audit(page, 'user video dialog');
    await page.keyboard.press('Escape');
    await section(page, 'Cinema room', 'user cinema room', text(demo.movieTitle));
    await page.getByRole('button', { name: `Details of ${demo.movieTitle}` }).click();
    await settle(page, page.getByRole('dialog'));
    await audit(page, 'user movie details');
    await page.keyboard.press('Escape');

  } finally {
    await context.close();
  }
  expectNone();
}, 600_000);

it('a signed-in user: every page of its own has no serious or critical violation', async () => {
  const { context, page } = await open({ token: userToken });
  try {
    await visit(page, 'user watch', `/videos/${demo.videoId}`, (p) => p.getByLabel('Add a comment'));
    await visit(page, 'user reel', `/reels/${demo.reelId}`, text(demo.reelTitle));
    await visit(page, 'user movie', `/movies/${demo.movieId}`, heading(demo.movieTitle));
    await visit(page, 'user channel', `/c/${demo.channel}`, heading(demo.channelName));
    await visit(page, 'user live', '/live', text(demo.streamTitle), true);
    await tabs(page, 'user live', ['Live Now', 'Go Live']);
    await visit(page, 'user live stream', `/live/${demo.streamId}`, heading(demo.streamTitle), true);
    await visit(page, 'user track', `/music/tracks/${demo.trackId}`, heading(demo.trackTitle));
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await settle(page, page.getByRole('region', { name: 'Music player' }));
    await audit(page, 'user music player');
    await visit(page, 'user podcast show', `/podcasts?show=${demo.showId}`, heading(demo.showName, 2));
    await page.getByRole('button', { name: `Play ${demo.episodeTitle}` }).click();
    await settle(page, page.getByRole('region', { name: 'Podcast player' }));
    await audit(page, 'user podcast player');
    await visit(page, 'user gaming', '/gaming', heading('Gaming'));
    await tabs(page, 'user gaming', GAMING_TABS);
    await visit(page, 'user sports', '/sports', heading('Sports'));
    await tabs(page, 'user sports', SPORTS_TABS);
    await visit(page, 'user ads manager', '/ads', heading(/ads/i));
    await tabs(page, 'user ads manager', ADS_TABS);
    await visit(page, 'user help', '/help', heading(/help/i));
    await visit(page, 'user monetization', '/monetization', heading(/./));
    await visit(page, 'user terms', '/terms', heading(/terms/i));
    await visit(page, 'user founder', '/founder', heading(/./));
    await visit(page, 'user founder control', '/ct-scriven-founder-control', heading(/./));
    await visit(page, 'user 404', '/no-such-page', text('404 - Page Not Found'));
  } finally {
    await context.close();
  }
  expectNone();
}, 600_000);

it('the admin console: every tab has no serious or critical violation', async () => {
  const { context, page } = await open({ adminToken });
  try {
    await visit(page, 'admin console', '/?admin=true', heading('Admin console'));
    await tabs(page, 'admin console', ['Status', 'Updates', 'Features', 'Services', 'Moderation', 'Payouts', 'Partner applications', 'Admins', 'Audit log', 'Feedback']);
  } finally {
    await context.close();
  }
  expectNone();
}, 600_000);

// Light at 1280 px is covered above; 390 px in light differs from it in layout, not colour, and costs CI's time.
it('the main pages in dark, at 1280 and 390 px, have no serious or critical violation', async () => {
  const cases: [string, Viewer][] = [
    ['1280 dark', { scheme: 'dark' }],
    ['390 dark', { width: 390, scheme: 'dark' }],
  ];
  for (const [label, viewer] of cases) {
    const visitor = await open(viewer);
    try {
      const p = visitor.page;
      await visit(p, `visitor home ${label}`, '/', (q) => q.getByRole('article', { name: demo.videoTitle }));
      await visit(p, `visitor watch ${label}`, `/videos/${demo.videoId}`, heading(demo.videoTitle));
      await visit(p, `visitor channel ${label}`, `/c/${demo.channel}`, heading(demo.channelName));
      await visit(p, `visitor sign in ${label}`, '/signin', (q) => q.getByRole('form', { name: 'Sign in form' }));
    } finally {
      await visitor.context.close();
    }
    const user = await open({ ...viewer, token: userToken });
    try {
      const p = user.page;
      await visit(p, `user home ${label}`, '/', (q) => q.getByRole('heading', { name: `Welcome back, ${USER.first}` }));
      // The side navigation (on a phone, opened by its toggle) and a section with cards, badges and figures.
      await section(p, 'Cinema room', `user cinema room ${label}`, text(demo.movieTitle));
      await visit(p, `user live stream ${label}`, `/live/${demo.streamId}`, heading(demo.streamTitle), true);
      await visit(p, `user gaming ${label}`, '/gaming?tab=tournaments', heading('Gaming'));
    } finally {
      await user.context.close();
    }
    const admin = await open({ ...viewer, adminToken });
    try {
      await visit(admin.page, `admin console ${label}`, '/?admin=true', heading('Admin console'));
    } finally {
      await admin.context.close();
    }
  }
  expectNone();
}, 600_000);
