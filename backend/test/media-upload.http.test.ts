import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { baseUrl, binary, makeClips, MP4_HEAD, openConnections, PNG_HEAD, sendSlowly, storedOriginals, tmpFiles, upload, userIdOf, waitFor, type Auth, type Clips, type Kind } from './media-fixtures.js';
import { PrincipalCache } from '../src/modules/identity/application/principal-cache.js';

/** Single-request uploads of videos, reels and movies: what is accepted, what is refused, and that refusals leave nothing. */

const VIDEO_CAP = 4 * 1024 * 1024; // 'File size must be less than 4MB'
const MOVIE_CAP = 6 * 1024 * 1024; // 'File size must be less than 6MB'
const REEL_CAP = 268_435_456;

let t: TestApp;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([
    createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MAX_VIDEO_UPLOAD_BYTES: String(VIDEO_CAP), MAX_MOVIE_UPLOAD_BYTES: String(MOVIE_CAP) }),
    makeClips(['landscape', 'webm', 'mov']),
  ]);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

/** Every test ends with nothing left in DATA_DIR/tmp. */
afterEach(() => {
  expect(tmpFiles(t)).toEqual([]);
});

const NOT_VIDEO: Record<Kind, string> = { video: 'Please select a video file', reel: 'Please select a valid video file', movie: 'Please select a movie file' };
const NO_FILE: Record<Kind, string> = { video: 'Please select a video file', reel: 'Please select a video file', movie: 'Please select a movie file' };
const NO_TITLE: Record<Kind, string> = { video: 'Please enter a title', reel: 'Please enter a title', movie: 'Please enter a movie title' };

async function ownList(kind: Kind, auth: Auth): Promise<unknown[]> {
  const r = await t.http().get(`/api/${kind}s`).set(...auth);
  expect(r.status).toBe(200);
  return kind === 'video' ? r.body : kind === 'reel' ? r.body.reels : r.body.movies;
}

/** A refused upload: nothing listed for its owner, no stored original added, no temporary file left. */
async function expectNothingKept(kind: Kind, auth: Auth, originalsBefore: string[]): Promise<void> {
  expect(await ownList(kind, auth)).toEqual([]);
  expect(storedOriginals(t).sort()).toEqual(originalsBefore.sort());
  expect(tmpFiles(t)).toEqual([]);
}

async function streamBytes(url: string, auth?: Auth): Promise<{ status: number; type: string; body: Buffer }> {
  let req = t.http().get(url);
  if (auth) req = req.set(...auth);
  const r = await req.buffer(true).parse(binary as never);
  return { status: r.status, type: String(r.headers['content-type']), body: r.body as Buffer };
}

describe('types are judged by the bytes, not the name', () => {
  it('accepts a real MP4 named .png and sent as image/png, as a video being processed', async () => {
    const { auth, user } = await signUp(t);
    const r = await upload(t, 'video', auth, clips.path.landscape, { title: '  My first video  ', description: ' About it ' }, 'holiday.png', 'image/png');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: 'My first video',
      description: 'About it',
      status: 'processing',
      failure_reason: null,
      is_vertical: false,
      monetization_enabled: false,
      views: 0,
      likes: 0,
      liked: false,
      ad_revenue: 0,
      duration_seconds: null,
      thumbnail_url: null,
      hls_url: null,
      is_owner: true,
      owner: { handle: String(user.display_name).toLowerCase(), display_name: user.display_name },
    });
    expect(r.body.stream_url).toMatch(new RegExp(`^/api/videos/${r.body.id}/stream\\?t=`));
    const s = await streamBytes(r.body.stream_url);
    expect(s.status).toBe(200);
    expect(s.type).toBe('video/mp4');
    expect(s.body.equals(readFileSync(clips.path.landscape))).toBe(true);
  });

  it.each<[Kind, string, string]>([
    ['video', 'webm', 'video/webm'],
    ['reel', 'webm', 'video/webm'],
    ['movie', 'webm', 'video/webm'],
    ['video', 'mov', 'video/quicktime'],
  ])('accepts a %s that is %s by its bytes though named .mp4, and serves it as %s', async (kind, clip, type) => {
    const { auth } = await signUp(t);
    const r = await upload(t, kind, auth, clips.path[clip as 'webm' | 'mov'], { title: 'Named wrongly' }, 'clip.mp4', 'video/mp4');
    expect(r.status).toBe(201);
    const item = kind === 'movie' ? r.body.movie : r.body;
    const s = await streamBytes(item.stream_url, auth);
    expect(s.status).toBe(200);
    expect(s.type).toBe(type);
    expect(s.body.equals(readFileSync(clips.path[clip as 'webm' | 'mov']))).toBe(true);
  });

  it.each<[Kind, 'png' | 'text']>([
    ['video', 'png'],
    ['video', 'text'],
    ['reel', 'png'],
    ['reel', 'text'],
    ['movie', 'png'],
    ['movie', 'text'],
  ])('refuses a %s that is %s renamed .mp4 and sent as video/mp4, keeping nothing', async (kind, what) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, clips[what], { title: 'Not a video' }, 'clip.mp4', 'video/mp4');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NOT_VIDEO[kind]);
    await expectNothingKept(kind, auth, before);
  });

  it.each<Kind>(['video', 'reel', 'movie'])('refuses an empty %s file with "File cannot be empty"', async (kind) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, Buffer.alloc(0), { title: 'Empty' }, 'empty.mp4', 'video/mp4');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('File cannot be empty');
    await expectNothingKept(kind, auth, before);
  });

  it.each<Kind>(['video', 'reel', 'movie'])('refuses a %s of a few bytes that cannot be judged', async (kind) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, Buffer.from('abc'), { title: 'Tiny' }, 'tiny.mp4', 'video/mp4');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NOT_VIDEO[kind]);
    await expectNothingKept(kind, auth, before);
  });
});

describe('required fields', () => {
  it.each<Kind>(['video', 'reel', 'movie'])('a %s form without a file is refused with its message', async (kind) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, null, { title: 'No file' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NO_FILE[kind]);
    const json = await t.http().post(`/api/${kind}s/upload`).set(...auth).send({ title: 'No file' });
    expect(json.status).toBe(400);
    expect(json.body.detail).toBe(NO_FILE[kind]);
    await expectNothingKept(kind, auth, before);
  });

  it.each<[Kind, string | undefined]>([
    ['video', undefined],
    ['video', '   '],
    ['reel', undefined],
    ['reel', '   '],
    ['movie', undefined],
    ['movie', '   '],
  ])('a %s with title %j is refused with its message and its file removed', async (kind, title) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, clips.path.landscape, title === undefined ? {} : { title });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(NO_TITLE[kind]);
    expect(r.body.errors).toContainEqual({ field: 'title', message: NO_TITLE[kind] });
    await expectNothingKept(kind, auth, before);
  });

  it('reads the title when it comes after the file, and takes the file under the name "video" too', async () => {
    const { auth } = await signUp(t);
    const r = await t.http().post('/api/videos/upload').set(...auth).attach('video', clips.path.landscape).field('title', 'Title after the file');
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('Title after the file');
  });

  it.each<Kind>(['video', 'reel', 'movie'])('a %s form with two files is refused, and neither is kept', async (kind) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await t.http().post(`/api/${kind}s/upload`).set(...auth).field('title', 'Two files').attach('file', clips.path.landscape).attach('file', clips.path.webm);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Send one file per upload, with its fields');
    await expectNothingKept(kind, auth, before);
  });

  it.each<Kind>(['video', 'reel', 'movie'])('a visitor cannot upload a %s (401), and nothing is kept', async (kind) => {
    const before = storedOriginals(t);
    const r = await upload(t, kind, null, clips.path.landscape, { title: 'Anonymous' });
    expect(r.status).toBe(401);
    expect(storedOriginals(t).sort()).toEqual(before.sort());
  });

  it('answers a visitor still sending a large body, then reads the rest of it: no reset reaches the client', async () => {
    // A server that closes with the body unread makes the kernel send a reset, and a client still writing sees a
    // broken pipe before (or instead of) the answer. The close lingers instead: the write side shuts, reading goes on.
    const url = new URL(await baseUrl(t));
    const socket = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    await new Promise((r) => socket.once('connect', r));
    const errors: string[] = [];
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    let answer = '';
    let ended = false;
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('end', () => (ended = true));
    const write = (b: Buffer | string) => new Promise<void>((resolve) => socket.write(b, () => resolve()));
    await write(`POST /api/videos/upload HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${16 * 1024 * 1024}\r\n\r\n`);
    await write(Buffer.alloc(256 * 1024, 7));
    await waitFor('the answer and the end of the server side', async () => ended, 10_000, 10);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    // Keep sending, as a client that has not noticed yet would: every write lands, and no reset comes back.
    for (let i = 0; i < 8; i++) {
      await write(Buffer.alloc(256 * 1024, 7));
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(errors).toEqual([]);
    // The client closes its side; the server lets the connection go.
    socket.end();
    await waitFor('the connection to close', async () => socket.closed, 10_000, 10);
    expect(errors).toEqual([]);
  });
});

describe('size caps', () => {
  it('refuses a video one byte over MAX_VIDEO_UPLOAD_BYTES with 413, and accepts one exactly at it', async () => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const over = await upload(t, 'video', auth, clips.sparseMp4(VIDEO_CAP + 1), { title: 'Too big' });
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('File size must be less than 4MB');
    await expectNothingKept('video', auth, before);
    const at = await upload(t, 'video', auth, clips.sparseMp4(VIDEO_CAP), { title: 'Just fits' });
    expect(at.status).toBe(201);
    expect((await t.sql<{ original_size: string }>('select original_size from media where id = $1', [at.body.id]))[0].original_size).toBe(String(VIDEO_CAP));
  });

  it('refuses a movie one byte over MAX_MOVIE_UPLOAD_BYTES with 413', async () => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const over = await upload(t, 'movie', auth, clips.sparseMp4(MOVIE_CAP + 1), { title: 'Too long a film' });
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('File size must be less than 6MB');
    await expectNothingKept('movie', auth, before);
  });

  it('refuses a reel of 268435457 bytes with "File size must be less than 256MB" and accepts one of 268435456', async () => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const over = await upload(t, 'reel', auth, clips.sparseMp4(REEL_CAP + 1), { title: 'Too big a reel' });
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('File size must be less than 256MB');
    await expectNothingKept('reel', auth, before);
    const at = await upload(t, 'reel', auth, clips.sparseMp4(REEL_CAP), { title: 'Just fits' });
    expect(at.status).toBe(201);
    const rows = await t.sql<{ original_size: string; original_key: string }>('select original_size, original_key from media where id = $1', [at.body.id]);
    expect(rows[0].original_size).toBe(String(REEL_CAP));
    // Do not keep 256 MB around for the rest of the file.
    await t.sql('delete from media where id = $1', [at.body.id]);
    rmSync(join(t.config.dataDir, 'media', rows[0].original_key), { force: true });
  }, 120_000);

  it.each([
    ['a 16 MB reel that is a PNG by its bytes', '/api/reels/upload', 'png', 400, 'Please select a valid video file'],
    ['a 16 MB video over the 4MB cap', '/api/videos/upload', 'mp4', 413, 'File size must be less than 4MB'],
  ])('%s: the refusal reaches a client that is still sending, and the server lets go of the connection', async (_label, path, head, status, detail) => {
    const { token } = await signUp(t);
    const server = t.app.getHttpServer();
    try {
      const result = await sendSlowly(t, path, token, { title: 'Slow' }, head === 'png' ? PNG_HEAD : MP4_HEAD, 16 * 1024 * 1024);
      expect(result.status).toBe(status);
      expect(JSON.parse(result.body).detail).toBe(detail);
      // Either the server read the rest of the body, or it said it would close and did: a client is never left hanging.
      const clientFinished = result.bodySent || (result.connection === 'close' && result.closed);
      // Once the client is done (or has given up and closed), the server holds no connection for it.
      const serverReleased = await waitFor('the server to release the connection', async () => (await openConnections(t)) === 0, 3000, 50).then(
        () => true,
        () => false,
      );
      expect({ clientFinished, serverReleased }).toEqual({ clientFinished: true, serverReleased: true });
      await waitFor('no temporary file', async () => tmpFiles(t).length === 0, 5000, 50);
    } finally {
      // Do not let a stuck connection keep the app from closing.
      server.closeAllConnections();
    }
  });

  it('removes the partial file when the client disconnects in the middle of an upload', async () => {
    const { token } = await signUp(t);
    const url = new URL('/api/reels/upload', await baseUrl(t));
    const boundary = '----scriven-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut short\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const declared = head.length + 3 * 1024 * 1024 + 100;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(declared) },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(readFileSync(clips.path.landscape).subarray(0, 400_000));
    await waitFor('the partial file to appear', async () => tmpFiles(t).length > 0, 10_000, 20);
    req.destroy();
    await waitFor('the partial file to be removed', async () => tmpFiles(t).length === 0, 10_000, 50);
    expect(tmpFiles(t)).toEqual([]);
  });
});

describe('monetization', () => {
  it.each<Kind>(['video', 'reel'])('refuses monetization_enabled=true on a %s for a user outside the creator program (403)', async (kind) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, kind, auth, clips.path.landscape, { title: 'Pay me', monetization_enabled: 'true' });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe('Monetization is available to creator program members only');
    await expectNothingKept(kind, auth, before);
  });

  it('lets a creator-program member publish a monetized video', async () => {
    const { auth } = await signUp(t);
    const id = await userIdOf(t, auth);
    await t.sql('update users set creator_program = true where id = $1', [id]);
    await t.app.get(PrincipalCache).invalidate(id);
    const r = await upload(t, 'video', auth, clips.path.landscape, { title: 'Paid', monetization_enabled: 'true' });
    expect(r.status).toBe(201);
    expect(r.body.monetization_enabled).toBe(true);
  });
});

describe('reel rules (seed 002 §5)', () => {
  it('accepts a title of 100 characters and a description of 500, and answers with the reel', async () => {
    const { auth, user } = await signUp(t);
    const r = await upload(t, 'reel', auth, clips.path.landscape, { title: 't'.repeat(100), description: 'd'.repeat(500) });
    expect(r.status).toBe(201);
    const handle = String(user.display_name).toLowerCase();
    expect(r.body).toMatchObject({ title: 't'.repeat(100), description: 'd'.repeat(500), username: handle, created_by: handle, likes: 0, liked: false, comments: 0, views: 0, status: 'processing', is_owner: true, tags: [] });
    expect(r.body.stream_url).toMatch(new RegExp(`^/api/reels/${r.body.id}/stream\\?t=`));
  });

  it.each([
    ['a title of 101 characters', { title: 't'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    ['a description of 501 characters', { title: 'Fine', description: 'd'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    ['tags that are not a list', { title: 'Fine', tags: '{"not":"a list"}' }, 'tags', 'Tags must be a JSON list of words'],
  ])('refuses %s', async (_label, fields, field, message) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, 'reel', auth, clips.path.landscape, fields as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toContainEqual({ field, message });
    await expectNothingKept('reel', auth, before);
  });

  it.each([
    ['["  #Fun ", "fun", "#TRAVEL", "   ", "##Sun", "Travel"]', ['fun', 'travel', 'sun']],
    ['#Beach, sea ,#BEACH', ['beach', 'sea']],
    ['', []],
  ])('normalises hashtags %j to %j', async (tags, expected) => {
    const { auth } = await signUp(t);
    const r = await upload(t, 'reel', auth, clips.path.landscape, { title: 'Tagged', tags });
    expect(r.status).toBe(201);
    expect(r.body.tags).toEqual(expected);
    const list = await t.http().get('/api/reels').set(...auth);
    expect(list.body.reels[0].tags).toEqual(expected);
  });

  it('is vertical whatever is sent', async () => {
    const { auth } = await signUp(t);
    const r = await upload(t, 'reel', auth, clips.path.landscape, { title: 'Reel', is_vertical: 'false' });
    expect(r.status).toBe(201);
    expect((await t.sql<{ is_vertical: boolean }>('select is_vertical from media where id = $1', [r.body.id]))[0].is_vertical).toBe(true);
  });
});

describe('movie rules (seed 000 §5)', () => {
  const year = new Date().getUTCFullYear();

  it('lists for visitors too (200): the Cinema room is browsed signed out', async () => {
    const r = await t.http().get('/api/movies');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.movies)).toBe(true);
  });

  it('applies the defaults: age rating PG, family safe, not premium, no genres', async () => {
    const { auth } = await signUp(t);
    const r = await upload(t, 'movie', auth, clips.path.landscape, { title: ' The Film ' });
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(r.body.movie).toMatchObject({
      title: 'The Film',
      description: null,
      year: null,
      duration: null,
      rating: null,
      genre: [],
      age_rating: 'PG',
      family_safe: true,
      is_premium: false,
      poster_url: null,
      backdrop_url: null,
      video_url: null,
      cast: [],
      views: 0,
      status: 'processing',
      failure_reason: null,
      is_owner: true,
    });
    expect(r.body.movie.stream_url).toMatch(new RegExp(`^/api/movies/${r.body.movie.id}/stream\\?t=`));
    const list = await t.http().get('/api/movies').set(...auth);
    expect(list.status).toBe(200);
    expect(list.body.movies.map((m: { id: string }) => m.id)).toEqual([r.body.movie.id]);
    expect(list.body.next_cursor).toBeNull();
  });

  it('keeps every field sent: genres (names matched without case, up to 3), bounds of the year, rating, flags, duration', async () => {
    const { auth } = await signUp(t);
    const low = await upload(t, 'movie', auth, clips.path.landscape, {
      title: 'Old',
      description: 'Silent era',
      genre: '["action", "Sci-Fi", "DRAMA"]',
      year: '1900',
      duration: '95',
      age_rating: 'PG-13',
      is_premium: 'true',
      family_safe: 'false',
    });
    expect(low.status).toBe(201);
    expect(low.body.movie).toMatchObject({ description: 'Silent era', genre: ['Action', 'Sci-Fi', 'Drama'], year: 1900, duration: 95, age_rating: 'PG-13', is_premium: true, family_safe: false });
    const high = await upload(t, 'movie', auth, clips.path.landscape, { title: 'Future', year: String(year + 5), age_rating: 'NC-17', genre: '["Family"]' });
    expect(high.status).toBe(201);
    expect(high.body.movie).toMatchObject({ year: year + 5, age_rating: 'NC-17', genre: ['Family'] });
  });

  it.each([
    [{ genre: '["Action","Comedy","Drama","Horror"]' }, 'genre', 'Choose at most 3 genres'],
    [{ genre: '["Action","Cartoon"]' }, 'genre', 'Unknown genre: Cartoon'],
    [{ year: '1899' }, 'year', `Year must be between 1900 and ${new Date().getUTCFullYear() + 5}`],
    [{ year: String(new Date().getUTCFullYear() + 6) }, 'year', `Year must be between 1900 and ${new Date().getUTCFullYear() + 5}`],
    [{ year: 'soon' }, 'year', `Year must be between 1900 and ${new Date().getUTCFullYear() + 5}`],
    [{ age_rating: 'X' }, 'age_rating', 'Age rating must be G, PG, PG-13, R or NC-17'],
    [{ duration: '0' }, 'duration', 'Duration must be a whole number of minutes between 1 and 1000'],
  ])('refuses %j: %s, %s', async (fields, field, message) => {
    const { auth } = await signUp(t);
    const before = storedOriginals(t);
    const r = await upload(t, 'movie', auth, clips.path.landscape, { title: 'Refused', ...(fields as Record<string, string>) });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toContainEqual({ field, message });
    await expectNothingKept('movie', auth, before);
  });
});
