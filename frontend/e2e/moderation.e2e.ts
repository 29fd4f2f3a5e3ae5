import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, publishedVideo, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Moderation as the people involved live it: a viewer reports a video, an admin removes it and strikes its owner, the
 * owner sees the strike and appeals, the admin overturns it, the video is back, and the reporter is told the outcome.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const clips = mkdtempSync(join(tmpdir(), 'scriven-e2e-moderation-'));
const ADMIN = { username: 'mod_admin', password: 'a-long-admin-password' };
const CREATOR = { email: 'omar@example.com', password: 'creator-password' };
let videoId = '';

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/signin`);
  const form = page.getByRole('form', { name: 'Sign in form' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password' }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
}

async function adminConsole(page: Page): Promise<ReturnType<Page['getByRole']>> {
  await page.goto(`${server.url}/?admin=true`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.getByRole('tab', { name: 'Moderation' }).click();
  const reports = page.getByRole('region', { name: 'Reports' });
  await reports.waitFor();
  return reports;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  videoId = await publishedVideo(server, {
    clipPath: join(clips, 'copied.mp4'),
    size: '640x360',
    seconds: 3,
    creator: { first: 'Omar', displayName: 'omar_clips', email: CREATOR.email, password: CREATOR.password },
    title: 'Highlights I found online',
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  rmSync(clips, { recursive: true, force: true });
});

it('a viewer reports a video; the admin removes it and strikes the owner; the owner appeals; the admin overturns; the reporter is told', async () => {
  // A viewer reports the video from its watch page, then tries once more.
  const viewer = await newPage();
  await registerAndSignIn(viewer, server.url, { first: 'Rita', displayName: 'rita_watch', email: 'rita@example.com', password: 'viewer-password' });
  await viewer.goto(`${server.url}/videos/${videoId}`);
  await viewer.getByRole('heading', { name: 'Highlights I found online' }).waitFor();
  await viewer.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Report content' });
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await dialog.getByText('Please select a reason for reporting').waitFor();
  await dialog.getByRole('radio', { name: 'Spam or misleading' }).check();
  await dialog.getByLabel('Details (optional)').fill('Re-uploaded from another channel without credit');
  await screenshot(viewer, '60-report-dialog');
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await viewer.getByText('Content reported successfully. Our moderation team will review it shortly.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await viewer.getByRole('button', { name: 'Report', exact: true }).click();
  await viewer.getByRole('radio', { name: 'Violence' }).check();
  await viewer.getByRole('dialog', { name: 'Report content' }).getByRole('button', { name: 'Submit report' }).click();
  await viewer.getByText('You have already reported this content').waitFor();

  // The admin sees the case as reported, and removes the video with a strike.
  const admin = await newPage();
  const reports = await adminConsole(admin);
  const theCase = reports.getByRole('article', { name: 'Case: Highlights I found online' });
  await theCase.waitFor();
  await theCase.getByText('Re-uploaded from another channel without credit').waitFor();
  await screenshot(admin, '61-admin-reports-queue');
  await theCase.getByRole('button', { name: 'Remove and strike' }).click();
  const decision = admin.getByRole('dialog');
  await decision.getByLabel('Reason').fill('Re-uploaded content: spam policy');
  await decision.getByRole('button', { name: 'Remove and strike' }).click();
  await theCase.waitFor({ state: 'detached' });

  // The video is gone for a visitor.
  const visitor = await newPage();
  await visitor.goto(`${server.url}/videos/${videoId}`);
  await visitor.getByRole('heading', { name: 'This video is not available' }).waitFor();
  await screenshot(visitor, '62-removed-video-visitor');

  // The owner sees the strike in the partner program, and appeals it.
  const owner = await newPage();
  await signIn(owner, CREATOR.email, CREATOR.password);
  await owner.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Partner program', exact: true }).click();
  const strike = owner.getByRole('article', { name: 'Strike: Re-uploaded content: spam policy' });
  await strike.waitFor();
  await strike.getByRole('textbox', { name: 'Appeal this strike' }).fill('I filmed these highlights myself at the stadium.');
  await screenshot(owner, '63-owner-strike-appeal');
  await strike.getByRole('button', { name: 'Send appeal' }).click();
  await strike.getByRole('group', { name: 'Your appeal' }).waitFor();

  // The admin overturns the appeal; the video comes back.
  await reports.getByRole('tab', { name: /Appeals/ }).click();
  const appeal = reports.getByRole('article', { name: /Appeal of omar_clips/ });
  await appeal.getByText('I filmed these highlights myself at the stadium.').waitFor();
  await screenshot(admin, '64-admin-appeal');
  await appeal.getByRole('button', { name: 'Overturn' }).click();
  const overturn = admin.getByRole('dialog');
  await overturn.getByLabel('Reason').fill('Original footage confirmed');
  await overturn.getByRole('button', { name: 'Overturn' }).click();
  await appeal.waitFor({ state: 'detached' });
  await reports.getByRole('tab', { name: 'Audit log' }).click();
  await reports.getByRole('table', { name: 'Audit log' }).getByText('Original footage confirmed').waitFor();

  await visitor.goto(`${server.url}/videos/${videoId}`);
  await visitor.getByRole('heading', { name: 'Highlights I found online' }).waitFor();

  // The reporter is told the outcome.
  await viewer.reload();
  await viewer.getByRole('button', { name: /Notifications/ }).click();
  await viewer.getByText(/Outcome: The content was removed and the uploader received a guideline strike\./).waitFor();
  await screenshot(viewer, '65-reporter-told');
});
