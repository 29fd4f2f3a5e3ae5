import { parseFeed } from 'podcast-partytime';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { RequestContext } from '@mikro-orm/core';
import { CatalogFacade } from '../src/modules/catalog/catalog.facade.js';
import { binary, tmpFiles, userIdOf, waitFor, type Auth } from './media-fixtures.js';
import { settled } from './social-fixtures.js';
import { makeTunes, type Tunes } from './music-fixtures.js';
import { uploadEpisode } from './podcast-fixtures.js';
import { podcastGuid, uuidV5 } from '../src/modules/catalog/http/podcast-feed.js';

/**
 * A show's public RSS feed, parsed by a real podcast feed parser (podcast-partytime), with episodes processed by the
 * real ffmpeg through the durable jobs: every required tag, the enclosures' exact lengths, HEAD and ranges on them.
 */

let t: TestApp;
let tunes: Tunes;
beforeAll(async () => {
  [t, tunes] = await Promise.all([createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' }), makeTunes()]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  tunes?.cleanup();
});
afterEach(() => {
  expect(tmpFiles(t)).toEqual([]);
});

type Any = Record<string, any>;

async function processed(auth: Auth, file: string, fields: Record<string, string>): Promise<Any> {
  const r = await uploadEpisode(t, auth, file, fields);
  expect(r.status).toBe(201);
  return waitFor(`episode ${r.body.id} to be processed`, async () => {
    const list = (await t.http().get(`/api/podcasts/episodes?show=${r.body.show_id}`).set(...auth)).body.episodes as Any[];
    const e = list.find((x) => x.id === r.body.id);
    return e && e.status !== 'processing' ? e : null;
  }, 30_000, 250);
}

describe('GET /api/podcasts/shows/{id}/feed.xml', () => {
  it('has an ETag: If-None-Match gets 304 and no body; a new episode, an edit or a removal changes the feed and its tag', async () => {
    const { auth } = await signUp(t);
    const name = `Tagged ${process.pid}-${Date.now()}`;
    // Processed by the real job (which also changes the episode: the feed follows).
    const first = { body: await processed(auth, tunes.bareMp3, { title: 'First', show_name: name }) };
    const url = `/api/podcasts/shows/${first.body.show_id}/feed.xml`;
    // One host, as a podcast app sees the server (the test client's port changes with every request).
    const feed = () => t.http().get(url).set('Host', 'podcasts.example');
    const a = await feed();
    expect(a.status).toBe(200);
    const etag = a.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await feed()).headers.etag).toBe(etag);
    const unchanged = await feed().set('If-None-Match', etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text ?? '').toBe('');
    expect((await feed().set('If-None-Match', '"something-else"')).status).toBe(200);

    const second = { body: await processed(auth, tunes.bareMp3, { title: 'Second', show_name: name }) };
    const b = await feed().set('If-None-Match', etag);
    expect(b.status).toBe(200);
    expect(b.headers.etag).not.toBe(etag);
    expect(parseFeed(b.text)?.items.map((i) => i.title)).toEqual(['Second', 'First']);

    // A title changed through the API's rules is in the feed at once.
    await t.sql(`update media set title = 'First, renamed', updated_at = now() where id = $1`, [first.body.id]);
    expect(parseFeed((await feed()).text)?.items.map((i) => i.title)).toEqual(['Second', 'First, renamed']);
    // Made private: gone from the feed.
    await t.sql(`update media set visibility = 'private' where id = $1`, [second.body.id]);
    expect(parseFeed((await feed()).text)?.items.map((i) => i.title)).toEqual(['First, renamed']);
  });

  it('is an RSS 2.0 feed with the iTunes and Podcasting 2.0 tags that a podcast parser reads, enclosures of exact length', async () => {
    const { auth } = await signUp(t);
    const name = `Tom & Jerry's <Show> ${process.pid}`;
    const mp3 = await processed(auth, tunes.taggedMp3, { title: 'Pilot: "quotes" & <tags>', description: 'Line one & <b>two</b>', show_name: name, category: 'Comedy', episode_number: '1', season_number: '2' });
    const flac = await processed(auth, tunes.flac, { title: 'Lossless', show_name: name, category: 'Comedy', episode_number: '2', season_number: '2' });
    expect([mp3.status, flac.status]).toEqual(['ready', 'ready']);
    // Processed as music is: duration, the MP3's cover picture as its cover, an AAC rendition of the FLAC.
    expect(mp3).toMatchObject({ duration_seconds: expect.any(Number), cover_url: expect.stringMatching(/^\/api\/media\/thumbs\//) });
    expect(flac.cover_url).toBeNull();
    expect((await t.sql<{ audio_key: string | null }>('select audio_key from podcast_episodes where media_id = $1', [flac.id]))[0].audio_key).toBe(`hls/${flac.id}/audio.m4a`);
    expect((await t.sql<{ n: number }>('select jsonb_array_length(peaks) as n from podcast_episodes where media_id = $1', [mp3.id]))[0].n).toBeGreaterThan(100);
    const pending = await uploadEpisode(t, auth, tunes.bareMp3, { title: 'Private draft', show_name: name });
    await t.sql(`update media set status = 'failed' where id = $1`, [pending.body.id]);

    const res = await t.http().get(`/api/podcasts/shows/${mp3.show_id}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const text = res.text;
    const origin = new URL(parseFeed(text)!.items[0].enclosure.url).origin;
    expect(origin).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
    const feedUrl = `${origin}/api/podcasts/shows/${mp3.show_id}/feed.xml`;
    const feed = parseFeed(text)!;
    expect(feed).toBeTruthy();
    expect(feed.title).toBe(name);
    expect(feed.link).toBe(`${origin}/podcasts?show=${mp3.show_id}`);
    expect(feed.description).toContain(name);
    expect(feed.language).toBe('en');
    expect(feed.author).toBeTruthy();
    expect(feed.itunesImage).toBe(`${origin}/api/podcasts/shows/${mp3.show_id}/artwork.jpg`);
    expect(feed.itunesCategory).toEqual(['Comedy']);
    expect(feed.explicit).toBe(false);
    expect(feed.guid).toBe(podcastGuid(feedUrl));
    // podcast:locked without an owner address (no creator's email is published): partytime reads the tag only with
    // an owner attribute, so the document is checked for it.
    expect(text).toContain('<podcast:locked>yes</podcast:locked>');
    // Only the ready public episodes, newest first; stable guids (the episode ids).
    expect(feed.items.map((i) => i.guid)).toEqual([flac.id, mp3.id]);
    expect(text).toContain(`<guid isPermaLink="false">${mp3.id}</guid>`);
    const [itemFlac, itemMp3] = feed.items;
    expect(itemMp3.title).toBe('Pilot: "quotes" & <tags>');
    expect(itemMp3.description).toContain('Line one &');
    expect(itemMp3.pubDate?.toISOString().slice(0, 19)).toBe(new Date(mp3.created_at).toISOString().slice(0, 19));
    expect(itemMp3.itunesEpisode).toBe(1);
    expect(itemMp3.itunesSeason).toBe(2);
    expect(itemMp3.itunesEpisodeType).toBe('full');
    expect(itemMp3.duration).toBe(3);
    expect(itemFlac.duration).toBe(2);
    expect(itemMp3.enclosure).toEqual({ url: `${origin}/api/podcasts/episode/${mp3.id}/stream`, length: tunes.bytes(tunes.taggedMp3).length, type: 'audio/mpeg' });
    // The lossless episode's enclosure is its AAC rendition, of the length that URL serves.
    expect(itemFlac.enclosure.type).toBe('audio/mp4');
    for (const item of feed.items) {
      const path = new URL(item.enclosure.url).pathname;
      const head = await t.http().head(path);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe(item.enclosure.type);
      expect(Number(head.headers['content-length'])).toBe(item.enclosure.length);
      expect(head.headers['accept-ranges']).toBe('bytes');
      const whole = await t.http().get(path).buffer(true).parse(binary as never);
      expect((whole.body as Buffer).length).toBe(item.enclosure.length);
      const tail = await t.http().get(path).set('Range', 'bytes=-100').buffer(true).parse(binary as never);
      expect(tail.status).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${item.enclosure.length - 100}-${item.enclosure.length - 1}/${item.enclosure.length}`);
      expect(Buffer.compare(tail.body as Buffer, (whole.body as Buffer).subarray(-100))).toBe(0);
    }
    // Well-formed XML: the names are escaped.
    expect(text).toContain('<title>Tom &amp; Jerry&apos;s &lt;Show&gt;');
    expect(text).not.toContain('Private draft');
  });

  it('serves 1400 px square JPEG artwork at a stable address; an unknown show or one with no public episode is 404', async () => {
    const { auth } = await signUp(t);
    const name = `Artful ${process.pid}`;
    const ep = await processed(auth, tunes.ogg, { title: 'No cover', show_name: name });
    const art = await t.http().get(`/api/podcasts/shows/${ep.show_id}/artwork.jpg`).buffer(true).parse(binary as never);
    expect(art.status).toBe(200);
    expect(art.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(art.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1400, 1400]);
    const again = await t.http().get(`/api/podcasts/shows/${ep.show_id}/artwork.jpg`).buffer(true).parse(binary as never);
    expect(Buffer.compare(again.body as Buffer, art.body as Buffer)).toBe(0);
    await t.sql(`update media set visibility = 'private' where id = $1`, [ep.id]);
    expect((await t.http().get(`/api/podcasts/shows/${ep.show_id}/feed.xml`)).status).toBe(404);
    expect((await t.http().get(`/api/podcasts/shows/${ep.show_id}/artwork.jpg`)).status).toBe(404);
    expect((await t.http().get('/api/podcasts/shows/00000000-0000-4000-8000-000000000000/feed.xml')).status).toBe(404);
  });

  it('podcast:guid is the UUIDv5 of the feed URL without its scheme (Podcasting 2.0)', () => {
    // RFC 4122's DNS namespace example (Python's uuid5 documentation), then the Podcasting 2.0 specification's example.
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('https://example.com/feed/')).toBe(podcastGuid('http://example.com/feed'));
  });
});

describe('search, the following feed and moderation', () => {
  it("search's podcasts tab finds a processed episode by title, show name and description; the feed's podcasts filter lists it", async () => {
    const k = `zp${Date.now().toString(36)}`;
    const maker = await signUp(t);
    const fan = await signUp(t);
    expect((await t.http().post(`/api/users/${await userIdOf(t, maker.auth)}/follow`).set(...fan.auth)).status).toBe(200);
    const ep = await processed(maker.auth, tunes.bareMp3, { title: `${k}title Talk`, show_name: `${k}show Hour`, description: `About ${k}desc things` });
    expect(ep.status).toBe('ready');
    await settled(t);
    const feed = await t.http().get('/api/feed/following?content_type=podcasts&limit=10').set(...fan.auth);
    expect(feed.body.content).toEqual([expect.objectContaining({ id: ep.id, content_type: 'podcast', kind: 'episode', title: `${k}title Talk` })]);
    expect((await t.http().get('/api/feed/following?content_type=videos&limit=10').set(...fan.auth)).body.content).toEqual([]);
    for (const word of [`${k}title`, `${k}show`, `${k}desc`]) {
      const r = await t.http().get('/api/search').query({ q: word, content_type: 'podcasts' });
      expect(r.status).toBe(200);
      expect(r.body.available).toContain('podcasts');
      expect(r.body.results.podcasts).toEqual([expect.objectContaining({ id: ep.id, kind: 'episode', title: `${k}title Talk`, show_name: `${k}show Hour`, plays: 0, likes: 0 })]);
      expect(r.body.results.podcasts[0].username).toBeTruthy();
      expect((await t.http().get('/api/search').query({ q: word, content_type: 'music' })).body.results.music).toEqual([]);
    }
  });

  it('an episode can be reported (content type episode); removed, it is gone from lists, its stream, its feed and search', async () => {
    const k = `zr${Date.now().toString(36)}`;
    const { auth } = await signUp(t);
    const ep = await processed(auth, tunes.bareMp3, { title: `${k} Removed talk`, show_name: `${k} Removed show` });
    await settled(t);
    const reporter = await signUp(t);
    expect((await t.http().post('/api/content/report').set(...reporter.auth).send({ content_type: 'episode', content_id: ep.id, reason: 'spam' })).status).toBe(201);
    expect((await t.http().post('/api/content/report').set(...reporter.auth).send({ content_type: 'track', content_id: ep.id, reason: 'spam' })).status).toBe(404);
    await RequestContext.create(t.orm.em, () => t.app.get(CatalogFacade).removeMediaByModeration(ep.id, { purgeFiles: false }));
    await settled(t);
    for (const who of [auth, reporter.auth]) {
      expect((await t.http().get(`/api/podcasts/episode/${ep.id}/stream`).set(...who)).status).toBe(404);
      expect((await t.http().get(`/api/podcasts/episodes?show=${ep.show_id}`).set(...who)).body.episodes).toEqual([]);
    }
    expect((await t.http().get(`/api/podcasts/shows/${ep.show_id}/feed.xml`)).status).toBe(404);
    expect((await t.http().get('/api/search').query({ q: k, content_type: 'podcasts' })).body.results.podcasts).toEqual([]);
  });
});
