import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, setPrivacy, storedOriginals, tmpFiles, userIdOf, type Auth } from './media-fixtures.js';
import { makeTunes, markTrackReady, uploadTrack, type Tunes } from './music-fixtures.js';
import { PrincipalCache } from '../src/modules/identity/application/principal-cache.js';
import { FeatureFlags } from '../src/common/features/feature-flags.js';

/** The music library's tracks over HTTP: upload rules, listing, one track, likes, plays, streaming, the feature flag. */

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

/** Uploads a track and marks it ready (no processing job runs here). */
async function readyTrack(auth: Auth, fields: Record<string, string> = {}, file = tunes.bareMp3): Promise<Any> {
  const r = await uploadTrack(t, auth, file, { title: 'Song', artist: 'Singer', ...fields });
  expect(r.status).toBe(201);
  await markTrackReady(t, r.body.id);
  return r.body;
}

async function expectRefused(r: { status: number; body: Any }, status: number, message: string, originalsBefore: string[]): Promise<void> {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ statusCode: status, message });
  expect(storedOriginals(t).sort()).toEqual(originalsBefore.sort());
  expect(Number((await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'track'`))[0].n)).toBe(tracksBefore);
}
let tracksBefore = 0;
beforeEach(async () => {
  tracksBefore = Number((await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'track'`))[0].n);
});

describe('POST /api/music/upload', () => {
  it('accepts an MP3 with its fields and answers 201 with the track, processing', async () => {
    const me = await person();
    const r = await uploadTrack(t, me.auth, tunes.taggedMp3, { title: ' Night Drive ', artist: ' The Band ', album: 'First', genre: 'Electronic', content_type: 'audio' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: 'Night Drive',
      artist: 'The Band',
      album: 'First',
      genre: 'Electronic',
      content_type: 'audio',
      monetization_enabled: false,
      plays: 0,
      likes: 0,
      liked: false,
      status: 'processing',
      peaks: null,
      cover_url: null,
      is_owner: true,
    });
    expect(r.body.owner.handle).toBeTruthy();
    const [row] = await t.sql<Any>('select m.content_type, t.genre from media m join music_tracks t on t.media_id = m.id where m.id = $1', [r.body.id]);
    expect(row).toEqual({ content_type: 'audio/mpeg', genre: 'Electronic' });
  });

  it.each([
    ['FLAC', () => tunes.flac, 'audio/flac'],
    ['WAV', () => tunes.wav, 'audio/wav'],
    ['Ogg', () => tunes.ogg, 'audio/ogg'],
    ['an MP3 without ID3 (frame sync)', () => tunes.bareMp3, 'audio/mpeg'],
    ['an M4A', () => tunes.m4a, 'audio/mp4'],
    ['an MP4 holding only sound (AAC)', () => tunes.aacMp4, 'audio/mp4'],
  ])('accepts %s by its bytes whatever its name', async (_label, file, type) => {
    const me = await person();
    const r = await uploadTrack(t, me.auth, file(), { title: 'T', artist: 'A' }, 'whatever.bin');
    expect(r.status).toBe(201);
    const [row] = await t.sql<Any>('select content_type from media where id = $1', [r.body.id]);
    expect(row.content_type).toBe(type);
  });

  it('takes a video file only as content_type video (a music video), and audio only as audio', async () => {
    const me = await person();
    const before = storedOriginals(t);
    await expectRefused(await uploadTrack(t, me.auth, tunes.video, { title: 'T', artist: 'A' }), 400, 'This file is a video: choose content_type video for a music video', before);
    await expectRefused(await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', content_type: 'video' }), 400, 'This file is audio, not a video: choose content_type audio', before);
    const ok = await uploadTrack(t, me.auth, tunes.video, { title: 'Clip', artist: 'A', content_type: 'video' });
    expect(ok.status).toBe(201);
    expect(ok.body.content_type).toBe('video');
  });

  it('refuses bytes that are not audio (a PNG renamed .mp3) and stores nothing', async () => {
    const me = await person();
    const before = storedOriginals(t);
    await expectRefused(await uploadTrack(t, me.auth, tunes.pngAsMp3, { title: 'T', artist: 'A' }, 'song.mp3'), 400, 'Please select an audio or video file', before);
  });

  it("refuses a missing file ('Please select a file'), title and artist, a wrong genre and content_type", async () => {
    const me = await person();
    const before = storedOriginals(t);
    await expectRefused(await uploadTrack(t, me.auth, null, { title: 'T', artist: 'A' }), 400, 'Please select a file', before);
    const noTitle = await uploadTrack(t, me.auth, tunes.bareMp3, { title: '  ', artist: 'A' });
    await expectRefused(noTitle, 400, 'Please enter a title', before);
    const noArtist = await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T' });
    await expectRefused(noArtist, 400, 'Please enter an artist', before);
    const both = await uploadTrack(t, me.auth, tunes.bareMp3, {});
    expect(both.body.errors).toEqual(expect.arrayContaining([{ field: 'title', message: 'Please enter a title' }, { field: 'artist', message: 'Please enter an artist' }]));
    const genre = await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', genre: 'Polka' });
    await expectRefused(genre, 400, 'Genre must be one of Pop, Rock, Electronic, Hip-Hop, Classical, Jazz, Country, R&B', before);
    await expectRefused(await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', content_type: 'podcast' }), 400, 'content_type must be audio or video', before);
  });

  it('accepts every genre of seed 002 §2.8, Pop by default', async () => {
    const me = await person();
    for (const genre of ['Pop', 'Rock', 'Electronic', 'Hip-Hop', 'Classical', 'Jazz', 'Country', 'R&B']) {
      const r = await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', genre });
      expect(r.status).toBe(201);
      expect(r.body.genre).toBe(genre);
    }
    expect((await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A' })).body.genre).toBe('Pop');
  });

  it('lets only creator-program members monetize (403 otherwise, nothing stored)', async () => {
    const me = await person();
    const before = storedOriginals(t);
    await expectRefused(await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', monetization_enabled: 'true' }), 403, 'Monetization is available to creator program members only', before);
    await t.sql('update users set creator_program = true where id = $1', [me.id]);
    await t.app.get(PrincipalCache).invalidate(me.id);
    const r = await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A', monetization_enabled: 'true' });
    expect(r.status).toBe(201);
    expect(r.body.monetization_enabled).toBe(true);
  });

  it('refuses a file over the upload cap (413) and keeps nothing', async () => {
    const me = await person();
    const before = storedOriginals(t);
    const big = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(2 * 1024 * 1024 + 10, 0x55)]);
    await expectRefused(await uploadTrack(t, me.auth, big, { title: 'T', artist: 'A' }), 413, 'File size must be less than 2MB', before);
  });

  it('needs a signed-in user', async () => {
    const r = await uploadTrack(t, null, tunes.bareMp3, { title: 'T', artist: 'A' });
    expect(r.status).toBe(401);
  });
});

describe('GET /api/music/tracks and /tracks/{id}', () => {
  it('lists ready public tracks newest first, filters by content_type, and never lists videos', async () => {
    const me = await person();
    const audio = await readyTrack(me.auth, { title: 'Audio one' });
    const clip = await readyTrack(me.auth, { title: 'Clip one', content_type: 'video' }, tunes.video);
    const processing = (await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'Still processing', artist: 'A' })).body;
    const visitor = await t.http().get('/api/music/tracks?limit=100');
    expect(visitor.status).toBe(200);
    const ids = visitor.body.tracks.map((x: Any) => x.id);
    expect(ids).toEqual(expect.arrayContaining([clip.id, audio.id]));
    expect(ids.indexOf(clip.id)).toBeLessThan(ids.indexOf(audio.id));
    expect(ids).not.toContain(processing.id);
    const own = await t.http().get('/api/music/tracks?limit=100').set(...me.auth);
    expect(own.body.tracks.map((x: Any) => x.id)).toContain(processing.id);
    const onlyAudio = (await t.http().get('/api/music/tracks?content_type=audio&limit=100')).body.tracks.map((x: Any) => x.id);
    expect(onlyAudio).toContain(audio.id);
    expect(onlyAudio).not.toContain(clip.id);
    const onlyVideo = (await t.http().get('/api/music/tracks?content_type=video&limit=100')).body.tracks.map((x: Any) => x.id);
    expect(onlyVideo).toEqual(expect.arrayContaining([clip.id]));
    expect(onlyVideo).not.toContain(audio.id);
    const bad = await t.http().get('/api/music/tracks?content_type=podcast');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('content_type must be audio or video');
    // Tracks are not videos: never in /api/videos, nor counted as the channel's videos.
    const videos = await t.http().get('/api/videos?limit=100').set(...me.auth);
    expect(JSON.stringify(videos.body)).not.toContain(audio.id);
    expect(JSON.stringify(videos.body)).not.toContain(clip.id);
    const channel = (await t.http().get('/api/accounts').set(...me.auth)).body.active_account.handle;
    const page = await t.http().get(`/api/channels/${channel}`).set(...me.auth);
    expect(page.body).toMatchObject({ video_count: 0, reel_count: 0 });
    const tab = await t.http().get(`/api/channels/${channel}/videos?limit=100`).set(...me.auth);
    expect(JSON.stringify(tab.body)).not.toContain(audio.id);
  });

  it('filters by genre (Discover), and refuses an unknown one', async () => {
    const me = await person();
    const jazz = await readyTrack(me.auth, { genre: 'Jazz' });
    const rock = await readyTrack(me.auth, { genre: 'Rock' });
    const ids = (await t.http().get('/api/music/tracks?genre=Jazz&limit=100')).body.tracks.map((x: Any) => x.id);
    expect(ids).toContain(jazz.id);
    expect(ids).not.toContain(rock.id);
    expect((await t.http().get('/api/music/tracks').query({ genre: 'R&B' })).status).toBe(200);
    const bad = await t.http().get('/api/music/tracks?genre=Polka');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Genre must be one of Pop, Rock, Electronic, Hip-Hop, Classical, Jazz, Country, R&B');
  });

  it('sort=popular lists the most played first, with its own cursor', async () => {
    const me = await person();
    const [a, b, c] = [await readyTrack(me.auth, { title: 'A' }), await readyTrack(me.auth, { title: 'B' }), await readyTrack(me.auth, { title: 'C' })];
    await t.sql('update media set views = 100000 + $2 where id = $1', [b.id, 3]);
    await t.sql('update media set views = 100000 + $2 where id = $1', [c.id, 2]);
    await t.sql('update media set views = 100000 + $2 where id = $1', [a.id, 1]);
    const first = await t.http().get('/api/music/tracks?sort=popular&limit=2');
    expect(first.body.tracks.map((x: Any) => [x.id, x.plays])).toEqual([[b.id, 100003], [c.id, 100002]]);
    const second = await t.http().get('/api/music/tracks').query({ sort: 'popular', limit: 1, cursor: first.body.next_cursor });
    expect(second.body.tracks.map((x: Any) => x.id)).toEqual([a.id]);
    expect((await t.http().get('/api/music/tracks?sort=loudest')).body.message).toBe('sort must be newest or popular');
  });

  it('pages with next_cursor', async () => {
    const me = await person();
    for (let i = 0; i < 3; i++) await readyTrack(me.auth, { title: `Paged ${i}` });
    const first = await t.http().get('/api/music/tracks?limit=2');
    expect(first.body.tracks).toHaveLength(2);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await t.http().get(`/api/music/tracks?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    const firstIds = first.body.tracks.map((x: Any) => x.id);
    for (const x of second.body.tracks) expect(firstIds).not.toContain(x.id);
  });

  it('answers one track with its fields and peaks; 404 for unknown ids, videos, and others’ private ones', async () => {
    const me = await person();
    const track = await readyTrack(me.auth, { album: 'LP', genre: 'Jazz' });
    const r = await t.http().get(`/api/music/tracks/${track.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: track.id, title: 'Song', artist: 'Singer', album: 'LP', genre: 'Jazz', content_type: 'audio', plays: 0, likes: 0, liked: false, status: 'ready', peaks: null, duration_seconds: 2 });
    expect((await t.http().get('/api/music/tracks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.http().get('/api/music/tracks/not-an-id')).status).toBe(404);
    await setPrivacy(t, me.auth, { profile_visibility: 'private' });
    const other = await person();
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...other.auth)).status).toBe(404);
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...me.auth)).status).toBe(200);
    expect((await t.http().get(`/api/music/tracks/${track.id}/stream`).set(...other.auth)).status).toBe(404);
    // Nor can they like it, count plays of it or put it in a playlist; nothing of theirs is kept.
    expect((await t.http().post(`/api/music/${track.id}/like`).set(...other.auth)).status).toBe(404);
    expect((await t.http().post(`/api/music/tracks/${track.id}/play`).set(...other.auth).send({ seconds_listened: 30 })).status).toBe(404);
    const list = (await t.http().post('/api/music/playlists').set(...other.auth).send({ name: 'Peeking' })).body;
    expect((await t.http().post(`/api/music/playlists/${list.id}/tracks`).set(...other.auth).send({ track_id: track.id })).status).toBe(404);
    expect(await t.sql('select 1 from music_play_marks where media_id = $1', [track.id])).toEqual([]);
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...me.auth)).body).toMatchObject({ likes: 0, plays: 0 });
  });

  it('a removed track is nobody’s', async () => {
    const me = await person();
    const track = await readyTrack(me.auth);
    await t.sql(`update media set status = 'removed' where id = $1`, [track.id]);
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...me.auth)).status).toBe(404);
    expect((await t.http().get('/api/music/tracks?limit=100').set(...me.auth)).body.tracks.map((x: Any) => x.id)).not.toContain(track.id);
    for (const path of [`/api/music/tracks/${track.id}/stream`, `/api/music/tracks/${track.id}/hls/master.m3u8`]) expect((await t.http().get(path).set(...me.auth)).status).toBe(404);
    expect((await t.http().post(`/api/music/${track.id}/like`).set(...me.auth)).status).toBe(404);
  });
});

describe('POST /api/music/{id}/like', () => {
  it('toggles per user and shows in liked/likes', async () => {
    const owner = await person();
    const fan = await person();
    const track = await readyTrack(owner.auth);
    const like = await t.http().post(`/api/music/${track.id}/like`).set(...fan.auth);
    expect(like.status).toBe(200);
    expect(like.body).toEqual({ liked: true, likes: 1 });
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...fan.auth)).body).toMatchObject({ liked: true, likes: 1 });
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...owner.auth)).body).toMatchObject({ liked: false, likes: 1 });
    expect((await t.http().post(`/api/music/${track.id}/like`).set(...fan.auth)).body).toEqual({ liked: false, likes: 0 });
    expect((await t.http().post(`/api/music/${track.id}/like`)).status).toBe(401);
    expect((await t.http().post('/api/music/00000000-0000-4000-8000-000000000000/like').set(...fan.auth)).status).toBe(404);
  });
});

describe('POST /api/music/tracks/{id}/play', () => {
  it('counts a play after 30 s of listening, once per play-through, crediting no more than the time that passed', async () => {
    const owner = await person();
    const fan = await person();
    const track = await readyTrack(owner.auth);
    await t.sql(`update media set duration_seconds = 180 where id = $1`, [track.id]);
    const play = async (seconds: unknown, auth?: Auth) => {
      const req = t.http().post(`/api/music/tracks/${track.id}/play`);
      return (await (auth ? req.set(...auth) : req).send({ seconds_listened: seconds })).body;
    };
    // Time passing for this track's listeners (their last report and last counted play move back).
    const later = (seconds: number) =>
      t.sql(`update music_play_marks set last_report_at = last_report_at - make_interval(secs => $2), counted_at = counted_at - make_interval(secs => $2) where media_id = $1`, [track.id, seconds]);

    expect(await play(20, fan.auth)).toEqual({ plays: 0, counted: false });
    // 20 s more reported at once: only the time that passed (+2 s) is credited, 22 s in all: no play yet.
    expect(await play(20, fan.auth)).toEqual({ plays: 0, counted: false });
    await later(10);
    expect(await play(10, fan.auth)).toEqual({ plays: 1, counted: true });
    // Listening on through the 3-minute track, reported every 15 s: still the one play.
    for (let i = 0; i < 8; i++) {
      await later(15);
      expect(await play(15, fan.auth)).toEqual({ plays: 1, counted: false });
    }
    // The track's length after that play, listening on (a replay): a second play.
    await later(60);
    expect(await play(15, fan.auth)).toEqual({ plays: 2, counted: true });
    // A visitor is another listener; their report at once after it counts nothing more.
    expect(await play(30)).toEqual({ plays: 3, counted: true });
    expect(await play(30)).toEqual({ plays: 3, counted: false });
    expect((await t.http().get(`/api/music/tracks/${track.id}`)).body.plays).toBe(3);
  });

  it('refuses more than ENGAGEMENT_LIMIT_PER_MINUTE reports a minute from one listener (a visitor, by address)', async () => {
    const owner = await person();
    const track = await readyTrack(owner.auth);
    const limited = await createTestApp({ ENGAGEMENT_LIMIT_PER_MINUTE: '3' }, t);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.http().post(`/api/music/tracks/${track.id}/play`).send({ seconds_listened: 5 })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses seconds outside 1..60 and unknown tracks', async () => {
    const owner = await person();
    const track = await readyTrack(owner.auth);
    for (const s of [0, 61, 'x', 1.5, null]) {
      const r = await t.http().post(`/api/music/tracks/${track.id}/play`).send({ seconds_listened: s });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('seconds_listened must be a whole number from 1 to 60');
    }
    expect((await t.http().post('/api/music/tracks/00000000-0000-4000-8000-000000000000/play').send({ seconds_listened: 5 })).status).toBe(404);
    expect((await t.http().get(`/api/music/tracks/${track.id}`)).body.plays).toBe(0);
  });

  it("a monetized track's listening is watch time (the premium pool's measure), not the owner's own", async () => {
    const owner = await person();
    await t.sql('update users set creator_program = true where id = $1', [owner.id]);
    await t.app.get(PrincipalCache).invalidate(owner.id);
    const fan = await person();
    const track = await readyTrack(owner.auth, { monetization_enabled: 'true' });
    await t.http().post(`/api/music/tracks/${track.id}/play`).set(...fan.auth).send({ seconds_listened: 20 });
    await t.http().post(`/api/music/tracks/${track.id}/play`).set(...owner.auth).send({ seconds_listened: 20 });
    const rows = await t.sql<Any>('select user_id, seconds from media_watch_time where media_id = $1', [track.id]);
    expect(rows).toEqual([{ user_id: fan.id, seconds: 20 }]);
  });
});

describe('GET /api/music/tracks/{id}/stream', () => {
  it('serves the file with ranges and HEAD, as video originals are', async () => {
    const me = await person();
    const track = await readyTrack(me.auth);
    const size = tunes.bytes(tunes.bareMp3).length;
    const whole = await t.http().get(`/api/music/tracks/${track.id}/stream`).buffer(true).parse(binary as never);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, tunes.bytes(tunes.bareMp3))).toBe(0);
    const part = await t.http().get(`/api/music/tracks/${track.id}/stream`).set('Range', 'bytes=0-99').buffer(true).parse(binary as never);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect((part.body as Buffer).length).toBe(100);
    const head = await t.http().head(`/api/music/tracks/${track.id}/stream`);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(size);
    const beyond = await t.http().get(`/api/music/tracks/${track.id}/stream`).set('Range', `bytes=${size + 10}-`);
    expect(beyond.status).toBe(416);
  });

  it('answers 404 for a track still processing to others, its owner gets it', async () => {
    const me = await person();
    const r = await uploadTrack(t, me.auth, tunes.bareMp3, { title: 'T', artist: 'A' });
    expect((await t.http().get(`/api/music/tracks/${r.body.id}/stream`)).status).toBe(404);
    expect((await t.http().get(`/api/music/tracks/${r.body.id}/stream`).set(...me.auth)).status).toBe(200);
  });
});

describe("the 'music' feature flag", () => {
  it('answers 503 on the music routes while it is off', async () => {
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'music'`);
    await flags.changed('music', false);
    try {
      const r = await t.http().get('/api/music/tracks');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED' });
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'music'`);
      await flags.changed('music', true);
    }
    expect((await t.http().get('/api/music/tracks')).status).toBe(200);
  });
});
