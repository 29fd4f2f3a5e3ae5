import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, makeClips, openConnections, sendSlowly, userIdOf, waitFor, type Auth, type Clips } from './media-fixtures.js';
import { UploadSweeper } from '../src/modules/upload/application/chunked-upload.use-cases.js';
import { PrincipalCache } from '../src/modules/identity/application/principal-cache.js';

/** The chunked upload of large videos: init, chunks (any order, repeatable), complete, cancel, status, expiry. */

const CHUNK = 262_144;
const MAX = 274_877_906_944;
const NOT_VIDEO = 'Please select a valid video file (MP4, AVI, MOV, MKV, WebM)';

let t: TestApp;
let clips: Clips;
let source: Buffer;
let total: number;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ UPLOAD_CHUNK_BYTES: String(CHUNK), RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['big'])]);
  source = clips.bytes('big');
  total = Math.ceil(source.length / CHUNK);
  // The clip must make several chunks, the last one partial.
  expect(total).toBeGreaterThanOrEqual(4);
  expect(source.length % CHUNK).not.toBe(0);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

const partDir = () => join(t.config.dataDir, 'tmp', 'uploads');
const partFile = (id: string) => join(partDir(), `${id}.part`);
const piece = (i: number, data = source) => data.subarray(i * CHUNK, Math.min((i + 1) * CHUNK, data.length));

function init(auth: Auth, body: Record<string, unknown> = {}) {
  return t.http().post('/api/videos/upload/init').set(...auth).send({ filename: 'big.mp4', total_size: source.length, title: 'A large video', ...body });
}

async function started(auth: Auth, body: Record<string, unknown> = {}): Promise<string> {
  const r = await init(auth, body);
  expect(r.status).toBe(201);
  return r.body.session_id;
}

function chunk(auth: Auth, id: string, index: number | string, data: Buffer) {
  return t.http().post(`/api/videos/upload/chunk/${id}`).set(...auth).field('chunk_index', String(index)).attach('file', data, 'blob');
}

function status(auth: Auth, id: string) {
  return t.http().get(`/api/videos/upload/status/${id}`).set(...auth);
}

function complete(auth: Auth, id: string) {
  return t.http().post(`/api/videos/upload/complete/${id}`).set(...auth);
}

/** Completes while the database refuses to mark this session completed: as if the server died before the commit. */
async function completeFailingAtCommit(auth: Auth, id: string) {
  await t.sql(`create or replace function scriven_test_fail_complete() returns trigger language plpgsql as $$
    begin if new.status = 'completed' and new.id = '${id}' then raise exception 'simulated crash'; end if; return new; end $$`);
  await t.sql('create trigger scriven_test_fail_complete before update on upload_sessions for each row execute function scriven_test_fail_complete()');
  try {
    return await complete(auth, id);
  } finally {
    await t.sql('drop trigger scriven_test_fail_complete on upload_sessions');
    await t.sql('drop function scriven_test_fail_complete()');
  }
}

function cancel(auth: Auth, id: string) {
  return t.http().delete(`/api/videos/upload/cancel/${id}`).set(...auth);
}

async function streamed(auth: Auth, videoId: string): Promise<Buffer> {
  const r = await t.http().get(`/api/videos/${videoId}/stream`).set(...auth).buffer(true).parse(binary as never);
  expect(r.status).toBe(200);
  return r.body as Buffer;
}

async function sessionsOf(auth: Auth): Promise<number> {
  const id = await userIdOf(t, auth);
  return Number((await t.sql<{ n: string }>('select count(*) as n from upload_sessions where user_id = $1', [id]))[0].n);
}

describe('POST /api/videos/upload/init', () => {
  it.each([
    ['no fields at all', { filename: undefined, total_size: undefined, title: undefined }, 'Please select a file and enter a title'],
    ['no title', { title: undefined }, 'Please select a file and enter a title'],
    ['a blank title', { title: '   ' }, 'Please select a file and enter a title'],
    ['no file name', { filename: '' }, 'Please select a file and enter a title'],
    ['an empty file', { total_size: 0 }, 'File cannot be empty'],
    ['one byte over 256GB', { total_size: MAX + 1 }, 'File size exceeds maximum limit of 256GB'],
    ['a size that is not a number', { total_size: 'big' }, 'total_size must be a whole number of bytes'],
    ['a negative size', { total_size: -5 }, 'total_size must be a whole number of bytes'],
  ])('refuses %s with 400 and opens nothing', async (_label, body, message) => {
    const { auth } = await signUp(t);
    const r = await init(auth, body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(await sessionsOf(auth)).toBe(0);
  });

  it('opens a session from JSON, with a sparse part file of the whole size', async () => {
    const { auth } = await signUp(t);
    const before = Date.now();
    const r = await init(auth, { filename: '  holiday.MP4 ', title: '  Holiday  ', description: 'All of it', is_vertical: true });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      session_id: expect.any(String),
      upload_id: r.body.session_id,
      filename: 'holiday.MP4',
      title: 'Holiday',
      total_size: source.length,
      chunk_size: CHUNK,
      total_chunks: total,
      uploaded_chunks: [],
      status: 'active',
      video_id: null,
      expires_at: expect.any(String),
    });
    const expires = Date.parse(r.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
    expect(statSync(partFile(r.body.session_id)).size).toBe(source.length);
    const s = await status(auth, r.body.session_id);
    expect(s.status).toBe(200);
    expect(s.body).toEqual(r.body);
  });

  it('opens a session from a multipart form and from an urlencoded form', async () => {
    const { auth } = await signUp(t);
    const multipart = await t.http().post('/api/videos/upload/init').set(...auth).field('filename', 'a.mp4').field('total_size', String(source.length)).field('title', 'From a form');
    expect(multipart.status).toBe(201);
    expect(multipart.body).toMatchObject({ filename: 'a.mp4', title: 'From a form', total_size: source.length, total_chunks: total, status: 'active' });
    const urlencoded = await t.http().post('/api/videos/upload/init').set(...auth).type('form').send({ filename: 'b.mp4', total_size: String(source.length), title: 'Urlencoded' });
    expect(urlencoded.status).toBe(201);
    expect(urlencoded.body).toMatchObject({ filename: 'b.mp4', title: 'Urlencoded', total_chunks: total });
    const refused = await t.http().post('/api/videos/upload/init').set(...auth).field('filename', 'a.mp4').field('total_size', '0').field('title', 'x');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('File cannot be empty');
  });

  it('needs a user token on every route (401)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.http().post('/api/videos/upload/init').send({ filename: 'a.mp4', total_size: 10, title: 'x' })).status).toBe(401);
    expect((await t.http().post(`/api/videos/upload/chunk/${id}`).field('chunk_index', '0').attach('file', Buffer.alloc(10), 'blob')).status).toBe(401);
    expect((await t.http().post(`/api/videos/upload/complete/${id}`)).status).toBe(401);
    expect((await t.http().delete(`/api/videos/upload/cancel/${id}`)).status).toBe(401);
    expect((await t.http().get(`/api/videos/upload/status/${id}`)).status).toBe(401);
  });

  it('refuses the 4th concurrent session of a user with 429; others are unaffected; cancelling one frees a place', async () => {
    const { auth } = await signUp(t);
    const ids = [await started(auth), await started(auth), await started(auth)];
    const fourth = await init(auth);
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toBe('You have too many uploads in progress. Finish or cancel one first.');
    expect(await sessionsOf(auth)).toBe(3);
    const other = await signUp(t);
    expect((await init(other.auth)).status).toBe(201);
    expect((await cancel(auth, ids[0])).status).toBe(200);
    expect((await init(auth)).status).toBe(201);
  });

  it('lets at most 3 of 6 simultaneous inits of one user through', async () => {
    const { auth } = await signUp(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => init(auth)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    expect(await sessionsOf(auth)).toBe(3);
  });
});

describe('chunks and completion', () => {
  it('takes chunks out of order and repeated, and the completed video is byte-identical to the source', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth, { description: 'In pieces', is_vertical: 'true' });
    const order = [...Array(total).keys()].reverse();
    let count = 0;
    for (const i of order) {
      const r = await chunk(auth, id, i, piece(i));
      expect(r.status).toBe(200);
      count += 1;
      expect(r.body).toEqual({ session_id: id, chunk_index: i, uploaded_chunks: count, total_chunks: total });
    }
    // Repeats change nothing.
    for (const i of [2, total - 1, 0]) {
      const r = await chunk(auth, id, i, piece(i));
      expect(r.status).toBe(200);
      expect(r.body.uploaded_chunks).toBe(total);
    }
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([...Array(total).keys()]);
    const done = await complete(auth, id);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ title: 'A large video', description: 'In pieces', is_vertical: true, monetization_enabled: false, status: 'processing', is_owner: true });
    expect((await streamed(auth, done.body.id)).equals(source)).toBe(true);
    expect(existsSync(partFile(id))).toBe(false);
    expect((await status(auth, id)).body).toMatchObject({ status: 'completed', video_id: done.body.id });
    // A chunk after completion is refused.
    const late = await chunk(auth, id, 0, piece(0));
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This upload is already complete');
  });

  it('takes every chunk at once (in parallel) and still assembles the file exactly', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    const results = await Promise.all([...Array(total).keys()].map((i) => chunk(auth, id, i, piece(i))));
    expect(results.map((r) => r.status)).toEqual(Array(total).fill(200));
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([...Array(total).keys()]);
    const done = await complete(auth, id);
    expect(done.status).toBe(201);
    expect((await streamed(auth, done.body.id)).equals(source)).toBe(true);
  });

  it('refuses a chunk of the wrong size with "This chunk must be exactly N bytes" and does not count it', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    const short = await chunk(auth, id, 1, piece(1).subarray(0, CHUNK - 1));
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe(`This chunk must be exactly ${CHUNK} bytes`);
    const long = await chunk(auth, id, 1, Buffer.concat([piece(1), Buffer.from([0])]));
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe(`This chunk must be exactly ${CHUNK} bytes`);
    const lastLength = source.length - CHUNK * (total - 1);
    const lastLong = await chunk(auth, id, total - 1, Buffer.concat([piece(total - 1), Buffer.alloc(10)]));
    expect(lastLong.status).toBe(400);
    expect(lastLong.body.detail).toBe(`This chunk must be exactly ${lastLength} bytes`);
    const empty = await chunk(auth, id, 2, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([]);

    // A good chunk, then a bad repeat of it: the chunk no longer counts (its bytes may have been overwritten)...
    expect((await chunk(auth, id, 1, piece(1))).body.uploaded_chunks).toBe(1);
    const badRepeat = await chunk(auth, id, 1, piece(1).subarray(0, 1000));
    expect(badRepeat.status).toBe(400);
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([]);
    // ...until it is sent right; the result is still exact.
    for (let i = 0; i < total; i++) expect((await chunk(auth, id, i, piece(i))).status).toBe(200);
    const done = await complete(auth, id);
    expect(done.status).toBe(201);
    expect((await streamed(auth, done.body.id)).equals(source)).toBe(true);
  });

  it('refuses a chunk index out of range, malformed or missing', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    for (const index of [total, total + 100, -1, 'abc', '1.5', '']) {
      const r = await chunk(auth, id, index, piece(1));
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe(`chunk_index must be a whole number from 0 to ${total - 1}`);
    }
    const missing = await t.http().post(`/api/videos/upload/chunk/${id}`).set(...auth).attach('file', piece(1), 'blob');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Send chunk_index, then the chunk as the file field');
    const notMultipart = await t.http().post(`/api/videos/upload/chunk/${id}`).set(...auth).send({ chunk_index: 1 });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.detail).toBe('Send chunk_index, then the chunk as the file field');
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([]);
    // chunk_index may come in the query string instead.
    const byQuery = await t.http().post(`/api/videos/upload/chunk/${id}?chunk_index=1`).set(...auth).attach('chunk', piece(1), 'blob');
    expect(byQuery.status).toBe(200);
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([1]);
  });

  it('refuses a first chunk that is not a video, and does not count it', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    const fake = Buffer.alloc(CHUNK, 0x41);
    fake.write('\x89PNG\r\n\x1a\n', 0, 'latin1');
    const r = await chunk(auth, id, 0, fake);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NOT_VIDEO);
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([]);
    // Other chunks are not judged; the right first chunk is then accepted.
    expect((await chunk(auth, id, 1, Buffer.alloc(CHUNK, 0x42))).status).toBe(200);
    expect((await chunk(auth, id, 0, piece(0))).status).toBe(200);
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([0, 1]);
  });

  it('refuses to complete with chunks missing: "Upload is incomplete: N chunks missing"', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    const none = await complete(auth, id);
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(`Upload is incomplete: ${total} chunks missing`);
    await chunk(auth, id, 0, piece(0));
    await chunk(auth, id, 2, piece(2));
    const some = await complete(auth, id);
    expect(some.status).toBe(400);
    expect(some.body.detail).toBe(`Upload is incomplete: ${total - 2} chunks missing`);
    for (let i = 1; i < total - 1; i++) if (i !== 2) await chunk(auth, id, i, piece(i));
    const one = await complete(auth, id);
    expect(one.status).toBe(400);
    expect(one.body.detail).toBe('Upload is incomplete: 1 chunk missing');
    expect((await status(auth, id)).body.status).toBe('active');
    expect((await t.http().get('/api/videos').set(...auth)).body).toEqual([]);
  });

  it('completing twice (or at once) gives the same video, once', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    for (let i = 0; i < total; i++) await chunk(auth, id, i, piece(i));
    const [a, b, c] = await Promise.all([complete(auth, id), complete(auth, id), complete(auth, id)]);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    const again = await complete(auth, id);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(a.body.id);
    const mine = (await t.http().get('/api/videos').set(...auth)).body;
    expect(mine.map((v: { id: string }) => v.id)).toEqual([a.body.id]);
  });

  it('a completion that fails before it commits loses nothing: completing again works, and leaves one original', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    for (let i = 0; i < total; i++) await chunk(auth, id, i, piece(i));
    const originals = join(t.config.dataDir, 'media', 'originals');
    const mine = () => (existsSync(originals) ? readdirSync(originals).filter((f) => f.startsWith(id)) : []);
    // The server dies (here: the database refuses) after the file went to the catalog but before the commit.
    expect((await completeFailingAtCommit(auth, id)).status).toBe(500);
    expect((await status(auth, id)).body).toMatchObject({ status: 'active', uploaded_chunks: [...Array(total).keys()] });
    expect(statSync(partFile(id)).size).toBe(source.length);
    expect((await t.http().get('/api/videos').set(...auth)).body).toEqual([]);

    const done = await complete(auth, id);
    expect(done.status).toBe(201);
    expect((await streamed(auth, done.body.id)).equals(source)).toBe(true);
    expect(existsSync(partFile(id))).toBe(false);
    expect(mine()).toEqual([`${id}.mp4`]);
  });

  it('cancelling after a failed completion removes what that completion stored', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    for (let i = 0; i < total; i++) await chunk(auth, id, i, piece(i));
    const originals = join(t.config.dataDir, 'media', 'originals');
    expect((await completeFailingAtCommit(auth, id)).status).toBe(500);
    expect(existsSync(join(originals, `${id}.mp4`))).toBe(true);
    expect((await cancel(auth, id)).status).toBe(200);
    expect(existsSync(join(originals, `${id}.mp4`))).toBe(false);
    expect(existsSync(partFile(id))).toBe(false);
  });

  it('refuses monetization at init (403) for a user outside the creator program, and keeps it for a member', async () => {
    const outsider = await signUp(t);
    const refused = await init(outsider.auth, { monetization_enabled: true });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Monetization is available to creator program members only');
    expect(await sessionsOf(outsider.auth)).toBe(0);

    const member = await signUp(t);
    const memberId = await userIdOf(t, member.auth);
    await t.sql('update users set creator_program = true where id = $1', [memberId]);
    await t.app.get(PrincipalCache).invalidate(memberId);
    const id = await started(member.auth, { monetization_enabled: true });
    for (let i = 0; i < total; i++) await chunk(member.auth, id, i, piece(i));
    const done = await complete(member.auth, id);
    expect(done.status).toBe(201);
    expect(done.body.monetization_enabled).toBe(true);
  });

  it('refuses to complete an upload whose first chunk was never a video', async () => {
    const { auth } = await signUp(t);
    // Only the first chunk is judged; a session whose container was never set cannot be completed.
    const id = await started(auth);
    for (let i = 0; i < total; i++) await chunk(auth, id, i, piece(i));
    await t.sql('update upload_sessions set container = null where id = $1', [id]);
    const r = await complete(auth, id);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NOT_VIDEO);
  });
});

describe('ownership, cancel and expiry', () => {
  it("another user's session is 404 on chunk, complete, cancel and status, and stays untouched", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const id = await started(owner.auth);
    await chunk(owner.auth, id, 0, piece(0));
    for (const r of [await chunk(other.auth, id, 1, piece(1)), await complete(other.auth, id), await cancel(other.auth, id), await status(other.auth, id)]) {
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Upload session not found');
    }
    expect((await status(owner.auth, id)).body).toMatchObject({ status: 'active', uploaded_chunks: [0] });
    expect(existsSync(partFile(id))).toBe(true);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-session']) {
      expect((await status(owner.auth, bad)).status).toBe(404);
      expect((await chunk(owner.auth, bad, 0, piece(0))).status).toBe(404);
    }
  });

  it('cancel removes the part file; later chunks and completion get 410', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    await chunk(auth, id, 0, piece(0));
    expect(existsSync(partFile(id))).toBe(true);
    const r = await cancel(auth, id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Upload cancelled' });
    expect(existsSync(partFile(id))).toBe(false);
    const late = await chunk(auth, id, 1, piece(1));
    expect(late.status).toBe(410);
    expect(late.body.detail).toBe('This upload was cancelled');
    const done = await complete(auth, id);
    expect(done.status).toBe(410);
    expect(done.body.detail).toBe('This upload was cancelled');
    expect((await status(auth, id)).body.status).toBe('cancelled');
    expect(existsSync(partFile(id))).toBe(false);
  });

  it.each([
    ['a foreign session', 404, 'Upload session not found'],
    ['a cancelled session', 410, 'This upload was cancelled'],
  ])('a large chunk sent to %s gets its refusal to a client still sending, and the server lets go of the connection', async (which, code, detail) => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const id = await started(owner.auth);
    if (which === 'a cancelled session') await cancel(owner.auth, id);
    const sender = which === 'a foreign session' ? other.token : owner.token;
    const server = t.app.getHttpServer();
    try {
      // As large as a chunk of the default size (8 MiB), well beyond what socket buffers absorb.
      const result = await sendSlowly(t, `/api/videos/upload/chunk/${id}`, sender, { chunk_index: '1' }, piece(1), 16 * 1024 * 1024);
      expect(result.status).toBe(code);
      expect(JSON.parse(result.body).detail).toBe(detail);
      const clientFinished = result.bodySent || (result.connection === 'close' && result.closed);
      const serverReleased = await waitFor('the server to release the connection', async () => (await openConnections(t)) === 0, 3000, 50).then(
        () => true,
        () => false,
      );
      expect({ clientFinished, serverReleased }).toEqual({ clientFinished: true, serverReleased: true });
    } finally {
      server.closeAllConnections();
    }
  });

  it('a completed upload cannot be cancelled (409)', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    for (let i = 0; i < total; i++) await chunk(auth, id, i, piece(i));
    const done = await complete(auth, id);
    const r = await cancel(auth, id);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('This upload is already complete');
    expect((await streamed(auth, done.body.id)).equals(source)).toBe(true);
  });

  it('the sweeper removes upload files no active session owns, and never the file of one paused for days', async () => {
    const { auth } = await signUp(t);
    const paused = await started(auth);
    await chunk(auth, paused, 0, piece(0));
    // Paused for 23 hours, its file last written three days ago (a clock step, a restored backup): still resumable.
    await t.sql(`update upload_sessions set last_activity_at = now() - interval '23 hours' where id = $1`, [paused]);
    const old = new Date(Date.now() - 72 * 3600_000);
    utimesSync(partFile(paused), old, old);
    // A file whose session never committed (a crash during init), and one a cancel did not get to remove.
    const orphan = partFile('0b5c2f1e-1111-4a2b-8c3d-000000000001');
    writeFileSync(orphan, 'left behind');
    utimesSync(orphan, old, old);
    const cancelled = await started(auth);
    await t.sql(`update upload_sessions set status = 'cancelled' where id = $1`, [cancelled]);
    utimesSync(partFile(cancelled), old, old);
    // A file an init is still committing (younger than an hour) is left alone.
    const young = partFile('0b5c2f1e-1111-4a2b-8c3d-000000000002');
    writeFileSync(young, 'being created');

    await t.app.get(UploadSweeper).sweep();
    expect(existsSync(partFile(paused))).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(partFile(cancelled))).toBe(false);
    expect(existsSync(young)).toBe(true);
    rmSync(young);
    expect((await chunk(auth, paused, 1, piece(1))).status).toBe(200);
  });

  it('a session idle for more than 24 hours expires: status says so, the sweeper removes its file, chunks get 410', async () => {
    const { auth } = await signUp(t);
    const idle = await started(auth);
    const fresh = await started(auth);
    await chunk(auth, idle, 0, piece(0));
    await t.sql(`update upload_sessions set last_activity_at = now() - interval '25 hours' where id = $1`, [idle]);
    expect((await status(auth, idle)).body.status).toBe('expired');
    const swept = await t.app.get(UploadSweeper).sweep();
    expect(swept).toBeGreaterThanOrEqual(1);
    const s = await status(auth, idle);
    expect(s.body).toMatchObject({ status: 'expired', uploaded_chunks: [0] });
    expect(existsSync(partFile(idle))).toBe(false);
    const late = await chunk(auth, idle, 1, piece(1));
    expect(late.status).toBe(410);
    expect(late.body.detail).toBe('This upload session has expired');
    const done = await complete(auth, idle);
    expect(done.status).toBe(410);
    expect(done.body.detail).toBe('This upload session has expired');
    // The other session is untouched, and the expired one no longer counts towards the limit.
    expect((await status(auth, fresh)).body.status).toBe('active');
    expect(existsSync(partFile(fresh))).toBe(true);
    expect((await init(auth)).status).toBe(201);
    expect((await init(auth)).status).toBe(201);
  });

  it('an idle session is refused before the sweeper runs (410), and its chunk is not written', async () => {
    const { auth } = await signUp(t);
    const id = await started(auth);
    await t.sql(`update upload_sessions set last_activity_at = now() - interval '25 hours' where id = $1`, [id]);
    const r = await chunk(auth, id, 0, piece(0));
    expect(r.status).toBe(410);
    expect(r.body.detail).toBe('This upload session has expired');
    expect((await status(auth, id)).body.uploaded_chunks).toEqual([]);
  });
});
