import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { jest } from '@jest/globals';
import { EDIT_MESSAGES, EDIT_REPOSITORY, OPEN_EXPORTS_PER_USER, type EditRepository } from '../src/modules/catalog/domain/edit.js';
import { EditorLimits, PREVIEWS_AT_ONCE } from '../src/modules/catalog/http/editor.controller.js';
import { EditorExportJob } from '../src/modules/catalog/application/editor-export.job.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { activeAccount, binary, FFMPEG, ffprobe, setPrivacy, tmpFiles, upload, userIdOf, waitFor, type Auth } from './media-fixtures.js';
import { admin } from './money-fixtures.js';
import { uploadTrack } from './music-fixtures.js';

/**
 * The editor studio over HTTP (issue 19), on a real database with the real ffmpeg and the durable jobs running: a
 * generated clip (6 s, 320x180, a sine) uploaded through the upload API and processed, then edited by its owner only,
 * previewed, exported into a new video (processed into the HLS ladder, the original kept), and an export cancelled.
 */

const run = promisify(execFile);
type Any = Record<string, any>;

let t: TestApp;
let dir: string;
let owner: { auth: Auth };
let other: { auth: Auth };
let adm: { auth: Auth; adminAuth: Auth };
/** The owner's ready 6 s clip, and a 40 s one for the cancel. */
let video: Any;
let longVideo: Any;
/** The owner's ready MP3, another user's public one, and a private one. */
let ownTrack: string;
let publicTrack: string;
let privateTrack: string;

const file = (name: string) => join(dir, name);

function get(url: string, auth: Auth) {
  return t.http().get(url).set(...auth).buffer(true).parse(binary as never);
}

async function processedVideo(auth: Auth, path: string, title: string): Promise<Any> {
  const r = await upload(t, 'video', auth, path, { title });
  expect(r.status).toBe(201);
  return waitFor(`video ${r.body.id} processed`, async () => {
    const v = (await t.http().get(`/api/videos/${r.body.id}`).set(...auth)).body;
    return v.status !== 'processing' ? v : null;
  }, 90_000, 200);
}

async function processedTrack(auth: Auth, title: string): Promise<string> {
  const r = await uploadTrack(t, auth, file('tone.mp3'), { title, artist: 'Editor test' });
  expect(r.status).toBe(201);
  await waitFor(`track ${r.body.id} processed`, async () => {
    const v = (await t.http().get(`/api/music/tracks/${r.body.id}`).set(...auth)).body;
    return v.status === 'ready' ? v : null;
  }, 90_000, 200);
  return r.body.id;
}

/** An edit body as the app sends it. */
function edit(overrides: Any = {}): Any {
  return { clips: [{ start: 0, end: 6 }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null, ...overrides };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scriven-editor-'));
  const ff = (args: string[]) => run(FFMPEG, ['-v', 'error', '-y', ...args]);
  [t] = await Promise.all([
    createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000', MEDIA_RATE_LIMIT_PER_MINUTE: '100000' }),
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file('clip.mp4')]),
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '40', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file('long.mp4')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=660:duration=3', '-c:a', 'libmp3lame', '-b:a', '64k', file('tone.mp3')]),
  ]);
  const recluse = await signUp(t);
  [owner, other, adm] = await Promise.all([signUp(t), signUp(t), admin(t)]);
  await setPrivacy(t, recluse.auth, { profile_visibility: 'private', video_visibility: 'private' });
  [video, longVideo, ownTrack, publicTrack, privateTrack] = await Promise.all([
    processedVideo(owner.auth, file('clip.mp4'), 'Beach day'),
    processedVideo(owner.auth, file('long.mp4'), 'Long take'),
    processedTrack(owner.auth, 'My own tune'),
    processedTrack(other.auth, 'A public tune'),
    processedTrack(recluse.auth, 'A private tune'),
  ]);
  expect(video.status).toBe('ready');
  expect(longVideo.status).toBe('ready');
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('who may edit', () => {
  it('the owner gets the session: the video, the whole video as draft (version 0), the tiles, the filmstrip and the waveform', async () => {
    const r = await t.http().get(`/api/editor/videos/${video.id}`).set(...owner.auth);
    expect(r.status).toBe(200);
    expect(r.body.video).toMatchObject({ id: video.id, title: 'Beach day', width: 320, height: 180, has_audio: true });
    expect(r.body.video.duration_seconds).toBeGreaterThan(5.8);
    expect(r.body.video.duration_seconds).toBeLessThan(6.2);
    expect(r.body.video.thumbnail_url).toEqual(expect.stringMatching(/^\/api\/media\/thumbs\//));
    const length = r.body.video.duration_seconds;
    expect(r.body.draft).toEqual({ clips: [{ start: 0, end: length }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null, version: 0, updated_at: null, duration_seconds: length });
    // A 180p source: 720p is the smallest tile (it exports at the source's own height), never 1080p or 4K.
    expect(r.body.allowed_resolutions).toEqual(['720p']);
    expect(r.body.filmstrip).toEqual({ url: `/api/editor/videos/${video.id}/filmstrip`, frames: 10, frame_width: 160 });
    expect(r.body.peaks).toHaveLength(200);
    expect(Math.max(...r.body.peaks)).toBe(100);
    expect(r.body.peaks.every((p: number) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
  });

  it('refuses everyone else on every path: other users and admins 404 (as if it did not exist), the admin console and visitors 401', async () => {
    const paths: [string, string, Any?][] = [
      ['get', `/api/editor/videos/${video.id}`],
      ['put', `/api/editor/videos/${video.id}/draft`, { version: 0, edit: edit() }],
      ['get', `/api/editor/videos/${video.id}/filmstrip`],
      ['get', `/api/editor/videos/${video.id}/frame?at=1`],
      ['post', `/api/editor/videos/${video.id}/preview`, { edit: edit(), from: 0, to: 2 }],
      ['post', `/api/editor/videos/${video.id}/exports`, { resolution: '720p', version: 0 }],
      ['get', `/api/editor/videos/${video.id}/exports`],
    ];
    for (const [method, path, body] of paths) {
      for (const auth of [other.auth, adm.auth]) {
        const r = await (t.http() as Any)[method](path).set(...auth).send(body);
        expect([path, r.status, r.body.code, r.body.detail]).toEqual([path, 404, 'EDITOR.NOT_EDITABLE', EDIT_MESSAGES.notEditable]);
      }
      for (const auth of [adm.adminAuth, null]) {
        let req = (t.http() as Any)[method](path);
        if (auth) req = req.set(...auth);
        expect([path, (await req.send(body)).status]).toEqual([path, 401]);
      }
    }
    expect(await t.sql(`select 1 from media_edits union all select 1 from media_exports`)).toEqual([]);
  });

  it('a video still processing is 409 EDITOR.NOT_READY; a reel, a missing id or a bad id are not editable', async () => {
    const account = await activeAccount(t, owner.auth);
    const ownerId = await userIdOf(t, owner.auth);
    const [processing] = await t.sql<{ id: string }>(
      `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast", created_at, updated_at)
       values (gen_random_uuid(), 'video', $1, $2, 'Still going', 'processing', 'originals/x.mp4', 1000, 'video/mp4', '[]', '[]', '[]', '[]', now(), now()) returning id`,
      [account.id, ownerId],
    );
    const busy = await t.http().get(`/api/editor/videos/${processing.id}`).set(...owner.auth);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'EDITOR.NOT_READY', detail: EDIT_MESSAGES.notReady });
    await t.sql(`delete from media where id = $1`, [processing.id]);
    const reel = await t.http().post('/api/reels/upload').set(...owner.auth).field('title', 'A reel').attach('file', file('clip.mp4'));
    expect(reel.status).toBe(201);
    for (const id of [reel.body.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await t.http().get(`/api/editor/videos/${id}`).set(...owner.auth);
      expect([id, r.status, r.body.code]).toEqual([id, 404, 'EDITOR.NOT_EDITABLE']);
    }
  });

  it("answers 503 while the 'editor' feature is off", async () => {
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'editor'`);
    await flags.changed('editor', false);
    try {
      const r = await t.http().get(`/api/editor/videos/${video.id}`).set(...owner.auth);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED' });
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'editor'`);
      await flags.changed('editor', true);
    }
    expect((await t.http().get(`/api/editor/videos/${video.id}`).set(...owner.auth)).status).toBe(200);
  });
});

describe('the draft', () => {
  it('is saved from the version it was read at; a save from an older version is 409 and changes nothing', async () => {
    const body = edit({ clips: [{ start: 0, end: 2 }, { start: 3, end: 6 }], filter: 'Sepia', texts: [{ kind: 'title', text: '  Hello: "world" \\ it\'s 100%  ', start: 0, end: 2, position: 'top' }], volume: 50, speed: 2, music: { track_id: ownTrack, volume: 40 } });
    const r = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 0, edit: body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ...body, texts: [{ ...body.texts[0], text: 'Hello: "world" \\ it\'s 100%' }], version: 1, duration_seconds: 2.5 });
    expect(Date.parse(r.body.updated_at)).not.toBeNaN();

    const stale = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 0, edit: edit() });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'EDITOR.VERSION_CONFLICT', detail: EDIT_MESSAGES.versionConflict });
    const ahead = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 7, edit: edit() });
    expect(ahead.status).toBe(409);

    const session = await t.http().get(`/api/editor/videos/${video.id}`).set(...owner.auth);
    expect(session.body.draft).toMatchObject({ version: 1, filter: 'Sepia', speed: 2, music: { track_id: ownTrack, volume: 40 } });

    const next = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 1, edit: { ...body, transition: 'Fade', speed: 1 } });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ version: 2, transition: 'Fade', duration_seconds: 4.5 });
  });

  it('refuses wrong operations with 400 EDITOR.INVALID_EDIT naming every field, and keeps the stored draft', async () => {
    const bad = edit({
      clips: [{ start: 0, end: 3 }, { start: 2, end: 4 }, { start: 5, end: 9 }, { start: 4, end: 4.2 }],
      filter: 'Neon',
      transition: 'Spin',
      texts: [{ kind: 'title', text: '   ', start: 0, end: 1, position: 'top' }, { kind: 'sticker', text: 'x'.repeat(201), start: 2, end: 1, position: 'left' }],
      volume: 101,
      speed: 3,
      music: { track_id: privateTrack, volume: 7.5 },
    });
    const r = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 2, edit: bad });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('EDITOR.INVALID_EDIT');
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'clips[1]', message: EDIT_MESSAGES.clipOrder },
        { field: 'clips[2]', message: EDIT_MESSAGES.clipRange },
        { field: 'clips[3]', message: EDIT_MESSAGES.clipShort },
        { field: 'filter', message: EDIT_MESSAGES.filter },
        { field: 'transition', message: EDIT_MESSAGES.transition },
        { field: 'volume', message: EDIT_MESSAGES.volume },
        { field: 'speed', message: EDIT_MESSAGES.speed },
        { field: 'texts[0].text', message: EDIT_MESSAGES.textEmpty },
        { field: 'texts[1].text', message: EDIT_MESSAGES.textLength },
        { field: 'texts[1].kind', message: EDIT_MESSAGES.textKind },
        { field: 'texts[1].position', message: EDIT_MESSAGES.textPosition },
        { field: 'texts[1]', message: EDIT_MESSAGES.textRange },
        { field: 'music.volume', message: EDIT_MESSAGES.musicVolume },
        { field: 'music.track_id', message: EDIT_MESSAGES.musicTrack },
      ]),
    );
    // A text past the edited end, and a transition with a clip too short for it.
    const late = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 2, edit: edit({ texts: [{ kind: 'caption', text: 'Late', start: 5, end: 7, position: 'bottom' }] }) });
    expect(late.body.errors).toEqual([{ field: 'texts[0]', message: EDIT_MESSAGES.textRange }]);
    const short = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 2, edit: edit({ transition: 'Zoom', clips: [{ start: 0, end: 0.8 }, { start: 2, end: 6 }] }) });
    expect(short.body.errors).toEqual([{ field: 'clips[0]', message: EDIT_MESSAGES.transitionShort }]);
    const none = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: 2, edit: edit({ clips: [] }) });
    expect(none.body.errors).toEqual([{ field: 'clips', message: EDIT_MESSAGES.clipsRequired }]);
    // A wrong shape is refused before the rules (VALIDATION_FAILED), naming the field.
    const shape = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version: -1, edit: edit({ clips: [{ start: 'zero', end: 2 }], speed: '2' }) });
    expect(shape.status).toBe(400);
    expect(shape.body.code).toBe('VALIDATION_FAILED');
    expect(shape.body.errors.map((e: Any) => e.field)).toEqual(expect.arrayContaining(['version', 'edit.clips.0.start', 'edit.speed']));
    const [row] = await t.sql<{ version: number }>(`select version from media_edits where media_id = $1`, [video.id]);
    expect(row.version).toBe(2);
  });

  it('takes a background track of the owner or a public one, never a private one, a music video or an unknown id', async () => {
    const ownerId = await userIdOf(t, owner.auth);
    const put = (track_id: string, version: number) => t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({ version, edit: edit({ music: { track_id, volume: 30 } }) });
    const pub = await put(publicTrack, 2);
    expect(pub.status).toBe(200);
    expect(pub.body.music).toEqual({ track_id: publicTrack, volume: 30 });
    // A music video (content_type video) of the owner's, and a track still processing.
    await t.sql(`update music_tracks set content_type = 'video' where media_id = $1`, [ownTrack]);
    const musicVideo = await put(ownTrack, 3);
    await t.sql(`update music_tracks set content_type = 'audio' where media_id = $1`, [ownTrack]);
    await t.sql(`update media set status = 'processing' where id = $1 and user_id <> $2`, [publicTrack, ownerId]);
    const processing = await put(publicTrack, 3);
    await t.sql(`update media set status = 'ready' where id = $1`, [publicTrack]);
    for (const r of [musicVideo, processing, await put(privateTrack, 3), await put('00000000-0000-4000-8000-000000000000', 3), await put('x', 3)]) {
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'music.track_id', message: EDIT_MESSAGES.musicTrack }]);
    }
  });
});

describe('filmstrip, frames and previews', () => {
  it('the filmstrip is one JPEG of 10 frames of 160 px, made once and kept', async () => {
    const r = await get(`/api/editor/videos/${video.id}/filmstrip`, owner.auth);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    const jpeg = r.body as Buffer;
    expect(jpeg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    writeFileSync(file('strip.jpg'), jpeg);
    const probe = await ffprobe(file('strip.jpg'));
    expect(probe.streams[0]).toMatchObject({ width: 1600 });
    const again = await get(`/api/editor/videos/${video.id}/filmstrip`, owner.auth);
    expect((again.body as Buffer).equals(jpeg)).toBe(true);
    expect(again.headers.etag).toBe(r.headers.etag);
  });

  it('a frame is a 320 px JPEG, with a filter or without; a time outside the video or an unknown filter is 400', async () => {
    const plain = await get(`/api/editor/videos/${video.id}/frame?at=1.5`, owner.auth);
    const sepia = await get(`/api/editor/videos/${video.id}/frame?at=1.5&filter=Sepia`, owner.auth);
    const bw = await get(`/api/editor/videos/${video.id}/frame?at=1.5&filter=${encodeURIComponent('Black & White')}`, owner.auth);
    for (const [i, r] of [plain, sepia, bw].entries()) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      const jpeg = r.body as Buffer;
      expect(jpeg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      writeFileSync(file(`frame${i}.jpg`), jpeg);
      expect((await ffprobe(file(`frame${i}.jpg`))).streams[0]).toMatchObject({ width: 320, height: 180 });
    }
    expect((sepia.body as Buffer).equals(plain.body as Buffer)).toBe(false);
    const late = await t.http().get(`/api/editor/videos/${video.id}/frame?at=60`).set(...owner.auth);
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: 'at', message: 'at must be a number of seconds within the video' }]);
    const unknown = await t.http().get(`/api/editor/videos/${video.id}/frame?at=1&filter=Neon`).set(...owner.auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'filter', message: EDIT_MESSAGES.filter }]);
    const missing = await t.http().get(`/api/editor/videos/${video.id}/frame`).set(...owner.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('at');
    expect(tmpFiles(t).filter((f) => f.startsWith('editor-'))).toEqual([]);
  });

  it('a preview is a playable MP4 of the edited range, the edit unsaved; a range outside 0.5–30 s of the edit is 400', async () => {
    const body = edit({
      clips: [{ start: 0, end: 2 }, { start: 3, end: 6 }],
      filter: 'Vintage',
      transition: 'Slide',
      texts: [{ kind: 'caption', text: "It's 10:30 \\ \"quoted\" 100%", start: 0, end: 4, position: 'bottom' }],
      music: { track_id: publicTrack, volume: 50 },
    });
    const r = await t.http().post(`/api/editor/videos/${video.id}/preview`).set(...owner.auth).send({ edit: body, from: 0.5, to: 3.5 }).buffer(true).parse(binary as never);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('video/mp4');
    writeFileSync(file('preview.mp4'), r.body as Buffer);
    const probe = await ffprobe(file('preview.mp4'));
    expect(Number(probe.format.duration)).toBeGreaterThan(2.7);
    expect(Number(probe.format.duration)).toBeLessThan(3.3);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ height: 180 });
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    const { stderr } = await run(FFMPEG, ['-v', 'error', '-i', file('preview.mp4'), '-f', 'null', '-']);
    expect(stderr).toBe('');
    // Nothing was saved.
    const [row] = await t.sql<{ version: number }>(`select version from media_edits where media_id = $1`, [video.id]);
    expect(row.version).toBe(3);

    for (const [from, to] of [[0, 0.2], [0, 31], [4, 8], [-1, 2], [3, 2]]) {
      const bad = await t.http().post(`/api/editor/videos/${video.id}/preview`).set(...owner.auth).send({ edit: edit(), from, to });
      expect([from, to, bad.status, bad.body.code, bad.body.detail]).toEqual([from, to, 400, 'EDITOR.INVALID_PREVIEW_RANGE', EDIT_MESSAGES.previewRange]);
    }
    const invalid = await t.http().post(`/api/editor/videos/${video.id}/preview`).set(...owner.auth).send({ edit: edit({ filter: 'Neon' }), from: 0, to: 2 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('EDITOR.INVALID_EDIT');
    expect(tmpFiles(t).filter((f) => f.startsWith('editor-'))).toEqual([]);
  });
});

describe('previews at once', () => {
  it(`a user renders at most ${PREVIEWS_AT_ONCE} previews at once: more are 429 RATE_LIMITED, and a slot is free again once one ends`, async () => {
    // The user's slots, all taken, as by previews still rendering (taken here: a render's length is the machine's).
    const ownerId = await userIdOf(t, owner.auth);
    const slots = t.app.get(EditorLimits).previewsRunning;
    const held = Array.from({ length: PREVIEWS_AT_ONCE }, () => slots.take(ownerId));
    const preview = () => t.http().post(`/api/editor/videos/${video.id}/preview`).set(...owner.auth).buffer(true).parse(binary as never).send({ edit: edit(), from: 0, to: 1 });
    try {
      const refused = await preview();
      expect(refused.status).toBe(429);
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toMatchObject({ code: 'RATE_LIMITED' });
      // Another user is not held up by them.
      const others = await t.http().post(`/api/editor/videos/${video.id}/preview`).set(...other.auth).send({ edit: edit(), from: 0, to: 1 });
      expect(others.status).toBe(404);
    } finally {
      held[0]();
    }
    const later = await preview();
    expect(later.status).toBe(200);
    held[1]();
    // Every slot comes back, whatever the preview's outcome (here a refused range).
    const bad = await t.http().post(`/api/editor/videos/${video.id}/preview`).set(...owner.auth).send({ edit: edit(), from: 0, to: 40 });
    expect(bad.status).toBe(400);
    // (The server gives a slot back once its answer is sent, a moment after the client has read it.)
    await waitFor('every slot to be free again', async () => {
      const got: (() => void)[] = [];
      try {
        for (let i = 0; i < PREVIEWS_AT_ONCE; i++) got.push(slots.take(ownerId));
        return true;
      } catch {
        return null;
      } finally {
        got.forEach((release) => release());
      }
    }, 10_000, 20);
  });
});

describe('exports', () => {
  let exportId: string;

  it('refuses a tile above the source (UPSCALE), an unknown tile, and a version that is not the stored one', async () => {
    const up = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '1080p', version: 3 });
    expect(up.status).toBe(400);
    expect(up.body).toMatchObject({ code: 'EDITOR.UPSCALE', detail: EDIT_MESSAGES.upscale('1080p', 180) });
    expect(up.body.errors).toEqual([{ field: 'resolution', message: EDIT_MESSAGES.upscale('1080p', 180) }]);
    const fourK = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '4K', version: 3 });
    expect(fourK.body.code).toBe('EDITOR.UPSCALE');
    const unknown = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '8K', version: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'resolution', message: EDIT_MESSAGES.resolution }]);
    const stale = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '720p', version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('EDITOR.VERSION_CONFLICT');
    expect(await t.sql(`select 1 from media_exports`)).toEqual([]);
  });

  it('a video with no saved draft exports version 0, the whole video; an export still queued can be cancelled', async () => {
    const r = await t.http().post(`/api/editor/videos/${longVideo.id}/exports`).set(...owner.auth).send({ resolution: '720p', version: 0 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ video_id: longVideo.id, resolution: '720p', height: 180, status: 'queued', progress: 0 });
    const [row] = await t.sql<{ edit: Any }>(`select edit from media_exports where id = $1`, [r.body.id]);
    expect(row.edit).toMatchObject({ clips: [{ start: 0, end: longVideo.duration_seconds }], filter: null, speed: 1, volume: 75 });
    const cancelled = await t.http().post(`/api/editor/exports/${r.body.id}/cancel`).set(...owner.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: r.body.id, status: 'cancelled', result_video_id: null });
  });

  it('exports the saved draft into a new ready video of the owner, processed into HLS; the original is kept', async () => {
    // The saved draft: two cuts with Sepia, a title with quotes, colons and a backslash, at speed 1, with music.
    const saved = await t.http().put(`/api/editor/videos/${video.id}/draft`).set(...owner.auth).send({
      version: 3,
      edit: edit({ clips: [{ start: 0, end: 2 }, { start: 3, end: 6 }], filter: 'Sepia', texts: [{ kind: 'title', text: 'Take 1: "the\\end"', start: 0, end: 2, position: 'center' }], music: { track_id: ownTrack, volume: 40 } }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.duration_seconds).toBe(5);
    const r = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '720p', version: 4 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ video_id: video.id, resolution: '720p', height: 180, status: 'queued', progress: 0, result_video_id: null, error: null });
    exportId = r.body.id;

    const done = await waitFor('the export to finish', async () => {
      const e = (await t.http().get(`/api/editor/exports/${exportId}`).set(...owner.auth)).body;
      return ['done', 'failed', 'cancelled'].includes(e.status) ? e : null;
    }, 120_000, 100);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.result_video_id).toEqual(expect.any(String));

    const result = await waitFor('the new video to be processed', async () => {
      const v = (await t.http().get(`/api/videos/${done.result_video_id}`).set(...owner.auth)).body;
      return v.status !== 'processing' ? v : null;
    }, 90_000, 200);
    expect(result).toMatchObject({ status: 'ready', title: 'Beach day (edited)', height: 180, is_owner: true });
    expect(result.duration_seconds).toBeGreaterThan(4.7);
    expect(result.duration_seconds).toBeLessThan(5.3);
    expect(result.hls_url).toBe(`/api/videos/${result.id}/hls/master.m3u8`);
    const [accounts] = await t.sql<{ same: boolean }>(`select a.account_id = b.account_id as same from media a, media b where a.id = $1 and b.id = $2`, [video.id, result.id]);
    expect(accounts.same).toBe(true);
    const original = (await t.http().get(`/api/videos/${video.id}`).set(...owner.auth)).body;
    expect(original).toMatchObject({ status: 'ready', title: 'Beach day' });
    expect(original.duration_seconds).toBeGreaterThan(5.8);

    const list = await t.http().get(`/api/editor/videos/${video.id}/exports`).set(...owner.auth);
    expect(list.status).toBe(200);
    expect(list.body.exports.map((e: Any) => e.id)).toEqual([exportId]);
    const finished = await t.http().post(`/api/editor/exports/${exportId}/cancel`).set(...owner.auth);
    expect(finished.status).toBe(409);
    expect(finished.body).toMatchObject({ code: 'EDITOR.EXPORT_FINISHED', detail: EDIT_MESSAGES.exportFinished });
    expect(tmpFiles(t).filter((f) => f.startsWith('editor-'))).toEqual([]);
  });

  it("an export is its owner's only: others (admins too) get 404 EDITOR.EXPORT_NOT_FOUND, the admin console and visitors 401", async () => {
    for (const auth of [other.auth, adm.auth]) {
      for (const r of [await t.http().get(`/api/editor/exports/${exportId}`).set(...auth), await t.http().post(`/api/editor/exports/${exportId}/cancel`).set(...auth)]) {
        expect(r.status).toBe(404);
        expect(r.body).toMatchObject({ code: 'EDITOR.EXPORT_NOT_FOUND', detail: EDIT_MESSAGES.exportNotFound });
      }
    }
    expect((await t.http().get(`/api/editor/exports/${exportId}`).set(...adm.adminAuth)).status).toBe(401);
    expect((await t.http().get(`/api/editor/exports/${exportId}`)).status).toBe(401);
    expect((await t.http().post(`/api/editor/exports/${exportId}/cancel`)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await t.http().get(`/api/editor/exports/${id}`).set(...owner.auth)).body.code).toBe('EDITOR.EXPORT_NOT_FOUND');
    }
  });

  it('cancelling a running export stops it: it ends cancelled, and no new video appears', async () => {
    const ownerId = await userIdOf(t, owner.auth);
    const edited = async () => Number((await t.sql<{ n: string }>(`select count(*) as n from media where user_id = $1 and title like '%(edited)'`, [ownerId]))[0].n);
    const before = await edited();
    // No draft saved for the long video: version 0, the whole video; slowed down, so its render takes a while.
    const saved = await t.http().put(`/api/editor/videos/${longVideo.id}/draft`).set(...owner.auth).send({ version: 0, edit: edit({ clips: [{ start: 0, end: longVideo.duration_seconds }], speed: 0.5, filter: 'Dramatic' }) });
    expect(saved.status).toBe(200);
    const r = await t.http().post(`/api/editor/videos/${longVideo.id}/exports`).set(...owner.auth).send({ resolution: '720p', version: 1 });
    expect(r.status).toBe(202);
    await waitFor('the export to render', async () => (await t.http().get(`/api/editor/exports/${r.body.id}`).set(...owner.auth)).body.status === 'rendering', 60_000, 50);
    const cancelled = await t.http().post(`/api/editor/exports/${r.body.id}/cancel`).set(...owner.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: r.body.id, status: 'cancelled', result_video_id: null });
    // The job stops (its files go), and the export stays cancelled.
    await waitFor('the render to stop', async () => !tmpFiles(t).some((f) => f.startsWith('editor-export')) && !(await t.sql(`select 1 from pgboss.job where name = 'editor.export' and state = 'active'`)).length, 60_000, 100);
    const after = (await t.http().get(`/api/editor/exports/${r.body.id}`).set(...owner.auth)).body;
    expect(after).toMatchObject({ status: 'cancelled', result_video_id: null });
    expect(await edited()).toBe(before);
    const again = await t.http().post(`/api/editor/exports/${r.body.id}/cancel`).set(...owner.auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EDITOR.EXPORT_FINISHED');
    const list = await t.http().get(`/api/editor/videos/${longVideo.id}/exports`).set(...owner.auth);
    expect(list.body.exports).toEqual([expect.objectContaining({ id: r.body.id, status: 'cancelled' }), expect.objectContaining({ status: 'cancelled', progress: 0 })]);
  });

  it(`a user has at most ${OPEN_EXPORTS_PER_USER} exports under way: another is 409 EDITOR.TOO_MANY_EXPORTS, and nothing is queued`, async () => {
    const ownerId = await userIdOf(t, owner.auth);
    const ids: string[] = [];
    for (let i = 0; i < OPEN_EXPORTS_PER_USER; i++) {
      const [row] = await t.sql<{ id: string }>(
        `insert into media_exports (id, media_id, user_id, resolution, height, edit, status, progress, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, '720p', 180, '{}'::jsonb, 'queued', 0, now(), now()) returning id`,
        [video.id, ownerId],
      );
      ids.push(row.id);
    }
    try {
      const { version } = (await t.http().get(`/api/editor/videos/${video.id}`).set(...owner.auth)).body.draft;
      const count = async () => (await t.sql(`select 1 from media_exports where user_id = $1`, [ownerId])).length;
      const before = await count();
      const r = await t.http().post(`/api/editor/videos/${video.id}/exports`).set(...owner.auth).send({ resolution: '720p', version });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'EDITOR.TOO_MANY_EXPORTS', detail: EDIT_MESSAGES.tooManyExports(OPEN_EXPORTS_PER_USER) });
      expect(await count()).toBe(before);
    } finally {
      await t.sql(`delete from media_exports where id = any($1)`, [ids]);
    }
  });

  it('a cancel that races the job into publishing is refused: the export is left to publish its video', async () => {
    const ownerId = await userIdOf(t, owner.auth);
    const [row] = await t.sql<{ id: string }>(
      `insert into media_exports (id, media_id, user_id, resolution, height, edit, status, progress, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, '720p', 180, '{}'::jsonb, 'publishing', 99, now(), now()) returning id`,
      [video.id, ownerId],
    );
    const repo = t.app.get<EditRepository>(EDIT_REPOSITORY);
    const stale = await repo.exportById(row.id);
    // The cancel read the export while it was still rendering; the job moved it on before the cancel wrote.
    const read = jest.spyOn(repo, 'exportById').mockResolvedValueOnce({ ...stale!, status: 'rendering', progress: 98 });
    try {
      const r = await t.http().post(`/api/editor/exports/${row.id}/cancel`).set(...owner.auth);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('EDITOR.EXPORT_FINISHED');
      expect(await t.sql(`select status from media_exports where id = $1`, [row.id])).toEqual([{ status: 'publishing' }]);
    } finally {
      read.mockRestore();
      await t.sql(`delete from media_exports where id = $1`, [row.id]);
    }
  });
});

describe('an export whose process died', () => {
  const plain = JSON.stringify({ clips: [{ start: 0, end: 2 }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null });
  const exportRow = async (status: string, minutesAgo: number, result: string | null = null) => {
    const ownerId = await userIdOf(t, owner.auth);
    const [row] = await t.sql<{ id: string }>(
      `insert into media_exports (id, media_id, user_id, resolution, height, edit, status, progress, result_media_id, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, '720p', 180, $3::jsonb, $4, 40, $5, now(), now() - make_interval(mins => $6)) returning id`,
      [video.id, ownerId, plain, status, result, minutesAgo],
    );
    return row.id;
  };
  const videosOfOwner = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from media where user_id = $1 and kind = 'video'`, [await userIdOf(t, owner.auth)]))[0].n;
  const state = async (id: string) => (await t.sql<{ status: string; result_media_id: string | null }>(`select status, result_media_id from media_exports where id = $1`, [id]))[0];

  it('is taken over by a new run once its row stopped moving, and rendered into one new video', async () => {
    const id = await exportRow('rendering', 10);
    const before = await videosOfOwner();
    await t.app.get(EditorExportJob).run(id);
    const after = await state(id);
    expect(after.status).toBe('done');
    expect(after.result_media_id).toEqual(expect.any(String));
    expect(await videosOfOwner()).toBe(before + 1);
  });

  it('is left to its run while its row still moves: a second run renders nothing', async () => {
    const id = await exportRow('rendering', 0);
    const before = await videosOfOwner();
    await t.app.get(EditorExportJob).run(id);
    expect(await state(id)).toEqual({ status: 'rendering', result_media_id: null });
    expect(await videosOfOwner()).toBe(before);
    await t.sql(`delete from media_exports where id = $1`, [id]);
  });

  it('that had published its video is only finished: no second video', async () => {
    const id = await exportRow('publishing', 10, longVideo.id);
    const before = await videosOfOwner();
    await t.app.get(EditorExportJob).run(id);
    expect(await state(id)).toEqual({ status: 'done', result_media_id: longVideo.id });
    expect(await videosOfOwner()).toBe(before);
  });
});
