import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * Issue 14, music and podcasts as people use them: a musician uploads two tracks, puts them in a playlist and plays it
 * through (the second track starting on its own when the first ends), likes one and finds the other with the search;
 * then they publish a podcast episode, subscribe to the show, listen to it past the 30 s a play needs, and see that
 * play in their podcast analytics.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let media: string;

const TRACKS = [
  { title: 'Morning Tide', artist: 'The Harbour Band', genre: 'Rock', hz: 440, seconds: 3 },
  { title: 'Evening Ember', artist: 'The Harbour Band', genre: 'Jazz', hz: 660, seconds: 4 },
] as const;
const EPISODE = { title: 'Pilot: Tides and Tones', show: 'Harbour Talks', category: 'Technology', seconds: 36 };

/** An MP3 of a sine tone, made by ffmpeg. */
function tone(name: string, hz: number, seconds: number): string {
  const path = join(media, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=44100`, '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '96k', path]);
  return path;
}

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'scriven-e2e-audio-'));
  server = await startServer({ DEMO_DATA: 'false' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
}, 90_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (media) rmSync(media, { recursive: true, force: true });
});

function section(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
}

/** The signed-in user's token, as the app keeps it. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('scriven.token') ?? '');
}

/** The music player's playing <audio> element: its source, position and whether it plays. */
function activeAudio(page: Page): Promise<{ src: string; time: number; paused: boolean } | null> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>('audio[data-testid^="music-audio-"][data-active="true"]');
    return el ? { src: el.currentSrc, time: el.currentTime, paused: el.paused } : null;
  });
}

/** Waits until the button can be pressed (a track or episode being processed has it disabled). */
async function enabled(button: Locator, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await button.waitFor({ timeout: timeoutMs });
  while (!(await button.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`${button.toString()} stayed disabled for ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('plays a playlist through, likes and finds a track, and counts a podcast play in analytics', async () => {
  const page = await context.newPage();
  await registerAndSignIn(page, server.url, { first: 'Mara', displayName: 'mara_music', email: 'mara.music@example.com', password: 'music-password-1' });
  const token = await tokenOf(page);
  expect(token).not.toBe('');

  // Music › Upload, twice: each upload opens the Library, where the track shows while it is processed.
  await section(page, 'Music').click();
  const library = page.getByRole('list', { name: 'Library' });
  for (const [index, track] of TRACKS.entries()) {
    const file = tone(`track-${index}.mp3`, track.hz, track.seconds);
    await page.getByRole('tab', { name: 'Upload' }).click();
    const form = page.getByRole('form', { name: 'Upload music' });
    await form.getByLabel('Choose an audio file').setInputFiles(file);
    await form.getByLabel('Title').fill(track.title);
    await form.getByLabel('Artist').fill(track.artist);
    await form.getByLabel('Genre').click();
    await page.getByRole('option', { name: track.genre, exact: true }).click();
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(`Uploaded “${track.title}”`).waitFor();
    await library.getByRole('listitem', { name: track.title }).waitFor();
  }
  // Processing is a background job: the Library reads itself again until both tracks can be played.
  for (const track of TRACKS) {
    await enabled(library.getByRole('button', { name: `Play ${track.title}` }), 60_000);
  }
  const ids = await Promise.all(
    TRACKS.map(async (track) => {
      const href = (await library.getByRole('listitem', { name: track.title }).getByRole('link', { name: track.title }).getAttribute('href')) ?? '';
      return decodeURIComponent(href.split('/').pop() ?? '');
    }),
  );
  expect(ids.every(Boolean)).toBe(true);

  // Playlists: a new one, and both tracks added from the Library's rows.
  await page.getByRole('tab', { name: 'Playlists' }).click();
  const create = page.getByRole('form', { name: 'New playlist' });
  await create.getByLabel('New playlist').fill('Harbour Evening');
  await create.getByRole('button', { name: 'Create playlist' }).click();
  await page.getByRole('list', { name: 'Playlists' }).getByRole('listitem', { name: 'Harbour Evening' }).waitFor();
  await page.getByRole('tab', { name: 'Library' }).click();
  for (const track of TRACKS) {
    await library.getByRole('button', { name: `Add ${track.title} to playlist` }).click();
    const menu = page.getByRole('menu', { name: `Add ${track.title} to playlist` });
    await menu.getByRole('menuitem', { name: 'Harbour Evening' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByText('Added to Harbour Evening').last().waitFor();
  }

  // Open it and Play all: the first track plays, and when it ends the second starts on its own.
  await page.getByRole('tab', { name: 'Playlists' }).click();
  const card = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem', { name: 'Harbour Evening' });
  await card.getByText('2 tracks').waitFor();
  await card.getByRole('button', { name: 'Open' }).click();
  const tracks = page.getByRole('list', { name: 'Harbour Evening tracks' });
  await tracks.getByRole('listitem').nth(1).waitFor();
  expect(await tracks.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')))).toEqual([TRACKS[0].title, TRACKS[1].title]);
  await page.getByRole('button', { name: 'Play all' }).click();
  const player = page.getByRole('region', { name: 'Music player' });
  await player.getByRole('link', { name: TRACKS[0].title }).waitFor();
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector<HTMLAudioElement>('audio[data-testid^="music-audio-"][data-active="true"]');
      return !!el && el.currentSrc.includes(id) && !el.paused && el.currentTime > 0.5;
    },
    ids[0],
    { timeout: 15_000, polling: 100 },
  );
  await player.getByRole('link', { name: TRACKS[1].title }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector<HTMLAudioElement>('audio[data-testid^="music-audio-"][data-active="true"]');
      return !!el && el.currentSrc.includes(id) && !el.paused && el.currentTime > 0.5;
    },
    ids[1],
    { timeout: 15_000, polling: 100 },
  );
  const second = await activeAudio(page);
  expect(second?.src).toContain(`/api/music/tracks/${ids[1]}/stream`);
  // The playlist's row of the track playing shows it: its button pauses it.
  await tracks.getByRole('button', { name: `Pause ${TRACKS[1].title}` }).waitFor();
  await screenshot(page, '80-music-playlist');

  // Like the first track: its heart becomes Unlike, pressed, and the server keeps it.
  const like = tracks.getByRole('button', { name: `Like ${TRACKS[0].title}` });
  await like.click();
  const unlike = tracks.getByRole('button', { name: `Unlike ${TRACKS[0].title}` });
  await unlike.waitFor();
  expect(await unlike.getAttribute('aria-pressed')).toBe('true');
  const liked = await callApi<{ liked: boolean; likes: number }>(server, `/api/music/tracks/${encodeURIComponent(ids[0])}`, { token });
  expect(liked).toMatchObject({ liked: true, likes: 1 });

  // The header's search finds the second track under Music.
  const search = page.getByRole('searchbox', { name: 'Search' }).first();
  await search.fill(TRACKS[1].title);
  await search.press('Enter');
  await page.getByRole('tab', { name: 'Music', exact: true }).click();
  await page.getByRole('main').getByRole('list', { name: 'Music' }).getByRole('listitem').filter({ hasText: TRACKS[1].title }).waitFor();
  // Stop the music before the podcast: one player plays at a time in this test.
  await player.getByRole('button', { name: 'Pause' }).click();

  // Podcasts › Upload: the app opens the new episode's show.
  await section(page, 'Podcasts').click();
  await page.getByRole('tab', { name: 'Upload' }).click();
  const upload = page.getByRole('form', { name: 'Upload podcast episode' });
  await upload.getByLabel('Choose an audio file').setInputFiles(tone('episode.mp3', 330, EPISODE.seconds));
  await upload.getByLabel('Title').fill(EPISODE.title);
  await upload.getByLabel('Description').fill('Two tones and a harbour: the first episode.');
  await upload.getByLabel('Show name').fill(EPISODE.show);
  await upload.getByLabel('Category').click();
  await page.getByRole('option', { name: EPISODE.category, exact: true }).click();
  await upload.getByRole('button', { name: 'Upload episode' }).click();
  await page.getByText(`Episode “${EPISODE.title}” uploaded`).waitFor();
  await page.getByRole('heading', { level: 2, name: EPISODE.show }).waitFor({ timeout: 20_000 });
  const episodes = page.getByRole('list', { name: `${EPISODE.show} episodes` });
  await enabled(episodes.getByRole('button', { name: `Play ${EPISODE.title}` }), 60_000);

  // Subscribe: the server's message, the button pressed; the show's RSS address is there to copy.
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.getByText(`Subscribed to ${EPISODE.show}`).waitFor();
  expect(await page.getByRole('button', { name: 'Subscribed', exact: true }).getAttribute('aria-pressed')).toBe('true');
  const feed = page.getByRole('textbox', { name: 'RSS feed' });
  expect(await feed.inputValue()).toMatch(/^https?:\/\/.+/);
  await page.getByRole('button', { name: 'Copy RSS address' }).waitFor();

  // Play it: the Podcast player shows it, and the <audio> element really plays.
  await episodes.getByRole('button', { name: `Play ${EPISODE.title}` }).click();
  const podcastPlayer = page.getByRole('region', { name: 'Podcast player' });
  await podcastPlayer.getByText(EPISODE.title).waitFor();
  await page.waitForFunction(
    () => {
      const el = document.querySelector<HTMLAudioElement>('audio[data-testid="podcast-audio"]');
      return !!el && !el.paused && el.currentTime > 1;
    },
    undefined,
    { timeout: 15_000, polling: 200 },
  );
  await screenshot(page, '81-podcast-show');

  // A play counts after 30 s of listening, reported as it plays: the analytics count it within the episode's length.
  const deadline = Date.now() + 75_000;
  let plays = 0;
  while (Date.now() < deadline) {
    plays = (await callApi<{ total_plays: number }>(server, '/api/podcasts/analytics', { token })).total_plays;
    if (plays >= 1) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const position = await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid="podcast-audio"]')?.currentTime ?? 0);
  expect({ plays, listenedPast30: position >= 29 }).toEqual({ plays: 1, listenedPast30: true });

  await page.getByRole('tab', { name: 'Analytics' }).click();
  const playsFigure = page.getByRole('group', { name: 'Plays', exact: true });
  await playsFigure.getByText('1', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Episodes', exact: true }).getByText('1', { exact: true }).waitFor();
  // The creator's own subscription is not one of their subscribers.
  await page.getByRole('group', { name: 'Subscribers', exact: true }).getByText('0', { exact: true }).waitFor();
  await page.getByRole('table', { name: 'Your shows' }).getByRole('row').filter({ hasText: EPISODE.show }).filter({ hasText: /1\s*1$/ }).waitFor();
  // Today's play in the chart of plays per day, its bar drawn.
  const chart = page.getByRole('img', { name: /: 1 play in all, most on/ });
  await chart.waitFor();
  await chart.evaluate(
    (el) =>
      new Promise<void>((resolve, reject) => {
        // One bar of the 90 has a height, and it keeps it (its animation has ended).
        const until = Date.now() + 10_000;
        let last = -1;
        const check = () => {
          const heights = [...el.querySelectorAll('.recharts-bar-rectangle')].map((bar) => bar.getBoundingClientRect().height);
          const drawn = heights.filter((h) => h > 0);
          if (drawn.length === 1 && drawn[0] === last) resolve();
          else if (Date.now() > until) reject(new Error(`the bar was not drawn: ${JSON.stringify(drawn)}`));
          else {
            last = drawn.length === 1 ? drawn[0] : -1;
            setTimeout(check, 200);
          }
        };
        check();
      }),
  );
  await podcastPlayer.getByRole('button', { name: 'Close podcast player' }).click();
  await podcastPlayer.waitFor({ state: 'detached' });
  await page.mouse.move(0, 0);
  await screenshot(page, '82-podcast-analytics');
}, 170_000);
