import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, MP4_HEAD, PNG_HEAD, storedOriginals, tmpFiles, userIdOf, waitFor, type Auth } from './media-fixtures.js';
import { makeTunes, type Tunes } from './music-fixtures.js';
import { markEpisodeReady, uploadEpisode } from './podcast-fixtures.js';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { PruneListeningMarks } from '../src/modules/catalog/application/prune-listening-marks.job.js';
import { PODCAST_MESSAGES, podcastAchievements, podcastLevel } from '../src/modules/catalog/domain/podcast.js';

/** Podcasts over HTTP: upload rules, episodes, trending, categories, shows, likes, subscriptions, analytics, plays, IAB downloads. */

let t: TestApp;
let tunes: Tunes;
beforeAll(async () => {
  [t, tunes] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MAX_VIDEO_UPLOAD_BYTES: String(2 * 1024 * 1024) }), makeTunes()]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  tunes?.cleanup();
});
afterEach(() => {
  expect(tmpFiles(t)).toEqual([]);
});

type Any = Record<string, any>;

async function person(): Promise<{ auth: Auth; id: string }> {
  const { auth } = await signUp(t);
  return { auth, id: await userIdOf(t, auth) };
}

/** A unique show name per test, so that tests do not see each other's shows. */
let n = 0;
const showName = (base = 'Show') => `${base} ${process.pid}-${++n}`;

async function readyEpisode(auth: Auth, fields: Record<string, string>, file: string | Buffer = tunes.bareMp3, duration = 2): Promise<Any> {
  const r = await uploadEpisode(t, auth, file, { title: 'Episode', ...fields });
  expect(r.status).toBe(201);
  await markEpisodeReady(t, r.body.id, duration);
  return r.body;
}

const episodeCount = async () => Number((await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'episode'`))[0].n);

describe('POST /api/podcasts/upload', () => {
  it('accepts an MP3 with the form of §3: 201, the episode processing, its show made for its creator', async () => {
    const me = await person();
    const name = showName('Deep Dive');
    const r = await uploadEpisode(t, me.auth, tunes.taggedMp3, { title: ' Pilot ', description: 'The first one', show_name: ` ${name} `, category: 'Technology', episode_number: '3', season_number: '2' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Pilot', description: 'The first one', show_name: name, category: 'Technology', episode_number: 3, season_number: 2, plays: 0, likes: 0, liked: false, status: 'processing', is_owner: true, monetization_enabled: false });
    const [row] = await t.sql<Any>('select m.content_type, s.user_id, s.show_name from media m join podcast_episodes e on e.media_id = m.id join podcast_shows s on s.id = e.show_id where m.id = $1', [r.body.id]);
    expect(row).toEqual({ content_type: 'audio/mpeg', user_id: me.id, show_name: name });
  });

  it('defaults: category General, episode and season 1; a second upload with the name in other case joins the same show', async () => {
    const me = await person();
    const name = showName('Casual');
    const a = await uploadEpisode(t, me.auth, tunes.ogg, { title: 'One', show_name: name });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ category: 'General', episode_number: 1, season_number: 1, description: null });
    const b = await uploadEpisode(t, me.auth, tunes.flac, { title: 'Two', show_name: name.toUpperCase() });
    expect(b.status).toBe(201);
    expect(b.body.show_id).toBe(a.body.show_id);
    expect(b.body.show_name).toBe(name);
  });

  it.each([
    ['no file', null, { title: 'x', show_name: 'S' }, 'Please select an audio file'],
    ['no title', 'mp3', { show_name: 'S' }, 'Please enter a title'],
    ['no show name', 'mp3', { title: 'x' }, 'Please enter a show name'],
    ['an unknown category', 'mp3', { title: 'x', show_name: 'S', category: 'Cooking' }, 'Category must be one of General, Technology, Business, Entertainment, Education, News, Sports, Health, Comedy, True Crime'],
    ['season 0', 'mp3', { title: 'x', show_name: 'S', season_number: '0' }, 'Season number must be a whole number of at least 1'],
    ['episode -1', 'mp3', { title: 'x', show_name: 'S', episode_number: '-1' }, 'Episode number must be a whole number of at least 1'],
    ['a PNG named .mp3', 'png', { title: 'x', show_name: 'S' }, 'Please select an audio file'],
    ['a video', 'video', { title: 'x', show_name: 'S' }, 'This file is a video: a podcast episode is audio (MP3, AAC/M4A, Ogg/Opus, FLAC or WAV)'],
  ] as const)('refuses %s with 400 and its message, storing nothing', async (_what, file, fields, message) => {
    const me = await person();
    const before = [storedOriginals(t).sort(), await episodeCount()];
    const body = file === null ? null : file === 'mp3' ? tunes.bareMp3 : file === 'png' ? tunes.pngAsMp3 : tunes.video;
    const r = await uploadEpisode(t, me.auth, body, fields as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, message });
    expect([storedOriginals(t).sort(), await episodeCount()]).toEqual(before);
  });

  it('refuses monetization_enabled to a user outside the creator program (403), and visitors (401)', async () => {
    const me = await person();
    const before = await episodeCount();
    expect((await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'x', show_name: 'S', monetization_enabled: 'true' })).status).toBe(403);
    expect((await uploadEpisode(t, null, tunes.bareMp3, { title: 'x', show_name: 'S' })).status).toBe(401);
    expect(await episodeCount()).toBe(before);
  });

  it('an MP4 of video is refused but an M4A passes; a bare MP4 head is judged by its tracks', async () => {
    const me = await person();
    expect((await uploadEpisode(t, me.auth, tunes.m4a, { title: 'm4a', show_name: showName() })).status).toBe(201);
    expect((await uploadEpisode(t, me.auth, tunes.aacMp4, { title: 'aac', show_name: showName() })).status).toBe(201);
    expect((await uploadEpisode(t, me.auth, Buffer.concat([MP4_HEAD, Buffer.alloc(100)]), { title: 'x', show_name: 'S' }, 'x.m4a')).status).toBe(400);
    expect((await uploadEpisode(t, me.auth, Buffer.concat([PNG_HEAD, Buffer.alloc(100)]), { title: 'x', show_name: 'S' })).status).toBe(400);
  });

  it('a WebM or MKA of sound only is an episode; a WebM with a picture is refused as a video', async () => {
    const me = await person();
    const webm = await uploadEpisode(t, me.auth, tunes.opusWebm, { title: 'webm', show_name: showName() });
    expect(webm.status).toBe(201);
    expect((await t.sql<{ original_key: string }>('select original_key from media where id = $1', [webm.body.id]))[0].original_key).toMatch(/\.weba$/);
    expect((await uploadEpisode(t, me.auth, tunes.mka, { title: 'mka', show_name: showName() })).status).toBe(201);
    const before = await episodeCount();
    const video = await uploadEpisode(t, me.auth, tunes.videoWebm, { title: 'clip', show_name: showName() });
    expect(video.status).toBe(400);
    expect(video.body.message).toBe(PODCAST_MESSAGES.videoFile);
    expect(await episodeCount()).toBe(before);
  });
});

describe('episodes, trending, categories', () => {
  it('lists ready public episodes newest first with the fields of §3, filters by category and show; others see no processing ones', async () => {
    const me = await person();
    const other = await person();
    const name = showName('Lister');
    const first = await readyEpisode(me.auth, { title: 'First', show_name: name, category: 'Comedy' });
    const second = await readyEpisode(me.auth, { title: 'Second', show_name: name, category: 'Comedy', episode_number: '2' });
    const pending = await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'Pending', show_name: name, category: 'Comedy' });
    const mine = (await t.http().get(`/api/podcasts/episodes?show=${first.show_id}`).set(...me.auth)).body.episodes as Any[];
    expect(mine.map((e) => e.title)).toEqual(['Pending', 'Second', 'First']);
    const theirs = (await t.http().get(`/api/podcasts/episodes?show=${first.show_id}`).set(...other.auth)).body.episodes as Any[];
    expect(theirs.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(theirs[0]).toMatchObject({ id: second.id, title: 'Second', show_name: name, category: 'Comedy', plays: 0, likes: 0, episode_number: 2, season_number: 1, duration_seconds: 2, liked: false, is_owner: false });
    expect(Object.keys(theirs[0])).toEqual(expect.arrayContaining(['id', 'title', 'description', 'show_name', 'category', 'plays', 'likes', 'created_at', 'episode_number', 'season_number']));
    const visitor = (await t.http().get('/api/podcasts/episodes?category=Comedy&limit=100')).body.episodes as Any[];
    expect(visitor.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(visitor.map((e) => e.id)).not.toContain(pending.body.id);
    expect(visitor.every((e) => e.category === 'Comedy')).toBe(true);
    const bad = await t.http().get('/api/podcasts/episodes?category=Cooking');
    expect(bad.status).toBe(400);
    expect((await t.http().get('/api/podcasts/episodes?show=nope')).status).toBe(400);
  });

  it('categories count ready public episodes; trending orders by plays of the last 7 days, then all-time plays', async () => {
    const me = await person();
    const before = new Map(((await t.http().get('/api/podcasts/categories')).body.categories as Any[]).map((c) => [c.category, c.episode_count]));
    const a = await readyEpisode(me.auth, { title: 'Old hit', show_name: showName(), category: 'True Crime' });
    const b = await readyEpisode(me.auth, { title: 'Fresh', show_name: showName(), category: 'True Crime' });
    await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'Processing', show_name: showName(), category: 'True Crime' });
    const after = new Map(((await t.http().get('/api/podcasts/categories')).body.categories as Any[]).map((c) => [c.category, c.episode_count]));
    expect(after.get('True Crime')).toBe((before.get('True Crime') ?? 0) + 2);
    for (const [, count] of after) expect(count).toBeGreaterThan(0);
    // a: 1000 plays long ago; b: 900 plays in the last week (and all time) and 5000 more plays for a second top.
    await t.sql(`update media set views = 100000 where id = $1`, [a.id]);
    await t.sql(`insert into media_activity_hourly (hour, media_id, views) values (date_trunc('hour', now()) - interval '30 days', $1, 100000)`, [a.id]);
    await t.sql(`update media set views = 90000 where id = $1`, [b.id]);
    await t.sql(`insert into media_activity_hourly (hour, media_id, views) values (date_trunc('hour', now()) - interval '1 day', $1, 90000)`, [b.id]);
    const trending = (await t.http().get('/api/podcasts/trending')).body.episodes as Any[];
    expect(trending.length).toBeLessThanOrEqual(6);
    expect(trending.slice(0, 2).map((e) => e.id)).toEqual([b.id, a.id]);
  });
});

describe('shows', () => {
  it('groups episodes by show name per creator; two creators of one name have two shows; details, feed_url, others refused', async () => {
    const me = await person();
    const other = await person();
    const name = showName('Shared Name');
    const mine = await readyEpisode(me.auth, { title: 'Mine', show_name: name, category: 'News' });
    const theirs = await readyEpisode(other.auth, { title: 'Theirs', show_name: name.toLowerCase() });
    expect(mine.show_id).not.toBe(theirs.show_id);
    const shows = (await t.http().get('/api/podcasts/shows')).body.shows as Any[];
    const s = shows.find((x) => x.id === mine.show_id)!;
    expect(s).toMatchObject({ show_name: name, category: 'News', episode_count: 1, total_plays: 0, latest_episode: { id: mine.id, title: 'Mine' }, is_owner: false });
    expect(s.creator_name).toBeTruthy();
    expect(s.feed_url).toMatch(new RegExp(`^http://[^/]+/api/podcasts/shows/${mine.show_id}/feed\\.xml$`));
    expect(shows.find((x) => x.id === theirs.show_id)).toBeTruthy();
    const detail = await t.http().get(`/api/podcasts/shows/${mine.show_id}`).set(...me.auth);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: mine.show_id, subscribed: false, is_owner: true });
    expect(detail.body.episodes.map((e: Any) => e.id)).toEqual([mine.id]);
    // A show whose only episode is still processing is the owner's alone.
    const hiddenName = showName('Hidden');
    const pending = await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'Pending', show_name: hiddenName });
    expect((await t.http().get(`/api/podcasts/shows/${pending.body.show_id}`).set(...other.auth)).status).toBe(404);
    expect((await t.http().get(`/api/podcasts/shows/${pending.body.show_id}`)).status).toBe(404);
    expect((await t.http().get(`/api/podcasts/shows/${pending.body.show_id}`).set(...me.auth)).status).toBe(200);
    expect((await t.http().get('/api/podcasts/shows/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.http().get('/api/podcasts/shows/not-an-id')).status).toBe(404);
  });
});

describe('likes and subscriptions', () => {
  it('toggles a like per user; a missing or unreachable episode is 404', async () => {
    const me = await person();
    const fan = await person();
    const ep = await readyEpisode(me.auth, { show_name: showName() });
    expect((await t.http().post(`/api/podcasts/episode/${ep.id}/like`).set(...fan.auth)).body).toEqual({ liked: true, likes: 1 });
    expect((await t.http().post(`/api/podcasts/episode/${ep.id}/like`).set(...me.auth)).body).toEqual({ liked: true, likes: 2 });
    expect((await t.http().post(`/api/podcasts/episode/${ep.id}/like`).set(...fan.auth)).body).toEqual({ liked: false, likes: 1 });
    expect((await t.http().post(`/api/podcasts/episode/${ep.id}/like`)).status).toBe(401);
    const pending = await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'p', show_name: showName() });
    expect((await t.http().post(`/api/podcasts/episode/${pending.body.id}/like`).set(...fan.auth)).status).toBe(404);
    expect((await t.http().post('/api/podcasts/episode/00000000-0000-4000-8000-000000000000/like').set(...fan.auth)).status).toBe(404);
  });

  it('subscribes by show name (form or JSON) as a toggle with its message; an unknown name is 404 and changes nothing', async () => {
    const me = await person();
    const fan = await person();
    const name = showName('Subbed');
    const ep = await readyEpisode(me.auth, { show_name: name });
    const on = await t.http().post('/api/podcasts/subscribe').set(...fan.auth).type('form').send({ show_name: name.toUpperCase() });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: `Subscribed to ${name.toUpperCase()}`, subscribed: true });
    const subs = (await t.http().get('/api/podcasts/subscriptions').set(...fan.auth)).body;
    expect(subs.show_names).toEqual([name.toLowerCase()]);
    expect(subs.shows.map((s: Any) => s.id)).toEqual([ep.show_id]);
    expect((await t.http().get(`/api/podcasts/shows/${ep.show_id}`).set(...fan.auth)).body.subscribed).toBe(true);
    const off = await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({ show_name: name });
    expect(off.body).toEqual({ message: `Unsubscribed from ${name}`, subscribed: false });
    expect((await t.http().get('/api/podcasts/subscriptions').set(...fan.auth)).body).toEqual({ show_names: [], shows: [] });
    const unknown = await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({ show_name: 'No Such Show Anywhere' });
    expect(unknown.status).toBe(404);
    // A show whose episodes others cannot see yet (processing) is unknown to them, and known to its creator.
    const draftName = showName('Draft');
    await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'draft', show_name: draftName });
    expect((await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({ show_name: draftName })).status).toBe(404);
    expect((await t.http().post('/api/podcasts/subscribe').set(...me.auth).send({ show_name: draftName })).body.subscribed).toBe(true);
    expect((await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({})).status).toBe(400);
    expect((await t.http().post('/api/podcasts/subscribe').send({ show_name: name })).status).toBe(401);
    expect((await t.http().get('/api/podcasts/subscriptions')).status).toBe(401);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from podcast_subscriptions where user_id = $1', [fan.id]))[0].n)).toBe(0);
    // Subscribed, then the show goes private: unsubscribing still works.
    await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({ show_name: name });
    await t.sql(`update media set visibility = 'private' where id = $1`, [ep.id]);
    expect((await t.http().post('/api/podcasts/subscribe').set(...fan.auth).send({ show_name: name })).body).toEqual({ message: `Unsubscribed from ${name}`, subscribed: false });
  });
});

describe('GET /api/podcasts/analytics', () => {
  it("answers the caller's figures from a fixed set of plays, likes and subscribers, with level, achievements and 90 days", async () => {
    const me = await person();
    const fans = await Promise.all([person(), person(), person()]);
    const name = showName('Stats');
    const a = await readyEpisode(me.auth, { title: 'A', show_name: name });
    const b = await readyEpisode(me.auth, { title: 'B', show_name: name });
    await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'processing: not counted', show_name: name });
    // Plays: 70 today and 50 three days ago on a; 5 today on b: 125 in all.
    await t.sql(`update media set views = 120 where id = $1`, [a.id]);
    await t.sql(`update media set views = 5 where id = $1`, [b.id]);
    await t.sql(
      `insert into media_activity_hourly (hour, media_id, views) values (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', $1, 70), (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '3 days', $1, 50), (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', $2, 5)`,
      [a.id, b.id],
    );
    for (const f of fans) expect((await t.http().post(`/api/podcasts/episode/${a.id}/like`).set(...f.auth)).status).toBe(200);
    for (const f of fans.slice(0, 2)) expect((await t.http().post('/api/podcasts/subscribe').set(...f.auth).send({ show_name: name })).body.subscribed).toBe(true);
    const r = await t.http().get('/api/podcasts/analytics').set(...me.auth);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_episodes: 2, total_plays: 125, total_likes: 3, total_subscribers: 2, total_downloads: 0, podcast_level: 4 });
    expect(r.body.podcast_level).toBe(podcastLevel(125));
    expect(r.body.achievements).toEqual(['First Episode', '100 Plays', 'First Subscriber']);
    expect(r.body.achievements).toEqual(podcastAchievements({ episodes: 2, plays: 125, likes: 3, subscribers: 2 }));
    const days = r.body.plays_per_day as { date: string; plays: number }[];
    expect(days).toHaveLength(90);
    const today = new Date().toISOString().slice(0, 10);
    const threeAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(days[89]).toEqual({ date: today, plays: 75 });
    expect(days.find((d) => d.date === threeAgo)).toEqual({ date: threeAgo, plays: 50 });
    expect(days.reduce((s, d) => s + d.plays, 0)).toBe(125);
    expect(r.body.shows.map((s: Any) => s.id)).toEqual([a.show_id]);
    // Someone with no show has level 1 and nothing else.
    const none = await t.http().get('/api/podcasts/analytics').set(...fans[0].auth);
    expect(none.body).toMatchObject({ total_episodes: 0, total_plays: 0, podcast_level: 1, achievements: [] });
    expect((await t.http().get('/api/podcasts/analytics')).status).toBe(401);
  });

  it('the level is monotonic in plays and runs from 1 to 10', () => {
    let last = 0;
    for (const plays of [0, 5, 10, 49, 50, 100, 250, 500, 1000, 2500, 5000, 9999, 10_000, 10 ** 9]) {
      const level = podcastLevel(plays);
      expect(level).toBeGreaterThanOrEqual(last);
      expect(level).toBeGreaterThanOrEqual(1);
      expect(level).toBeLessThanOrEqual(10);
      last = level;
    }
    expect(podcastLevel(0)).toBe(1);
    expect(podcastLevel(10_000)).toBe(10);
  });
});

describe('plays, streaming and IAB downloads', () => {
  it('counts a play after 30 s of listening, once per play-through; bad seconds are 400', async () => {
    const me = await person();
    const fan = await person();
    const ep = await readyEpisode(me.auth, { show_name: showName() });
    const play = (s: unknown) => t.http().post(`/api/podcasts/episode/${ep.id}/play`).set(...fan.auth).send({ seconds_listened: s });
    expect((await play(20)).body).toEqual({ plays: 0, counted: false });
    // 15 s later (the listener's last report moved back), 15 s more: a play.
    await t.sql(`update podcast_play_marks set last_report_at = last_report_at - interval '15 seconds' where media_id = $1`, [ep.id]);
    expect((await play(15)).body).toEqual({ plays: 1, counted: true });
    // Reported again at once: the time that passed is all that counts, and the play is already counted.
    expect((await play(60)).body).toEqual({ plays: 1, counted: false });
    expect((await play(0)).status).toBe(400);
    expect((await play(61)).body).toMatchObject({ statusCode: 400, message: 'seconds_listened must be a whole number from 1 to 60' });
  });

  it('streams with HEAD and ranges; a download counts once per address and agent in 24 h after a minute of audio; probes and short parts never', async () => {
    const me = await person();
    const bytes = tunes.bytes(tunes.bareMp3);
    const size = bytes.length;
    // 120 s of audio: a minute is half the file.
    const ep = await readyEpisode(me.auth, { show_name: showName() }, tunes.bareMp3, 120);
    const url = `/api/podcasts/episode/${ep.id}/stream`;
    const head = await t.http().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.headers['accept-ranges']).toBe('bytes');
    const downloads = async () => Number((await t.sql<{ n: string | null }>('select sum(downloads) as n from podcast_download_days where media_id = $1', [ep.id]))[0].n ?? 0);
    const get = (ua: string, range?: string) => {
      let r = t.http().get(url).set('User-Agent', ua);
      if (range) r = r.set('Range', range);
      return r.buffer(true).parse(binary as never);
    };
    // An Apple-style probe: two bytes, never counted (and not kept).
    const probe = await get('AppleCoreMedia/1.0', 'bytes=0-1');
    expect(probe.status).toBe(206);
    expect((probe.body as Buffer).length).toBe(2);
    // A short part: a quarter of the file.
    const quarter = Math.floor(size / 4);
    const part = await get('Podcatcher/1', `bytes=0-${quarter - 1}`);
    expect(part.status).toBe(206);
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(0, quarter))).toBe(0);
    // Noted bytes: the part's alone (the probe added none).
    await waitFor('the part to be noted', async () => Number((await t.sql<{ b: string }>(`select coalesce(sum(bytes), 0) as b from podcast_downloads where media_id = $1`, [ep.id]))[0].b) === quarter, 30_000, 50);
    expect(await downloads()).toBe(0);
    // Each response's bytes are noted once it has finished: the steps wait for them, so that they happen in order.
    const noted = async (bytes: number) => waitFor(`${bytes} bytes noted`, async () => Number((await t.sql<{ b: string }>(`select coalesce(sum(bytes), 0) as b from podcast_downloads where media_id = $1`, [ep.id]))[0].b) === bytes, 30_000, 50);
    // The same client fetches the rest: with the part before, more than a minute was delivered: one download.
    const rest = await get('Podcatcher/1', `bytes=${quarter}-`);
    expect(rest.status).toBe(206);
    await noted(size);
    expect(await downloads()).toBe(1);
    // The whole file again within 24 h by the same address and agent: still one.
    expect((await get('Podcatcher/1')).status).toBe(200);
    await noted(2 * size);
    expect(await downloads()).toBe(1);
    // Another agent at the same address: a second download.
    const whole = await get('OtherApp/2');
    expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0);
    await noted(3 * size);
    expect(await downloads()).toBe(2);
    // A day later the first client counts again (its window starts over).
    await t.sql(`update podcast_downloads set window_start = window_start - interval '25 hours' where media_id = $1`, [ep.id]);
    expect((await get('Podcatcher/1')).status).toBe(200);
    await noted(2 * size);
    expect(await downloads()).toBe(3);
    // Downloads are their own figure: plays are untouched; the owner's analytics show them.
    const listed = (await t.http().get(`/api/podcasts/episodes?show=${ep.show_id}`)).body.episodes[0];
    expect(listed).toMatchObject({ plays: 0, downloads: 3 });
    expect((await t.http().get('/api/podcasts/analytics').set(...me.auth)).body).toMatchObject({ total_downloads: 3, total_plays: 0 });
  });

  it('a processing episode streams to its owner only', async () => {
    const me = await person();
    const r = await uploadEpisode(t, me.auth, tunes.bareMp3, { title: 'x', show_name: showName() });
    expect((await t.http().get(`/api/podcasts/episode/${r.body.id}/stream`)).status).toBe(404);
    expect((await t.http().get(`/api/podcasts/episode/${r.body.id}/stream`).set(...me.auth)).status).toBe(200);
  });
});

describe('pruning the bookkeeping of plays and downloads', () => {
  it('drops play marks untouched for a week and download windows past 24 h; fresh ones and the counted figures stay', async () => {
    const me = await person();
    const fan = await person();
    const ep = await readyEpisode(me.auth, { show_name: showName() }, tunes.bareMp3, 120);
    await t.http().post(`/api/podcasts/episode/${ep.id}/play`).set(...fan.auth).send({ seconds_listened: 10 });
    await t.http().post(`/api/podcasts/episode/${ep.id}/play`).set(...me.auth).send({ seconds_listened: 10 });
    await t.http().get(`/api/podcasts/episode/${ep.id}/stream`).set('User-Agent', 'Pruner/1').buffer(true).parse(binary as never);
    await t.http().get(`/api/podcasts/episode/${ep.id}/stream`).set('User-Agent', 'Pruner/2').buffer(true).parse(binary as never);
    const marks = async () => Number((await t.sql<{ n: string }>('select count(*) as n from podcast_play_marks where media_id = $1', [ep.id]))[0].n);
    const windows = async () => Number((await t.sql<{ n: string }>('select count(*) as n from podcast_downloads where media_id = $1', [ep.id]))[0].n);
    const downloads = async () => Number((await t.sql<{ n: string | null }>('select sum(downloads) as n from podcast_download_days where media_id = $1', [ep.id]))[0].n ?? 0);
    expect(await marks()).toBe(2);
    // Downloads are counted once each response has finished.
    const counted = await waitFor('both downloads to be counted', async () => ((await downloads()) === 2 ? 2 : null), 10_000, 50);
    expect(await windows()).toBe(2);
    // One listener's mark is 8 days old, one client's window 25 hours old.
    const fanKey = `u:${fan.id}`;
    await t.sql(`update podcast_play_marks set last_report_at = now() - interval '8 days' where media_id = $1 and listener_key = $2`, [ep.id, fanKey]);
    await t.sql(`update podcast_downloads set window_start = now() - interval '25 hours' where media_id = $1 and client_key = (select client_key from podcast_downloads where media_id = $1 limit 1)`, [ep.id]);
    const pruned = await t.app.get(PruneListeningMarks).prune();
    expect(pruned.playMarks).toBeGreaterThanOrEqual(1);
    expect(pruned.downloadWindows).toBeGreaterThanOrEqual(1);
    expect([await marks(), await windows()]).toEqual([1, 1]);
    expect((await t.sql('select 1 from podcast_play_marks where media_id = $1 and listener_key = $2', [ep.id, fanKey])).length).toBe(0);
    expect(await downloads()).toBe(counted);
  });
});

describe('resume points (GET/PUT /api/podcasts/episode/{id}/progress, GET /api/podcasts/progress)', () => {
  it('keeps where a listener stopped, per listener; "Continue listening" lists it; heard to the end it starts again from 0', async () => {
    const me = await person();
    const fan = await person();
    const other = await person();
    const ep = await readyEpisode(me.auth, { show_name: showName(), title: 'Resumable' }, tunes.bareMp3, 120);
    const url = `/api/podcasts/episode/${ep.id}/progress`;

    expect((await t.http().get(url).set(...fan.auth)).body).toEqual({ episode_id: ep.id, position_seconds: 0, completed: false, updated_at: null });
    const saved = await t.http().put(url).set(...fan.auth).send({ position_seconds: 42 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ episode_id: ep.id, position_seconds: 42, completed: false });
    expect(Date.parse(saved.body.updated_at)).not.toBeNaN();
    expect((await t.http().get(url).set(...fan.auth)).body).toMatchObject({ position_seconds: 42, completed: false });
    // Another listener's place is their own.
    expect((await t.http().get(url).set(...other.auth)).body.position_seconds).toBe(0);

    const continuing = await t.http().get('/api/podcasts/progress').set(...fan.auth);
    expect(continuing.status).toBe(200);
    expect(continuing.body.items).toEqual([expect.objectContaining({ position_seconds: 42, episode: expect.objectContaining({ id: ep.id, title: 'Resumable' }) })]);
    expect((await t.http().get('/api/podcasts/progress').set(...other.auth)).body.items).toEqual([]);

    // Within 5 s of the end: heard to the end, back to 0, and no longer in Continue listening.
    expect((await t.http().put(url).set(...fan.auth).send({ position_seconds: 117 })).body).toMatchObject({ position_seconds: 0, completed: true });
    expect((await t.http().get(url).set(...fan.auth)).body).toMatchObject({ position_seconds: 0, completed: true });
    expect((await t.http().get('/api/podcasts/progress').set(...fan.auth)).body.items).toEqual([]);
    // A player that thinks the episode a little longer than it is: its end is still the end.
    expect((await t.http().put(url).set(...fan.auth).send({ position_seconds: 30 })).body).toMatchObject({ position_seconds: 30, completed: false });
    expect((await t.http().put(url).set(...fan.auth).send({ position_seconds: 123 })).body).toMatchObject({ position_seconds: 0, completed: true });
    // Started again: no longer "completed".
    expect((await t.http().put(url).set(...fan.auth).send({ position_seconds: 10 })).body).toMatchObject({ position_seconds: 10, completed: false });
  });

  it('refuses bad positions with 400 and changes nothing; needs sign-in; an unknown or private episode is 404', async () => {
    const me = await person();
    const fan = await person();
    const ep = await readyEpisode(me.auth, { show_name: showName() }, tunes.bareMp3, 120);
    const url = `/api/podcasts/episode/${ep.id}/progress`;
    await t.http().put(url).set(...fan.auth).send({ position_seconds: 30 });
    for (const bad of [-1, 1.5, 'abc', null, 181, 10 ** 12, [], { a: 1 }]) {
      const r = await t.http().put(url).set(...fan.auth).send({ position_seconds: bad });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("position_seconds must be a whole number of seconds from 0 to the episode's length");
    }
    expect((await t.http().put(url).set(...fan.auth).send({})).status).toBe(400);
    expect((await t.http().get(url).set(...fan.auth)).body.position_seconds).toBe(30);
    expect((await t.http().get(url)).status).toBe(401);
    expect((await t.http().put(url).send({ position_seconds: 1 })).status).toBe(401);
    expect((await t.http().get('/api/podcasts/progress')).status).toBe(401);
    expect((await t.http().get('/api/podcasts/episode/00000000-0000-4000-8000-000000000000/progress').set(...fan.auth)).status).toBe(404);
    expect((await t.http().put('/api/podcasts/episode/not-an-id/progress').set(...fan.auth).send({ position_seconds: 1 })).status).toBe(404);
    // The owner makes it private: the listener's place is no longer reachable, nor listed.
    await t.sql(`update media set visibility = 'private' where id = $1`, [ep.id]);
    expect((await t.http().get(url).set(...fan.auth)).status).toBe(404);
    expect((await t.http().put(url).set(...fan.auth).send({ position_seconds: 5 })).status).toBe(404);
    expect((await t.http().get('/api/podcasts/progress').set(...fan.auth)).body.items).toEqual([]);
  });
});

describe("the 'podcasts' feature flag", () => {
  it('answers 503 on the podcast routes while it is off', async () => {
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'podcasts'`);
    await flags.changed('podcasts', false);
    try {
      const r = await t.http().get('/api/podcasts/episodes');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED' });
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'podcasts'`);
      await flags.changed('podcasts', true);
    }
    expect((await t.http().get('/api/podcasts/episodes')).status).toBe(200);
  });
});
