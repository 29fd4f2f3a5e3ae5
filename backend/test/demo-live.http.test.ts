import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { DemoLiveBroadcast } from '../src/modules/demo/application/demo-live-broadcast.js';
import { DEMO_LIVE } from '../src/modules/demo/domain/demo-plan.js';
import { DemoFacade } from '../src/modules/demo/demo.facade.js';
import { FfmpegLivePublisher } from '../src/modules/demo/infrastructure/ffmpeg-live-publisher.js';
import { createTestApp, type TestApp } from './harness.js';
import { FFMPEG, waitFor } from './media-fixtures.js';
import { freePort } from './net.js';

/**
 * The demo's live stream (DEMO_DATA with RTMP ingest on): one demo creator goes live with real video, a generated loop
 * published into the ingest by ffmpeg as OBS would; a publisher that dies is started again; it pauses while `live` is
 * off; `demo:remove` ends the stream and stops it for good. (Test apps open no RTMP port unless asked: this one asks.)
 */

type Any = Record<string, any>;
let t: TestApp;
let broadcast: DemoLiveBroadcast;
let stream: Any;

beforeAll(async () => {
  const rtmpPort = await freePort();
  t = await createTestApp({ DEMO_DATA: 'true', DEMO_DATA_SCALE: '5', JOBS_ENABLED: 'true', LIVE_RTMP_PORT: String(rtmpPort), RATE_LIMIT_PER_MINUTE: '100000' });
  broadcast = t.app.get(DemoLiveBroadcast);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function setLive(enabled: boolean): Promise<void> {
  await t.sql(`update feature_flags set enabled = $1 where name = 'live'`, [enabled]);
  await t.app.get(FeatureFlags).reload();
}

it(`${DEMO_LIVE.creator} goes live with real video and Super Chat, its recording not kept`, async () => {
  stream = await waitFor(
    'the demo live stream to be live',
    async () => ((await t.http().get('/api/live/streams')).body as Any[]).find((s) => s.username === DEMO_LIVE.creator && s.status === 'live'),
    90_000,
    250,
  );
  expect(stream).toMatchObject({ title: DEMO_LIVE.title, description: DEMO_LIVE.description, game: DEMO_LIVE.game, super_chat_enabled: true, record: false, is_vertical: false });
  const playlist = await t.http().get(`/api/live/${stream.id}/hls/index.m3u8`);
  expect(playlist.status).toBe(200);
  expect(playlist.text).toContain('#EXTM3U');
  // It is found like any stream on now.
  const found = await t.http().get('/api/search').query({ q: 'Game of Life speedruns', content_type: 'live' });
  expect(found.body.results.live.map((s: Any) => s.id)).toEqual([stream.id]);
}, 120_000);

it('a publisher that dies is started again, into the same stream', async () => {
  const pid = broadcast.pid;
  expect(pid).not.toBeNull();
  process.kill(pid!, 'SIGKILL');
  await waitFor('a new publisher', async () => broadcast.pid !== null && broadcast.pid !== pid, 30_000, 100);
  const again = await t.http().get(`/api/live/${stream.id}`);
  expect(again.body).toMatchObject({ status: 'live' });
}, 60_000);

it('stops publishing while the live feature is off, and publishes again once it is on', async () => {
  await setLive(false);
  try {
    await broadcast.tick();
    expect(broadcast.pid).toBeNull();
    expect(broadcast.stopped).toBe(false);
  } finally {
    await setLive(true);
  }
  await broadcast.tick();
  expect(broadcast.pid).not.toBeNull();
});

it('demo:remove ends the stream and stops the broadcast for good', async () => {
  await t.app.get(DemoFacade).removeDemo();
  expect((await t.http().get(`/api/live/${stream.id}`)).body.status).toBe('ended');
  await broadcast.tick();
  expect(broadcast.stopped).toBe(true);
  expect(broadcast.pid).toBeNull();
  expect(((await t.http().get('/api/live/streams')).body as Any[]).map((s) => s.username)).not.toContain(DEMO_LIVE.creator);
}, 150_000);

it('the publisher\'s error text (which the broadcast logs) does not carry the publish token', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-demo-publisher-'));
  try {
    const clip = join(dir, 'loop.flv');
    await promisify(execFile)(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'flv', clip]);
    const token = 'pub_00000000000000000000000000000000_9999999999_secretSECRETsecretSECRETsecretSECRETsecr';
    // Nothing listens on a free port: ffmpeg fails to connect and says so, naming the URL.
    const p = new FfmpegLivePublisher().start(clip, `rtmp://127.0.0.1:${await freePort()}/live/${token}`);
    const { code, detail } = await p.exited;
    expect(code).not.toBe(0);
    expect(detail).toMatch(/refused/i);
    expect(detail).not.toContain('secretSECRET');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
