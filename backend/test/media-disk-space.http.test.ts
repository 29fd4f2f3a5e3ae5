import { createTestApp, signUp, type TestApp } from './harness.js';
import { makeClips, storedOriginals, tmpFiles, upload, type Clips } from './media-fixtures.js';

/**
 * A disk that cannot hold an upload refuses it before any byte is stored, whatever this machine's real free space:
 * the app keeps a reserve of 1 PiB free (UPLOAD_DISK_RESERVE_BYTES), more than any disk here has.
 */
let t: TestApp;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ UPLOAD_DISK_RESERVE_BYTES: String(2 ** 50), RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape'])]);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

it.each(['video', 'reel', 'movie'] as const)('refuses a one-request %s upload with 507 and keeps nothing', async (kind) => {
  const { auth } = await signUp(t);
  const fields: Record<string, string> = kind === 'movie' ? { title: 'No room', year: '2020', genres: '["Drama"]' } : { title: 'No room' };
  const r = await upload(t, kind, auth, clips.path.landscape, fields);
  expect(r.status).toBe(507);
  expect(r.body.detail).toBe('Not enough storage space for this upload');
  expect(tmpFiles(t)).toEqual([]);
  expect(storedOriginals(t)).toEqual([]);
  const list = await t.http().get(`/api/${kind}s?mine=true`).set(...auth);
  expect(JSON.stringify(list.body)).not.toContain('No room');
});

it('refuses a chunked upload at init with 507, and opens no session', async () => {
  const { auth } = await signUp(t);
  const r = await t.http().post('/api/videos/upload/init').set(...auth).send({ filename: 'big.mp4', total_size: 1024 ** 2, title: 'No room' });
  expect(r.status).toBe(507);
  expect(r.body.detail).toBe('Not enough storage space for this upload');
  expect(tmpFiles(t)).toEqual([]);
  const n = await t.sql<{ n: string }>("select count(*) as n from upload_sessions where title = 'No room'");
  expect(Number(n[0].n)).toBe(0);
});
