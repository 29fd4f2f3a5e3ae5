import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { markReady, MP4_HEAD, setPrivacy, upload } from './media-fixtures.js';
import { person, settled } from './social-fixtures.js';

/** The pages of a video, a short and a movie carry their own title and Open Graph card, for visitors' eyes only. */

let t: TestApp;
const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'scriven-dist-'));
  // The web app's real index.html, as the build keeps its head.
  writeFileSync(join(dist, 'index.html'), readFileSync(new URL('../../frontend/index.html', import.meta.url), 'utf8'));
  t = await createTestApp({ FRONTEND_DIST: dist, RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'https://watch.example.org' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

async function page(path: string): Promise<string> {
  const r = await t.http().get(path);
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/html/);
  expect(r.headers['cache-control']).toBe('no-cache');
  expect(r.text).toContain('<div id="root">');
  return r.text;
}

describe('share pages', () => {
  it('describes a public video: its title, description, address and thumbnail, every value escaped', async () => {
    const creator = await person(t);
    const r = await upload(t, 'video', creator.auth, mp4, { title: 'Boats & "harbours" <at dawn>', description: 'Line one.\n\nLine   two, with a <script>alert(1)</script>.' });
    expect(r.status).toBe(201);
    await markReady(t, r.body.id);
    await t.sql(`update media set thumbnail_key = $2 where id = $1`, [r.body.id, `thumbs/${r.body.id}.jpg`]);

    const html = await page(`/videos/${r.body.id}`);
    expect(title(html)).toBe('Boats &amp; &quot;harbours&quot; &lt;at dawn&gt; · Scriven');
    expect(meta(html, 'og:title')).toBe('Boats &amp; &quot;harbours&quot; &lt;at dawn&gt;');
    expect(meta(html, 'og:description')).toBe('Line one. Line two, with a &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'og:type')).toBe('video.other');
    expect(meta(html, 'og:url')).toBe(`https://watch.example.org/videos/${r.body.id}`);
    expect(meta(html, 'og:image')).toBe(`https://watch.example.org/api/media/thumbs/${r.body.id}.jpg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The player's poster is fetched with the page (the same address the app gives the player).
    expect(html).toContain(`<link rel="preload" as="image" href="/api/media/thumbs/${r.body.id}.jpg" fetchpriority="high" />`);
    expect(html).not.toContain('<script>alert(1)</script>');
    // Until the app starts, the page itself shows the poster, the title and the channel (escaped).
    const preview = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(preview).toContain(`<img src="/api/media/thumbs/${r.body.id}.jpg"`);
    expect(preview).toContain('<h1 style="font-size:22px;line-height:1.3;margin:16px 0 4px">Boats &amp; &quot;harbours&quot; &lt;at dawn&gt;</h1>');
    expect(preview).toContain(`>${creator.name}</p>`);
    // The app starts once that preview has painted: its entry is named to the starter, not fetched with the head.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<script src="/app-start.js" data-app="/src/main.tsx" data-preload="" defer></script>');
    // One description only: the app's own gave way.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('names the channel when a short has no description, and calls a movie a movie', async () => {
    const creator = await person(t, { display_name: `maker_${Date.now() % 100000}` });
    const reel = await upload(t, 'reel', creator.auth, mp4, { title: 'A quick one' });
    await markReady(t, reel.body.id);
    const html = await page(`/reels/${reel.body.id}`);
    expect(meta(html, 'og:description')).toBe(`A short by ${creator.name} on Scriven.`);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');

    const movie = await upload(t, 'movie', creator.auth, mp4, { title: 'The Long Film' });
    await markReady(t, movie.body.movie.id);
    const film = await page(`/movies/${movie.body.movie.id}`);
    expect(meta(film, 'og:type')).toBe('video.movie');
    // A short's viewer and a movie's page are laid out otherwise: no drawn preview for them.
    expect(film).toContain('<div id="root"></div>');
    expect(html).toContain('<div id="root"></div>');
    // With nothing drawn to wait for, the app starts with the page, as everywhere else.
    expect(film).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(title(film)).toBe('The Long Film · Scriven');
  });

  it('says nothing of what a visitor cannot see: a private channel, a video still processing, an unknown id', async () => {
    const [recluse, creator] = await Promise.all([person(t), person(t)]);
    const hidden = await upload(t, 'video', recluse.auth, mp4, { title: 'Secret plans' });
    await markReady(t, hidden.body.id);
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private' });
    await settled(t);
    const processing = await upload(t, 'video', creator.auth, mp4, { title: 'Not ready yet' });

    for (const path of [`/videos/${hidden.body.id}`, `/videos/${processing.body.id}`, '/videos/not-a-uuid', '/videos/00000000-0000-4000-8000-000000000000']) {
      const html = await page(path);
      expect(title(html)).toBe('Scriven');
      expect(html).not.toContain('og:title');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Secret plans');
      expect(html).not.toContain('Not ready yet');
    }
  });

  it("describes no short while the reels feature is off (the app's plain page); again once it is on", async () => {
    const creator = await person(t);
    const reel = await upload(t, 'reel', creator.auth, mp4, { title: 'Hop over the wall', description: 'A tiny jump.' });
    await markReady(t, reel.body.id);
    const setReels = async (enabled: boolean) => {
      await t.sql(`update feature_flags set enabled = $1 where name = 'reels'`, [enabled]);
      await t.app.get(FeatureFlags).reload();
    };
    await setReels(false);
    try {
      const html = await page(`/reels/${reel.body.id}`);
      expect(title(html)).toBe('Scriven');
      expect(html).not.toContain('og:title');
      expect(html).not.toContain('Hop over the wall');
      expect(html).not.toContain('A tiny jump.');
    } finally {
      await setReels(true);
    }
    expect(meta(await page(`/reels/${reel.body.id}`), 'og:title')).toBe('Hop over the wall');
  });
});
