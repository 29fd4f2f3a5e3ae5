import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * The admin console's operations tabs as an admin uses them, on a server run as `npm start` runs it: real status, a
 * feature flag created and uploads turned off for a signed-in user's app and on again, a backup made and verified,
 * a rolling restart of the backend and a frontend restart that offers open pages a reload, an admin granted, the
 * audit log of it all, and a user's feedback in the inbox.
 */

const ADMIN = { username: 'ops_admin', password: 'an-admin-password-long-enough' };
const USER = { first: 'Lena', displayName: 'lena_ops', email: 'lena.ops@example.com', password: 'lena-password-123' };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // As `npm start` runs it: the supervisor over one API worker and the media/jobs worker, so that restarts work.
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, WORKERS: '1' }, undefined, { supervised: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

it('an admin runs the instance: status, flags, backups, restarts, admins, audit log and feedback', async () => {
  // A user who will send feedback and watch uploads go away and come back.
  const user = await newPage();
  await registerAndSignIn(user, server.url, USER);
  const sections = user.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Uploads' }).or(sections.getByRole('button', { name: 'Uploads' })).first().waitFor();
  const { access_token: token } = await callApi<{ access_token: string }>(server, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_identifier: USER.email, password: USER.password }),
  });
  await callApi(server, '/api/feedback', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'The new player is lovely.' }) });

  const admin = await newPage();
  await admin.goto(`${server.url}/?admin=true`);
  await admin.getByLabel('Username').fill(ADMIN.username);
  await admin.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await admin.getByRole('button', { name: /sign in|log in|login/i }).click();
  await admin.getByText(`Signed in as ${ADMIN.username}`).waitFor();

  // Status: real readings, each service's state.
  const status = admin.getByRole('region', { name: 'Status' });
  await status.getByText('0.1.0').first().waitFor();
  await status.getByRole('row', { name: /Database/ }).getByText(/up/i).first().waitFor();
  await screenshot(admin, '70-admin-status');

  // Features: create a flag; turn uploads off, and the user's app loses its Uploads entry; then on again.
  await openTab(admin, 'Features');
  const flags = admin.getByRole('region', { name: 'Feature flags' });
  const create = admin.getByRole('form', { name: 'Create feature flag' });
  await create.getByRole('button', { name: 'Create flag' }).click();
  await admin.getByText('Feature flag name is required').first().waitFor();
  await create.getByLabel('Name').fill('beta_player');
  await create.getByLabel('Description').fill('The new player, for those who opt in.');
  await create.getByRole('button', { name: 'Create flag' }).click();
  await admin.getByText('Feature flag created successfully').first().waitFor();
  await flags.getByRole('listitem', { name: 'beta_player' }).waitFor();
  const uploads = flags.getByRole('switch', { name: 'Enable uploads' });
  await uploads.click({ force: true });
  await admin.waitForFunction(() => (document.querySelector('[aria-label="Enable uploads"]') as HTMLInputElement | null)?.checked === false);
  await screenshot(admin, '71-admin-features');
  await user.reload();
  await user.getByRole('navigation', { name: 'Sections' }).waitFor();
  expect(await sections.getByRole('link', { name: 'Uploads' }).or(sections.getByRole('button', { name: 'Uploads' })).count()).toBe(0);
  const refused = await fetch(`${server.url}/api/videos/upload/init`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ filename: 'a.mp4', total_size: 1000, title: 'Nope' }) });
  expect(refused.status).toBe(503);
  expect((await refused.json()).detail).toBe('The feature "uploads" is disabled on this instance');
  await uploads.click({ force: true });
  await admin.waitForFunction(() => (document.querySelector('[aria-label="Enable uploads"]') as HTMLInputElement | null)?.checked === true);
  await user.reload();
  await sections.getByRole('link', { name: 'Uploads' }).or(sections.getByRole('button', { name: 'Uploads' })).first().waitFor();

  // Updates: up to date; a backup is made, listed and verified by a restore into a scratch database.
  await openTab(admin, 'Updates');
  await admin.getByText('Scriven is up to date (version 0.1.0)').waitFor();
  const backups = admin.getByRole('region', { name: 'Backups' });
  const name = await backups.getByLabel('Backup name').inputValue();
  expect(name).toBe(`manual_backup_${new Date().toISOString().slice(0, 10)}`);
  await backups.getByRole('button', { name: 'Create backup' }).click();
  const row = backups.getByRole('row', { name });
  await row.waitFor();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await row.getByText('Verified', { exact: true }).count()) === 0) {
    await backups.getByRole('button', { name: 'Refresh' }).click();
    await admin.waitForTimeout(1000);
  }
  await row.getByText('Verified', { exact: true }).waitFor({ timeout: 1000 });
  await screenshot(admin, '72-admin-updates-backups');

  // Services: the backend restarts worker by worker while the user's page keeps working; a frontend restart tells
  // the user's open page that a new version is there.
  await openTab(admin, 'Services');
  const backend = admin.getByRole('article', { name: 'Backend' });
  await backend.getByRole('button', { name: 'Restart backend' }).click();
  await backend.getByText('Restarted backend').waitFor({ timeout: 60_000 });
  await user.reload();
  await sections.getByRole('link', { name: 'Uploads' }).or(sections.getByRole('button', { name: 'Uploads' })).first().waitFor();
  await user.getByRole('button', { name: /^Notifications/ }).waitFor();
  const frontend = admin.getByRole('article', { name: 'Frontend' });
  await frontend.getByRole('button', { name: 'Restart frontend' }).click();
  await frontend.getByText('Restarted frontend').waitFor({ timeout: 60_000 });
  await user.getByRole('status', { name: 'New version' }).getByText('A new version of Scriven is available.').waitFor();
  await screenshot(admin, '73a-admin-services');
  await screenshot(user, '73b-new-version-offered');

  // Admins: the user is made an admin.
  await openTab(admin, 'Admins');
  const admins = admin.getByRole('region', { name: 'Admins' });
  await admins.getByLabel('Display name or email').fill(USER.email);
  await admins.getByRole('button', { name: 'Make admin' }).click();
  await admin.getByText(`${USER.displayName} is now an admin`).first().waitFor();
  await admins.getByRole('row', { name: `Admin ${USER.displayName}` }).waitFor();
  await screenshot(admin, '73-admin-admins');

  // The audit log holds every one of those actions.
  await openTab(admin, 'Audit log');
  const audit = admin.getByRole('region', { name: 'Audit log' });
  for (const action of ['admin.signed_in', 'feature.created', 'feature.disabled', 'feature.enabled', 'backup.created', 'service.restarted', 'admin.granted']) {
    await audit.getByText(action, { exact: true }).first().waitFor();
  }
  await screenshot(admin, '74-admin-audit-log');

  // Feedback: the user's message is in the inbox.
  await openTab(admin, 'Feedback');
  await admin.getByRole('region', { name: 'Feedback' }).getByText('The new player is lovely.').waitFor();
  await screenshot(admin, '75-admin-feedback');
});
