import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Issue 15, the gaming hub, as people use it: a player plays Target Rush for its 30 seconds by clicking the targets
 * and finds the score on the game's high scores; they organise a tournament, three others join it (through the API,
 * as their own apps would), the organizer starts it, reports every match in the bracket, and the champion appears on
 * the Leaderboards' Tournament Champions; then they write a community post.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer({ DEMO_DATA: 'false' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const json = { 'content-type': 'application/json' };

async function apiUser(displayName: string): Promise<string> {
  const email = `${displayName}@example.com`;
  await callApi(server, '/api/register', { method: 'POST', headers: json, body: JSON.stringify({ first_name: displayName, last_name: 'Tester', display_name: displayName, email, password: 'gaming-password-1' }) });
  const { access_token } = await callApi<{ access_token: string }>(server, '/api/login', { method: 'POST', headers: json, body: JSON.stringify({ login_identifier: email, password: 'gaming-password-1' }) });
  return access_token;
}

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
}

it('plays a game onto the high scores, runs a tournament to its champion, and posts in the community', async () => {
  const page = await context.newPage();
  await registerAndSignIn(page, server.url, { first: 'Gia', displayName: 'gia_gamer', email: 'gia.gamer@example.com', password: 'gaming-password-1' });

  // Games: Target Rush for 30 seconds, clicking every target that appears.
  await section(page, 'Gaming').click();
  await page.getByRole('tab', { name: 'Games' }).click();
  await page.getByRole('button', { name: 'Open Target Rush' }).click();
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.getByText('Game session started!').waitFor();
  const target = page.getByRole('button', { name: 'Target', exact: true });
  const gameOver = page.getByText('Game over!');
  let hits = 0;
  const deadline = Date.now() + 45_000;
  while (!(await gameOver.isVisible()) && Date.now() < deadline) {
    try {
      await target.click({ timeout: 1_000 });
      hits += 1;
    } catch {
      // Between targets, or the time is up.
    }
  }
  expect(hits).toBeGreaterThan(5);
  const finalText = (await page.getByText(/^Your final score: \d+$/).textContent()) ?? '';
  const finalScore = Number(finalText.replace(/\D+/g, ''));
  expect(finalScore).toBeGreaterThan(0);
  // The server accepted it: the ranks show, and the high scores list the player with that score.
  await page.getByRole('group', { name: 'Your ranks' }).waitFor();
  const scores = page.getByRole('table').filter({ hasText: 'gia_gamer' });
  await scores.getByRole('row').filter({ hasText: 'gia_gamer' }).filter({ hasText: String(finalScore) }).first().waitFor();
  await screenshot(page, '70-gaming-game-over');

  // Tournaments: create one, join it, three others join, start it.
  await page.getByRole('tab', { name: 'Tournaments' }).click();
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  const create = page.getByRole('form', { name: 'Create Tournament' });
  await create.getByLabel('Tournament name').fill('E2E Cup');
  await create.getByLabel('Game').fill('Target Rush');
  await create.getByLabel('Prize pool ($)').fill('150');
  await create.getByLabel('Max participants').fill('8');
  const start = new Date(Date.now() + 24 * 3600_000);
  const local = new Date(start.getTime() - start.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await create.getByLabel('Start date').fill(local);
  await create.getByRole('button', { name: 'Create Tournament' }).click();
  await page.getByText('Tournament created!').waitFor();
  const detail = page.getByRole('region', { name: 'Tournament E2E Cup' });
  await detail.waitFor();
  await detail.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByText('Successfully joined tournament!').waitFor();

  const list = await callApi<Array<{ id: string; name: string }>>(server, '/api/gaming/tournaments');
  const cup = list.find((t) => t.name === 'E2E Cup');
  expect(cup).toBeDefined();
  for (const name of ['rex_rival', 'ivy_rival', 'oz_rival']) {
    const token = await apiUser(name);
    await callApi(server, `/api/gaming/tournament/${cup!.id}/join`, { method: 'POST', token });
  }
  await page.reload();
  await detail.getByRole('region', { name: 'Participants' }).getByText('@oz_rival').waitFor();
  await detail.getByRole('button', { name: 'Start tournament' }).click();
  const bracket = detail.getByRole('region', { name: 'Bracket' });
  await bracket.getByRole('region', { name: 'Semifinals' }).waitFor();
  await screenshot(page, '71-gaming-bracket');

  // The organizer reports every match (the first player wins each) until the final is decided.
  for (let reported = 0; reported < 3; reported += 1) {
    await bracket.getByRole('button', { name: 'Report result' }).first().click();
    const report = page.getByRole('form', { name: 'Report result' });
    await report.getByRole('radio').first().check();
    await report.getByRole('button', { name: 'Report result' }).click();
    await report.waitFor({ state: 'detached' });
  }
  const champion = detail.getByRole('status', { name: 'Champion' });
  await champion.waitFor();
  const championName = ((await champion.textContent()) ?? '').match(/@([a-z_]+)/i)?.[1] ?? '';
  expect(['gia_gamer', 'rex_rival', 'ivy_rival', 'oz_rival']).toContain(championName);
  await screenshot(page, '72-gaming-champion');

  await page.getByRole('tab', { name: 'Leaderboards' }).click();
  const champions = page.getByRole('table', { name: 'Tournament Champions' });
  await champions.getByRole('row').filter({ hasText: championName }).filter({ hasText: '$150.00' }).waitFor();
  await screenshot(page, '73-gaming-leaderboards');

  // Community: a post of the player's own.
  await page.getByRole('tab', { name: 'Community' }).click();
  await page.getByRole('button', { name: 'Create Post' }).click();
  const post = page.getByRole('form', { name: 'Create Gaming Post' });
  await post.getByLabel('Title').fill('How I won the E2E Cup');
  await post.getByLabel('Game').fill('Target Rush');
  await post.getByLabel('Type').selectOption('guide');
  await post.getByLabel('Content').fill('Click the target the moment it appears: a hit within 0.4 s is worth 10.');
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText('Post created!').waitFor();
  await page.getByRole('article', { name: 'How I won the E2E Cup' }).waitFor();
  await screenshot(page, '74-gaming-community');
});
