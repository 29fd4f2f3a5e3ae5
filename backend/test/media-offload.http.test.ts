import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { makeClips, markReady, setPrivacy, upload, type Auth, type Clips, type Kind } from './media-fixtures.js';

/** MEDIA_OFFLOAD=x-accel: the server decides access, nginx sends the bytes (X-Accel-Redirect). */

let t: TestApp;
let custom: TestApp | undefined;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ MEDIA_OFFLOAD: 'x-accel', RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape', 'webm'])]);
});
afterAll(async () => {
  await custom?.close();
  await t?.close();
  clips?.cleanup();
});

async function item(app: TestApp, kind: Kind, auth: Auth, clip: 'landscape' | 'webm' = 'landscape', ready = true): Promise<{ id: string; key: string; stream_url: string }> {
  const r = await upload(app, kind, auth, clips.path[clip], { title: 'Offloaded' });
  expect(r.status).toBe(201);
  const body = kind === 'movie' ? r.body.movie : r.body;
  if (ready) await markReady(app, body.id);
  const [{ original_key }] = await app.sql<{ original_key: string }>('select original_key from media where id = $1', [body.id]);
  return { id: body.id, key: original_key, stream_url: body.stream_url };
}

describe('MEDIA_OFFLOAD=x-accel', () => {
  it('answers a stream with X-Accel-Redirect to the internal prefix plus the storage key, the type, and no body', async () => {
    const { auth } = await signUp(t);
    const v = await item(t, 'video', auth);
    const r = await t.http().get(`/api/videos/${v.id}/stream`).set('Range', 'bytes=0-99');
    expect(r.status).toBe(200);
    expect(r.headers['x-accel-redirect']).toBe(`/_scriven_media/${v.key}`);
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    expect(r.text ?? '').toBe('');
    expect(Number(r.headers['content-length'] ?? '0')).toBe(0);
    // The key names the file nginx must serve, under DATA_DIR/media.
    const file = join(t.config.dataDir, 'media', v.key);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBe(statSync(clips.path.landscape).size);
  });

  it('gives the content type of each file (WebM) and works for reels and, signed in, movies', async () => {
    const { auth } = await signUp(t);
    const webm = await item(t, 'video', auth, 'webm');
    const w = await t.http().get(`/api/videos/${webm.id}/stream`);
    expect(w.headers['x-accel-redirect']).toBe(`/_scriven_media/${webm.key}`);
    expect(w.headers['content-type']).toBe('video/webm');
    const reel = await item(t, 'reel', auth);
    const r = await t.http().get(`/api/reels/${reel.id}/stream`);
    expect(r.status).toBe(200);
    expect(r.headers['x-accel-redirect']).toBe(`/_scriven_media/${reel.key}`);
    const movie = await item(t, 'movie', auth);
    const visitor = await t.http().get(`/api/movies/${movie.id}/stream`);
    expect(visitor.status).toBe(401);
    expect(visitor.headers['x-accel-redirect']).toBeUndefined();
    const other = await signUp(t);
    const m = await t.http().get(`/api/movies/${movie.id}/stream`).set(...other.auth);
    expect(m.status).toBe(200);
    expect(m.headers['x-accel-redirect']).toBe(`/_scriven_media/${movie.key}`);
    expect(m.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('still applies access rules: 404 without a redirect for others on a private or unprocessed item; the owner gets it', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const pending = await item(t, 'video', owner.auth, 'landscape', false);
    const v = await item(t, 'video', owner.auth);
    await setPrivacy(t, owner.auth, { profile_visibility: 'private' });
    for (const id of [pending.id, v.id]) {
      for (const req of [t.http().get(`/api/videos/${id}/stream`), t.http().get(`/api/videos/${id}/stream`).set(...other.auth)]) {
        const r = await req;
        expect(r.status).toBe(404);
        expect(r.headers['x-accel-redirect']).toBeUndefined();
        expect(r.body.detail).toBe('Not found');
      }
    }
    const mine = await t.http().get(pending.stream_url);
    expect(mine.status).toBe(200);
    expect(mine.headers['x-accel-redirect']).toBe(`/_scriven_media/${pending.key}`);
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    const byHeader = await t.http().get(`/api/videos/${v.id}/stream`).set(...owner.auth);
    expect(byHeader.headers['x-accel-redirect']).toBe(`/_scriven_media/${v.key}`);
  });

  it('uses MEDIA_OFFLOAD_PREFIX when set (with its trailing slash added)', async () => {
    custom = await createTestApp({ MEDIA_OFFLOAD: 'x-accel', MEDIA_OFFLOAD_PREFIX: '/protected-media' });
    const { auth } = await signUp(custom);
    const v = await item(custom, 'video', auth);
    const r = await custom.http().get(`/api/videos/${v.id}/stream`);
    expect(r.status).toBe(200);
    expect(r.headers['x-accel-redirect']).toBe(`/protected-media/${v.key}`);
  });
});
