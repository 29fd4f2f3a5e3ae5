import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * The founder's app on the real server: the founder set up with the CLI, signed in through the hidden route (a user
 * types the key word), every tab of the dashboard with the server's figures, a new logo whose icons the manifest and
 * the header then use, maintenance mode turned on (a user's app shows the maintenance screen) and off, Secure Logout.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOUNDER = {
  email: 'founder@scriven.example',
  phone: '+1 (555) 010-0200',
  licence: 'D1234-5678',
  username: 'the_founder',
  masterKey: 'a-founder-master-key-long-enough',
};
const USER = { first: 'Nora', displayName: 'nora_founder', email: 'nora.founder@example.com', password: 'nora-password-123' };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const scratch: string[] = [];

beforeAll(async () => {
  server = await startServer();
  // `npm run cli -- founder:setup` against the server's database; the master key never goes on the command line.
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-e2e-cli-'));
  scratch.push(dataDir);
  execFileSync(
    process.execPath,
    [join(root, 'backend', 'dist', 'src', 'cli.js'), 'founder:setup', '--email', FOUNDER.email, '--phone', FOUNDER.phone, '--license-number', FOUNDER.licence, '--username', FOUNDER.username],
    { env: { ...process.env, DATABASE_URL: server.databaseUrl(), DATA_DIR: dataDir, FOUNDER_MASTER_KEY: FOUNDER.masterKey, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'], cwd: root },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/**
 * axe on the page as it is: no serious or critical violation. The toasts are left out: their close button is the
 * app-wide notifier's (shared/notifier.ts), checked by the accessibility test of every section.
 */
async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect({ page: name, violations: serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`) }).toEqual({
    page: name,
    violations: [],
  });
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

/** A real PNG made by ffmpeg: a 512 px square test pattern. */
function logoFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-e2e-logo-'));
  scratch.push(dir);
  const path = join(dir, 'logo.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=512x512:rate=1', '-frames:v', '1', path]);
  return path;
}

it('the founder signs in through the hidden route, reads every tab, changes the logo, runs maintenance and logs out', async () => {
  const user = await newPage();
  await registerAndSignIn(user, server.url, USER);

  // The hidden route: the key word typed anywhere outside a field.
  const founder = await newPage();
  await registerAndSignIn(founder, server.url, { ...USER, first: 'Fay', displayName: 'fay_founder', email: 'fay.founder@example.com' });
  await founder.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await founder.keyboard.type('scrivener');
  await founder.waitForURL(/\/ct-scriven-founder-control$/);
  await founder.getByRole('heading', { name: 'Founder control' }).waitFor();

  // Personal Access: a wrong licence number is refused with the seed's sentence, the right one opens the dashboard.
  const personal = founder.getByRole('form', { name: 'Personal access' });
  await personal.getByRole('textbox', { name: 'Email' }).fill(FOUNDER.email);
  await personal.getByRole('textbox', { name: 'Phone' }).fill(FOUNDER.phone);
  await personal.getByLabel("Driver's licence number").fill('X9999');
  await personal.getByRole('button', { name: 'Verify identity' }).click();
  await personal.getByText('Access Denied: Invalid personal credentials').waitFor();
  await screenshot(founder, '80-founder-access');
  await expectAccessible(founder, 'founder access');
  await personal.getByLabel("Driver's licence number").fill(FOUNDER.licence);
  await personal.getByRole('button', { name: 'Verify identity' }).click();
  await founder.getByRole('tablist', { name: 'Founder dashboard sections' }).waitFor();

  // Analytics: the server's figures (the users just registered among them), "Not measured" where there is no source.
  await founder.getByRole('group', { name: 'Total users' }).getByText(/^\d+$/).waitFor();
  const users = Number(await founder.getByRole('group', { name: 'Total users' }).getByText(/^\d+$/).textContent());
  expect(users).toBeGreaterThanOrEqual(2);
  // The music library's tracks are counted (none on this instance yet).
  await founder.getByRole('group', { name: 'Total music' }).getByText(/^\d+$/).waitFor();
  await founder.getByRole('group', { name: 'CDN performance' }).getByText('Not measured: no CDN configured').waitFor();
  await founder.getByRole('table', { name: 'Monthly trend' }).waitFor();
  await screenshot(founder, '81-founder-analytics');
  await expectAccessible(founder, 'analytics');

  await openTab(founder, 'Revenue');
  await founder.getByRole('table', { name: 'Revenue sources' }).waitFor();
  await founder.getByRole('table', { name: 'Monthly revenue' }).waitFor();
  await screenshot(founder, '82-founder-revenue');
  await expectAccessible(founder, 'revenue');

  await openTab(founder, 'Banking');
  await founder.getByRole('group', { name: 'Available balance' }).waitFor();
  const bank = founder.getByRole('form', { name: 'Save bank account' });
  await bank.getByRole('textbox', { name: 'Bank name' }).fill('First Federal');
  await bank.getByRole('textbox', { name: 'Account holder name' }).fill('Scriven Ltd');
  await bank.getByRole('textbox', { name: 'Account number' }).fill('000123456789');
  await bank.getByRole('textbox', { name: 'Routing number' }).fill('021000021');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await founder.getByText('Bank account saved').first().waitFor();
  await founder.getByRole('table', { name: 'Saved bank account' }).getByText(/6789$/).waitFor();
  // Nothing earned yet on a new instance: the withdraw button stays disabled below the minimum.
  await founder.getByText('Minimum withdrawal amount is $100').waitFor();
  expect(await founder.getByRole('button', { name: 'Withdraw' }).isDisabled()).toBe(true);
  await screenshot(founder, '83-founder-banking');
  await expectAccessible(founder, 'banking');

  // App Logo: a real PNG; the icons are regenerated, and the manifest and the header follow.
  await openTab(founder, 'App Logo');
  await founder.getByRole('table', { name: 'Current logo' }).getByText('Default text logo', { exact: true }).waitFor();
  const before = (await (await fetch(`${server.url}/api/app/branding`)).json()) as { icon_version: string };
  await founder.locator('input[type="file"]').setInputFiles(logoFile());
  await founder.getByRole('button', { name: 'Upload logo' }).click();
  await founder.getByText('Logo updated and app icons regenerated').first().waitFor({ timeout: 60_000 });
  await founder.getByRole('table', { name: 'Current logo' }).getByText('Custom logo', { exact: true }).waitFor();
  const previews = founder.getByRole('list', { name: 'Icon previews' }).getByRole('img');
  expect(await previews.count()).toBe(4);
  await screenshot(founder, '84-founder-logo');
  await expectAccessible(founder, 'logo');

  const branding = (await (await fetch(`${server.url}/api/app/branding`)).json()) as { icon_version: string; logo_url: string | null; has_custom_logo: boolean };
  expect(branding.has_custom_logo).toBe(true);
  expect(branding.icon_version).not.toBe(before.icon_version);
  const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as { id: string; icons: { src: string; sizes: string }[] };
  expect(manifest.icons.length).toBeGreaterThanOrEqual(9);
  expect(manifest.icons.every((icon) => icon.src.includes(branding.icon_version))).toBe(true);
  const icon192 = manifest.icons.find((icon) => icon.sizes === '192x192');
  expect(icon192).toBeDefined();
  expect((await fetch(new URL(icon192!.src, server.url))).headers.get('content-type')).toMatch(/image\/png/);
  // The user's header shows the new logo after a reload.
  await user.reload();
  await user.getByRole('link', { name: /home$/ }).first().locator('img').waitFor();
  expect(await user.getByRole('link', { name: /home$/ }).first().locator('img').getAttribute('src')).toBe(branding.logo_url);

  await openTab(founder, 'System');
  await founder.getByRole('group', { name: 'Security score' }).waitFor();
  await founder.getByText(/^Not measured: no CDN configured\./).waitFor();
  await screenshot(founder, '85-founder-system');
  await expectAccessible(founder, 'system');

  // Controls: badges from the data; maintenance on (the user's app shows the maintenance screen) and off.
  await openTab(founder, 'Controls');
  await founder.getByRole('table', { name: 'System controls' }).waitFor();
  await founder.getByRole('group', { name: 'Payments status' }).getByText('Bank account on file').waitFor();
  await screenshot(founder, '86-founder-controls');
  await expectAccessible(founder, 'controls');

  await founder.getByRole('button', { name: 'Turn on maintenance mode' }).click();
  let dialog = founder.getByRole('dialog', { name: 'Toggle maintenance mode' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Browser test of maintenance mode');
  await dialog.getByRole('button', { name: 'Execute' }).click();
  await founder.getByText(/^Emergency action executed/).first().waitFor();
  await founder.getByRole('button', { name: 'Turn off maintenance mode' }).waitFor();

  expect((await fetch(`${server.url}/api/videos`)).status).toBe(503);
  await user.reload();
  await user.getByText(/down for maintenance/i).first().waitFor();
  await screenshot(user, '87-maintenance-user');

  await founder.getByRole('button', { name: 'Turn off maintenance mode' }).click();
  dialog = founder.getByRole('dialog', { name: 'Toggle maintenance mode' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Done');
  await dialog.getByRole('button', { name: 'Execute' }).click();
  await founder.getByRole('button', { name: 'Turn on maintenance mode' }).waitFor();
  expect((await fetch(`${server.url}/api/videos`)).status).not.toBe(503);
  await user.reload();
  await user.getByRole('heading', { name: `Welcome back, ${USER.first}` }).waitFor();

  // At a phone's width the tabs scroll and every tab is still reachable.
  await founder.setViewportSize({ width: 390, height: 844 });
  await openTab(founder, 'Analytics');
  await screenshot(founder, '88-founder-phone');
  await expectAccessible(founder, 'analytics at 390 px');
  await founder.setViewportSize({ width: 1280, height: 900 });

  // Secure Logout: the token is removed and the access screen says so.
  await founder.getByRole('button', { name: 'Secure Logout' }).click();
  await founder.getByText('Founder session ended').waitFor();
  expect(await founder.evaluate(() => localStorage.getItem('scriven.founderToken'))).toBeNull();
  await screenshot(founder, '89-founder-logged-out');
});
