import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, makeClips, markReady, MP4_HEAD, upload, type Auth, type Clips, type Kind } from './media-fixtures.js';

/** GET/HEAD /api/{videos,reels,movies}/{id}/stream: the HTTP semantics players rely on. */

let t: TestApp;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape', 'webm'])]);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

interface Item {
  id: string;
  url: string;
  bytes: Buffer;
  size: number;
  auth: Auth;
}

/** A ready item of a new user's public account. */
async function readyItem(kind: Kind = 'video', clip: 'landscape' | 'webm' = 'landscape'): Promise<Item> {
  const { auth } = await signUp(t);
  const r = await upload(t, kind, auth, clips.path[clip], { title: `A ${kind}` });
  expect(r.status).toBe(201);
  const id = kind === 'movie' ? r.body.movie.id : r.body.id;
  await markReady(t, id);
  const bytes = readFileSync(clips.path[clip]);
  return { id, url: `/api/${kind}s/${id}/stream`, bytes, size: bytes.length, auth };
}

function get(url: string, headers: Record<string, string> = {}) {
  let req = t.http().get(url);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.buffer(true).parse(binary as never);
}

function head(url: string, headers: Record<string, string> = {}) {
  let req = t.http().head(url);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req;
}

describe('GET /api/videos/{id}/stream', () => {
  it('answers the whole file with Accept-Ranges, its length and type, validators and a public cache policy', async () => {
    const v = await readyItem();
    const r = await get(v.url);
    expect(r.status).toBe(200);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers['content-length']).toBe(String(v.size));
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['etag']).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(new Date(r.headers['last-modified']).getTime()).not.toBeNaN();
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    expect(r.headers['content-range']).toBeUndefined();
    expect((r.body as Buffer).equals(v.bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', (s: number) => [0, 99, s]],
    ['bytes=100-', (s: number) => [100, s - 1, s]],
    ['bytes=-50', (s: number) => [s - 50, s - 1, s]],
    ['bytes=1000-1000', (s: number) => [1000, 1000, s]],
  ])('answers %s with 206 and the exact Content-Range', async (range, expected) => {
    const v = await readyItem();
    const [start, end, size] = expected(v.size);
    const r = await get(v.url, { Range: range });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(r.headers['content-length']).toBe(String(end - start + 1));
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect((r.body as Buffer).equals(v.bytes.subarray(start, end + 1))).toBe(true);
  });

  it('clamps a range that ends beyond the file to its last byte, and a suffix longer than the file to all of it', async () => {
    const v = await readyItem();
    const beyond = await get(v.url, { Range: `bytes=10-${v.size + 5000}` });
    expect(beyond.status).toBe(206);
    expect(beyond.headers['content-range']).toBe(`bytes 10-${v.size - 1}/${v.size}`);
    expect((beyond.body as Buffer).equals(v.bytes.subarray(10))).toBe(true);
    const suffix = await get(v.url, { Range: `bytes=-${v.size + 10}` });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes 0-${v.size - 1}/${v.size}`);
    expect((suffix.body as Buffer).length).toBe(v.size);
  });

  it.each([
    ['a start at the end', (s: number) => `bytes=${s}-`],
    ['a start beyond the end', (s: number) => `bytes=${s + 100}-${s + 200}`],
    ['an empty suffix', () => 'bytes=-0'],
    ['an end before the start', () => 'bytes=500-100'],
  ])('answers %s with 416 and Content-Range bytes */size', async (_label, range) => {
    const v = await readyItem();
    const r = await get(v.url, { Range: range(v.size) });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe(`bytes */${v.size}`);
    // The error body, like every refusal (it was empty once: a client could not tell why).
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse((r.body as Buffer).toString('utf8'))).toEqual({
      statusCode: 416,
      code: 'RANGE_NOT_SATISFIABLE',
      detail: 'The requested range is outside the file',
      message: 'The requested range is outside the file',
    });
  });

  it('serves the whole file for a range header it does not handle (several ranges, other units)', async () => {
    const v = await readyItem();
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=-']) {
      const r = await get(v.url, { Range: range });
      expect(r.status).toBe(200);
      expect(r.headers['content-length']).toBe(String(v.size));
      expect((r.body as Buffer).equals(v.bytes)).toBe(true);
    }
  });

  it('answers HEAD with the headers of GET, the right Content-Length, and no body', async () => {
    const v = await readyItem();
    const full = await get(v.url);
    const r = await head(v.url);
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe(String(v.size));
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers['etag']).toBe(full.headers['etag']);
    expect(r.headers['last-modified']).toBe(full.headers['last-modified']);
    expect(r.text ?? '').toBe('');
    const ranged = await head(v.url, { Range: 'bytes=0-99' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-length']).toBe('100');
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${v.size}`);
  });

  it('answers 304 to If-None-Match with its ETag (alone, in a list, or *), and 200 to another tag', async () => {
    const v = await readyItem();
    const etag = (await get(v.url)).headers['etag'];
    for (const inm of [etag, `"other", ${etag}`, '*']) {
      const r = await get(v.url, { 'If-None-Match': inm });
      expect(r.status).toBe(304);
      expect(r.headers['etag']).toBe(etag);
      expect((r.body as Buffer).length).toBe(0);
    }
    const other = await get(v.url, { 'If-None-Match': '"not-it"' });
    expect(other.status).toBe(200);
    expect((other.body as Buffer).length).toBe(v.size);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2)
    const both = await get(v.url, { 'If-None-Match': '"not-it"', 'If-Modified-Since': new Date(Date.now() + 3600_000).toUTCString() });
    expect(both.status).toBe(200);
  });

  it('compares If-None-Match weakly, as RFC 9110 §13.1.2 requires: W/ + its ETag is 304', async () => {
    const v = await readyItem();
    const etag = (await get(v.url)).headers['etag'];
    const r = await get(v.url, { 'If-None-Match': `W/${etag}` });
    expect(r.status).toBe(304);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, and 200 before it', async () => {
    const v = await readyItem();
    const lastModified = (await get(v.url)).headers['last-modified'];
    const same = await get(v.url, { 'If-Modified-Since': lastModified });
    expect(same.status).toBe(304);
    const later = await get(v.url, { 'If-Modified-Since': new Date(Date.parse(lastModified) + 60_000).toUTCString() });
    expect(later.status).toBe(304);
    const earlier = await get(v.url, { 'If-Modified-Since': new Date(Date.parse(lastModified) - 60_000).toUTCString() });
    expect(earlier.status).toBe(200);
    expect((earlier.body as Buffer).length).toBe(v.size);
  });

  it('honours If-Range: the current ETag or date gives the range, a stale one the whole file', async () => {
    const v = await readyItem();
    const first = await get(v.url);
    const { etag, 'last-modified': lastModified } = first.headers;
    const fresh = await get(v.url, { Range: 'bytes=0-99', 'If-Range': etag });
    expect(fresh.status).toBe(206);
    expect(fresh.headers['content-range']).toBe(`bytes 0-99/${v.size}`);
    const freshDate = await get(v.url, { Range: 'bytes=0-99', 'If-Range': lastModified });
    expect(freshDate.status).toBe(206);
    const staleTag = await get(v.url, { Range: 'bytes=0-99', 'If-Range': '"stale-validator"' });
    expect(staleTag.status).toBe(200);
    expect(staleTag.headers['content-length']).toBe(String(v.size));
    expect(staleTag.headers['content-range']).toBeUndefined();
    expect((staleTag.body as Buffer).equals(v.bytes)).toBe(true);
    const weak = await get(v.url, { Range: 'bytes=0-99', 'If-Range': `W/${etag}` }); // If-Range compares strongly
    expect(weak.status).toBe(200);
    expect((weak.body as Buffer).length).toBe(v.size);
    const staleDate = await get(v.url, { Range: 'bytes=0-99', 'If-Range': new Date(Date.parse(lastModified) - 3600_000).toUTCString() });
    expect(staleDate.status).toBe(200);
    expect((staleDate.body as Buffer).length).toBe(v.size);
  });

  it('gives every concurrent range request exactly its own bytes, up to 4 MiB (range buffers are reused between requests)', async () => {
    // A 12 MiB file of distinct bytes, so a range that borrowed another's buffer too early would show it.
    const { auth } = await signUp(t);
    const bytes = Buffer.concat([MP4_HEAD, randomBytes(12 * 1024 * 1024 - MP4_HEAD.length)]);
    const r0 = await upload(t, 'video', auth, bytes, { title: 'Distinct bytes' });
    expect(r0.status).toBe(201);
    await markReady(t, r0.body.id);
    const url = `/api/videos/${r0.body.id}/stream`;
    const ranges = Array.from({ length: 48 }, (_, i) => {
      const length = i % 3 === 0 ? 4 * 1024 * 1024 : 1 + ((i * 7919 * 97) % (3 * 1024 * 1024));
      const start = (i * 1_048_573) % (bytes.length - length);
      return { start, end: start + length - 1 };
    });
    // Eight clients at once, each asking for its share of the ranges one after another.
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        for (let i = c; i < ranges.length; i += 8) {
          const { start, end } = ranges[i];
          const r = await get(url, { Range: `bytes=${start}-${end}` });
          expect(r.status).toBe(206);
          expect(Buffer.compare(r.body as Buffer, bytes.subarray(start, end + 1))).toBe(0);
        }
      }),
    );
  });

  it('serves a WebM as video/webm', async () => {
    const v = await readyItem('video', 'webm');
    const r = await get(v.url, { Range: 'bytes=0-3' });
    expect(r.status).toBe(206);
    expect(r.headers['content-type']).toBe('video/webm');
    expect((r.body as Buffer).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
  });

  it('answers 404 for an unknown id, a malformed id, and an id of another kind', async () => {
    const reel = await readyItem('reel');
    for (const url of ['/api/videos/00000000-0000-4000-8000-000000000000/stream', '/api/videos/not-an-id/stream', `/api/videos/${reel.id}/stream`]) {
      const r = await t.http().get(url);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Not found');
    }
  });

  it('has no HLS before processing made it (404)', async () => {
    const v = await readyItem();
    expect((await t.http().get(`/api/videos/${v.id}/hls/master.m3u8`)).status).toBe(404);
    expect((await t.http().get(`/api/videos/${v.id}/hls/360p/index.m3u8`)).status).toBe(404);
  });
});

describe('GET /api/reels/{id}/stream', () => {
  it('serves ranges, HEAD and conditional requests the same way', async () => {
    const r0 = await readyItem('reel');
    const full = await get(r0.url);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect((full.body as Buffer).equals(r0.bytes)).toBe(true);
    const part = await get(r0.url, { Range: 'bytes=-50' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${r0.size - 50}-${r0.size - 1}/${r0.size}`);
    expect((part.body as Buffer).equals(r0.bytes.subarray(r0.size - 50))).toBe(true);
    const beyond = await get(r0.url, { Range: `bytes=${r0.size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${r0.size}`);
    const h = await head(r0.url);
    expect(h.status).toBe(200);
    expect(h.headers['content-length']).toBe(String(r0.size));
    expect((await get(r0.url, { 'If-None-Match': full.headers['etag'] })).status).toBe(304);
  });

  it('serves a WebM reel as video/webm', async () => {
    const r0 = await readyItem('reel', 'webm');
    const r = await head(r0.url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('video/webm');
  });
});

describe('GET /api/movies/{id}/stream', () => {
  it('is for signed-in viewers: 401 for a visitor, ranges for a signed-in one (by header or by the list URL)', async () => {
    const m = await readyItem('movie');
    const visitor = await t.http().get(m.url);
    expect(visitor.status).toBe(401);
    expect(visitor.body.detail).toBe('Please sign in to watch movies');
    expect((await t.http().head(m.url)).status).toBe(401);
    const viewer = await signUp(t);
    const byHeader = await get(m.url, { Authorization: viewer.auth[1], Range: 'bytes=0-99' });
    expect(byHeader.status).toBe(206);
    expect(byHeader.headers['content-range']).toBe(`bytes 0-99/${m.size}`);
    expect(byHeader.headers['content-type']).toBe('video/mp4');
    expect(byHeader.headers['cache-control']).toBe('private, max-age=3600');
    expect((byHeader.body as Buffer).equals(m.bytes.subarray(0, 100))).toBe(true);
    const list = await t.http().get('/api/movies?limit=100').set(...viewer.auth);
    const listed = list.body.movies.find((x: { id: string }) => x.id === m.id);
    expect(listed.stream_url).toMatch(new RegExp(`^/api/movies/${m.id}/stream\\?t=`));
    const byUrl = await get(listed.stream_url);
    expect(byUrl.status).toBe(200);
    expect((byUrl.body as Buffer).equals(m.bytes)).toBe(true);
    const etag = byUrl.headers['etag'];
    expect((await get(listed.stream_url, { 'If-None-Match': etag })).status).toBe(304);
    expect((await get(listed.stream_url, { Range: `bytes=${m.size + 1}-` })).status).toBe(416);
  });

  it('serves a WebM movie as video/webm', async () => {
    const m = await readyItem('movie', 'webm');
    const r = await get(m.url, { Authorization: m.auth[1], Range: 'bytes=0-9' });
    expect(r.status).toBe(206);
    expect(r.headers['content-type']).toBe('video/webm');
  });
});
