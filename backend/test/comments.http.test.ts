import sharp from 'sharp';
import { createTestApp, type TestApp } from './harness.js';
import { activeAccount, markReady, MP4_HEAD, setPrivacy, upload, type Auth, type Kind } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';

/** Comments on videos and movies: threads one level deep, likes, edit and delete, who may do what, notifications. */

let t: TestApp;
const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Comment {
  id: string;
  media_id: string;
  parent_id: string | null;
  username: string;
  display_name: string;
  avatar_url: string | null;
  content: string;
  created_at: string;
  edited_at: string | null;
  like_count: number;
  liked: boolean;
  reply_count: number;
  can_edit: boolean;
  can_delete: boolean;
}
interface Page {
  comments: Comment[];
  next_cursor: string | null;
}

async function ready(kind: Kind, who: Person, title = `A ${kind}`): Promise<string> {
  const r = await upload(t, kind, who.auth, MP4, { title });
  expect(r.status).toBe(201);
  const id = kind === 'movie' ? r.body.movie.id : r.body.id;
  await markReady(t, id);
  return id;
}

const as = (auth: Auth | null, req: ReturnType<ReturnType<TestApp['http']>['get']>) => (auth ? req.set(...auth) : req);
const list = (kind: Kind, id: string, auth: Auth | null, query = '') => as(auth, t.http().get(`/api/${kind}s/${id}/comments${query}`));
const replies = (id: string, auth: Auth | null, query = '') => as(auth, t.http().get(`/api/comments/${id}/replies${query}`));
const post = (kind: Kind, id: string, auth: Auth | null, body: object) => as(auth, t.http().post(`/api/${kind}s/${id}/comments`)).send(body);
const like = (id: string, auth: Auth | null) => as(auth, t.http().post(`/api/comments/${id}/like`));
const edit = (id: string, auth: Auth | null, body: object) => as(auth, t.http().patch(`/api/comments/${id}`)).send(body);
const remove = (id: string, auth: Auth | null) => as(auth, t.http().delete(`/api/comments/${id}`));
const counter = async (mediaId: string) => (await t.sql<{ comments: number }>('select comments from media where id = $1', [mediaId]))[0].comments;

describe('posting and listing', () => {
  it('posts as the active account and lists top-level comments newest first, as each caller sees them', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const video = await ready('video', owner);
    expect((await list('video', video, null)).body).toEqual({ comments: [], next_cursor: null });

    const first = await post('video', video, a.auth, { content: '  First!  ' });
    expect(first.status).toBe(201);
    const handle = (await activeAccount(t, a.auth)).handle;
    expect(first.body).toEqual({
      id: expect.any(String),
      media_id: video,
      parent_id: null,
      username: handle,
      display_name: a.name,
      avatar_url: null,
      content: 'First!',
      created_at: expect.any(String),
      edited_at: null,
      like_count: 0,
      liked: false,
      reply_count: 0,
      can_edit: true,
      can_delete: true,
    });
    // A form body works too.
    const second = await as(b.auth, t.http().post(`/api/videos/${video}/comments`)).type('form').send({ content: 'Second' });
    expect(second.status).toBe(201);

    const visitor = (await list('video', video, null)).body as Page;
    expect(visitor.comments.map((c) => c.content)).toEqual(['Second', 'First!']);
    expect(visitor.comments.every((c) => !c.can_edit && !c.can_delete && !c.liked)).toBe(true);
    const byOwner = (await list('video', video, owner.auth)).body as Page;
    expect(byOwner.comments.map((c) => [c.can_edit, c.can_delete])).toEqual([[false, true], [false, true]]);
    const byA = (await list('video', video, a.auth)).body as Page;
    expect(byA.comments.map((c) => [c.content, c.can_edit, c.can_delete])).toEqual([['Second', false, false], ['First!', true, true]]);
    expect(await counter(video)).toBe(2);
  });

  it('shows the account photo as avatar_url', async () => {
    const [owner, a] = [await person(t), await person(t)];
    const video = await ready('video', owner);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const photo = await t.http().post('/api/profile/upload-photo').set(...a.auth).attach('file', png, { filename: 'me.png', contentType: 'image/png' });
    expect(photo.status).toBe(200);
    const c = await post('video', video, a.auth, { content: 'With a face' });
    expect(c.body.avatar_url).toBe(photo.body.photo_url);
    expect(c.body.avatar_url).toMatch(/^\/api\/media\//);
  });

  it('orders by likes with order=top, and pages through every comment once in either order', async () => {
    const [owner, a] = [await person(t), await person(t)];
    const video = await ready('video', owner);
    const account = await activeAccount(t, a.auth);
    // 45 comments: likes 0..4 in turn, some at the very same instant (ties broken by time, then id).
    await t.sql(
      `insert into media_comments (id, media_id, user_id, account_id, username, content, like_count, created_at)
       select gen_random_uuid(), $1, $2, $3, $4, 'comment ' || n, n % 5, case when n <= 30 then now() - interval '1 hour' + n * interval '1 second' else now() end
       from generate_series(1, 45) n`,
      [video, a.id, account.id, account.handle],
    );
    const all = async (order: string) => {
      const seen: Comment[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: { status: number; body: Page } = await list('video', video, null, `?order=${order}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(r.status).toBe(200);
        seen.push(...r.body.comments);
        cursor = r.body.next_cursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(5);
      expect(new Set(seen.map((c) => c.id)).size).toBe(45);
      return seen;
    };
    const top = await all('top');
    const likes = top.map((c) => c.like_count);
    expect(likes).toEqual([...likes].sort((x, y) => y - x));
    expect(top[0].like_count).toBe(4);
    // Within equal likes, newest first.
    const fours = top.filter((c) => c.like_count === 4).map((c) => Date.parse(c.created_at));
    expect(fours).toEqual([...fours].sort((x, y) => y - x));
    const newest = await all('newest');
    expect(newest[newest.length - 1].content).toBe('comment 1');
    // newest is the default; a bad cursor (or another order's) reads from the start; a bad order is a 400.
    expect((await list('video', video, null)).body.comments).toHaveLength(20);
    expect((await list('video', video, null, '?limit=1000')).body.comments).toHaveLength(45);
    expect((await list('video', video, null, '?cursor=garbage')).body.comments).toHaveLength(20);
    const topCursor = (await list('video', video, null, '?order=top&limit=2')).body.next_cursor;
    expect((await list('video', video, null, `?cursor=${encodeURIComponent(topCursor)}`)).body.comments[0].id).toBe(newest[0].id);
    const bad = await list('video', video, null, '?order=best');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('order must be newest or top');
  });

  it.each([
    ['an empty comment', { content: '' }, 'Comment cannot be empty'],
    ['a blank comment', { content: ' \n\t ' }, 'Comment cannot be empty'],
    ['no content', {}, 'Comment cannot be empty'],
    ['501 characters', { content: 'x'.repeat(501) }, 'Comment must be at most 500 characters'],
  ])('refuses %s with 400 and keeps nothing', async (_label, body, message) => {
    const [owner, a] = [await person(t), await person(t)];
    const video = await ready('video', owner);
    const r = await post('video', video, a.auth, body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(await counter(video)).toBe(0);
    const ok = await post('video', video, a.auth, { content: 'y'.repeat(500) });
    expect(ok.status).toBe(201);
    const c = ok.body.id as string;
    const editBad = await edit(c, a.auth, body);
    expect(editBad.status).toBe(400);
    expect(editBad.body.detail).toBe(message);
  });
});

describe('replies', () => {
  it('answers a top-level comment, one level only, oldest first; everything counts', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const video = await ready('video', owner);
    const other = await ready('video', owner);
    const parent = (await post('video', video, a.auth, { content: 'Question?' })).body as Comment;
    const r1 = await post('video', video, b.auth, { content: 'Answer 1', parent_id: parent.id });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ parent_id: parent.id, media_id: video, reply_count: 0 });
    const r2 = await post('video', video, owner.auth, { content: 'Answer 2', parent_id: parent.id });
    expect(r2.status).toBe(201);

    const listed = (await list('video', video, null)).body as Page;
    expect(listed.comments.map((c) => [c.id, c.reply_count])).toEqual([[parent.id, 2]]);
    const page = (await replies(parent.id, null)).body as Page;
    expect(page.comments.map((c) => c.content)).toEqual(['Answer 1', 'Answer 2']);
    expect(page.next_cursor).toBeNull();
    const first = await replies(parent.id, null, '?limit=1');
    expect(first.body.comments.map((c: Comment) => c.content)).toEqual(['Answer 1']);
    const rest = await replies(parent.id, null, `?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(rest.body.comments.map((c: Comment) => c.content)).toEqual(['Answer 2']);
    expect(await counter(video)).toBe(3);

    // A reply to a reply, a parent on another video, an unknown one, a malformed one: 400, and nothing kept.
    const deeper = await post('video', video, a.auth, { content: 'Deeper', parent_id: r1.body.id });
    expect(deeper.status).toBe(400);
    expect(deeper.body.detail).toBe('You can only reply to a top-level comment, not to a reply');
    const elsewhere = await post('video', other, a.auth, { content: 'Elsewhere', parent_id: parent.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toBe('The comment you are replying to does not exist on this item');
    expect((await post('video', video, a.auth, { content: 'Nobody', parent_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    const malformed = await post('video', video, a.auth, { content: 'Bad', parent_id: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('parent_id must be the id of a comment');
    expect(await counter(video)).toBe(3);
    expect(await counter(other)).toBe(0);
    expect((await replies('00000000-0000-4000-8000-000000000000', null)).status).toBe(404);
  });
});

describe('edit and delete', () => {
  it('lets the author alone edit (others 404, visitors 401), marking it edited', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const video = await ready('video', owner);
    const c = (await post('video', video, a.auth, { content: 'Typo' })).body as Comment;
    expect((await edit(c.id, null, { content: 'Hacked' })).status).toBe(401);
    for (const who of [b, owner]) {
      const r = await edit(c.id, who.auth, { content: 'Hacked' });
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe('Comment not found');
    }
    const r = await edit(c.id, a.auth, { content: '  Fixed  ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, content: 'Fixed', can_edit: true, created_at: c.created_at });
    expect(Date.parse(r.body.edited_at)).toBeGreaterThanOrEqual(Date.parse(c.created_at));
    expect((await list('video', video, null)).body.comments[0]).toMatchObject({ content: 'Fixed', edited_at: r.body.edited_at });
  });

  it('lets the author or the media owner delete, no one else; a top-level comment goes with its replies and likes', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const video = await ready('video', owner);
    const top = (await post('video', video, a.auth, { content: 'Top' })).body as Comment;
    const reply = (await post('video', video, b.auth, { content: 'Reply', parent_id: top.id })).body as Comment;
    const reply2 = (await post('video', video, a.auth, { content: 'Reply 2', parent_id: top.id })).body as Comment;
    const lone = (await post('video', video, b.auth, { content: 'Lone' })).body as Comment;
    await like(reply.id, a.auth);
    await like(top.id, b.auth);
    expect(await counter(video)).toBe(4);

    expect((await remove(lone.id, null)).status).toBe(401);
    expect((await remove(lone.id, a.auth)).status).toBe(404); // not theirs, not their video
    expect((await remove(reply.id, a.auth)).status).toBe(404); // the parent's author is not the reply's
    // The author deletes a reply: the parent's reply_count and the video's count follow.
    expect((await remove(reply2.id, a.auth)).status).toBe(204);
    expect((await list('video', video, null)).body.comments.find((c: Comment) => c.id === top.id).reply_count).toBe(1);
    expect(await counter(video)).toBe(3);
    // The video's owner deletes someone else's top-level comment: its reply and every like go too.
    expect((await remove(top.id, owner.auth)).status).toBe(204);
    expect((await replies(top.id, null)).status).toBe(404);
    expect((await like(reply.id, a.auth)).status).toBe(404);
    expect(await counter(video)).toBe(1);
    expect((await t.sql('select 1 from media_comment_likes where comment_id = any($1)', [[top.id, reply.id]])).length).toBe(0);
    expect((await remove(top.id, owner.auth)).status).toBe(404);
    expect((await list('video', video, null)).body.comments.map((c: Comment) => c.id)).toEqual([lone.id]);
    expect((await remove(lone.id, b.auth)).status).toBe(204);
    expect(await counter(video)).toBe(0);
  });
});

describe('likes', () => {
  it('toggles per user and keeps the count, even under concurrent toggles', async () => {
    const [owner, a, b] = [await person(t), await person(t), await person(t)];
    const video = await ready('video', owner);
    const c = (await post('video', video, owner.auth, { content: 'Like me' })).body as Comment;
    expect((await like(c.id, null)).status).toBe(401);
    expect((await like(c.id, a.auth)).body).toEqual({ liked: true, like_count: 1 });
    expect((await like(c.id, b.auth)).body).toEqual({ liked: true, like_count: 2 });
    expect((await list('video', video, a.auth)).body.comments[0]).toMatchObject({ like_count: 2, liked: true });
    expect((await list('video', video, null)).body.comments[0]).toMatchObject({ like_count: 2, liked: false });
    expect((await like(c.id, a.auth)).body).toEqual({ liked: false, like_count: 1 });
    const fans = await Promise.all(Array.from({ length: 6 }, () => person(t)));
    // Each fan toggles three times at once: they end up liking it.
    await Promise.all(fans.flatMap((f) => [like(c.id, f.auth), like(c.id, f.auth), like(c.id, f.auth)]));
    const [row] = await t.sql<{ like_count: number }>('select like_count from media_comments where id = $1', [c.id]);
    const [real] = await t.sql<{ n: number }>('select count(*)::int as n from media_comment_likes where comment_id = $1', [c.id]);
    expect(row.like_count).toBe(real.n);
    expect(real.n).toBe(7);
  });
});

describe('who may see and write', () => {
  it('lets visitors read what they may open but not write (401)', async () => {
    const [owner, a] = [await person(t), await person(t)];
    const video = await ready('video', owner);
    const movie = await ready('movie', owner);
    const c = (await post('video', video, a.auth, { content: 'Hello' })).body as Comment;
    expect((await list('video', video, null)).status).toBe(200);
    expect((await replies(c.id, null)).status).toBe(200);
    expect((await post('video', video, null, { content: 'Anon' })).status).toBe(401);
    expect((await post('movie', movie, null, { content: 'Anon' })).status).toBe(401);

    const m = await post('movie', movie, a.auth, { content: 'Great film' });
    expect(m.status).toBe(201);
    expect(m.body.media_id).toBe(movie);
    expect((await list('movie', movie, a.auth)).body.comments.map((x: Comment) => x.content)).toEqual(['Great film']);
    // Visitors read a movie's comments exactly when they may open its page.
    const page = (await t.http().get(`/api/movies/${movie}`)).status === 200 ? 200 : 404;
    expect((await list('movie', movie, null)).status).toBe(page);
    expect((await replies(m.body.id, null)).status).toBe(page);
    // A video is not a movie.
    expect((await list('movie', video, a.auth)).status).toBe(404);
    expect((await post('video', movie, a.auth, { content: 'Wrong door' })).status).toBe(404);
  });

  it('hides the comments of a private account from everyone but its owner (404)', async () => {
    const [recluse, a] = [await person(t), await person(t)];
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private', video_visibility: 'private' });
    const video = await ready('video', recluse);
    const c = await post('video', video, recluse.auth, { content: 'Note to self' });
    expect(c.status).toBe(201);
    expect((await list('video', video, recluse.auth)).body.comments).toHaveLength(1);
    for (const auth of [a.auth, null]) {
      expect((await list('video', video, auth)).status).toBe(404);
      expect((await replies(c.body.id, auth)).status).toBe(404);
    }
    expect((await post('video', video, a.auth, { content: 'Found you' })).status).toBe(404);
    expect((await like(c.body.id, a.auth)).status).toBe(404);
    expect((await remove(c.body.id, a.auth)).status).toBe(404);
  });

  it("follows the channel's comment_permissions (403), the owner always may", async () => {
    const [owner, a] = [await person(t), await person(t)];
    await setPrivacy(t, owner.auth, { comment_permissions: 'none' });
    const video = await ready('video', owner);
    const r = await post('video', video, a.auth, { content: 'Let me in' });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe('Comments are turned off for this channel');
    expect((await post('video', video, owner.auth, { content: 'Mine' })).status).toBe(201);
  });
});

describe('notifications', () => {
  it("tells the uploader of a comment (not of their own) and a comment's author of a reply", async () => {
    const [owner, a] = [await person(t), await person(t)];
    const video = await ready('video', owner, 'My first video');
    const c = (await post('video', video, a.auth, { content: 'Nice video!' })).body as Comment;
    await post('video', video, owner.auth, { content: 'Thanks all' });
    await post('video', video, owner.auth, { content: 'Thank you!', parent_id: c.id });
    await settled(t);
    const toOwner = (await t.http().get('/api/notifications').set(...owner.auth)).body;
    expect(toOwner.notifications).toEqual([
      expect.objectContaining({ type: 'new_comment', title: 'New comment', message: `${a.name} commented on "My first video": Nice video!`, read: false, link: { kind: 'video', id: video } }),
    ]);
    const toA = (await t.http().get('/api/notifications').set(...a.auth)).body;
    expect(toA.notifications).toEqual([
      expect.objectContaining({ type: 'comment_reply', title: 'New reply', message: `${owner.name} replied to your comment on "My first video": Thank you!`, link: { kind: 'video', id: video } }),
    ]);
  });
});

describe('reels', () => {
  it('keeps the reel routes as they were, over the same comments (replies, likes and delete work on them)', async () => {
    const [owner, a] = [await person(t), await person(t)];
    const reel = await ready('reel', owner);
    const c = await post('reel', reel, a.auth, { content: 'Reel comment' });
    expect(c.status).toBe(201);
    expect(Object.keys(c.body).sort()).toEqual(['content', 'created_at', 'id', 'is_mine', 'username']);
    expect((await like(c.body.id, owner.auth)).body).toEqual({ liked: true, like_count: 1 });
    expect((await replies(c.body.id, null)).body).toEqual({ comments: [], next_cursor: null });
    expect((await remove(c.body.id, owner.auth)).status).toBe(204);
    expect((await t.http().get(`/api/reels/${reel}/comments`)).body).toEqual({ comments: [], next_cursor: null });
    expect(await counter(reel)).toBe(0);
  });
});
