import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { FFMPEG, baseUrl, binary, ffprobe, makeClips, setPrivacy, tmpFiles, upload, waitFor, type Auth, type Clips, type ClipName, type Kind } from './media-fixtures.js';

/** Processing with the real ffprobe/ffmpeg through the durable jobs (pg-boss): probe, thumbnail, HLS ladder. */

const run = promisify(execFile);
const NOT_MEDIA = 'This file is not a playable video: no video stream could be read from it';

let t: TestApp;
let clips: Clips;
let base: string;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape', 'portrait', 'hd', 'webm', 'silent'])]);
  base = await baseUrl(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

type Any = Record<string, any>;

/** The item as its owner sees it (GET /api/videos/{id}, or from the list for reels and movies). */
async function ownView(kind: Kind, id: string, auth: Auth): Promise<Any> {
  if (kind === 'video') return (await t.http().get(`/api/videos/${id}`).set(...auth)).body;
  const r = await t.http().get(`/api/${kind}s?limit=100`).set(...auth);
  return (kind === 'reel' ? r.body.reels : r.body.movies).find((i: Any) => i.id === id);
}

/** Uploads a clip and waits until its job has finished (ready or failed). */
async function processed(kind: Kind, file: ClipName | string, fields: Record<string, string> = {}, who?: { auth: Auth }): Promise<{ item: Any; auth: Auth }> {
  const { auth } = who ?? (await signUp(t));
  const path = (clips.path as Record<string, string>)[file] ?? file;
  const r = await upload(t, kind, auth, path, { title: `Processed ${kind}`, ...fields });
  expect(r.status).toBe(201);
  const id = kind === 'movie' ? r.body.movie.id : r.body.id;
  expect((kind === 'movie' ? r.body.movie : r.body).status).toBe('processing');
  const item = await waitFor(`${kind} ${id} to be processed`, async () => {
    const v = await ownView(kind, id, auth);
    return v && v.status !== 'processing' ? v : null;
  }, 90_000, 300);
  return { item, auth };
}

function get(url: string) {
  return t.http().get(url).buffer(true).parse(binary as never);
}

function playlistUris(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

describe('a video', () => {
  it('640x360 becomes ready with duration and size, a JPEG thumbnail, and an HLS ladder of 360p only', async () => {
    const { item } = await processed('video', 'landscape');
    expect(item).toMatchObject({ status: 'ready', failure_reason: null, width: 640, height: 360 });
    expect(item.duration_seconds).toBeGreaterThan(1.8);
    expect(item.duration_seconds).toBeLessThan(2.3);
    // Public and ready: the URLs need no token.
    expect(item.stream_url).toBe(`/api/videos/${item.id}/stream`);
    expect(item.hls_url).toBe(`/api/videos/${item.id}/hls/master.m3u8`);

    const thumb = await get(item.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((thumb.body as Buffer).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const master = await t.http().get(item.hls_url);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.text).toMatch(/^#EXTM3U/);
    expect(master.text).toMatch(/RESOLUTION=640x360/);
    expect(playlistUris(master.text)).toEqual(['360p/index.m3u8']);

    const rendition = await t.http().get(`/api/videos/${item.id}/hls/360p/index.m3u8`);
    expect(rendition.status).toBe(200);
    const segments = playlistUris(rendition.text);
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(rendition.text).toMatch(/#EXT-X-ENDLIST/);
    for (const s of segments) {
      expect(s).toMatch(/^seg_\d{5}\.ts$/);
      const seg = await get(`/api/videos/${item.id}/hls/360p/${s}`);
      expect(seg.status).toBe(200);
      expect(seg.headers['content-type']).toBe('video/mp2t');
      expect((seg.body as Buffer)[0]).toBe(0x47); // MPEG-TS sync byte
    }
    const ranged = await t.http().get(`/api/videos/${item.id}/hls/360p/${segments[0]}`).set('Range', 'bytes=0-187').buffer(true).parse(binary as never);
    expect(ranged.status).toBe(206);
    expect((ranged.body as Buffer).length).toBe(188);
    expect((await t.http().get(`/api/videos/${item.id}/hls/720p/index.m3u8`)).status).toBe(404);
    expect((await t.http().get(`/api/videos/${item.id}/hls/360p/../../x`)).status).toBe(404);

    // Others see it, without the failure reason.
    const other = await signUp(t);
    expect((await t.http().get(`/api/videos/${item.id}`).set(...other.auth)).body).toMatchObject({ status: 'ready', failure_reason: null, is_owner: false });
    expect(tmpFiles(t)).toEqual([]);
  });

  it('plays for a real client: ffprobe reads the master playlist and the stream over HTTP, ffmpeg decodes the HLS', async () => {
    const { item } = await processed('video', 'landscape');
    const hls = await ffprobe(`${base}${item.hls_url}`);
    const video = hls.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ width: 640, height: 360 });
    expect(hls.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Number(hls.format.duration)).toBeGreaterThan(1.5);
    const original = await ffprobe(`${base}${item.stream_url}`);
    expect(original.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
    const { stderr } = await run(FFMPEG, ['-v', 'error', '-i', `${base}${item.hls_url}`, '-f', 'null', '-']);
    expect(stderr).toBe('');
  });

  it('360x640 (portrait) gets 360p by its short side, scaled by width', async () => {
    const { item } = await processed('video', 'portrait', { is_vertical: 'true' });
    expect(item).toMatchObject({ status: 'ready', width: 360, height: 640, is_vertical: true });
    const master = await t.http().get(item.hls_url);
    expect(playlistUris(master.text)).toEqual(['360p/index.m3u8']);
    expect(master.text).toMatch(/RESOLUTION=360x640/);
    const probe = await ffprobe(`${base}${item.hls_url}`);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 360, height: 640 });
  });

  it('1280x720 gets 720p, 480p and 360p, and nothing above its height', async () => {
    const { item } = await processed('video', 'hd');
    expect(item).toMatchObject({ status: 'ready', width: 1280, height: 720 });
    const master = await t.http().get(item.hls_url);
    expect(playlistUris(master.text).sort()).toEqual(['360p/index.m3u8', '480p/index.m3u8', '720p/index.m3u8']);
    expect(master.text).toMatch(/RESOLUTION=1280x720/);
    expect(master.text).not.toMatch(/1080/);
    for (const h of [720, 480, 360]) {
      const probe = await ffprobe(`${base}/api/videos/${item.id}/hls/${h}p/index.m3u8`);
      expect(probe.streams.find((s) => s.codec_type === 'video')?.height).toBe(h);
    }
  });

  it('a WebM and a video without sound are processed too', async () => {
    const webm = (await processed('video', 'webm')).item;
    expect(webm).toMatchObject({ status: 'ready', width: 320, height: 240 });
    expect(playlistUris((await t.http().get(webm.hls_url)).text)).toEqual(['240p/index.m3u8']);
    const stream = await t.http().head(webm.stream_url);
    expect(stream.headers['content-type']).toBe('video/webm');
    expect((await ffprobe(`${base}${webm.hls_url}`)).streams.some((s) => s.codec_type === 'video')).toBe(true);

    const silent = (await processed('video', 'silent')).item;
    expect(silent).toMatchObject({ status: 'ready', width: 640, height: 360 });
    const probe = await ffprobe(`${base}${silent.hls_url}`);
    expect(probe.streams.some((s) => s.codec_type === 'video')).toBe(true);
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(false);
  });

  it('that is MP4 by its first bytes but not playable ends failed, with the reason shown to its owner only', async () => {
    const { item, auth } = await processed('video', clips.fakeMp4);
    expect(item).toMatchObject({ status: 'failed', failure_reason: NOT_MEDIA, thumbnail_url: null, hls_url: null, duration_seconds: null });
    const mine = (await t.http().get('/api/videos?limit=100').set(...auth)).body.find((v: Any) => v.id === item.id);
    expect(mine.failure_reason).toBe(NOT_MEDIA);
    const other = await signUp(t);
    expect((await t.http().get(`/api/videos/${item.id}`).set(...other.auth)).status).toBe(404);
    expect((await t.http().get('/api/videos?limit=100').set(...other.auth)).body.map((v: Any) => v.id)).not.toContain(item.id);
    expect((await t.http().get(`/api/videos/${item.id}/hls/master.m3u8`).set(...auth)).status).toBe(404);
    expect(tmpFiles(t)).toEqual([]);
  });

  it('of a private account plays for its owner through the tokens in its URLs (playlists pass the token on)', async () => {
    const owner = await signUp(t);
    await setPrivacy(t, owner.auth, { profile_visibility: 'private' });
    const { item } = await processed('video', 'landscape', {}, owner);
    expect(item.status).toBe('ready');
    expect(item.hls_url).toMatch(/\/hls\/master\.m3u8\?t=/);
    const token = new URL(item.hls_url, base).searchParams.get('t')!;
    const master = await t.http().get(item.hls_url);
    expect(master.status).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-cache');
    for (const uri of playlistUris(master.text)) expect(new URL(uri, base).searchParams.get('t')).toBe(token);
    const rendition = await t.http().get(`/api/videos/${item.id}/hls/360p/index.m3u8?t=${encodeURIComponent(token)}`);
    for (const uri of playlistUris(rendition.text)) expect(new URL(uri, base).searchParams.get('t')).toBe(token);
    const probe = await ffprobe(`${base}${item.hls_url}`);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
    // Without the token: nothing.
    expect((await t.http().get(`/api/videos/${item.id}/hls/master.m3u8`)).status).toBe(404);
    expect((await t.http().get(`/api/videos/${item.id}/hls/360p/index.m3u8`)).status).toBe(404);
    expect((await t.http().get(`/api/videos/${item.id}/hls/360p/seg_00000.ts`)).status).toBe(404);
  });
});

describe('a chunked upload', () => {
  it('is processed on the first attempt even when its completion commits slowly (the job waits for the commit)', async () => {
    const { auth } = await signUp(t);
    const bytes = clips.bytes('landscape');
    const init = await t.http().post('/api/videos/upload/init').set(...auth).send({ filename: 'slow.mp4', total_size: bytes.length, title: 'Slow commit' });
    expect(init.status).toBe(201);
    const id: string = init.body.session_id;
    expect(init.body.total_chunks).toBe(1);
    const sent = await t.http().post(`/api/videos/upload/chunk/${id}`).set(...auth).field('chunk_index', '0').attach('file', bytes, 'blob');
    expect(sent.status).toBe(200);
    // The completion's transaction takes longer than the job queue's polling interval to commit.
    await t.sql(`create or replace function scriven_test_slow_complete() returns trigger language plpgsql as $$
      begin if new.status = 'completed' and new.id = '${id}' then perform pg_sleep(3); end if; return new; end $$`);
    await t.sql('create trigger scriven_test_slow_complete before update on upload_sessions for each row execute function scriven_test_slow_complete()');
    let videoId: string;
    try {
      const done = await t.http().post(`/api/videos/upload/complete/${id}`).set(...auth);
      expect(done.status).toBe(201);
      videoId = done.body.id;
    } finally {
      await t.sql('drop trigger scriven_test_slow_complete on upload_sessions');
      await t.sql('drop function scriven_test_slow_complete()');
    }
    const item = await waitFor('the chunked video to be processed', async () => {
      const v = await ownView('video', videoId, auth);
      return v && v.status !== 'processing' ? v : null;
    }, 90_000, 300);
    expect(item.status).toBe('ready');
    // The item is ready inside the job; the queue marks the job done just after it returns.
    const readJobs = () => t.sql<{ retry_count: number; state: string }>(`select retry_count, state from pgboss.job where name = 'media.process' and data->>'mediaId' = $1`, [videoId]);
    const jobs = await waitFor('the processing job to be marked done', async () => {
      const rows = await readJobs();
      return rows.length > 0 && rows.every((r) => r.state !== 'active' && r.state !== 'created' && r.state !== 'retry') ? rows : null;
    }, 30_000, 100);
    expect(jobs).toEqual([{ retry_count: 0, state: 'completed' }]);
  });
});

describe('reels and movies', () => {
  it('a reel gets a thumbnail and its duration, and no HLS', async () => {
    const { item } = await processed('reel', 'portrait');
    expect(item).toMatchObject({ status: 'ready', failure_reason: null });
    expect(item.duration_seconds).toBeGreaterThan(1.8);
    expect(item.hls_url).toBeUndefined();
    const thumb = await get(item.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(existsSync(join(t.config.dataDir, 'media', 'hls', item.id))).toBe(false);
    expect((await t.http().get(`/api/videos/${item.id}/hls/master.m3u8`)).status).toBe(404);
    expect((await ffprobe(`${base}${item.stream_url}`)).streams.some((s) => s.codec_type === 'video')).toBe(true);
  });

  it('a movie gets a poster, its duration in minutes, and an HLS ladder like a video', async () => {
    const { item } = await processed('movie', 'landscape');
    expect(item).toMatchObject({ status: 'ready', failure_reason: null, duration: 1 });
    expect(item.poster_url).toMatch(/^\/api\/media\/thumbs\/[0-9a-f-]{36}\.jpg\?t=/); // movies are for signed-in viewers only
    expect(item.backdrop_url).toBe(item.poster_url);
    const poster = await get(item.poster_url);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(item.hls_url).toMatch(new RegExp(`^/api/movies/${item.id}/hls/master\\.m3u8\\?t=`));
    expect(existsSync(join(t.config.dataDir, 'media', 'hls', item.id, '360p', 'index.m3u8'))).toBe(true);
    // A signed-in client plays it with the URLs it was given.
    expect((await ffprobe(`${base}${item.hls_url}`)).streams.some((s) => s.codec_type === 'video')).toBe(true);
    expect((await ffprobe(`${base}${item.stream_url}`)).streams.some((s) => s.codec_type === 'video')).toBe(true);
  });

  it('a movie that is not playable ends failed with the reason for its owner', async () => {
    const { item } = await processed('movie', clips.fakeMp4);
    expect(item).toMatchObject({ status: 'failed', failure_reason: NOT_MEDIA, poster_url: null });
  });
});
