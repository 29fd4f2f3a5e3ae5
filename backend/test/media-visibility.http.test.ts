import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, makeClips, markReady, setPrivacy, upload, userIdOf, type Auth, type Clips, type Kind } from './media-fixtures.js';
import { MediaAccess } from '../src/modules/catalog/application/media-access.js';

/** Who sees what: lists, single items and streams, by state and by the account's privacy settings; list paging. */

let t: TestApp;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape'])]);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

async function publish(kind: Kind, auth: Auth, fields: Record<string, string> = {}): Promise<{ id: string; stream_url: string }> {
  const r = await upload(t, kind, auth, clips.path.landscape, { title: `A ${kind}`, ...fields });
  expect(r.status).toBe(201);
  return kind === 'movie' ? r.body.movie : r.body;
}

async function ready(kind: Kind, auth: Auth, fields: Record<string, string> = {}): Promise<{ id: string; stream_url: string }> {
  const item = await publish(kind, auth, fields);
  await markReady(t, item.id);
  return item;
}

/** The ids of a list as this viewer sees it (first 100). */
async function listed(kind: Kind, auth: Auth | null, query = ''): Promise<string[]> {
  let req = t.http().get(`/api/${kind}s?limit=100${query}`);
  if (auth) req = req.set(...auth);
  const r = await req;
  expect(r.status).toBe(200);
  const items = kind === 'video' ? r.body : kind === 'reel' ? r.body.reels : r.body.movies;
  return items.map((i: { id: string }) => i.id);
}

async function listedItem(kind: Kind, auth: Auth, id: string): Promise<Record<string, unknown>> {
  let req = t.http().get(`/api/${kind}s?limit=100`);
  req = req.set(...auth);
  const r = await req;
  const items = kind === 'video' ? r.body : kind === 'reel' ? r.body.reels : r.body.movies;
  return items.find((i: { id: string }) => i.id === id);
}

function stream(url: string, auth?: Auth) {
  let req = t.http().get(url);
  if (auth) req = req.set(...auth);
  return req.buffer(true).parse(binary as never);
}

const withoutToken = (url: string) => url.split('?')[0];

describe('items being processed or failed', () => {
  it('are seen and streamed only by their owner; others get 404 everywhere', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const processing = await publish('video', owner.auth);
    const failed = await publish('video', owner.auth);
    await t.sql(`update media set status = 'failed', failure_reason = 'Processing failed: test' where id = $1`, [failed.id]);
    const done = await ready('video', owner.auth);

    for (const viewer of [null, other.auth]) {
      const ids = await listed('video', viewer);
      expect(ids).toContain(done.id);
      expect(ids).not.toContain(processing.id);
      expect(ids).not.toContain(failed.id);
      for (const id of [processing.id, failed.id]) {
        let req = t.http().get(`/api/videos/${id}`);
        if (viewer) req = req.set(...viewer);
        expect((await req).status).toBe(404);
        expect((await stream(`/api/videos/${id}/stream`, viewer ?? undefined)).status).toBe(404);
        let view = t.http().post(`/api/videos/${id}/view`);
        if (viewer) view = view.set(...viewer);
        expect((await view).status).toBe(404);
      }
    }

    const mine = await listed('video', owner.auth);
    expect(mine).toEqual(expect.arrayContaining([processing.id, failed.id, done.id]));
    const failedItem = await listedItem('video', owner.auth, failed.id);
    expect(failedItem).toMatchObject({ status: 'failed', failure_reason: 'Processing failed: test', is_owner: true });
    const own = await t.http().get(`/api/videos/${failed.id}`).set(...owner.auth);
    expect(own.status).toBe(200);
    expect(own.body.failure_reason).toBe('Processing failed: test');
    // A ready item shows no failure reason to anyone else.
    expect((await t.http().get(`/api/videos/${done.id}`).set(...other.auth)).body).toMatchObject({ failure_reason: null, is_owner: false });
  });

  it('can be streamed by the owner with the stream_url given to them (it carries ?t=), without a header', async () => {
    const owner = await signUp(t);
    const item = await publish('video', owner.auth);
    expect(item.stream_url).toMatch(/\?t=[^&]+$/);
    const r = await stream(item.stream_url);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('private, max-age=3600');
    const ranged = await t.http().get(item.stream_url).set('Range', 'bytes=0-9').buffer(true).parse(binary as never);
    expect(ranged.status).toBe(206);
    // The same URL works for GET /api/videos/{id} too.
    // The capability opens the bytes only: it does not read the item (which would hand out fresh links).
    expect((await t.http().get(`/api/videos/${item.id}?${item.stream_url.split('?')[1]}`)).status).toBe(404);
  });

  it('refuses a forged token and a token made for another item (404)', async () => {
    const owner = await signUp(t);
    const a = await publish('video', owner.auth);
    const b = await publish('video', owner.auth);
    const token = new URLSearchParams(a.stream_url.split('?')[1]).get('t')!;
    const [user64, exp, mac] = token.split('.');
    const forged = [
      `${user64}.${exp}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`, // another MAC
      `${user64}.${Number(exp) + 3600}.${mac}`, // a later expiry
      `${Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url')}.${exp}.${mac}`, // another user
      'garbage',
      '',
    ];
    for (const t0 of forged) {
      expect((await stream(`/api/videos/${a.id}/stream?t=${encodeURIComponent(t0)}`)).status).toBe(404);
    }
    expect((await stream(`/api/videos/${b.id}/stream?t=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await stream(`/api/videos/${a.id}/stream?t=${encodeURIComponent(token)}`)).status).toBe(200);
  });

  it('refuses a genuine token once it has expired (tokens last 6 hours)', async () => {
    const owner = await signUp(t);
    const a = await publish('video', owner.auth);
    const ownerId = await userIdOf(t, owner.auth);
    const access = t.app.get(MediaAccess);
    const expired = access.sign(a.id, ownerId, Date.now() - 6 * 3600_000 - 5_000);
    const live = access.sign(a.id, ownerId, Date.now() - 6 * 3600_000 + 60_000);
    expect((await stream(`/api/videos/${a.id}/stream?t=${encodeURIComponent(expired)}`)).status).toBe(404);
    expect((await stream(`/api/videos/${a.id}/stream?t=${encodeURIComponent(live)}`)).status).toBe(200);
  });
});

describe("the account's privacy settings", () => {
  it('profile_visibility private: ready videos disappear from others\' lists, pages and streams; the owner keeps them through ?t=', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const v = await ready('video', owner.auth);
    const r0 = await ready('reel', owner.auth);
    expect(await listed('video', null)).toContain(v.id);
    expect((await stream(withoutToken(v.stream_url))).status).toBe(200);

    await setPrivacy(t, owner.auth, { profile_visibility: 'private' });

    for (const viewer of [null, other.auth]) {
      expect(await listed('video', viewer)).not.toContain(v.id);
      expect(await listed('reel', viewer)).not.toContain(r0.id);
      expect((await stream(`/api/videos/${v.id}/stream`, viewer ?? undefined)).status).toBe(404);
      expect((await stream(`/api/reels/${r0.id}/stream`, viewer ?? undefined)).status).toBe(404);
      let page = t.http().get(`/api/videos/${v.id}`);
      if (viewer) page = page.set(...viewer);
      expect((await page).status).toBe(404);
    }
    const mine = await listedItem('video', owner.auth, v.id);
    expect(mine.stream_url).toMatch(/\?t=/);
    expect((await stream(mine.stream_url as string)).status).toBe(200);
    expect((await stream(`/api/videos/${v.id}/stream`, owner.auth)).status).toBe(200);

    // A video published while private is private too.
    const later = await ready('video', owner.auth);
    expect(await listed('video', other.auth)).not.toContain(later.id);
    expect((await stream(`/api/videos/${later.id}/stream`)).status).toBe(404);

    await setPrivacy(t, owner.auth, { profile_visibility: 'public' });
    expect(await listed('video', other.auth)).toEqual(expect.arrayContaining([v.id, later.id]));
    expect((await stream(`/api/videos/${v.id}/stream`)).status).toBe(200);
  });

  it('video_visibility unlisted: hidden from lists, streamable by link without a token', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await setPrivacy(t, owner.auth, { video_visibility: 'unlisted' });
    const v = await ready('video', owner.auth);
    const r0 = await ready('reel', owner.auth);
    expect(await listed('video', null)).not.toContain(v.id);
    expect(await listed('video', other.auth)).not.toContain(v.id);
    expect(await listed('reel', other.auth)).not.toContain(r0.id);
    expect(await listed('video', owner.auth)).toContain(v.id);
    const bare = await stream(`/api/videos/${v.id}/stream`);
    expect(bare.status).toBe(200);
    expect((await stream(`/api/reels/${r0.id}/stream`)).status).toBe(200);
    expect((await t.http().get(`/api/videos/${v.id}`)).status).toBe(200);
    const mine = await listedItem('video', owner.auth, v.id);
    expect(mine.stream_url).toBe(`/api/videos/${v.id}/stream`);
  });

  it('video_visibility private: the owner alone', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const v = await ready('video', owner.auth);
    await setPrivacy(t, owner.auth, { video_visibility: 'private' });
    expect(await listed('video', other.auth)).not.toContain(v.id);
    expect((await stream(`/api/videos/${v.id}/stream`, other.auth)).status).toBe(404);
    expect((await stream(`/api/videos/${v.id}/stream`, owner.auth)).status).toBe(200);
  });
});

describe('movies', () => {
  it('are listed to visitors, but streamed to signed-in users only (401 for visitors)', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const m = await ready('movie', owner.auth);
    const browsed = await t.http().get('/api/movies?limit=100');
    expect(browsed.status).toBe(200);
    const shown = (browsed.body.movies as { id: string; stream_url: string }[]).find((x) => x.id === m.id);
    expect(shown?.stream_url).toBe(`/api/movies/${m.id}/stream`); // no access token for a visitor
    expect((await t.http().get(`/api/movies/${m.id}`)).status).toBe(200);
    expect((await stream(`/api/movies/${m.id}/stream`)).status).toBe(401);
    expect((await stream('/api/movies/00000000-0000-4000-8000-000000000000/stream')).status).toBe(401); // whatever the id: nothing to learn
    expect(await listed('movie', other.auth)).toContain(m.id);
    const seen = await listedItem('movie', other.auth, m.id);
    expect(seen).toMatchObject({ is_owner: false, failure_reason: null, status: 'ready' });
    expect((await stream(seen.stream_url as string)).status).toBe(200);
    // The token belongs to the movie it was made for: with another movie's, the request is a visitor's.
    const m2 = await ready('movie', owner.auth);
    const token = (seen.stream_url as string).split('?')[1];
    expect((await stream(`/api/movies/${m2.id}/stream?${token}`)).status).toBe(401);
  });

  it('being processed are the owner\'s alone', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const m = await publish('movie', owner.auth);
    expect(await listed('movie', other.auth)).not.toContain(m.id);
    expect((await stream(`/api/movies/${m.id}/stream`, other.auth)).status).toBe(404);
    expect(await listed('movie', owner.auth)).toContain(m.id);
    expect((await stream(m.stream_url)).status).toBe(200);
  });
});

describe('lists', () => {
  it('GET /api/videos: newest first, limit, X-Next-Cursor to the end without repeats', async () => {
    const owner = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ready('video', owner.auth, { title: `Video ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const r = await t.http().get(`/api/videos?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.map((v: { id: string }) => v.id));
      pages += 1;
      cursor = r.headers['x-next-cursor'];
      if (!cursor) break;
      expect(r.body).toHaveLength(2);
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.slice(0, 5)).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    const total = (await t.sql<{ n: string }>(`select count(*) as n from media where kind = 'video' and status = 'ready' and visibility = 'public'`))[0].n;
    expect(seen).toHaveLength(Number(total));
  });

  it('GET /api/videos: the owner\'s list mixes their processing items in, newest first', async () => {
    const owner = await signUp(t);
    const a = await ready('video', owner.auth);
    const b = await publish('video', owner.auth);
    const c = await ready('video', owner.auth);
    const mine = await listed('video', owner.auth);
    expect(mine.slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect(await listed('video', null)).toEqual(expect.arrayContaining([c.id, a.id]));
  });

  it('GET /api/videos?is_vertical filters by orientation', async () => {
    const owner = await signUp(t);
    const tall = await ready('video', owner.auth, { is_vertical: 'true' });
    const wide = await ready('video', owner.auth, { is_vertical: 'false' });
    const vertical = await t.http().get('/api/videos?limit=100&is_vertical=true');
    expect(vertical.body.every((v: { is_vertical: boolean }) => v.is_vertical)).toBe(true);
    expect(vertical.body.map((v: { id: string }) => v.id)).toContain(tall.id);
    expect(vertical.body.map((v: { id: string }) => v.id)).not.toContain(wide.id);
    const horizontal = await t.http().get('/api/videos?limit=100&is_vertical=false');
    expect(horizontal.body.every((v: { is_vertical: boolean }) => !v.is_vertical)).toBe(true);
    expect(horizontal.body.map((v: { id: string }) => v.id)).toContain(wide.id);
    expect(horizontal.body.map((v: { id: string }) => v.id)).not.toContain(tall.id);
  });

  it.each<Kind>(['reel', 'movie'])('GET /api/%ss: newest first, limit and next_cursor to the end', async (kind) => {
    const owner = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ready(kind, owner.auth)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const r = await t.http().get(`/api/${kind}s?limit=2${query}`).set(...owner.auth);
      expect(r.status).toBe(200);
      const items: { id: string }[] = kind === 'reel' ? r.body.reels : r.body.movies;
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((i: { id: string }) => i.id));
      cursor = r.body.next_cursor as string | null;
      if (!cursor) break;
      expect(items).toHaveLength(2);
    }
    expect(seen.slice(0, 3)).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('bounds the page size (1 to 100) and ignores a garbled cursor', async () => {
    const owner = await signUp(t);
    await ready('video', owner.auth);
    await ready('video', owner.auth);
    expect((await t.http().get('/api/videos?limit=1')).body).toHaveLength(1);
    expect((await t.http().get('/api/videos?limit=0')).body.length).toBeGreaterThanOrEqual(1);
    const garbled = await t.http().get('/api/videos?limit=1&cursor=not-a-cursor');
    expect(garbled.status).toBe(200);
    expect(garbled.body).toHaveLength(1);
  });
});
