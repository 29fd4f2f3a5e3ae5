import { createTestApp, signUp, type TestApp } from './harness.js';
import { setPrivacy, userIdOf, type Auth } from './media-fixtures.js';
import { makeTunes, markTrackReady, uploadTrack, type Tunes } from './music-fixtures.js';

/** Playlists: the owner's, public or private; others see a public one and never a private one (404). */

let t: TestApp;
let tunes: Tunes;
beforeAll(async () => {
  [t, tunes] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeTunes()]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  tunes?.cleanup();
});

type Any = Record<string, any>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function person(): Promise<{ auth: Auth; id: string }> {
  const { auth } = await signUp(t);
  return { auth, id: await userIdOf(t, auth) };
}

async function track(auth: Auth, title = 'Song'): Promise<string> {
  const r = await uploadTrack(t, auth, tunes.bareMp3, { title, artist: 'Singer' });
  expect(r.status).toBe(201);
  await markTrackReady(t, r.body.id);
  return r.body.id;
}

const create = (auth: Auth, body: Any) => t.http().post('/api/music/playlists').set(...auth).send(body);
const get = (id: string, auth?: Auth) => (auth ? t.http().get(`/api/music/playlists/${id}`).set(...auth) : t.http().get(`/api/music/playlists/${id}`));
const add = (auth: Auth, id: string, trackId: string) => t.http().post(`/api/music/playlists/${id}/tracks`).set(...auth).send({ track_id: trackId });
const reorder = (auth: Auth, id: string, ids: unknown) => t.http().put(`/api/music/playlists/${id}/tracks`).set(...auth).send({ track_ids: ids });

describe('creating, listing, renaming and deleting', () => {
  it('creates a private playlist by default and lists the caller’s own, newest first', async () => {
    const me = await person();
    const a = await create(me.auth, { name: '  Road trip  ' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Road trip', is_public: false, track_ids: [] });
    expect(a.body.created_at).toBeTruthy();
    const b = await create(me.auth, { name: 'Gym', is_public: true });
    expect(b.body.is_public).toBe(true);
    const list = await t.http().get('/api/music/playlists').set(...me.auth);
    expect(list.status).toBe(200);
    expect(list.body.playlists.map((p: Any) => p.id)).toEqual([b.body.id, a.body.id]);
    const other = await person();
    expect((await t.http().get('/api/music/playlists').set(...other.auth)).body.playlists).toEqual([]);
    expect((await t.http().get('/api/music/playlists')).status).toBe(401);
  });

  it('refuses names that are empty or over 100 characters, and changes nothing', async () => {
    const me = await person();
    for (const name of ['', '   ', 'x'.repeat(101), 5, undefined]) {
      const r = await create(me.auth, { name });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Playlist name must be 1 to 100 characters');
    }
    expect((await create(me.auth, { name: 'x'.repeat(100) })).status).toBe(201);
    const p = (await create(me.auth, { name: 'Keep' })).body;
    const bad = await t.http().patch(`/api/music/playlists/${p.id}`).set(...me.auth).send({ name: '' });
    expect(bad.status).toBe(400);
    expect((await get(p.id, me.auth)).body.name).toBe('Keep');
    expect((await t.http().get('/api/music/playlists').set(...me.auth)).body.playlists).toHaveLength(2);
  });

  it('renames and publishes with PATCH; others cannot (404), and deleting is the owner’s', async () => {
    const me = await person();
    const other = await person();
    const p = (await create(me.auth, { name: 'Old' })).body;
    const r = await t.http().patch(`/api/music/playlists/${p.id}`).set(...me.auth).send({ name: 'New', is_public: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, name: 'New', is_public: true });
    expect((await t.http().patch(`/api/music/playlists/${p.id}`).set(...other.auth).send({ name: 'Mine now' })).status).toBe(404);
    expect((await t.http().delete(`/api/music/playlists/${p.id}`).set(...other.auth)).status).toBe(404);
    expect((await get(p.id)).body.name).toBe('New');
    expect((await t.http().delete(`/api/music/playlists/${p.id}`).set(...me.auth)).status).toBe(204);
    expect((await get(p.id, me.auth)).status).toBe(404);
  });

  it('allows at most 200 playlists per user (409)', async () => {
    const me = await person();
    await t.sql(
      `insert into music_playlists (id, user_id, name, is_public, created_at, updated_at)
       select gen_random_uuid(), $1, 'P' || g, false, now(), now() from generate_series(1, 200) g`,
      [me.id],
    );
    const r = await create(me.auth, { name: 'One too many' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('You can have at most 200 playlists');
  });
});

describe('who sees a playlist', () => {
  it('a private playlist is its owner’s only; a public one anyone’s, without others’ private tracks', async () => {
    const me = await person();
    const other = await person();
    const mine = await track(me.auth, 'Mine');
    const p = (await create(me.auth, { name: 'Secret' })).body;
    expect((await add(me.auth, p.id, mine)).status).toBe(200);
    expect((await get(p.id)).status).toBe(404);
    expect((await get(p.id, other.auth)).status).toBe(404);
    const own = await get(p.id, me.auth);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: p.id, name: 'Secret', track_ids: [mine], is_public: false });
    expect(own.body.tracks.map((x: Any) => x.id)).toEqual([mine]);
    await t.http().patch(`/api/music/playlists/${p.id}`).set(...me.auth).send({ is_public: true });
    expect((await get(p.id)).body.tracks.map((x: Any) => x.title)).toEqual(['Mine']);
    // The owner's account turns private: visitors see the playlist but not the track (nor its id).
    await setPrivacy(t, me.auth, { profile_visibility: 'private' });
    const seen = await get(p.id, other.auth);
    expect(seen.body).toMatchObject({ track_ids: [], tracks: [] });
  });
});

describe('adding, removing and reordering tracks', () => {
  it('adds tracks in order, refuses duplicates (409), unknown or unreachable tracks (404), and others’ playlists (404)', async () => {
    const me = await person();
    const other = await person();
    const [a, b] = [await track(me.auth, 'A'), await track(other.auth, 'B')];
    const p = (await create(me.auth, { name: 'Mix' })).body;
    expect((await add(me.auth, p.id, a)).body.track_ids).toEqual([a]);
    expect((await add(me.auth, p.id, b)).body.track_ids).toEqual([a, b]);
    const dup = await add(me.auth, p.id, a);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This track is already in the playlist');
    expect((await add(me.auth, p.id, UNKNOWN)).status).toBe(404);
    const bad = await add(me.auth, p.id, 'nope');
    expect(bad.status).toBe(400);
    const processing = (await uploadTrack(t, other.auth, tunes.bareMp3, { title: 'WIP', artist: 'X' })).body.id;
    expect((await add(me.auth, p.id, processing)).status).toBe(404);
    expect((await add(other.auth, p.id, b)).status).toBe(404);
    expect((await get(p.id, me.auth)).body.track_ids).toEqual([a, b]);
  });

  it('removes a track (404 when it is not there) and keeps the order of the rest', async () => {
    const me = await person();
    const [a, b, c] = [await track(me.auth, 'A'), await track(me.auth, 'B'), await track(me.auth, 'C')];
    const p = (await create(me.auth, { name: 'Mix' })).body;
    for (const id of [a, b, c]) await add(me.auth, p.id, id);
    const r = await t.http().delete(`/api/music/playlists/${p.id}/tracks/${b}`).set(...me.auth);
    expect(r.status).toBe(200);
    expect(r.body.track_ids).toEqual([a, c]);
    const again = await t.http().delete(`/api/music/playlists/${p.id}/tracks/${b}`).set(...me.auth);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This track is not in the playlist');
    expect((await add(me.auth, p.id, b)).body.track_ids).toEqual([a, c, b]);
  });

  it('reorders with an exact permutation; anything else is 400 and changes nothing', async () => {
    const me = await person();
    const other = await person();
    const [a, b, c] = [await track(me.auth, 'A'), await track(me.auth, 'B'), await track(me.auth, 'C')];
    const p = (await create(me.auth, { name: 'Mix' })).body;
    for (const id of [a, b, c]) await add(me.auth, p.id, id);
    const ok = await reorder(me.auth, p.id, [c, a, b]);
    expect(ok.status).toBe(200);
    expect(ok.body.track_ids).toEqual([c, a, b]);
    for (const wrong of [[c, a], [c, a, b, a], [c, a, UNKNOWN], [c, a, b, UNKNOWN], 'c,a,b', [1, 2, 3]]) {
      const r = await reorder(me.auth, p.id, wrong);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('track_ids must list exactly the tracks of the playlist, each once, in the new order');
    }
    expect((await reorder(other.auth, p.id, [a, b, c])).status).toBe(404);
    const now = await get(p.id, me.auth);
    expect(now.body.track_ids).toEqual([c, a, b]);
    expect(now.body.tracks.map((x: Any) => x.title)).toEqual(['C', 'A', 'B']);
  });

  it('holds at most 1000 tracks (409)', async () => {
    const me = await person();
    const a = await track(me.auth, 'A');
    const p = (await create(me.auth, { name: 'Full' })).body;
    // 1000 tracks of the owner's, inserted directly (their media rows are tracks too).
    await t.sql(
      `with m as (
         insert into media (id, kind, account_id, user_id, title, status, visibility, original_key, original_size, content_type, created_at, updated_at,
                            hls_renditions, is_vertical, monetization_enabled, views, likes, comments, watch_seconds, ad_revenue_cents, tags, genres, age_rating, family_safe, is_premium, "cast", rating_sum, rating_count)
         select gen_random_uuid(), 'track', account_id, user_id, 'Filler', 'ready', 'public', original_key, original_size, content_type, now(), now(),
                hls_renditions, false, false, 0, 0, 0, 0, 0, tags, genres, age_rating, family_safe, false, "cast", 0, 0
           from media, generate_series(1, 1000) where id = $1
         returning id)
       insert into music_playlist_tracks (playlist_id, media_id, position) select $2, id, row_number() over () from m`,
      [a, p.id],
    );
    const r = await add(me.auth, p.id, a);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('A playlist holds at most 1000 tracks');
  });
});
