import { createTestApp, signUp, type TestApp } from './harness.js';
import { activeAccount, makeClips, markReady, upload, userIdOf, type Auth, type Clips, type Kind } from './media-fixtures.js';

/** Views, watch-time heartbeats, likes and reel comments. */

let t: TestApp;
let clips: Clips;
beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape'])]);
});
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

async function ready(kind: Kind, auth: Auth): Promise<string> {
  const r = await upload(t, kind, auth, clips.path.landscape, { title: `A ${kind}` });
  expect(r.status).toBe(201);
  await markReady(t, r.body.id);
  return r.body.id;
}

async function processing(kind: Kind, auth: Auth): Promise<string> {
  const r = await upload(t, kind, auth, clips.path.landscape, { title: `A ${kind}` });
  expect(r.status).toBe(201);
  return r.body.id;
}

function view(kind: Kind, id: string, opts: { auth?: Auth; ua?: string } = {}) {
  let req = t.http().post(`/api/${kind}s/${id}/view`);
  if (opts.auth) req = req.set(...opts.auth);
  req = req.set('User-Agent', opts.ua ?? 'test-agent/1');
  return req;
}

describe('POST /api/videos/{id}/view', () => {
  it('counts one view per viewer per 30 minutes', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const b = await signUp(t);
    const id = await ready('video', owner.auth);

    const first = await view('video', id, { auth: a.auth });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ views: 1, counted: true });
    expect((await view('video', id, { auth: a.auth })).body).toEqual({ views: 1, counted: false });
    // A user is one viewer whatever browser they use.
    expect((await view('video', id, { auth: a.auth, ua: 'other-browser/2' })).body).toEqual({ views: 1, counted: false });
    expect((await view('video', id, { auth: b.auth })).body).toEqual({ views: 2, counted: true });
    expect((await view('video', id, { ua: 'anonymous-browser/1' })).body).toEqual({ views: 3, counted: true });
    expect((await view('video', id, { ua: 'anonymous-browser/1' })).body).toEqual({ views: 3, counted: false });
    // An anonymous viewer is their address: another User-Agent from it is not another view.
    expect((await view('video', id, { ua: 'anonymous-browser/2' })).body).toEqual({ views: 3, counted: false });

    const listed = (await t.http().get(`/api/videos/${id}`)).body;
    expect(listed.views).toBe(3);

    // 31 minutes later, a counts again.
    const aId = await userIdOf(t, a.auth);
    await t.sql(`update media_view_marks set counted_at = now() - interval '31 minutes' where media_id = $1 and viewer_key = $2`, [id, `u:${aId}`]);
    expect((await view('video', id, { auth: a.auth })).body).toEqual({ views: 4, counted: true });
    expect((await view('video', id, { auth: a.auth })).body).toEqual({ views: 4, counted: false });
  });

  it('counts views of reels the same way', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    expect((await view('reel', id, { auth: a.auth })).body).toEqual({ views: 1, counted: true });
    expect((await view('reel', id, { auth: a.auth })).body).toEqual({ views: 1, counted: false });
    const reels = (await t.http().get('/api/reels?limit=100')).body.reels;
    expect(reels.find((r: { id: string }) => r.id === id).views).toBe(1);
  });

  it('is 404 for an item the viewer cannot see, and counts nothing', async () => {
    const owner = await signUp(t);
    const id = await processing('video', owner.auth);
    const r = await view('video', id);
    expect(r.status).toBe(404);
    expect((await t.sql<{ views: string }>('select views from media where id = $1', [id]))[0].views).toBe('0');
    expect((await view('video', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('POST /api/videos/{id}/heartbeat', () => {
  it('adds watched seconds, never more than the time since the viewer\'s last heartbeat, and not the owner\'s own', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const b = await signUp(t);
    const id = await ready('video', owner.auth);
    // The first heartbeat of the day is taken at its word; the next ones immediately after count the 0-2 s since.
    for (const seconds of [60, 60, 15]) {
      const r = await t.http().post(`/api/videos/${id}/heartbeat`).set(...a.auth).send({ seconds });
      expect(r.status).toBe(204);
    }
    expect((await t.http().post(`/api/videos/${id}/heartbeat`).set(...b.auth).send({ seconds: '30' })).status).toBe(204);
    expect((await t.http().post(`/api/videos/${id}/heartbeat`).set(...owner.auth).send({ seconds: 60 })).status).toBe(204);
    const aId = await userIdOf(t, a.auth);
    const bId = await userIdOf(t, b.auth);
    const rows = await t.sql<{ user_id: string; seconds: number; today: boolean }>(
      'select user_id, seconds, day = current_date as today from media_watch_time where media_id = $1 order by user_id = $2 desc',
      [id, aId],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ user_id: aId, today: true });
    expect(rows[0].seconds).toBeGreaterThanOrEqual(60);
    expect(rows[0].seconds).toBeLessThanOrEqual(66);
    expect(rows[1]).toEqual({ user_id: bId, seconds: 30, today: true });
    const total = Number((await t.sql<{ watch_seconds: string }>('select watch_seconds from media where id = $1', [id]))[0].watch_seconds);
    expect(total).toBe(rows[0].seconds + 30);
  });

  it('does not let a burst of heartbeats inflate watch time', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('video', owner.auth);
    await Promise.all(Array.from({ length: 50 }, () => t.http().post(`/api/videos/${id}/heartbeat`).set(...a.auth).send({ seconds: 60 })));
    const [row] = await t.sql<{ seconds: number }>('select seconds from media_watch_time where media_id = $1', [id]);
    expect(row.seconds).toBeLessThanOrEqual(60 + 2 * 50);
    expect(row.seconds).toBeLessThan(50 * 60);
  });

  it.each([
    ['0', 0],
    ['61', 61],
    ['"abc"', 'abc'],
    ['1.5', 1.5],
    ['-5', -5],
    ['nothing', undefined],
  ])('refuses seconds %s with 400 and records nothing', async (_label, seconds) => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('video', owner.auth);
    const r = await t.http().post(`/api/videos/${id}/heartbeat`).set(...a.auth).send(seconds === undefined ? {} : { seconds });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('seconds must be a whole number from 1 to 60');
    expect(await t.sql('select * from media_watch_time where media_id = $1', [id])).toEqual([]);
  });

  it('needs a user token (401), and is 404 for an item the viewer cannot see', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('video', owner.auth);
    expect((await t.http().post(`/api/videos/${id}/heartbeat`).send({ seconds: 10 })).status).toBe(401);
    const hidden = await processing('video', owner.auth);
    expect((await t.http().post(`/api/videos/${hidden}/heartbeat`).set(...a.auth).send({ seconds: 10 })).status).toBe(404);
    expect(await t.sql('select * from media_watch_time where media_id in ($1, $2)', [id, hidden])).toEqual([]);
  });
});

describe('likes', () => {
  it.each<Kind>(['video', 'reel'])('POST /api/%ss/{id}/like toggles and returns { liked, likes }', async (kind) => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const b = await signUp(t);
    const id = await ready(kind, owner.auth);
    const on = await t.http().post(`/api/${kind}s/${id}/like`).set(...a.auth);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ liked: true, likes: 1 });
    expect((await t.http().post(`/api/${kind}s/${id}/like`).set(...b.auth)).body).toEqual({ liked: true, likes: 2 });
    expect((await t.http().post(`/api/${kind}s/${id}/like`).set(...a.auth)).body).toEqual({ liked: false, likes: 1 });
    expect((await t.http().post(`/api/${kind}s/${id}/like`).set(...a.auth)).body).toEqual({ liked: true, likes: 2 });
    // The list tells each viewer whether they like it.
    const seenBy = async (auth: Auth | null) => {
      let req = t.http().get(`/api/${kind}s?limit=100`);
      if (auth) req = req.set(...auth);
      const body = (await req).body;
      return (kind === 'video' ? body : body.reels).find((i: { id: string }) => i.id === id);
    };
    expect(await seenBy(a.auth)).toMatchObject({ liked: true, likes: 2 });
    expect(await seenBy(owner.auth)).toMatchObject({ liked: false, likes: 2 });
    expect(await seenBy(null)).toMatchObject({ liked: false, likes: 2 });
  });

  it.each<Kind>(['video', 'reel'])('10 users liking a %s at once give exactly 10 likes', async (kind) => {
    const owner = await signUp(t);
    const id = await ready(kind, owner.auth);
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    const results = await Promise.all(users.map((u) => t.http().post(`/api/${kind}s/${id}/like`).set(...u.auth)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.liked === true)).toBe(true);
    expect(results.map((r) => r.body.likes).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [row] = await t.sql<{ likes: number; n: string }>('select likes, (select count(*) from media_likes where media_id = $1) as n from media where id = $1', [id]);
    expect(row).toEqual({ likes: 10, n: '10' });
    // and all at once back again
    const undo = await Promise.all(users.map((u) => t.http().post(`/api/${kind}s/${id}/like`).set(...u.auth)));
    expect(undo.every((r) => r.status === 200 && r.body.liked === false)).toBe(true);
    const [after] = await t.sql<{ likes: number }>('select likes from media where id = $1', [id]);
    expect(after.likes).toBe(0);
  });

  it('one user toggling many times at once ends with a count that matches the rows', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('video', owner.auth);
    const results = await Promise.all(Array.from({ length: 7 }, () => t.http().post(`/api/videos/${id}/like`).set(...a.auth)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await t.sql<{ likes: number; n: string }>('select likes, (select count(*) from media_likes where media_id = $1) as n from media where id = $1', [id]);
    expect(String(row.likes)).toBe(row.n);
    expect([0, 1]).toContain(row.likes);
  });

  it('needs a user token (401) and a visible item (404)', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    expect((await t.http().post(`/api/reels/${id}/like`)).status).toBe(401);
    const hidden = await processing('reel', owner.auth);
    expect((await t.http().post(`/api/reels/${hidden}/like`).set(...a.auth)).status).toBe(404);
    expect((await t.http().post(`/api/videos/${id}/like`).set(...a.auth)).status).toBe(404); // a reel is not a video
  });
});

describe('reel comments', () => {
  it('lists nothing at first, then comments oldest first, under the commenter\'s active account handle; the count rises', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    const empty = await t.http().get(`/api/reels/${id}/comments`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ comments: [], next_cursor: null });

    const first = await t.http().post(`/api/reels/${id}/comments`).set(...a.auth).send({ content: '  Great reel!  ' });
    expect(first.status).toBe(201);
    const aHandle = (await activeAccount(t, a.auth)).handle;
    expect(first.body).toEqual({ id: expect.any(String), username: aHandle, content: 'Great reel!', created_at: expect.any(String), is_mine: true });

    // Switch a to a second account: the next comment is written as that account.
    const created = await t.http().post('/api/accounts/create').set(...a.auth).send({ display_name: 'Brand Side', handle: `brand_${Date.now().toString(36)}`, account_type: 'brand' });
    expect(created.status).toBe(201);
    expect((await t.http().post('/api/accounts/switch').set(...a.auth).send({ account_id: created.body.account.id })).status).toBe(200);
    const second = await t.http().post(`/api/reels/${id}/comments`).set(...a.auth).send({ content: 'c'.repeat(500) });
    expect(second.status).toBe(201);
    expect(second.body.username).toBe(created.body.account.handle);

    const list = await t.http().get(`/api/reels/${id}/comments`);
    expect(list.body.comments.map((c: { id: string; username: string; is_mine: boolean }) => [c.id, c.username, c.is_mine])).toEqual([
      [first.body.id, aHandle, false],
      [second.body.id, created.body.account.handle, false],
    ]);
    // Both are the writer's, whichever of their channels wrote them; nobody else's.
    const mine = await t.http().get(`/api/reels/${id}/comments`).set(...a.auth);
    expect(mine.body.comments.map((c: { is_mine: boolean }) => c.is_mine)).toEqual([true, true]);
    const seenByOwner = await t.http().get(`/api/reels/${id}/comments`).set(...owner.auth);
    expect(seenByOwner.body.comments.map((c: { is_mine: boolean }) => c.is_mine)).toEqual([false, false]);
    const reel = (await t.http().get('/api/reels?limit=100')).body.reels.find((r: { id: string }) => r.id === id);
    expect(reel.comments).toBe(2);
  });

  it.each([
    ['an empty comment', { content: '' }, 'Comment cannot be empty'],
    ['a blank comment', { content: '   \n\t ' }, 'Comment cannot be empty'],
    ['no content', {}, 'Comment cannot be empty'],
    ['a number', { content: 5 }, 'Comment cannot be empty'],
    ['501 characters', { content: 'x'.repeat(501) }, 'Comment must be at most 500 characters'],
  ])('refuses %s with 400 and keeps nothing', async (_label, body, message) => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    const r = await t.http().post(`/api/reels/${id}/comments`).set(...a.auth).send(body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect((await t.http().get(`/api/reels/${id}/comments`)).body.comments).toEqual([]);
    expect((await t.sql<{ comments: number }>('select comments from media where id = $1', [id]))[0].comments).toBe(0);
  });

  it('needs a user token to comment (401) and a visible reel (404 to list and to comment)', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    expect((await t.http().post(`/api/reels/${id}/comments`).send({ content: 'hi' })).status).toBe(401);
    const hidden = await processing('reel', owner.auth);
    expect((await t.http().get(`/api/reels/${hidden}/comments`)).status).toBe(404);
    expect((await t.http().post(`/api/reels/${hidden}/comments`).set(...a.auth).send({ content: 'hi' })).status).toBe(404);
    expect((await t.http().get(`/api/reels/${hidden}/comments`).set(...owner.auth)).status).toBe(200);
  });

  it('counts concurrent comments exactly', async () => {
    const owner = await signUp(t);
    const id = await ready('reel', owner.auth);
    const users = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    const results = await Promise.all(users.map((u, i) => t.http().post(`/api/reels/${id}/comments`).set(...u.auth).send({ content: `comment ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect((await t.http().get(`/api/reels/${id}/comments`)).body.comments).toHaveLength(8);
    expect((await t.sql<{ comments: number }>('select comments from media where id = $1', [id]))[0].comments).toBe(8);
  });

  it('pages through every comment oldest first, even past a hundred and with equal times, and refuses nothing for a bad cursor', async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const id = await ready('reel', owner.auth);
    const account = await activeAccount(t, a.auth);
    // 130 comments, the last 30 at the very same instant (keyset ties are broken by id).
    await t.sql(
      `insert into media_comments (id, media_id, user_id, account_id, username, content, created_at)
       select gen_random_uuid(), $1, $2, $3, $4, 'comment ' || n, case when n <= 100 then now() - interval '1 hour' + n * interval '1 second' else now() end
       from generate_series(1, 130) n`,
      [id, await userIdOf(t, a.auth), account.id, account.handle],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: { status: number; body: { comments: { id: string; content: string }[]; next_cursor: string | null } } = await t
        .http()
        .get(`/api/reels/${id}/comments?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.comments.length).toBeLessThanOrEqual(40);
      seen.push(...r.body.comments.map((c) => c.id));
      if (pages === 0) expect(r.body.comments.slice(0, 3).map((c) => c.content)).toEqual(['comment 1', 'comment 2', 'comment 3']);
      cursor = r.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(130);
    expect((await t.http().get(`/api/reels/${id}/comments`)).body.comments).toHaveLength(20); // the default page
    expect((await t.http().get(`/api/reels/${id}/comments?limit=1000`)).body.comments).toHaveLength(100); // at most 100
    expect((await t.http().get(`/api/reels/${id}/comments?cursor=garbage`)).body.comments).toHaveLength(20); // read from the start
  });
});
