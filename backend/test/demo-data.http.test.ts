import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { parseFeed } from 'podcast-partytime';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/common/config/config.js';
import { SeedDemoUseCase } from '../src/modules/demo/application/seed-demo.use-case.js';
import { DemoFacade } from '../src/modules/demo/demo.facade.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, waitFor } from './media-fixtures.js';

/**
 * The demo platform (DEMO_DATA, product.md §13) on a new database, made small with DEMO_DATA_SCALE (1 video, 1 reel,
 * 1 movie, 1 music track and 2 podcast episodes of each of the 2 shows, all of 3 s): seeded in the background through the use cases, never payable through Stripe, removed by
 * what `npm run cli -- demo:remove` calls, and never seeded again afterwards.
 */

type Any = Record<string, any>;
const DEMO_USERS = ['TechGuru', 'MusicCreator', 'GamingStream', 'NoraTravels', 'ChefPablo'];

describe('DEMO_DATA default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-demo-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

  it('is on only with the embedded database and the sandbox provider; DEMO_DATA decides when given', () => {
    expect(config({}).demoData).toBe(true);
    expect(config({ DATABASE_URL: 'postgres://x@127.0.0.1/x' }).demoData).toBe(false);
    expect(config({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://x.example' }).demoData).toBe(false);
    expect(config({ DATABASE_URL: 'postgres://x@127.0.0.1/x', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(config({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(config({}).demoDataScale).toBe(100);
  });
});

describe('the demo platform', () => {
  let t: TestApp;
  let again: TestApp | undefined;
  let demoShowIds: string[] = [];
  const started = Date.now();
  beforeAll(async () => {
    // Stripe as the provider (never called: demo channels are refused before it), so the refusal is what is tested.
    t = await createTestApp({
      DEMO_DATA: 'true',
      DEMO_DATA_SCALE: '5',
      JOBS_ENABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_demo',
      STRIPE_WEBHOOK_SECRET: 'whsec_demo',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      PUBLIC_URL: 'https://scriven.example',
    });
  }, 60_000);
  afterAll(async () => {
    await again?.close();
    await t?.close();
  });

  it('is seeded in the background: creators with avatars and bios, processed media, follows, likes, comments and views', async () => {
    // The start does not wait for it: nothing is there yet.
    expect((await t.http().get('/api/videos')).body).toEqual([]);
    // 33 to 48 s were measured while other test runs shared the 2-core machine.
    await waitFor('the demo to be done', async () => (await t.sql(`select 1 from seed_marks where name = 'demo:done'`)).length > 0, 100_000, 250);
    // eslint-disable-next-line no-console
    console.log(`demo (DEMO_DATA_SCALE=5) done ${((Date.now() - started) / 1000).toFixed(1)} s after the app was created`);

    const users = await t.sql<Any>(`select u.display_name, u.is_demo, u.email, a.bio, a.website, a.photo_key, a.banner_key, a.links from users u join accounts a on a.user_id = u.id and a.is_primary where u.is_demo order by u.display_name`);
    expect(users.map((u) => u.display_name).sort()).toEqual([...DEMO_USERS].sort());
    for (const u of users) {
      expect(u.bio).toBeTruthy();
      expect(u.photo_key).toMatch(/^photos\/.+\.webp$/);
      expect(u.banner_key).toMatch(/^banners\/.+\.webp$/);
      expect(u.links.length).toBeGreaterThan(0);
    }
    expect(users.filter((u) => u.website).length).toBeGreaterThan(0);

    const videos = (await t.http().get('/api/videos')).body as Any[];
    expect(videos).toHaveLength(1);
    for (const v of videos) expect(v).toMatchObject({ status: 'ready', width: 640, height: 360 });
    const reels = (await t.http().get('/api/reels')).body.reels as Any[];
    expect(reels).toHaveLength(1);
    expect(reels[0]).toMatchObject({ status: 'ready' });
    const movies = await t.sql<Any>(`select status from media where kind = 'movie'`);
    expect(movies).toEqual([{ status: 'ready' }]);
    // The movie has its cast, and ratings from the other creators (through the rating use case: never its owner's).
    const [film] = (await t.http().get('/api/movies')).body.movies as Any[];
    expect(film.cast.length).toBeGreaterThan(0);
    expect(film.rating_count).toBe(DEMO_USERS.length - 1);
    expect(film.rating).toBeGreaterThanOrEqual(1);
    expect(film.rating).toBeLessThanOrEqual(5);

    // A music track of MusicCreator: an MP3 with its tags and a cover picture, processed (cover, waveform), played and liked.
    const tracks = (await t.http().get('/api/music/tracks')).body.tracks as Any[];
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ title: 'Night Bus Home', artist: 'Music Creator', album: 'Tiny Studio Sessions', genre: 'Electronic', content_type: 'audio', status: 'ready' });
    expect(tracks[0].owner.display_name).toBe('Music Creator');
    expect(tracks[0].cover_url).toBeTruthy();
    expect(tracks[0].plays).toBe(DEMO_USERS.length - 1);
    expect(tracks[0].likes).toBeGreaterThan(0);
    const track = (await t.http().get(`/api/music/tracks/${tracks[0].id}`)).body;
    expect(track.peaks.length).toBeGreaterThan(0);
    // Not a video: the videos' list holds the one demo video only.
    expect(((await t.http().get('/api/videos')).body as Any[]).map((v) => v.kind ?? 'video')).toEqual(['video']);

    // Podcasts: two shows of two creators, each with its first two episodes (MP3s of a voice-like hum), processed, played
    // by the other creators, liked by some, and subscribed to (by show name) by others.
    const shows = ((await t.http().get('/api/podcasts/shows')).body.shows as Any[]).sort((a, b) => a.show_name.localeCompare(b.show_name));
    expect(shows.map((x) => [x.show_name, x.category, x.creator_name, x.episode_count, x.total_plays])).toEqual([
      ['Kitchen Chemistry', 'Education', 'Chef Pablo', 2, 2 * (DEMO_USERS.length - 1)],
      ['Soldering & Semicolons', 'Technology', 'Tech Guru', 2, 2 * (DEMO_USERS.length - 1)],
    ]);
    const subscribers = await t.sql<Any>(`select s.show_name, count(*)::int as n from podcast_subscriptions s join users u on u.id = s.user_id and u.is_demo group by s.show_name order by s.show_name`);
    expect(subscribers).toEqual([{ show_name: 'kitchen chemistry', n: 2 }, { show_name: 'soldering & semicolons', n: 3 }]);
    for (const show of shows) {
      const episodes = (await t.http().get('/api/podcasts/episodes').query({ show: show.id })).body.episodes as Any[];
      expect(episodes).toHaveLength(2);
      for (const e of episodes) {
        expect(e).toMatchObject({ status: 'ready', show_name: show.show_name, category: show.category, season_number: 1, plays: DEMO_USERS.length - 1 });
        expect(e.description).toBeTruthy();
        expect(e.duration_seconds).toBeGreaterThanOrEqual(2);
        // Every like shown is a row of media_likes.
        const [{ n }] = await t.sql<Any>('select count(*)::int as n from media_likes where media_id = $1', [e.id]);
        expect(e.likes).toBe(n);
      }
      // Newest first: episode 2, then episode 1.
      expect(episodes.map((e) => e.episode_number)).toEqual([2, 1]);
      // The audio streams (an MP3), and the show's public feed lists both with enclosures of that exact length.
      const audio = await t.http().get(episodes[0].stream_url).buffer(true).parse(binary as never);
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect((audio.body as Buffer).length).toBeGreaterThan(1000);
      const xml = await t.http().get(`/api/podcasts/shows/${show.id}/feed.xml`);
      expect(xml.status).toBe(200);
      const feed = parseFeed(xml.text)!;
      expect(feed.title).toBe(show.show_name);
      expect(feed.itunesCategory).toEqual([show.category]);
      expect(feed.items.map((i) => [i.guid, i.title, i.itunesEpisode, i.itunesSeason])).toEqual(episodes.map((e) => [e.id, e.title, e.episode_number, 1]));
      expect(feed.items[0].enclosure.length).toBe((audio.body as Buffer).length);
    }
    demoShowIds = shows.map((x) => x.id);
    const [{ episodeLikes }] = await t.sql<Any>(`select count(*)::int as "episodeLikes" from media_likes l join media m on m.id = l.media_id and m.kind = 'episode'`);
    expect(episodeLikes).toBeGreaterThan(0);

    const [{ follows }] = await t.sql<Any>('select count(*)::int as follows from follows');
    expect(follows).toBeGreaterThanOrEqual(10);
    const [counts] = await t.sql<Any>(`select sum(likes)::int as likes, sum(views)::int as views, sum(comments)::int as comments from media`);
    expect(counts.likes).toBeGreaterThan(0);
    expect(counts.views).toBeGreaterThan(0);
    expect(counts.comments).toBeGreaterThan(0);
    // Comments on a video (threaded, with a reply) and on the reel.
    const commented = await t.sql<Any>(`select distinct m.kind from media_comments c join media m on m.id = c.media_id`);
    expect(commented.map((r) => r.kind).sort()).toEqual(['reel', 'video']);
    const [{ replies }] = await t.sql<Any>('select count(*)::int as replies from media_comments where parent_id is not null');
    expect(replies).toBeGreaterThan(0);

    // The gaming hub: every built-in game played (real sessions and scores) and rated; each game's high scores have
    // entries today, this week and of all time.
    const games = (await t.http().get('/api/gaming/games')).body as Any[];
    expect(games.map((g) => g.name).sort()).toEqual(['Pixel Sniper', 'Reflex', 'Target Rush']);
    for (const g of games) {
      expect(g.plays).toBeGreaterThanOrEqual(3);
      expect(g.players).toBeGreaterThanOrEqual(3);
      expect(g.rating_count).toBeGreaterThanOrEqual(2);
      for (const period of ['today', 'week', 'all']) {
        const board = (await t.http().get(`/api/gaming/game/${g.id}/leaderboard`).query({ period })).body;
        expect(board.entries.length).toBeGreaterThan(0);
        for (const e of board.entries) expect(e.score).toBeLessThanOrEqual(g.max_points_per_second * g.duration_seconds);
      }
    }
    const rush = games.find((g) => g.name === 'Target Rush')!;
    const allTime = (await t.http().get(`/api/gaming/game/${rush.id}/leaderboard`).query({ period: 'all' })).body.entries as Any[];
    expect(allTime[0]).toMatchObject({ rank: 1, username: 'GamingStream', score: 251 });
    // An open tournament with a few players, and a completed one with its champion (every match reported).
    const tournaments = (await t.http().get('/api/gaming/tournaments')).body as Any[];
    expect(tournaments.map((x) => [x.name, x.status, x.current_participants, x.champion_name]).sort()).toEqual([
      ['Friday Night Target Rush Cup', 'open', 3, null],
      ['Reflex Showdown: Season 1', 'completed', 4, 'GamingStream'],
    ]);
    const done = (await t.http().get(`/api/gaming/tournament/${tournaments.find((x) => x.status === 'completed')!.id}`)).body;
    expect(done.bracket.rounds.flatMap((r: Any) => r.matches).every((m: Any) => m.status === 'completed')).toBe(true);
    const boards = (await t.http().get('/api/gaming/leaderboards')).body;
    expect(boards.top_tournament_winners).toEqual([{ user_id: expect.any(String), username: 'GamingStream', tournaments_won: 1, total_winnings: '100.00' }]);
    // Community posts of each type (a clip needs its video, which this small demo may not have) with likes and comments.
    const posts = (await t.http().get('/api/gaming/community/posts')).body as Any[];
    expect(posts).toHaveLength(4);
    expect(new Set(posts.map((p) => p.type))).toEqual(new Set(['discussion', 'review', 'guide']));
    for (const p of posts) {
      expect(p.likes).toBeGreaterThan(0);
      expect(p.comments).toBeGreaterThan(0);
    }
    // Found by search's gaming tab.
    await waitFor('the tournaments in search', async () => (await t.http().get('/api/search').query({ q: 'showdown', content_type: 'gaming' })).body.results.gaming.length === 1, 10_000);

    // Nobody can sign in as a demo user (a random password nobody has).
    const login = await t.http().post('/api/login').send({ login_identifier: 'TechGuru', password: 'password123' });
    expect(login.status).toBe(401);
  }, 120_000);

  it('resumes the community posts after a stop halfway without a second copy of a post, a like taken back or a comment twice', async () => {
    const before = await t.sql<Any>('select author_id, title, likes, comments from community_posts order by title');
    const likes = await t.sql<Any>('select count(*)::int as n from community_post_likes');
    const comments = await t.sql<Any>('select count(*)::int as n from community_post_comments');
    // Stopped while making the posts: the second post's last comment and a like not made yet, the mark not set.
    const [second] = await t.sql<Any>('select id from community_posts order by created_at, id offset 1 limit 1');
    const [last] = await t.sql<Any>('select id from community_post_comments where post_id = $1 order by created_at desc, id desc limit 1', [second.id]);
    const [like] = await t.sql<Any>('select user_id from community_post_likes where post_id = $1 limit 1', [second.id]);
    await t.sql('delete from community_post_comments where id = $1', [last.id]);
    await t.sql('update community_posts set comments = comments - 1 where id = $1', [second.id]);
    await t.sql('delete from community_post_likes where post_id = $1 and user_id = $2', [second.id, like.user_id]);
    await t.sql('update community_posts set likes = likes - 1 where id = $1', [second.id]);
    await t.sql(`delete from seed_marks where name in ('demo:done', 'demo:gaming-posts')`);

    expect(await t.app.get(SeedDemoUseCase).execute(new AbortController().signal)).toBe(true);
    expect(await t.sql<Any>('select author_id, title, likes, comments from community_posts order by title')).toEqual(before);
    expect(await t.sql<Any>('select count(*)::int as n from community_post_likes')).toEqual(likes);
    expect(await t.sql<Any>('select count(*)::int as n from community_post_comments')).toEqual(comments);
    expect(await t.sql('select 1 from seed_marks where name = $1', ['demo:done'])).toHaveLength(1);
  }, 30_000);

  it('resumes the game plays after a stop halfway without playing the finished ones again', async () => {
    const plays = await t.sql<Any>('select id, plays, players from games order by id');
    const sessions = await t.sql<Any>('select count(*)::int as n from game_sessions');
    const scores = await t.sql<Any>('select count(*)::int as n from game_scores');
    // Stopped after the plays were made but before their phase was marked done.
    await t.sql(`delete from seed_marks where name in ('demo:done', 'demo:gaming-plays')`);

    expect(await t.app.get(SeedDemoUseCase).execute(new AbortController().signal)).toBe(true);
    expect(await t.sql<Any>('select id, plays, players from games order by id')).toEqual(plays);
    expect(await t.sql<Any>('select count(*)::int as n from game_sessions')).toEqual(sessions);
    expect(await t.sql<Any>('select count(*)::int as n from game_scores')).toEqual(scores);
  }, 30_000);

  it('a demo channel cannot be paid through Stripe', async () => {
    const { auth } = await signUp(t);
    const channels = (await t.http().get('/api/memberships/channels').set(...auth)).body.channels as Any[];
    expect(channels.map((c) => c.channel_name).sort()).toEqual(['Gaming Stream', 'Music Creator', 'Tech Guru']);
    const guru = channels.find((c) => c.channel_name === 'Tech Guru')!;
    const r = await t.http().post(`/api/subscriptions/channel/${guru.channel_id}/checkout`).set(...auth).send({ package_type: 'VIP', origin_url: 'https://scriven.example/' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'MONEY.DEMO_CHANNEL', message: 'Demo channels cannot receive payments' });
    expect(await t.sql('select 1 from payment_sessions')).toEqual([]);
  });

  it('demo:remove removes every demo user and what they owned, is idempotent, and the demo never comes back', async () => {
    const demoIds = (await t.sql<Any>('select id from users where is_demo')).map((u) => u.id);
    // Followers, comments and uploads notified the demo users (durable events).
    await waitFor('notifications of the demo users', async () => (await t.sql('select 1 from notifications where user_id = any($1)', [demoIds])).length > 0, 10_000);
    expect(await t.app.get(DemoFacade).removeDemo()).toEqual({ users: 5 });
    expect(await t.sql('select 1 from users where is_demo')).toEqual([]);
    expect(await t.sql('select 1 from media')).toEqual([]);
    expect(await t.sql('select 1 from accounts a where not exists (select 1 from users u where u.id = a.user_id)')).toEqual([]);
    expect(await t.sql('select 1 from media_comments')).toEqual([]);
    // Their podcast shows, episodes, subscriptions, play marks and listening progress.
    const podcastTables = ['podcast_shows', 'podcast_episodes', 'podcast_subscriptions', 'podcast_play_marks', 'podcast_downloads'];
    await waitFor('their podcast rows to go', async () => (await t.sql(podcastTables.map((table) => `select 1 from ${table}`).join(' union all '))).length === 0, 10_000);
    // Resume points (kept with the videos') of episodes that are gone go with them.
    expect(await t.sql(`select 1 from media_watch_progress p where not exists (select 1 from media m where m.id = p.media_id)`)).toEqual([]);
    expect((await t.http().get('/api/podcasts/shows')).body.shows).toEqual([]);
    expect(demoShowIds).toHaveLength(2);
    for (const id of demoShowIds) expect((await t.http().get(`/api/podcasts/shows/${id}/feed.xml`)).status).toBe(404);
    await waitFor('their game data to go', async () => (await t.sql('select 1 from game_best_scores union all select 1 from game_sessions union all select 1 from game_ratings')).length === 0, 10_000);
    expect((await t.http().get('/api/videos')).body).toEqual([]);
    expect((await t.http().get('/api/reels')).body.reels).toEqual([]);
    // Their files: originals, thumbnails, HLS and photos.
    const media = join(t.config.dataDir, 'media');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [e.name]));
    expect(files(media)).toEqual([]);
    // The directory and the search index forget them (durable events).
    await waitFor('the directory to forget the demo users', async () => (await t.sql('select 1 from social_users where user_id = any($1)', [demoIds])).length === 0, 10_000);
    await waitFor('their follows to go', async () => (await t.sql('select 1 from follows')).length === 0, 10_000);
    await waitFor('the search index to forget their media and tournaments', async () => (await t.sql('select 1 from content_index where owner_user_id = any($1)', [demoIds])).length === 0, 10_000);
    expect((await t.http().get('/api/gaming/community/posts')).body).toEqual([]);
    await waitFor('their notifications to go', async () => (await t.sql('select 1 from notifications where user_id = any($1)', [demoIds])).length === 0, 10_000);

    expect(await t.app.get(DemoFacade).removeDemo()).toEqual({ users: 0 });

    // A restart (another server on the same database) does not seed again.
    again = await createTestApp({ DEMO_DATA: 'true', DEMO_DATA_SCALE: '5' }, t);
    expect(await again.app.get(SeedDemoUseCase).begin()).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await t.sql('select 1 from users where is_demo')).toEqual([]);
  }, 30_000);
});
