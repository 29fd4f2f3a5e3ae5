import { ProcessMediaJob } from '../src/modules/catalog/application/process-media.job.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, makeClips, markReady, MP4_HEAD, setPrivacy, upload, type Auth, type Clips } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * A movie's watch page (issue 12): processed movies get the HLS ladder videos get, served by the same code with the
 * movie's rules (signed-in viewers only, the premium gate on every playlist and segment, access tokens for private
 * and unlisted accounts); heartbeats record watch time and where the viewer stopped (resume, Continue watching);
 * Up next offers other ready movies the viewer may open.
 */

let t: TestApp;
let clips: Clips;
const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ENGAGEMENT_LIMIT_PER_MINUTE: '1000' }), makeClips(['landscape'])]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

type Any = Record<string, any>;
const as = <R extends { set: (k: string, v: string) => R }>(auth: Auth | null, req: R): R => (auth ? req.set(...auth) : req);
const get = (url: string, auth: Auth | null = null) => as(auth, t.http().get(url)).buffer(true).parse(binary as never);
const movieOf = async (id: string, auth: Auth | null): Promise<Any> => (await as(auth, t.http().get(`/api/movies/${id}`))).body;
const uris = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('t')!;

/** A movie made from a real clip and processed as the job queue would (ffmpeg): ready, with an HLS ladder. */
async function processedMovie(who: Person, fields: Record<string, string> = {}): Promise<string> {
  const r = await upload(t, 'movie', who.auth, clips.path.landscape, { title: 'A watched movie', ...fields });
  expect(r.status).toBe(201);
  const id = r.body.movie.id as string;
  await t.app.get(ProcessMediaJob).run(id);
  expect((await movieOf(id, who.auth)).status).toBe('ready');
  return id;
}

/** A movie marked ready without processing: like the movies stored before the ladder, it has none. */
async function plainMovie(who: Person, fields: Record<string, string> = {}, durationSeconds = 600): Promise<string> {
  const r = await upload(t, 'movie', who.auth, MP4, { title: 'A plain movie', ...fields });
  expect(r.status).toBe(201);
  await markReady(t, r.body.movie.id);
  await t.sql('update media set duration_seconds = $2 where id = $1', [r.body.movie.id, durationSeconds]);
  return r.body.movie.id as string;
}

/** A premium member (set before their first authenticated request, so no cached principal hides it). */
async function premiumMember(): Promise<{ auth: Auth }> {
  const vip = await signUp(t);
  await t.sql(`update users set is_premium = true, premium_expires = now() + interval '1 day' where display_name = $1`, [vip.user.display_name]);
  return vip;
}

/** The master, its first variant playlist and that playlist's first segment, as paths relative to the API. */
async function ladder(id: string, auth: Auth): Promise<{ master: string; variant: string; segment: string }> {
  const master = await get(`/api/movies/${id}/hls/master.m3u8`, auth);
  expect(master.status).toBe(200);
  const variant = uris(String(master.body))[0].split('?')[0];
  const playlist = await get(`/api/movies/${id}/hls/${variant}`, auth);
  expect(playlist.status).toBe(200);
  const segment = uris(String(playlist.body))[0].split('?')[0];
  const dir = variant.split('/')[0];
  return { master: `/api/movies/${id}/hls/master.m3u8`, variant: `/api/movies/${id}/hls/${variant}`, segment: `/api/movies/${id}/hls/${dir}/${segment}` };
}

describe('HLS of a movie', () => {
  it('a processed movie has a ladder: hls_url with the viewer token, playlists that pass it on, segments', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    const id = await processedMovie(owner);
    const seen = await movieOf(id, viewer.auth);
    expect(seen.hls_url).toMatch(new RegExp(`^/api/movies/${id}/hls/master\\.m3u8\\?t=`));
    expect(tokenOf(seen.hls_url)).toBe(tokenOf(seen.stream_url));
    // The player has only the URL (no Authorization header): the token opens the master, and every URI it names carries it.
    const master = await get(seen.hls_url);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-cache');
    const token = tokenOf(seen.hls_url);
    const [variant] = uris(String(master.body));
    expect(variant).toMatch(/^360p\/index\.m3u8\?t=/);
    expect(tokenOf(variant)).toBe(token);
    const playlist = await get(`/api/movies/${id}/hls/${variant}`);
    expect(playlist.status).toBe(200);
    const [segment] = uris(String(playlist.body));
    expect(tokenOf(segment)).toBe(token);
    const bytes = await get(`/api/movies/${id}/hls/360p/${segment}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.headers['cache-control']).toBe('private, max-age=3600');
    expect((bytes.body as Buffer).length).toBeGreaterThan(0);
    // A bearer works as well; the list gives the same URL.
    expect((await get(`/api/movies/${id}/hls/master.m3u8`, viewer.auth)).status).toBe(200);
    const listed = (await t.http().get('/api/movies?limit=100').set(...viewer.auth)).body.movies.find((m: Any) => m.id === id);
    expect(listed.hls_url).toMatch(/\/hls\/master\.m3u8\?t=/);
  });

  it('visitors are told to sign in (401) on master, variant and segment; other names and other ids are 404', async () => {
    const owner = await person(t);
    const id = await processedMovie(owner);
    const { master, variant, segment } = await ladder(id, owner.auth);
    // A visitor's page names the playlist without a token (like its stream_url): playing it asks them to sign in.
    expect((await movieOf(id, null)).hls_url).toBe(master);
    for (const url of [master, variant, segment]) {
      const r = await get(url);
      expect(r.status).toBe(401);
    }
    // A token made for another movie, or tampered with, is no viewer at all.
    const other = await processedMovie(owner);
    const wrong = tokenOf((await movieOf(other, owner.auth)).hls_url);
    expect((await get(`${master}?t=${encodeURIComponent(wrong)}`)).status).toBe(401);
    expect((await get(`${master}?t=x${encodeURIComponent(wrong)}`)).status).toBe(401);
    expect((await get(`/api/movies/${id}/hls/360p/evil.sh`, owner.auth)).status).toBe(404);
    expect((await get(`/api/movies/${id}/hls/..%2F..%2Fetc/index.m3u8`, owner.auth)).status).toBe(404);
    expect((await get(`/api/movies/${id}/hls/360p/seg_99999.ts`, owner.auth)).status).toBe(404);
    expect((await get(`/api/movies/00000000-0000-4000-8000-000000000000/hls/master.m3u8`, owner.auth)).status).toBe(404);
    // A video's id is not a movie's.
    const video = await upload(t, 'video', owner.auth, MP4, { title: 'Not a movie' });
    await markReady(t, video.body.id);
    expect((await get(`/api/movies/${video.body.id}/hls/master.m3u8`, owner.auth)).status).toBe(404);
  });

  it('a premium movie refuses master, variant and segment to a viewer without premium, as its stream does (403)', async () => {
    const [owner, viewer, vip] = [await person(t), await person(t), await premiumMember()];
    const id = await processedMovie(owner, { is_premium: 'true' });
    const { master, variant, segment } = await ladder(id, owner.auth);
    const stream = await get(`/api/movies/${id}/stream`, viewer.auth);
    expect(stream.status).toBe(403);
    const seen = await movieOf(id, viewer.auth);
    const token = encodeURIComponent(tokenOf(seen.hls_url));
    for (const url of [master, variant, segment]) {
      for (const r of [await get(url, viewer.auth), await get(`${url}?t=${token}`)]) {
        expect(r.status).toBe(403);
        expect(JSON.parse(String(r.body))).toMatchObject({ code: JSON.parse(String(stream.body)).code });
      }
      expect((await get(url, vip.auth)).status).toBe(200);
      expect((await get(url, owner.auth)).status).toBe(200);
    }
  });

  it('a private account: only its owner, through the token in the URLs; an unlisted one: any signed-in viewer with the link', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    await setPrivacy(t, owner.auth, { profile_visibility: 'private' });
    const id = await processedMovie(owner);
    const mine = await movieOf(id, owner.auth);
    const { master, variant, segment } = await ladder(id, owner.auth);
    const token = encodeURIComponent(tokenOf(mine.hls_url));
    for (const url of [master, variant, segment]) {
      expect((await get(`${url}?t=${token}`)).status).toBe(200);
      expect((await get(url, viewer.auth)).status).toBe(404);
      // The owner's token does not let another signed-in user in: the bearer is who asks.
      expect((await get(`${url}?t=${token}`, viewer.auth)).status).toBe(404);
    }

    await setPrivacy(t, owner.auth, { profile_visibility: 'unlisted' });
    const seen = await movieOf(id, viewer.auth);
    expect(seen.hls_url).toMatch(/\?t=/);
    const theirs = encodeURIComponent(tokenOf(seen.hls_url));
    for (const url of [master, variant, segment]) {
      expect((await get(`${url}?t=${theirs}`)).status).toBe(200);
      expect((await get(url)).status).toBe(401);
    }
  });

  it('a movie stored before the ladder has no hls_url and plays its stream; its HLS routes are 404', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    const id = await plainMovie(owner);
    const seen = await movieOf(id, viewer.auth);
    expect(seen.hls_url).toBeNull();
    expect(seen.stream_url).toMatch(/\/stream\?t=/);
    expect((await get(`/api/movies/${id}/hls/master.m3u8`, viewer.auth)).status).toBe(404);
  });
});

describe('watch time and resume', () => {
  const beat = (id: string, auth: Auth | null, body: unknown) => as(auth, t.http().post(`/api/movies/${id}/heartbeat`)).send(body as object);

  it('heartbeats record where the viewer stopped: the movie, the list and Home resume from it', async () => {
    const [owner, viewer] = [await person(t), await person(t)];
    const id = await plainMovie(owner, { title: 'Resumable' });
    expect((await movieOf(id, viewer.auth)).position_seconds).toBeNull();
    expect((await beat(id, viewer.auth, { seconds: 10, position: 95 })).status).toBe(204);
    expect((await beat(id, viewer.auth, { seconds: 10, position: 105 })).status).toBe(204);
    expect((await movieOf(id, viewer.auth)).position_seconds).toBe(105);
    // Each viewer has their own; visitors none.
    expect((await movieOf(id, owner.auth)).position_seconds).toBeNull();
    expect((await movieOf(id, null)).position_seconds).toBeNull();
    const listed = (await t.http().get('/api/movies?limit=100').set(...viewer.auth)).body.movies.find((m: Any) => m.id === id);
    expect(listed.position_seconds).toBe(105);
    // Watch time counts (not the owner's own).
    expect(Number((await t.sql<Any>('select watch_seconds from media where id = $1', [id]))[0].watch_seconds)).toBeGreaterThan(0);

    const home = await t.http().get('/api/home').set(...viewer.auth);
    expect(home.status).toBe(200);
    const item = home.body.continue_watching.find((c: Any) => c.video.id === id);
    expect(item).toMatchObject({ kind: 'movie', position_seconds: 105 });
    expect(item.video.stream_url).toMatch(new RegExp(`^/api/movies/${id}/stream\\?t=`));
    expect((await t.http().delete(`/api/home/continue-watching/${id}`).set(...viewer.auth)).status).toBe(204);
    expect((await movieOf(id, viewer.auth)).position_seconds).toBeNull();
  });

  it('refuses visitors (401), positions past the end or bad bodies (400), unknown movies (404), premium to others (403)', async () => {
    const [owner, viewer, vip] = [await person(t), await person(t), await premiumMember()];
    const id = await plainMovie(owner, {}, 120);
    expect((await beat(id, null, { seconds: 5, position: 10 })).status).toBe(401);
    const past = await beat(id, viewer.auth, { seconds: 5, position: 600 });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([expect.objectContaining({ field: 'position' })]);
    expect((await beat(id, viewer.auth, { seconds: 0 })).status).toBe(400);
    expect((await beat(id, viewer.auth, { seconds: 5, position: -1 })).status).toBe(400);
    expect((await movieOf(id, viewer.auth)).position_seconds).toBeNull();
    expect((await beat('00000000-0000-4000-8000-000000000000', viewer.auth, { seconds: 5 })).status).toBe(404);

    const premium = await plainMovie(owner, { is_premium: 'true' });
    const refused = await beat(premium, viewer.auth, { seconds: 5, position: 30 });
    expect(refused.status).toBe(403);
    expect((await movieOf(premium, viewer.auth)).position_seconds).toBeNull();
    expect((await beat(premium, vip.auth, { seconds: 5, position: 30 })).status).toBe(204);
    expect((await movieOf(premium, vip.auth)).position_seconds).toBe(30);
  });
});

describe('Up next after a movie', () => {
  it("the same channel's ready movies first, then others by similar titles; never the movie itself, nor what the viewer may not open", async () => {
    const [owner, other, recluse, viewer] = [await person(t), await person(t), await person(t), await person(t)];
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private' });
    const current = await plainMovie(owner, { title: 'Galactic Harbour Nights' });
    const sibling = await plainMovie(owner, { title: 'Quiet Farm' });
    const processing = (await upload(t, 'movie', owner.auth, MP4, { title: 'Galactic Harbour Still Processing' })).body.movie.id as string;
    const unrelated = await plainMovie(other, { title: 'Zebra Crossing' });
    const similar = await plainMovie(other, { title: 'Harbour Galactic Return' });
    const hidden = await plainMovie(recluse, { title: 'Galactic Harbour Secret' });

    const r = await t.http().get(`/api/movies/${current}/up-next`).set(...viewer.auth);
    expect(r.status).toBe(200);
    const ids = (r.body as Any[]).map((m) => m.id);
    expect(ids.slice(0, 2)).toEqual([sibling, similar]);
    expect(ids.indexOf(unrelated)).toBeGreaterThan(ids.indexOf(similar));
    for (const never of [current, processing, hidden]) expect(ids).not.toContain(never);
    expect(r.body[0]).toMatchObject({ id: sibling, status: 'ready', stream_url: expect.stringMatching(/\?t=/) });

    // Visitors see it too (with no tokens); an unknown or hidden movie is 404.
    const open = await t.http().get(`/api/movies/${current}/up-next`);
    expect(open.status).toBe(200);
    expect((open.body as Any[]).map((m) => m.id)).toContain(sibling);
    expect((await t.http().get(`/api/movies/${hidden}/up-next`).set(...viewer.auth)).status).toBe(404);
    expect((await t.http().get('/api/movies/00000000-0000-4000-8000-000000000000/up-next')).status).toBe(404);
  });
});
