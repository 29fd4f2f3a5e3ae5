import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
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

// A 64×64 red PNG, made in the page so the drop carries real image bytes.
async function dropPhoto(target: ReturnType<Page['getByRole']>): Promise<void> {
  const dataTransfer = await page.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c81e3c';
    ctx.fillRect(0, 0, 64, 64);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const dt = new DataTransfer();
    dt.items.add(new File([blob], 'brand-logo.png', { type: 'image/png' }));
    return dt;
  });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

it('runs a second channel: create a brand account, switch to it, drop a photo, save settings, reload, delete it', async () => {
  await registerAndSignIn(page, server.url, { first: 'Grace', displayName: 'grace_e2e', email: 'grace.e2e@example.com', password: 'compiler-password' });

  // Create a brand account from the header's account switcher.
  await page.getByRole('button', { name: 'Switch account' }).click();
  await page.getByRole('menuitem', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Account type').selectOption('brand');
  await dialog.getByLabel('Display name').fill('Acme Studio');
  await dialog.getByLabel('Bio').fill('Films about tools');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Switch to it from the Account Settings list.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Your channel' }).click();
  const row = page.getByRole('list', { name: 'Your accounts' }).getByRole('listitem', { name: 'Acme Studio' });
  await row.getByText('Brand').first().waitFor();
  await row.getByRole('button', { name: 'Switch' }).click();
  await page.getByText('Switched to Acme Studio').first().waitFor();
  await row.getByText('Active', { exact: true }).waitFor();
  await screenshot(page, '10-accounts-tab');

  // Change its photo by drag and drop.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await dropPhoto(page.getByRole('group', { name: 'Drop a photo here or click to choose one' }));
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await page.getByText('Profile photo updated!').first().waitFor();
  await page.getByRole('img', { name: 'Photo of Acme Studio' }).first().waitFor();
  await screenshot(page, '11-profile-photo');

  // Save settings.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Location').fill('Lisbon');
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await push.uncheck({ force: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings saved!').first().waitFor();
  await screenshot(page, '12-settings');

  // Reload: still signed in, still on Acme Studio, settings kept.
  await page.reload();
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expectValue(page.getByLabel('Location'), 'Lisbon');
  expect(await page.getByRole('switch', { name: 'Push notifications' }).isChecked()).toBe(false);
  await page.getByRole('img', { name: 'Photo of Acme Studio' }).first().waitFor();

  // Delete it: the primary becomes active again.
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Are you sure you want to delete this account?').waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Account deleted').first().waitFor();
  await row.waitFor({ state: 'detached' });
  const primary = page.getByRole('list', { name: 'Your accounts' }).getByRole('listitem', { name: 'grace_e2e' });
  await primary.getByText('Active', { exact: true }).waitFor();
  await primary.getByText('Primary', { exact: true }).waitFor();
  await screenshot(page, '13-after-delete');
});

async function expectValue(locator: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await locator.inputValue()) === value) return;
    await page.waitForTimeout(100);
  }
  expect(await locator.inputValue()).toBe(value);
}
