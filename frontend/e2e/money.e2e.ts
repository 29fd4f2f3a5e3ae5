import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/** The sandbox provider (no Stripe key) and the sample membership channels (DEMO_DATA's default). */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: 'money_admin', ADMIN_PASSWORD: 'an-admin-password-long-enough' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${server.url}${path}`, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function registerByApi(first: string, displayName: string): Promise<string> {
  const email = `${displayName}@example.com`;
  await api('/api/register', { method: 'POST', body: JSON.stringify({ first_name: first, last_name: 'Tester', display_name: displayName, email, password: 'money-password' }) });
  return (await api<{ access_token: string }>('/api/login', { method: 'POST', body: JSON.stringify({ login_identifier: email, password: 'money-password' }) })).access_token;
}

function section(name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
}

it('a newcomer buys Premium in the sandbox checkout, comes back and sees the Premium Member card; then joins a channel membership', async () => {
  await registerAndSignIn(page, server.url, { first: 'Cara', displayName: 'cara_e2e', email: 'cara.e2e@example.com', password: 'premium-password' });

  await section('Premium').click();
  await page.getByRole('heading', { name: 'Premium', level: 1 }).waitFor();
  await screenshot(page, '40-premium-offer');
  await page.getByRole('button', { name: 'Subscribe monthly' }).click();

  // The hosted checkout page (the sandbox provider), as a hosted provider would show it.
  await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByText('Premium Monthly').waitFor();
  await page.getByText('$6.99').first().waitFor();
  await screenshot(page, '41-sandbox-checkout');
  await page.getByRole('button', { name: 'Pay $6.99' }).click();

  // Back on Scriven: the payment is checked, the user refreshed, and the Premium Member card shown.
  await page.getByText('Successfully subscribed to Premium!').waitFor({ timeout: 20_000 });
  const card = page.getByRole('region', { name: 'Premium Member' });
  await card.waitFor();
  await card.getByRole('heading', { name: 'Premium Member' }).waitFor();
  await card.getByText(/Your Premium membership is active until/).waitFor();
  expect(new URL(page.url()).search).toBe('');
  await page.getByRole('dialog', { name: 'Processing payment' }).waitFor({ state: 'hidden' });
  await screenshot(page, '42-premium-member');

  // A membership of a sample channel of seed 001.
  await section('Memberships').click();
  const channel = page.getByRole('article', { name: 'Tech Guru' });
  await channel.waitFor();
  await channel.getByRole('button', { name: /^Join VIP/ }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByText('Tech Guru: VIP').waitFor();
  await page.getByRole('button', { name: 'Pay $6.99' }).click();
  await page.getByText('Successfully subscribed to Tech Guru: VIP!').waitFor({ timeout: 20_000 });
  await page.getByRole('article', { name: 'Tech Guru' }).getByText('You are a member').waitFor();
  await page.getByRole('dialog', { name: 'Processing payment' }).waitFor({ state: 'hidden' });
  await screenshot(page, '43-membership-joined');

  // Cancelling a checkout comes back with the info toast, and nothing is bought.
  await section('Premium').click();
  await section('Memberships').click();
  await page.getByRole('article', { name: 'Music Creator' }).getByRole('button', { name: /^Join Music Lover/ }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Payment cancelled. You can try again anytime.').waitFor({ timeout: 20_000 });
  await page.getByRole('article', { name: 'Music Creator' }).waitFor();
  expect(await page.getByRole('article', { name: 'Music Creator' }).getByText('You are a member').count()).toBe(0);
});

it('a creator whose members paid sees the money in Earnings once it matured, and requests a payout', async () => {
  // Setup through the API: Dev offers a tier; a fan pays for it twice in the sandbox.
  const devToken = await registerByApi('Dev', 'dev_e2e');
  const fanToken = await registerByApi('Fan', 'fan_e2e');
  const me = await api<{ id: string }>('/api/me', { token: devToken });
  const accounts = await api<{ active_account: { id: string } }>('/api/accounts', { token: devToken });
  await api(`/api/channels/${accounts.active_account.id}/membership-tiers`, { method: 'POST', token: devToken, body: JSON.stringify({ name: 'Patron', price: '49.99', description: 'Thank you' }) });
  for (let i = 0; i < 2; i++) {
    const c = await api<{ url: string; session_id: string }>(`/api/subscriptions/channel/${accounts.active_account.id}/checkout`, {
      method: 'POST',
      token: fanToken,
      body: JSON.stringify({ package_type: 'Patron', origin_url: `${server.url}/` }),
    });
    await api(`${new URL(c.url).pathname}/pay`, { method: 'POST' });
  }
  // A week passes: the pending funds are due, and the money schedules run (an operator's command).
  const db = new pg.Client({ connectionString: server.databaseUrl() });
  await db.connect();
  await db.query(`update ledger_transactions set matures_at = now() - interval '1 minute' where user_id = $1 and not matured`, [me.id]);
  await db.end();
  const cliData = mkdtempSync(join(tmpdir(), 'scriven-e2e-cli-'));
  try {
    const said = execFileSync(process.execPath, [join(root, 'backend', 'dist', 'src', 'cli.js'), 'money:run-schedules'], { env: { ...process.env, DATABASE_URL: server.databaseUrl(), DATA_DIR: cliData, LOG_LEVEL: 'warn' } }).toString();
    expect(said).toContain('2 transaction(s) matured');
  } finally {
    rmSync(cliData, { recursive: true, force: true });
  }

  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const form = page.getByRole('form', { name: 'Sign in form' });
  await form.getByRole('textbox', { name: 'Email' }).fill('dev_e2e@example.com');
  await form.getByRole('textbox', { name: 'Password' }).fill('money-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome back, Dev' }).waitFor();

  await section('Earnings').click();
  const balances = page.getByLabel('Balances');
  // 70% of two payments of $49.99: $34.99 + $34.99.
  await balances.getByText('$69.98').first().waitFor();
  await screenshot(page, '44-earnings');
  const payout = page.getByRole('form', { name: 'Payout request' });
  await payout.getByLabel('Amount (USD)').fill('60');
  await payout.getByLabel('Payment method').selectOption('paypal');
  await payout.getByRole('button', { name: 'Request payout' }).click();
  await page.getByText('Payout request submitted successfully!').waitFor();
  const history = page.getByRole('table', { name: 'Recent payouts' });
  await history.getByText('$60.00').waitFor();
  await history.getByText('pending', { exact: false }).first().waitFor();
  await balances.getByText('$9.98').first().waitFor();
  await screenshot(page, '45-payout-requested');
});

it('the admin sees what the platform kept (Owner), saves the bank account masked, and completes the payout in the admin console', async () => {
  // Runs after the payments above: the platform kept $1 of Premium, 30% of the memberships.
  await page.goto(`${server.url}/signin`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const form = page.getByRole('form', { name: 'Sign in form' });
  await form.getByRole('textbox', { name: 'Email' }).fill('money_admin');
  await form.getByRole('textbox', { name: 'Password' }).fill('an-admin-password-long-enough');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();

  await section('Updates').click();
  const sources = page.getByRole('table', { name: 'Revenue sources' });
  await sources.waitFor();
  // $1.00 of the Premium payment; 30% of $6.99 (VIP) = $2.10 and 30% of $49.99 twice = $15.00 + $15.00.
  await sources.getByText('$1.00').waitFor();
  await sources.getByText('$32.10').waitFor();
  const bank = page.getByRole('form', { name: 'Add bank account' });
  await bank.getByLabel('Bank name').fill('First Test Bank');
  await bank.getByLabel('Account holder name').fill('Scriven Owner');
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await page.getByText('Bank account added successfully!').waitFor();
  await page.getByRole('group', { name: 'Saved bank account' }).getByText(/6789/).waitFor();
  expect(await page.getByText('000123456789').count()).toBe(0);
  await screenshot(page, '46-owner-earnings');

  // The admin console: the creator's payout is sent.
  await page.goto(`${server.url}/?admin=true`);
  await page.getByLabel('Username').fill('money_admin');
  await page.getByRole('textbox', { name: 'Password' }).fill('an-admin-password-long-enough');
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.getByRole('tab', { name: 'Payouts' }).click();
  const payouts = page.getByRole('region', { name: 'Creator payouts' });
  const row = payouts.getByRole('row', { name: 'Payout to dev_e2e' });
  await row.waitFor();
  await row.getByText('$60.00').waitFor();
  await screenshot(page, '47-admin-payouts');
  await row.getByRole('button', { name: 'Complete' }).click();
  await row.waitFor({ state: 'detached' });

  // The creator's history says so.
  const devToken = (await api<{ access_token: string }>('/api/login', { method: 'POST', body: JSON.stringify({ login_identifier: 'dev_e2e', password: 'money-password' }) })).access_token;
  const dev = await api<{ id: string }>('/api/me', { token: devToken });
  const earnings = await api<{ earnings: { total_withdrawn: number }; payout_history: { status: string }[] }>(`/api/revenue/creator/${dev.id}`, { token: devToken });
  expect(earnings.payout_history[0].status).toBe('completed');
  expect(earnings.earnings.total_withdrawn).toBe(60);
});
