import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: 'site_admin', ADMIN_PASSWORD: 'an-admin-password-long-enough', LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

it('a newcomer registers, is sent back to sign in, signs in, stays signed in across a reload, and signs out', async () => {
  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const form = page.getByRole('form', { name: 'Create account form' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Display name').fill('ada_e2e');
  await form.getByRole('textbox', { name: 'Email' }).fill('ada.e2e@example.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('analytical-engine');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('analytical-engine');
  await screenshot(page, '01-register');
  await form.getByRole('button', { name: 'Create account' }).click();

  const signIn = page.getByRole('form', { name: 'Sign in form' });
  await signIn.waitFor({ timeout: 10_000 });
  await signIn.getByRole('textbox', { name: 'Email' }).fill('ada.e2e@example.com');
  await signIn.getByRole('textbox', { name: 'Password' }).fill('analytical-engine');
  await signIn.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('heading', { name: 'Welcome back, Ada' }).waitFor();
  await screenshot(page, '02-signed-in-shell');
  expect(await page.evaluate(() => localStorage.getItem('scriven.token'))).toBeTruthy();

  await page.reload();
  await page.getByRole('heading', { name: 'Welcome back, Ada' }).waitFor();

  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  // Signed out, the visitor's shell: Sign In in the header, what is public still browsable.
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('scriven.token'))).toBeNull();
  await screenshot(page, '03-signed-out');
});

it('a wrong password shows the server detail and the credentials toast', async () => {
  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const signIn = page.getByRole('form', { name: 'Sign in form' });
  await signIn.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
  await signIn.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Login failed. Please check your credentials.').waitFor();
  await signIn.getByText('Invalid credentials').waitFor();
});

it('an admin signs in to the admin console and sees real health figures', async () => {
  await page.goto(`${server.url}/?admin=true`);
  await page.getByLabel('Username').fill('site_admin');
  await page.getByRole('textbox', { name: 'Password' }).fill('an-admin-password-long-enough');
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.getByText('Signed in as site_admin').waitFor();
  await page.getByText('Admin login successful').waitFor();
  await screenshot(page, '04-admin-console');
});

it('unknown paths show the not-found screen, and /founder the locked notice', async () => {
  await page.goto(`${server.url}/no/such/page`);
  await page.getByText('404 - Page Not Found').waitFor();
  await page.goto(`${server.url}/founder`);
  await page.getByText(/ultra-secure/i).first().waitFor();
});

it('a child under 13 waits for a parent, who approves through the mailed link, then signs in', async () => {
  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const form = page.getByRole('form', { name: 'Create account form' });
  await form.getByLabel('First name').fill('Tim');
  await form.getByLabel('Last name').fill('Young');
  await form.getByLabel('Display name').fill('young_tim');
  await form.getByRole('textbox', { name: 'Email' }).fill('tim@example.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('tims-password');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('tims-password');
  const tenYearsAgo = new Date(Date.UTC(new Date().getUTCFullYear() - 10, 0, 15)).toISOString().slice(0, 10);
  await form.getByLabel('Date of birth').fill(tenYearsAgo);
  await form.getByLabel(/Parent/).fill('parent.of.tim@example.com');
  await form.getByRole('button', { name: 'Create account' }).click();

  const signIn = page.getByRole('form', { name: 'Sign in form' });
  await signIn.waitFor({ timeout: 10_000 });
  await signIn.getByRole('textbox', { name: 'Email' }).fill('tim@example.com');
  await signIn.getByRole('textbox', { name: 'Password' }).fill('tims-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/awaiting parental consent/i).first().waitFor();
  await screenshot(page, '05-awaiting-consent');

  // Without SMTP the mail is written to the server log, where the operator finds the link.
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /http:\/\/\S+\/parental-consent\/[A-Za-z0-9_-]+/.exec(server.log())?.[0];
    if (!link) await page.waitForTimeout(100);
  }
  expect(link).toBeDefined();
  await page.goto(`${server.url}${new URL(link!).pathname}`);
  await page.getByText('young_tim').first().waitFor();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/approved/i).first().waitFor();
  await screenshot(page, '06-consent-approved');

  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await signIn.getByRole('textbox', { name: 'Email' }).fill('tim@example.com');
  await signIn.getByRole('textbox', { name: 'Password' }).fill('tims-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome back, Tim' }).waitFor();
});
