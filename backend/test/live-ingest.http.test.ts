import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { ingestApp, streamKeyOf, within } from './live-fixtures.js';
import { FFMPEG, baseUrl, ffprobe, waitFor } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, live ingest: each user's stream key; a real RTMP publish with ffmpeg (testsrc + sine, H.264/AAC) that
 * makes the stream `live` and its LL-HLS playable while it runs (ffprobe reads the playlist); keys that are wrong or
 * have no open stream are refused with nothing stored; ending the stream disconnects the publisher, its playback
 * answers 410, and the recording becomes a processed video of the streamer. The RTMP server listens on a free port.
 */

type Any = Record<string, any>;
let t: TestApp;
let rtmpPort: number;
let base: string;
const publishers = new Set<ChildProcess>();

beforeAll(async () => {
  ({ t, rtmpPort } = await ingestApp());
  base = await baseUrl(t);
}, 60_000);
afterAll(async () => {
  for (const p of publishers) p.kill('SIGKILL');
  await t?.close();
});

/** ffmpeg publishing a small test stream (640x360, 30 fps, keyframe each second) for at most `seconds`. */
function publish(key: string, seconds = 30): { exited: Promise<number | null>; child: ChildProcess } {
  const child = spawn(
    FFMPEG,
    ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine', '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  publishers.add(child);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => {
    publishers.delete(child);
    resolve(code);
  }));
  return { exited, child };
}

const keyOf = (who: Person) => streamKeyOf(t, who);
const liveFiles = () => (existsSync(join(t.config.dataDir, 'live')) ? readdirSync(join(t.config.dataDir, 'live')) : []);

describe('stream keys', () => {
  it("shows the owner's key and OBS's server URL, the same each time, until it is regenerated", async () => {
    const me = await person(t);
    const first = await t.http().get('/api/live/key').set(...me.auth);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ stream_key: expect.stringMatching(/^live_[A-Za-z0-9_-]{43}$/), server_url: `rtmp://localhost:${rtmpPort}/live` });
    expect((await keyOf(me)).stream_key).toBe(first.body.stream_key);
    const other = await person(t);
    expect((await keyOf(other)).stream_key).not.toBe(first.body.stream_key);
    const renewed = await t.http().post('/api/live/key/regenerate').set(...me.auth);
    expect(renewed.status).toBe(200);
    expect(renewed.body.stream_key).toMatch(/^live_/);
    expect(renewed.body.stream_key).not.toBe(first.body.stream_key);
    expect((await keyOf(me)).stream_key).toBe(renewed.body.stream_key);
    expect((await t.http().get('/api/live/key')).status).toBe(401);
    expect((await t.http().post('/api/live/key/regenerate')).status).toBe(401);
    // The key is not stored in the clear.
    const [row] = await t.sql<Any>('select key_sealed, encode(key_hash, $2) as hash from live_stream_keys where user_id = $1', [me.id, 'escape']);
    expect(JSON.stringify(row)).not.toContain(renewed.body.stream_key);
  });
});

describe('publishing over RTMP', () => {
  it('refuses an unknown key, an old key, and a key whose owner has no open stream: the publisher fails, nothing is stored', async () => {
    const [me, idle] = [await person(t), await person(t)];
    await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Refusals' }).expect(201);
    const old = (await keyOf(me)).stream_key as string;
    await t.http().post('/api/live/key/regenerate').set(...me.auth).expect(200);
    const idleKey = (await keyOf(idle)).stream_key as string;
    for (const key of [`live_${'x'.repeat(43)}`, 'WRONGKEY', old, idleKey]) {
      const { exited } = publish(key, 5);
      expect(await within(exited, 15_000, 'the refused publisher exiting')).not.toBe(0);
    }
    expect(liveFiles()).toEqual([]);
    const [s] = (await t.http().get('/api/live/streams?limit=100')).body.filter((x: Any) => x.user_id === me.id);
    expect(s.status).toBe('created');
  }, 60_000);

  it('goes live on first media, plays as LL-HLS while it runs, stops ingest when ended, and the recording becomes a video', async () => {
    const me = await person(t);
    const started = await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Ingest test', description: 'From ffmpeg' });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    expect((await t.http().get(`/api/live/${id}/hls/index.m3u8`)).body).toMatchObject({ code: 'LIVE.NOT_STARTED' });
    const { stream_key } = await keyOf(me);
    const { exited } = publish(stream_key, 40);

    const live = await waitFor('the stream to go live', async () => {
      const s = (await t.http().get(`/api/live/${id}`)).body;
      return s.status === 'live' ? s : null;
    }, 20_000, 100);
    expect(live.live_at).toEqual(expect.any(String));

    // The LL-HLS playlist: parts of ~200 ms, blocking reloads, a preload hint, program date-times.
    const playlist = await waitFor('two segments', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 200 && (r.text.match(/^s\d+\.m4s$/gm) ?? []).length >= 2 ? r : null;
    }, 20_000, 200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache');
    const text = playlist.text;
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.2');
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    expect(text).toMatch(/#EXT-X-PROGRAM-DATE-TIME:\d{4}-/);
    expect(text).toMatch(/#EXT-X-MAP:URI="init-1\.mp4"/);
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.(\d+)\.m4s"/.exec(text);
    expect(hint).not.toBeNull();
    const [msn, part] = [Number(hint![1]), Number(hint![2])];
    // A blocking reload for the hinted part answers once the playlist holds it; the part itself is then there.
    const blocked = await t.http().get(`/api/live/${id}/hls/index.m3u8?_HLS_msn=${msn}&_HLS_part=${part}`);
    expect(blocked.status).toBe(200);
    expect(blocked.text).toContain(`URI="p${msn}.${part}.m4s"`);
    const partFile = await t.http().get(`/api/live/${id}/hls/p${msn}.${part}.m4s`).buffer(true);
    expect(partFile.status).toBe(200);
    expect(partFile.headers['content-type']).toBe('video/mp4');
    for (const bad of ['..%2F..%2Fsecrets%2Fjwt.key', 'rec-1.mkv', 'index.m3u8x', 's1.ts']) expect((await t.http().get(`/api/live/${id}/hls/${bad}`)).status).toBe(404);

    // A real HLS reader finds the stream while it runs.
    const probe = await ffprobe(`${base}/api/live/${id}/hls/index.m3u8`);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });

    // Ending it disconnects the publisher; the playlist is gone (410).
    const ended = await t.http().post(`/api/live/${id}/end`).set(...me.auth);
    expect(ended.status).toBe(200);
    expect(await within(exited, 15_000, 'the publisher being disconnected')).not.toBe(0);
    const gone = await waitFor('the playlist to answer 410', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 410 ? r : null;
    }, 5000, 100);
    expect(gone.body).toMatchObject({ code: 'LIVE.ENDED', detail: 'This live stream has ended' });

    // The recording: an ordinary video of the streamer, processed into the HLS ladder.
    const video = await waitFor('the recording to be processed', async () => {
      const list = (await t.http().get('/api/videos?mine=true&limit=50').set(...me.auth)).body as Any[];
      const v = list.find((x) => x.title === 'Ingest test');
      return v && v.status !== 'processing' ? v : null;
    }, 45_000, 300);
    expect(video).toMatchObject({ status: 'ready', description: 'From ffmpeg', width: 640, height: 360 });
    expect(video.duration_seconds).toBeGreaterThanOrEqual(2);
    await waitFor('the live files to be removed', async () => !liveFiles().includes(id), 10_000, 100);
  }, 60_000);

  it('continues the same stream when the publisher comes back (a discontinuity, a new init); opted out, nothing is kept', async () => {
    const me = await person(t);
    const id = (await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Not recorded', record: false }).expect(201)).body.id as string;
    const { stream_key } = await keyOf(me);
    const first = publish(stream_key, 2);
    expect(await within(first.exited, 20_000, 'the first publisher finishing')).toBe(0);
    expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('live');
    const second = publish(stream_key, 30);
    const text = await waitFor('the second session in the playlist', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 200 && r.text.includes('#EXT-X-MAP:URI="init-2.mp4"') && /^s\d+\.m4s$/m.test(r.text.split('init-2.mp4')[1]) ? r.text : null;
    }, 20_000, 200);
    expect(text).toContain('#EXT-X-DISCONTINUITY\n');
    expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('live');
    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
    expect(await within(second.exited, 15_000, 'the publisher being disconnected')).not.toBe(0);
    await waitFor('the live files to be removed', async () => !liveFiles().includes(id), 15_000, 100);
    expect((await t.sql<Any>('select recording_media_id from live_streams where id = $1', [id]))[0].recording_media_id).toBeNull();
    expect(((await t.http().get('/api/videos?mine=true&limit=50').set(...me.auth)).body as Any[]).filter((v) => v.title === 'Not recorded')).toEqual([]);
  }, 60_000);

  it('disconnects a publisher whose key is regenerated, and every publisher while the live feature is off', async () => {
    const me = await person(t);
    const id = (await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Leaked key', record: false }).expect(201)).body.id as string;
    const first = publish((await keyOf(me)).stream_key, 40);
    await waitFor('the stream to go live', async () => (await t.http().get(`/api/live/${id}`)).body.status === 'live', 20_000, 100);
    await t.http().post('/api/live/key/regenerate').set(...me.auth).expect(200);
    expect(await within(first.exited, 15_000, 'the publisher with the old key being disconnected')).not.toBe(0);

    const key = (await keyOf(me)).stream_key;
    const second = publish(key, 40);
    await waitFor('the new key publishing (a second session)', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 200 && r.text.includes('init-2.mp4');
    }, 20_000, 200);
    const { FeatureFlags } = await import('../src/common/features/feature-flags.js');
    const flags = t.app.get(FeatureFlags);
    await t.sql("update feature_flags set enabled = false where name = 'live'");
    await flags.reload();
    try {
      expect(await within(second.exited, 15_000, 'the publisher being disconnected while live is off')).not.toBe(0);
      const refused = publish(key, 5);
      expect(await within(refused.exited, 15_000, 'a publisher refused while live is off')).not.toBe(0);
    } finally {
      await t.sql("update feature_flags set enabled = true where name = 'live'");
      await flags.reload();
    }
  }, 60_000);

  it("takes a publish token (the server's own publishers') for its stream only, within its minute; forged ones are refused", async () => {
    const { LIVE_KEYS } = await import('../src/modules/live/domain/ports.js');
    const keys = t.app.get<symbol, import('../src/modules/live/domain/ports.js').StreamKeyRepository>(LIVE_KEYS, { strict: false });
    const me = await person(t);
    const id = (await t.http().post('/api/live/start').set(...me.auth).send({ title: 'Token', record: false }).expect(201)).body.id as string;
    const now = new Date();
    const token = keys.publishToken(id, now);
    expect(token).toMatch(/^pub_[0-9a-f]{32}_\d{10}_[A-Za-z0-9_-]{43}$/);
    expect(keys.streamOfPublishToken(token, now)).toBe(id);
    expect(keys.streamOfPublishToken(token, new Date(now.getTime() + 61_000))).toBeNull();
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(keys.streamOfPublishToken(forged, now)).toBeNull();
    const expired = keys.publishToken(id, new Date(now.getTime() - 120_000));
    for (const bad of [forged, expired]) {
      const { exited } = publish(bad, 5);
      expect(await within(exited, 15_000, 'a refused token publisher exiting')).not.toBe(0);
    }
    expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('created');
    const good = publish(token, 30);
    await waitFor('the token publisher making the stream live', async () => (await t.http().get(`/api/live/${id}`)).body.status === 'live', 20_000, 100);
    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
    expect(await within(good.exited, 15_000, 'the publisher being disconnected')).not.toBe(0);
    // A token for an ended stream publishes nothing.
    const late = publish(keys.publishToken(id, new Date()), 5);
    expect(await within(late.exited, 15_000, 'a token of an ended stream refused')).not.toBe(0);
  }, 60_000);
});
