import { createTestApp, type TestApp } from './harness.js';
import { makeClips, markReady, MP4_HEAD, setPrivacy, upload, type Auth, type Clips } from './media-fixtures.js';
import { person, publish, settled, type Person } from './social-fixtures.js';

/** Home's sections (GET /api/home): Following, Trending and Continue watching, from real follows, views and heartbeats. */

let t: TestApp;
let clips: Clips;
const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  // Trending computed on every request, so each test sees the views it just made.
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRENDING_REFRESH_SECONDS: '0' }), makeClips(['landscape'])]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

type Video = { id: string; title: string; owner: { handle: string }; thumbnail_url: string | null };
type Home = { following: Video[]; trending: Video[]; continue_watching: { video: Video; position_seconds: number }[] };

async function home(auth?: Auth | null): Promise<Home> {
  const r = auth ? await t.http().get('/api/home').set(...auth) : await t.http().get('/api/home');
  expect(r.status).toBe(200);
  return r.body as Home;
}

/** A ready video of `durationSeconds`, uploaded through the API. */
async function video(who: Person, title: string, durationSeconds = 600): Promise<string> {
  const r = await upload(t, 'video', who.auth, mp4, { title });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  await markReady(t, r.body.id);
  await t.sql('update media set duration_seconds = $2 where id = $1', [r.body.id, durationSeconds]);
  return r.body.id as string;
}

const view = (who: Person, id: string) => t.http().post(`/api/videos/${id}/view`).set(...who.auth);
const beat = (who: Person, id: string, body: Record<string, unknown>) => t.http().post(`/api/videos/${id}/heartbeat`).set(...who.auth).send(body);
const titles = (items: { title: string }[]) => items.map((v) => v.title);

describe('Trending', () => {
  it('ranks the last 48 hours of views, a watched-through view counting up to twice, for visitors and users alike', async () => {
    const [creator, a, b, c] = await Promise.all([person(t), person(t), person(t), person(t)]);
    const skimmed = await video(creator, 'Skimmed by three', 100);
    const watched = await video(creator, 'Watched through by two', 100);
    const once = await video(creator, 'Seen once', 100);
    await video(creator, 'Never seen', 100);
    for (const who of [a, b, c]) expect((await view(who, skimmed)).status).toBe(200);
    for (const who of [a, b]) expect((await view(who, watched)).status).toBe(200);
    expect((await view(a, once)).status).toBe(200);
    // Two viewers watch all 100 s of "Watched through" (the first heartbeat of the day counts at its word, up to 60 s).
    await t.sql(`update media_activity_hourly set watch_seconds = 200 where media_id = $1`, [watched]);

    // skimmed: 3 × (1 + 0) = 3; watched: 2 × (1 + 200 / (2 × 100)) = 4; once: 1.
    expect(titles((await home()).trending)).toEqual(['Watched through by two', 'Skimmed by three', 'Seen once']);
    expect(titles((await home(c.auth)).trending)).toEqual(['Watched through by two', 'Skimmed by three', 'Seen once']);
  });

  it('feeds watch time from heartbeats into the hour, and forgets views older than 48 hours', async () => {
    const [creator, a] = await Promise.all([person(t), person(t)]);
    const id = await video(creator, 'Heartbeats count', 100);
    expect((await view(a, id)).status).toBe(200);
    expect((await beat(a, id, { seconds: 30 })).status).toBe(204);
    // Summed: the view and the heartbeat may fall either side of an hour.
    const [row] = await t.sql<{ views: number; watch_seconds: number }>('select sum(views)::int as views, sum(watch_seconds)::int as watch_seconds from media_activity_hourly where media_id = $1', [id]);
    expect(row).toEqual({ views: 1, watch_seconds: 30 });

    const old = await video(creator, 'Popular three days ago', 100);
    await t.sql(`insert into media_activity_hourly (hour, media_id, views, watch_seconds) values (date_trunc('hour', now()) - interval '49 hours', $1, 500, 0)`, [old]);
    expect(titles((await home()).trending)).not.toContain('Popular three days ago');
  });

  it('leaves out videos that are private, still processing or of a private channel', async () => {
    const [creator, recluse, a] = await Promise.all([person(t), person(t), person(t)]);
    const processing = (await upload(t, 'video', creator.auth, mp4, { title: 'Still processing' })).body.id as string;
    const hidden = await video(recluse, 'From a private channel');
    for (const id of [processing, hidden]) await t.sql(`insert into media_activity_hourly (hour, media_id, views) values (date_trunc('hour', now()), $1, 900)`, [id]);
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private' });
    await settled(t);
    const trending = titles((await home(a.auth)).trending);
    expect(trending).not.toContain('Still processing');
    expect(trending).not.toContain('From a private channel');
  });
});

describe('Following', () => {
  it('shows the newest public videos of the channels a user follows, and nothing to visitors', async () => {
    const [fan, followed, other] = await Promise.all([person(t), person(t), person(t)]);
    // Published as in production (processed, indexed by its durable events): Following reads the feed's index.
    await publish(t, followed, clips, 'video', 'Older upload');
    await publish(t, followed, clips, 'video', 'Newer upload');
    await publish(t, other, clips, 'video', 'Not followed');
    expect((await t.http().post(`/api/users/${followed.id}/follow`).set(...fan.auth)).status).toBe(200);

    expect(titles((await home(fan.auth)).following)).toEqual(['Newer upload', 'Older upload']);
    expect((await home()).following).toEqual([]);
    expect((await home(other.auth)).following).toEqual([]);
  });
});

describe('Continue watching', () => {
  it('lists the videos a user stopped part-way through, most recent first, with where they stopped', async () => {
    const [creator, viewer, someone] = await Promise.all([person(t), person(t), person(t)]);
    const first = await video(creator, 'Left at two minutes');
    const second = await video(creator, 'Left at ten seconds');
    const finished = await video(creator, 'Watched to the end');
    const barely = await video(creator, 'Barely started');
    expect((await beat(viewer, first, { seconds: 10, position: 120 })).status).toBe(204);
    expect((await beat(viewer, finished, { seconds: 10, position: 598 })).status).toBe(204);
    expect((await beat(viewer, barely, { seconds: 2, position: 2 })).status).toBe(204);
    expect((await beat(viewer, second, { seconds: 10, position: 10 })).status).toBe(204);

    const mine = (await home(viewer.auth)).continue_watching;
    expect(mine.map((c) => [c.video.title, c.position_seconds])).toEqual([
      ['Left at ten seconds', 10],
      ['Left at two minutes', 120],
    ]);
    expect(mine[0].video.owner.handle).toBeTruthy();
    // A later heartbeat moves the position and the order.
    expect((await beat(viewer, first, { seconds: 10, position: 130 })).status).toBe(204);
    expect((await home(viewer.auth)).continue_watching.map((c) => [c.video.title, c.position_seconds])).toEqual([
      ['Left at two minutes', 130],
      ['Left at ten seconds', 10],
    ]);
    // Nobody else sees it, and visitors have none.
    expect((await home(someone.auth)).continue_watching).toEqual([]);
    expect((await home()).continue_watching).toEqual([]);
  });

  it.each([
    [{ seconds: 10, position: -1 }],
    [{ seconds: 10, position: 1.5 }],
    [{ seconds: 10, position: 'soon' }],
    [{ seconds: 10, position: 700 }],
    [{ seconds: 10, position: 1_000_001 }],
  ])('refuses the heartbeat %j with 400 and keeps the last position', async (body) => {
    const [creator, viewer] = await Promise.all([person(t), person(t)]);
    const id = await video(creator, 'Ten minutes long');
    expect((await beat(viewer, id, { seconds: 10, position: 60 })).status).toBe(204);
    const r = await beat(viewer, id, body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('position must be a whole number of seconds within the video');
    expect((await home(viewer.auth)).continue_watching.map((c) => c.position_seconds)).toEqual([60]);
  });

  it('drops a video its owner made private, and lets the viewer remove one (theirs only)', async () => {
    const [creator, recluse, viewer, other] = await Promise.all([person(t), person(t), person(t), person(t)]);
    const kept = await video(creator, 'Kept');
    const removed = await video(creator, 'Removed by the viewer');
    const hidden = await video(recluse, 'Made private later');
    for (const id of [kept, removed, hidden]) expect((await beat(viewer, id, { seconds: 10, position: 60 })).status).toBe(204);
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private' });
    await settled(t);
    expect(titles((await home(viewer.auth)).continue_watching.map((c) => c.video)).sort()).toEqual(['Kept', 'Removed by the viewer']);

    expect((await t.http().delete(`/api/home/continue-watching/${removed}`)).status).toBe(401);
    expect((await t.http().delete(`/api/home/continue-watching/${removed}`).set(...other.auth)).status).toBe(404);
    expect((await t.http().delete(`/api/home/continue-watching/not-a-uuid`).set(...viewer.auth)).status).toBe(404);
    expect((await t.http().delete(`/api/home/continue-watching/${removed}`).set(...viewer.auth)).status).toBe(204);
    expect((await t.http().delete(`/api/home/continue-watching/${removed}`).set(...viewer.auth)).status).toBe(404);
    expect(titles((await home(viewer.auth)).continue_watching.map((c) => c.video))).toEqual(['Kept']);
  });
});

describe('a deleted viewer', () => {
  it('leaves no Continue watching behind, and their movie ratings are taken back', async () => {
    const [creator, viewer, stays] = await Promise.all([person(t), person(t), person(t)]);
    const id = await video(creator, 'Watched by someone who leaves');
    expect((await beat(viewer, id, { seconds: 10, position: 60 })).status).toBe(204);
    const movie = await upload(t, 'movie', creator.auth, mp4, { title: 'Rated then gone' });
    await markReady(t, movie.body.movie.id);
    for (const [who, stars] of [[viewer, 1], [stays, 5]] as const) {
      expect((await t.http().put(`/api/movies/${movie.body.movie.id}/rating`).set(...who.auth).send({ stars })).status).toBe(200);
    }

    expect((await t.http().delete('/api/me').set(...viewer.auth).send({ confirmation: viewer.name })).status).toBe(200);
    await settled(t);

    expect(await t.sql('select 1 from media_watch_progress where user_id = $1', [viewer.id])).toEqual([]);
    expect(await t.sql('select 1 from movie_ratings where user_id = $1', [viewer.id])).toEqual([]);
    const r = await t.http().get(`/api/movies/${movie.body.movie.id}`);
    expect(r.body).toMatchObject({ rating: 5, rating_count: 1 });
  });
});
