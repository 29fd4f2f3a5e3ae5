import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { CatalogFacade } from '../src/modules/catalog/catalog.facade.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, tmpFiles, userIdOf, waitFor, type Auth } from './media-fixtures.js';
import { makeTunes, uploadTrack, type Tunes } from './music-fixtures.js';
import { settled } from './social-fixtures.js';

/** Processing of tracks with the real ffprobe/ffmpeg through the durable jobs: tags, cover art, renditions, peaks. */

let t: TestApp;
let tunes: Tunes;
beforeAll(async () => {
  [t, tunes] = await Promise.all([createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' }), makeTunes()]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  tunes?.cleanup();
});

type Any = Record<string, any>;

/** Uploads a file as a track and waits until its job has finished (ready or failed). */
async function processed(file: string, fields: Record<string, string> = {}, who?: { auth: Auth }): Promise<{ track: Any; auth: Auth }> {
  const { auth } = who ?? (await signUp(t));
  const r = await uploadTrack(t, auth, file, { title: 'Form Title', artist: 'Form Artist', ...fields });
  expect(r.status).toBe(201);
  expect(r.body.status).toBe('processing');
  const track = await waitFor(`track ${r.body.id} to be processed`, async () => {
    const v = (await t.http().get(`/api/music/tracks/${r.body.id}`).set(...auth)).body;
    return v && v.status !== 'processing' ? v : null;
  }, 30_000, 250);
  return { track, auth };
}

function expectPeaks(peaks: unknown): void {
  expect(Array.isArray(peaks)).toBe(true);
  const list = peaks as number[];
  expect(list.length).toBeGreaterThanOrEqual(150);
  expect(list.length).toBeLessThanOrEqual(200);
  for (const p of list) expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true);
  // Scaled to the loudest bucket; a steady sine is about as loud everywhere (the edges may fade).
  expect(Math.max(...list)).toBe(100);
  expect(list.slice(10, -10).every((p) => p >= 80)).toBe(true);
}

async function fetchBytes(url: string, auth?: Auth) {
  const req = t.http().get(url);
  return (auth ? req.set(...auth) : req).buffer(true).parse(binary as never);
}

it('an MP3 with tags and a cover: ready, duration, album from its tag (the form left it empty), cover, peaks, no rendition', async () => {
  const { track } = await processed(tunes.taggedMp3);
  expect(track).toMatchObject({ status: 'ready', failure_reason: null, title: 'Form Title', artist: 'Form Artist', album: 'Tag Album' });
  expect(track.duration_seconds).toBeGreaterThan(2.5);
  expect(track.duration_seconds).toBeLessThan(3.5);
  expect(track.cover_url).toMatch(/^\/api\/media\/thumbs\/.+\.jpg$/);
  const cover = await fetchBytes(track.cover_url);
  expect(cover.status).toBe(200);
  expect((cover.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expectPeaks(track.peaks);
  const s = await fetchBytes(track.stream_url);
  expect(s.headers['content-type']).toBe('audio/mpeg');
  expect(Buffer.compare(s.body as Buffer, tunes.bytes(tunes.taggedMp3))).toBe(0);
  // The form's album wins over the tag.
  const withAlbum = await processed(tunes.taggedMp3, { album: 'Form Album' });
  expect(withAlbum.track.album).toBe('Form Album');
});

it('a FLAC gets a web rendition (AAC in .m4a) that the stream serves with ranges; no cover', async () => {
  const { track } = await processed(tunes.flac);
  expect(track).toMatchObject({ status: 'ready', cover_url: null });
  expectPeaks(track.peaks);
  const s = await fetchBytes(track.stream_url);
  expect(s.status).toBe(200);
  expect(s.headers['content-type']).toBe('audio/mp4');
  expect((s.body as Buffer).subarray(4, 8).toString('latin1')).toBe('ftyp');
  const part = await t.http().get(track.stream_url).set('Range', 'bytes=0-9').buffer(true).parse(binary as never);
  expect(part.status).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 0-9/${(s.body as Buffer).length}`);
});

it('a WAV gets a rendition too', async () => {
  const { track } = await processed(tunes.wav);
  expect(track.status).toBe('ready');
  expectPeaks(track.peaks);
  expect((await fetchBytes(track.stream_url)).headers['content-type']).toBe('audio/mp4');
});

it('an Opus WebM holding sound only is audio, played as it is; a FLAC in Matroska (MKA) gets a web rendition', async () => {
  const webm = (await processed(tunes.opusWebm)).track;
  expect(webm).toMatchObject({ status: 'ready', content_type: 'audio' });
  expectPeaks(webm.peaks);
  const s = await fetchBytes(webm.stream_url);
  expect(s.headers['content-type']).toBe('audio/webm');
  expect(Buffer.compare(s.body as Buffer, tunes.bytes(tunes.opusWebm))).toBe(0);

  const mka = (await processed(tunes.mka)).track;
  expect(mka.status).toBe('ready');
  expectPeaks(mka.peaks);
  const r = await fetchBytes(mka.stream_url);
  expect(r.headers['content-type']).toBe('audio/mp4');
  expect((r.body as Buffer).subarray(4, 8).toString('latin1')).toBe('ftyp');
});

it('a WebM with a picture is refused as audio (it is a video) and changes nothing', async () => {
  const { auth } = await signUp(t);
  const before = (await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'track'`))[0].n;
  const r = await uploadTrack(t, auth, tunes.videoWebm, { title: 'Clip', artist: 'Someone' });
  expect(r.status).toBe(400);
  expect(r.body.message).toBe('This file is a video: choose content_type video for a music video');
  expect((await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'track'`))[0].n).toBe(before);
  expect(tmpFiles(t)).toEqual([]);
});

it('a music video gets its HLS ladder, a frame as cover and peaks from its audio', async () => {
  const { track } = await processed(tunes.video, { content_type: 'video' });
  expect(track).toMatchObject({ status: 'ready', content_type: 'video' });
  expect(track.hls_url).toBe(`/api/music/tracks/${track.id}/hls/master.m3u8`);
  expect(track.cover_url).toBeTruthy();
  expectPeaks(track.peaks);
  const master = await t.http().get(track.hls_url);
  expect(master.status).toBe(200);
  expect(master.text).toContain('#EXTM3U');
});

it('a file that is not decodable audio ends failed with a reason, and is not listed to others', async () => {
  const { track } = await processed(tunes.brokenFlac);
  expect(track).toMatchObject({ status: 'failed', failure_reason: 'This file is not playable audio: no audio stream could be read from it', peaks: null });
  expect((await t.http().get(`/api/music/tracks/${track.id}`)).status).toBe(404);
  expect(tmpFiles(t).filter((f) => f.startsWith('process-'))).toEqual([]);
});

it("search's music tab finds a processed track by title, artist and album, with plays, likes and content_type", async () => {
  const k = `zq${Date.now().toString(36)}`;
  const maker = await signUp(t);
  const fan = await signUp(t);
  expect((await t.http().post(`/api/users/${await userIdOf(t, maker.auth)}/follow`).set(...fan.auth)).status).toBe(200);
  const { track } = await processed(tunes.bareMp3, { title: `${k}title Song`, artist: `${k}artist Band`, album: `${k}album Record` }, maker);
  expect(track.status).toBe('ready');
  await settled(t);
  // The follower's feed lists it as music (not among videos).
  const music = await t.http().get('/api/feed/following?content_type=music&limit=10').set(...fan.auth);
  expect(music.body.content).toEqual([expect.objectContaining({ id: track.id, content_type: 'music', kind: 'track', title: `${k}title Song` })]);
  expect((await t.http().get('/api/feed/following?content_type=videos&limit=10').set(...fan.auth)).body.content).toEqual([]);
  for (const word of [`${k}title`, `${k}artist`, `${k}album`]) {
    const r = await t.http().get('/api/search').query({ q: word, content_type: 'music' });
    expect(r.status).toBe(200);
    expect(r.body.available).toContain('music');
    expect(r.body.results.music).toEqual([
      expect.objectContaining({ id: track.id, title: `${k}title Song`, artist: `${k}artist Band`, album: `${k}album Record`, plays: 0, likes: 0, content_type: 'audio' }),
    ]);
    // Never among the videos.
    expect((await t.http().get('/api/search').query({ q: word, content_type: 'videos' })).body.results.videos).toEqual([]);
  }
});

it('moderation: a track can be reported; removed, it is gone for everyone (its owner too), from search, and its files go when purged', async () => {
  const k = `zr${Date.now().toString(36)}`;
  const { track, auth } = await processed(tunes.flac, { title: `${k} Removed song` });
  expect(track.status).toBe('ready');
  await settled(t);
  const reporter = await signUp(t);
  const filed = await t.http().post('/api/content/report').set(...reporter.auth).send({ content_type: 'track', content_id: track.id, reason: 'spam' });
  expect(filed.status).toBe(201);
  // Another kind's id is not a track.
  expect((await t.http().post('/api/content/report').set(...reporter.auth).send({ content_type: 'video', content_id: track.id, reason: 'spam' })).status).toBe(404);
  const [row] = await t.sql<{ original_key: string }>('select original_key from media where id = $1', [track.id]);
  await RequestContext.create(t.orm.em, () => t.app.get(CatalogFacade).removeMediaByModeration(track.id, { purgeFiles: true }));
  await settled(t);
  for (const who of [auth, reporter.auth]) {
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...who)).status).toBe(404);
    expect((await t.http().get(`/api/music/tracks/${track.id}/stream`).set(...who)).status).toBe(404);
    expect((await t.http().get('/api/music/tracks?limit=100').set(...who)).body.tracks.map((x: Any) => x.id)).not.toContain(track.id);
  }
  expect((await t.http().get('/api/search').query({ q: k, content_type: 'music' })).body.results.music).toEqual([]);
  await waitFor('the files to be purged', async () => !existsSync(join(t.config.dataDir, 'media', row.original_key)) && !existsSync(join(t.config.dataDir, 'media', 'hls', track.id)), 30_000, 250);
});

it('a cover ffmpeg cannot decode leaves the track ready without one; followers hear of the new track', async () => {
  // The tagged MP3 with its picture's bytes zeroed (the ID3 frame and its sizes stay): ffprobe still sees a picture.
  const bytes = readFileSync(tunes.taggedMp3);
  const soi = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const eoi = bytes.indexOf(Buffer.from([0xff, 0xd9]), soi);
  expect(soi).toBeGreaterThan(0);
  bytes.fill(0, soi, eoi + 2);
  const damaged = join(tunes.dir, 'damaged-cover.mp3');
  writeFileSync(damaged, bytes);

  const owner = await signUp(t);
  const fan = await signUp(t);
  expect((await t.http().post(`/api/users/${await userIdOf(t, owner.auth)}/follow`).set(...fan.auth)).status).toBeLessThan(300);
  const { track } = await processed(damaged, { title: 'Coverless' }, owner);
  expect(track).toMatchObject({ status: 'ready', cover_url: null });
  expect(track.duration_seconds).toBeGreaterThan(2.5);
  const told = await waitFor('the follower to be told', async () => {
    const list = (await t.http().get('/api/notifications').set(...fan.auth)).body.notifications as Any[];
    return list.find((n) => n.type === 'new_upload' && n.link?.id === track.id) ?? null;
  }, 30_000);
  expect(told).toMatchObject({ title: 'New track', link: { kind: 'track', id: track.id } });
  expect(told.message).toContain('"Coverless"');
});
