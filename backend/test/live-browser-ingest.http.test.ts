import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { ingestCodecs } from '../src/modules/live/infrastructure/ingest/browser-ingest.js';
import { createTestApp, type TestApp } from './harness.js';
import { within } from './live-fixtures.js';
import { freePort } from './net.js';
import { FFMPEG, baseUrl, ffprobe, waitFor } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * Issue 13, going live from the browser: MediaRecorder's WebM chunks over the WebSocket /api/live/<id>/ingest reach
 * the stream's LL-HLS playlist through this server's own RTMP ingest (H.264 copied, VP8 encoded, Opus to AAC, audio
 * alone), the socket hears `ready` then `live`, and closes with 1000 when the stream ends, whose recording becomes a
 * video. Refusals close with the protocol's codes (4401, 4403, 4404, 4415, 4409, 1009, 4503). Also: visitors of a
 * stream count once per client address, which behind a proxy (TRUST_PROXY) is X-Forwarded-For's.
 */

type Any = Record<string, any>;
let t: TestApp;
let base: string;
let dir: string;
const clips: Record<'h264' | 'vp8' | 'audio' | 'longAudio', Buffer> = {} as never;
const sockets = new Set<WebSocket>();

/** 4 s of testsrc (640x360, 30 fps, keyframe each second) and a sine, as MediaRecorder would record them (or 15 s of sine). */
async function makeClip(name: keyof typeof clips): Promise<Buffer> {
  const out = join(dir, `${name}.${name === 'h264' ? 'mkv' : 'webm'}`);
  const video = { h264: ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p'], vp8: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '30', '-b:v', '800k'], audio: [], longAudio: [] }[name];
  const inputs = name === 'audio' || name === 'longAudio' ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${name === 'longAudio' ? 15 : 4}`] : ['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'];
  await promisify(execFile)(FFMPEG, ['-hide_banner', '-loglevel', 'error', ...inputs, ...video, '-c:a', 'libopus', '-b:a', '64k', '-f', name === 'h264' ? 'matroska' : 'webm', out]);
  return readFileSync(out);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scriven-browser-ingest-'));
  const [app] = await Promise.all([
    // The RTMP ingest on a free port (as live-ingest's ingestApp), behind a proxy (TRUST_PROXY) for the visitors' test.
    freePort().then((port) => createTestApp({ JOBS_ENABLED: 'true', LIVE_RTMP_PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'true' })),
    ...(['h264', 'vp8', 'audio', 'longAudio'] as const).map(async (n) => (clips[n] = await makeClip(n))),
  ]);
  t = app;
  base = (await baseUrl(t)).replace('http', 'ws');
}, 60_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A browser's ingest socket: every text message kept, the close code noted. */
class Ingest {
  readonly messages: Any[] = [];
  closed: number | null = null;
  private readonly closing: Promise<number>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d, binary) => !binary && this.messages.push(JSON.parse(d.toString())));
    this.closing = new Promise((resolve) => ws.on('close', (code) => resolve((this.closed = code))));
  }

  static async open(streamId: string, headers: Record<string, string> = {}): Promise<Ingest> {
    const ws = new WebSocket(`${base}/api/live/${streamId}/ingest`, { headers });
    sockets.add(ws);
    ws.on('error', () => undefined);
    const ingest = new Ingest(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('close', (code) => reject(new Error(`closed ${code} before opening`)));
    });
    return ingest;
  }

  /** Opens the socket and sends `start` as the app does. */
  static async start(streamId: string, who: Person | string, mime: string): Promise<Ingest> {
    const i = await Ingest.open(streamId);
    i.ws.send(JSON.stringify({ type: 'start', token: typeof who === 'string' ? who : who.auth[1].slice('Bearer '.length), mime }));
    return i;
  }

  next(type: string, ms = 15_000): Promise<Any> {
    return waitFor(`a '${type}' message`, async () => this.messages.find((m) => m.type === type) ?? (this.closed !== null ? Promise.reject(new Error(`closed ${this.closed}: ${JSON.stringify(this.messages)}`)) : null), ms, 20);
  }

  closedWith(ms = 15_000): Promise<number> {
    return within(this.closing, ms, 'the ingest socket closing');
  }

  /** The clip in 64 KB binary frames, paced to about real time (its 4 s over ~3 s). */
  async sendClip(clip: Buffer): Promise<void> {
    const chunk = 64 * 1024;
    const frames = Math.ceil(clip.length / chunk);
    const gap = Math.min(200, Math.floor(3000 / frames));
    for (let i = 0; i < frames && this.ws.readyState === WebSocket.OPEN; i++) {
      this.ws.send(clip.subarray(i * chunk, (i + 1) * chunk));
      await new Promise((r) => setTimeout(r, gap));
    }
  }

  /** The clip in 5 frames a second over `seconds`, as MediaRecorder.start(200) sends while the camera runs. */
  async sendLive(clip: Buffer, seconds: number): Promise<void> {
    const frames = seconds * 5;
    const chunk = Math.ceil(clip.length / frames);
    for (let i = 0; i < frames && this.ws.readyState === WebSocket.OPEN; i++) {
      this.ws.send(clip.subarray(i * chunk, (i + 1) * chunk));
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const startStream = async (who: Person, title: string): Promise<string> => (await t.http().post('/api/live/start').set(...who.auth).send({ title, description: 'From the browser' }).expect(201)).body.id as string;

describe('the mime types a browser may record in', () => {
  it('takes H.264, VP8 or VP9 with Opus in WebM, and Opus alone; in any spelling MediaRecorder gives', () => {
    expect(ingestCodecs('video/webm;codecs=h264,opus')).toEqual({ video: 'h264', audio: 'opus' });
    expect(ingestCodecs('video/webm; codecs="avc1.42E01E, opus"')).toEqual({ video: 'h264', audio: 'opus' });
    expect(ingestCodecs('video/x-matroska;codecs=avc1,opus')).toEqual({ video: 'h264', audio: 'opus' });
    expect(ingestCodecs('video/webm;codecs=opus,vp8')).toEqual({ video: 'vp8', audio: 'opus' });
    expect(ingestCodecs('VIDEO/WEBM;CODECS=VP9,OPUS')).toEqual({ video: 'vp9', audio: 'opus' });
    expect(ingestCodecs('audio/webm;codecs=opus')).toEqual({ video: null, audio: 'opus' });
    for (const bad of ['video/mp4;codecs=avc1,mp4a', 'video/webm', 'video/webm;codecs=vp8', 'audio/webm;codecs=vorbis', 'video/webm;codecs=av1,opus', 'audio/webm;codecs=vp8,opus', 'video/webm;codecs=h264,vp8,opus', 'text/plain;codecs=opus'])
      expect(ingestCodecs(bad)).toBeNull();
  });
});

describe('sending the camera from the browser', () => {
  it.each([
    ['H.264 + Opus (copied)', 'h264', 'video/webm;codecs=h264,opus'],
    ['VP8 + Opus (as Firefox records; encoded to H.264)', 'vp8', 'video/webm;codecs=vp8,opus'],
  ] as const)('%s goes live, plays as LL-HLS, closes with 1000 when the stream ends, and is kept as a video', async (_name, clip, mime) => {
    const me = await person(t);
    const title = `Browser ${clip}`;
    const id = await startStream(me, title);
    const ingest = await Ingest.start(id, me, mime);
    await ingest.next('ready');
    const sending = ingest.sendClip(clips[clip]);
    await ingest.next('live', 20_000);
    expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('live');
    await sending;
    await waitFor('two segments', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 200 && (r.text.match(/^s\d+\.m4s$/gm) ?? []).length >= 2;
    }, 15_000, 100);
    const probe = await ffprobe(`${base.replace('ws', 'http')}/api/live/${id}/hls/index.m3u8`);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });

    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
    expect(await ingest.closedWith()).toBe(1000);
    const video = await waitFor('the recording to be processed', async () => {
      const v = ((await t.http().get('/api/videos?mine=true&limit=50').set(...me.auth)).body as Any[]).find((x) => x.title === title);
      return v && v.status !== 'processing' ? v : null;
    }, 40_000, 300);
    expect(video).toMatchObject({ status: 'ready', description: 'From the browser', width: 640, height: 360 });
    expect(video.duration_seconds).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('audio alone (a microphone) goes live with an audio-only playlist', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Browser audio');
    const ingest = await Ingest.start(id, me, 'audio/webm;codecs=opus');
    await ingest.next('ready');
    const sending = ingest.sendClip(clips.audio);
    await ingest.next('live', 20_000);
    await sending;
    await waitFor('two segments', async () => {
      const r = await t.http().get(`/api/live/${id}/hls/index.m3u8`);
      return r.status === 200 && (r.text.match(/^s\d+\.m4s$/gm) ?? []).length >= 2;
    }, 15_000, 100);
    const probe = await ffprobe(`${base.replace('ws', 'http')}/api/live/${id}/hls/index.m3u8`);
    expect(probe.streams.map((s) => [s.codec_type, (s as Any).codec_name])).toEqual([['audio', 'aac']]);
    await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
    expect(await ingest.closedWith()).toBe(1000);
  }, 60_000);
});

describe('OBS and the browser on one stream', () => {
  it('an OBS publisher with the same key takes the stream over: the browser hears 4409', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Handover');
    const ingest = await Ingest.start(id, me, 'audio/webm;codecs=opus');
    await ingest.next('ready');
    // The browser keeps sending (its RTMP connection is found dropped on its next write).
    void ingest.sendLive(clips.longAudio, 15);
    await ingest.next('live', 20_000);
    const { stream_key } = (await t.http().get('/api/live/key').set(...me.auth)).body;
    const obs = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'sine', '-t', '20', '-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${t.config.live.rtmpPort}/live/${stream_key}`], { stdio: 'ignore' });
    const obsExited = new Promise<number | null>((resolve) => obs.on('close', resolve));
    try {
      expect(await ingest.closedWith()).toBe(4409);
      expect(ingest.messages.at(-1)).toMatchObject({ type: 'error', code: 'taken_over' });
      expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('live');
    } finally {
      await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
      expect(await within(obsExited, 15_000, 'the OBS publisher being disconnected')).not.toBe(0);
    }
  }, 60_000);
});

describe('refusals', () => {
  it('closes 4401 without a valid token, 4403 for another user\'s stream, 4404 for no such or an ended stream, 4415 for another format', async () => {
    const [me, other] = [await person(t), await person(t)];
    const id = await startStream(me, 'Refusals');
    const cases: [Ingest, number, string][] = [
      [await Ingest.start(id, 'not-a-token', 'video/webm;codecs=h264,opus'), 4401, 'unauthenticated'],
      [await Ingest.start(id, other, 'video/webm;codecs=h264,opus'), 4403, 'forbidden'],
      [await Ingest.start('00000000-0000-4000-8000-000000000000', me, 'video/webm;codecs=h264,opus'), 4404, 'not_found'],
      [await Ingest.start('not-an-id', me, 'video/webm;codecs=h264,opus'), 4404, 'not_found'],
      [await Ingest.start(id, me, 'video/mp4;codecs=avc1,mp4a'), 4415, 'unsupported_mime'],
    ];
    // Media before `start` asks for the sign-in too.
    const early = await Ingest.open(id);
    early.ws.send(Buffer.alloc(100));
    cases.push([early, 4401, 'unauthenticated']);
    for (const [i, code, errorCode] of cases) {
      expect(await i.closedWith()).toBe(code);
      expect(i.messages).toEqual([{ type: 'error', code: errorCode, message: expect.any(String) }]);
    }
    const ended = await startStream(other, 'Over');
    await t.http().post(`/api/live/${ended}/end`).set(...other.auth).expect(200);
    const late = await Ingest.start(ended, other, 'video/webm;codecs=h264,opus');
    expect(await late.closedWith()).toBe(4404);
    expect(late.messages).toEqual([{ type: 'error', code: 'ended', message: 'This live stream has ended' }]);
    // Nothing was published: the stream never went live.
    expect((await t.http().get(`/api/live/${id}`)).body.status).toBe('created');
  }, 30_000);

  it('closes 1009 on a frame over 2 MiB, and 4409 when another browser takes the stream over', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Takeover');
    const big = await Ingest.start(id, me, 'video/webm;codecs=h264,opus');
    await big.next('ready');
    big.ws.send(Buffer.alloc(2 * 1024 * 1024 + 1));
    expect(await big.closedWith()).toBe(1009);

    const first = await Ingest.start(id, me, 'video/webm;codecs=vp8,opus');
    await first.next('ready');
    const second = await Ingest.start(id, me, 'video/webm;codecs=h264,opus');
    await second.next('ready');
    expect(await first.closedWith()).toBe(4409);
    expect(first.messages.at(-1)).toMatchObject({ type: 'error', code: 'taken_over' });
    expect(second.closed).toBeNull();
    second.ws.close();
    expect(await second.closedWith()).toBe(1005);
  }, 30_000);

  it('closes 1008 when a client floods the socket with frames', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Flood');
    const i = await Ingest.start(id, me, 'video/webm;codecs=h264,opus');
    for (let n = 0; n < 600 && i.ws.readyState === WebSocket.OPEN; n++) i.ws.send('{}');
    expect(await i.closedWith()).toBe(1008);
    expect(i.messages.at(-1)).toMatchObject({ type: 'error', code: 'too_fast' });
  });

  it('closes 4503 while the live feature is switched off', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Feature off');
    await t.sql("update feature_flags set enabled = false where name = 'live'");
    const { FeatureFlags } = await import('../src/common/features/feature-flags.js');
    const flags = t.app.get(FeatureFlags);
    await flags.reload();
    try {
      const i = await Ingest.start(id, me, 'video/webm;codecs=h264,opus');
      expect(await i.closedWith()).toBe(4503);
      expect(i.messages).toEqual([{ type: 'error', code: 'ingest_off', message: expect.any(String) }]);
    } finally {
      await t.sql("update feature_flags set enabled = true where name = 'live'");
      await flags.reload();
    }
  });

  it('closes 4503 (not 4409, "taken over") when the live feature is switched off while the browser sends', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Switched off');
    const i = await Ingest.start(id, me, 'audio/webm;codecs=opus');
    await i.next('ready');
    void i.sendLive(clips.longAudio, 15);
    await i.next('live', 20_000);
    const { FeatureFlags } = await import('../src/common/features/feature-flags.js');
    const flags = t.app.get(FeatureFlags);
    await t.sql("update feature_flags set enabled = false where name = 'live'");
    await flags.reload();
    try {
      expect(await i.closedWith()).toBe(4503);
      expect(i.messages.at(-1)).toMatchObject({ type: 'error', code: 'ingest_off' });
    } finally {
      await t.sql("update feature_flags set enabled = true where name = 'live'");
      await flags.reload();
      await t.http().post(`/api/live/${id}/end`).set(...me.auth).expect(200);
    }
  }, 60_000);
});

describe('visitors behind a proxy', () => {
  /** A visitor's realtime socket following the stream's room, as seen through a proxy from `address`. */
  async function visit(streamId: string, address: string): Promise<WebSocket> {
    const ws = new WebSocket(`${base}/api/realtime`, { headers: { 'X-Forwarded-For': `${address}, 10.0.0.1` } });
    sockets.add(ws);
    const subscribed = new Promise<void>((resolve, reject) => {
      ws.on('message', (d) => JSON.parse(d.toString()).type === 'subscribed' && resolve());
      ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'subscribe', room: `live:${streamId}` }));
    await subscribed;
    return ws;
  }

  it('counts each client address once, however many pages it has open', async () => {
    const me = await person(t);
    const id = await startStream(me, 'Visitors');
    const viewers = async () => (await t.http().get(`/api/live/${id}`)).body.viewer_count as number;
    const a1 = await visit(id, '203.0.113.5');
    await visit(id, '203.0.113.5');
    expect(await viewers()).toBe(1);
    await visit(id, '198.51.100.23');
    expect(await viewers()).toBe(2);
    a1.close();
    await waitFor('the first page to leave', async () => (await t.sql('select 1 from live_presence where stream_id = $1', [id])).length === 2, 10_000, 50);
    expect(await viewers()).toBe(2); // the address's other page still watches
  });
});
