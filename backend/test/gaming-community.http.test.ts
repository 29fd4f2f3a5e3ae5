import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { COMMUNITY_CLOCK, type CommunityClock } from '../src/modules/social/domain/community-ports.js';
import { SocialFacade } from '../src/modules/social/social.facade.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { media } from './moderation-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 15, the gaming hub's Community tab: community posts (discussion, review, guide, clip with one of the author's
 * videos), the list with its filters and pages, likes, comments, who may delete what, visitors, the feature flag.
 */

type Any = Record<string, any>;
let t: TestApp;
/** The community's clock, moved by the tests (never a sleep); starts at the real time. */
let at = Date.now();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  t.app.get<CommunityClock>(COMMUNITY_CLOCK).now = () => new Date(at);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Each post a little later than the one before (the list's order is by time). */
const tick = () => (at += 1000);

const post = (who: Person | null, body: Any) => {
  tick();
  const r = t.http().post('/api/gaming/community/post');
  return (who ? r.set(...who.auth) : r).send(body);
};
async function posted(who: Person, body: Any = {}): Promise<Any> {
  const r = await post(who, { title: 'A post', content: 'Some content', game: 'Chess', ...body });
  if (r.status !== 201) throw new Error(`post: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const get = (path: string, who: Person | null = null) => {
  const r = t.http().get(path);
  return who ? r.set(...who.auth) : r;
};
async function list(query = '', who: Person | null = null): Promise<Any[]> {
  const r = await get(`/api/gaming/community/posts${query}`, who);
  expect(r.status).toBe(200);
  return r.body;
}
const like = (who: Person, id: string) => t.http().post(`/api/gaming/community/post/${id}/like`).set(...who.auth);
const commentOn = (who: Person, id: string, content: unknown) => t.http().post(`/api/gaming/community/post/${id}/comments`).set(...who.auth).send({ content });
const postCount = async (author: string) => Number((await t.sql<{ n: number }>('select count(*)::int as n from community_posts where author_id = $1', [author]))[0].n);
/** A game name no other test uses. */
const game = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

describe('creating a post', () => {
  it('publishes a discussion by default, trimmed, shown to its author and to visitors', async () => {
    const me = await person(t);
    const r = await post(me, { title: '  Best opening? ', content: ' e4 or d4 ', game: '  Chess ' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      title: 'Best opening?',
      content: 'e4 or d4',
      game: 'Chess',
      type: 'discussion',
      author_id: me.id,
      author_name: me.name,
      created_at: new Date(at).toISOString(),
      likes: 0,
      comments: 0,
      liked: false,
      is_mine: true,
      video: null,
    });
    const visitor = await get(`/api/gaming/community/post/${r.body.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ ...r.body, is_mine: false });
    expect((await list()).find((p) => p.id === r.body.id)).toEqual({ ...r.body, is_mine: false });
    expect((await list('', me)).find((p) => p.id === r.body.id)).toEqual(r.body);
  });

  it('takes every type, and urlencoded or multipart forms', async () => {
    const me = await person(t);
    for (const type of ['discussion', 'review', 'guide', 'clip']) expect((await posted(me, { post_type: type })).type).toBe(type);
    const form = await t.http().post('/api/gaming/community/post').set(...me.auth).type('form').send({ title: 'Form', content: 'Body', game: 'Go', post_type: 'review' });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ title: 'Form', content: 'Body', game: 'Go', type: 'review' });
    const multi = await t.http().post('/api/gaming/community/post').set(...me.auth).field('title', 'Multi').field('content', 'Parts').field('game', 'Tetris').field('post_type', 'guide');
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ title: 'Multi', content: 'Parts', game: 'Tetris', type: 'guide' });
  });

  it('refuses missing or blank fields, too long ones and an unknown type with their messages, creating nothing', async () => {
    const me = await person(t);
    const ok = { title: 'T', content: 'C', game: 'G' };
    const cases: [Any, string, string][] = [
      [{ content: 'C', game: 'G' }, 'title', 'Please enter a title'],
      [{ ...ok, title: '   ' }, 'title', 'Please enter a title'],
      [{ title: 'T', content: 'C' }, 'game', 'Please enter a game'],
      [{ ...ok, game: ' ' }, 'game', 'Please enter a game'],
      [{ title: 'T', game: 'G' }, 'content', 'Please enter some content'],
      [{ ...ok, content: '\n ' }, 'content', 'Please enter some content'],
      [{ ...ok, title: 'x'.repeat(151) }, 'title', 'Title must be at most 150 characters'],
      [{ ...ok, game: 'g'.repeat(101) }, 'game', 'Game must be at most 100 characters'],
      [{ ...ok, content: 'c'.repeat(10_001) }, 'content', 'Content must be at most 10000 characters'],
      [{ ...ok, post_type: 'meme' }, 'post_type', 'post_type must be one of discussion, review, guide, clip'],
      [{ ...ok, title: 5 }, 'title', 'Please enter a title'],
    ];
    for (const [body, field, message] of cases) {
      const r = await post(me, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: message });
      expect(r.body.errors).toContainEqual({ field, message });
    }
    // The limits themselves are fine.
    expect((await post(me, { title: 'x'.repeat(150), game: 'g'.repeat(100), content: 'c'.repeat(10_000) })).status).toBe(201);
    expect(await postCount(me.id)).toBe(1);
  });

  it('a visitor cannot post (401)', async () => {
    const r = await post(null, { title: 'T', content: 'C', game: 'G' });
    expect(r.status).toBe(401);
  });
});

describe('clip posts', () => {
  it("attach one of the author's own ready videos, shown with its title, thumbnail and length", async () => {
    const me = await person(t);
    const video = await media(t, me, 'video', 'My best run');
    const r = await post(me, { title: 'Clip', content: 'Watch this', game: 'Celeste', post_type: 'clip', video_id: video });
    expect(r.status).toBe(201);
    expect(r.body.video).toMatchObject({ id: video, title: 'My best run', duration: 2 });
    expect(Object.keys(r.body.video).sort()).toEqual(['duration', 'id', 'thumbnail_url', 'title']);
    expect((await get(`/api/gaming/community/post/${r.body.id}`)).body.video).toEqual(r.body.video);
    // A clip without a video is fine too.
    expect((await post(me, { title: 'Clip', content: 'No video', game: 'Celeste', post_type: 'clip' })).body.video).toBeNull();
  });

  it("refuses a video on another type (400), another user's, an unready, a removed or an unknown video (404 'Video not found')", async () => {
    const [me, other] = [await person(t), await person(t)];
    const mine = await media(t, me, 'video', 'Mine');
    const theirs = await media(t, other, 'video', 'Theirs');
    const base = { title: 'Clip', content: 'C', game: 'G' };
    const wrongType = await post(me, { ...base, post_type: 'guide', video_id: mine });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Only clip posts can attach a video' });
    // The default type is not a clip either.
    expect((await post(me, { ...base, video_id: mine })).body.detail).toBe('Only clip posts can attach a video');

    const processing = await media(t, me, 'video', 'Processing');
    await t.sql(`update media set status = 'processing' where id = $1`, [processing]);
    const removed = await media(t, me, 'video', 'Removed');
    await t.sql(`update media set status = 'removed' where id = $1`, [removed]);
    for (const id of [theirs, processing, removed, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const r = await post(me, { ...base, post_type: 'clip', video_id: id });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, code: 'SOCIAL.VIDEO_NOT_FOUND', detail: 'Video not found' });
    }
    expect(await postCount(me.id)).toBe(0);
  });

  it('stops showing a video once it is no longer watchable', async () => {
    const me = await person(t);
    const video = await media(t, me, 'video', 'Soon gone');
    const p = await posted(me, { post_type: 'clip', video_id: video });
    await t.sql(`update media set status = 'removed' where id = $1`, [video]);
    expect((await get(`/api/gaming/community/post/${p.id}`)).body.video).toBeNull();
  });
});

describe('the list', () => {
  it('filters by game (whole name, any case) and by type, newest first', async () => {
    const me = await person(t);
    const g = game('Elden Ring');
    const a = await posted(me, { game: g, post_type: 'guide' });
    const b = await posted(me, { game: g.toUpperCase(), post_type: 'review' });
    const c = await posted(me, { game: `${g} II`, post_type: 'guide' });
    const ids = (ps: Any[]) => ps.map((p) => p.id);
    expect(ids(await list(`?game=${encodeURIComponent(g.toLowerCase())}`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?game=${encodeURIComponent(`  ${g} `)}&post_type=guide`))).toEqual([a.id]);
    expect(ids(await list(`?game=${encodeURIComponent(`${g} II`)}`))).toEqual([c.id]);
    const guides = await list('?post_type=guide&limit=50');
    expect(guides.every((p) => p.type === 'guide')).toBe(true);
    expect(ids(guides).indexOf(c.id)).toBeLessThan(ids(guides).indexOf(a.id));
    // Empty filters are no filters.
    expect((await list('?game=&post_type=')).length).toBeGreaterThan(0);
    const bad = await get('/api/gaming/community/posts?post_type=meme');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('post_type must be one of discussion, review, guide, clip');
  });

  it('pages with keyset cursors (X-Next-Cursor, passed as before): every post once, in order; 20 by default, at most 50', async () => {
    const me = await person(t);
    const g = game('Paging');
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await posted(me, { game: g, title: `Post ${i}` })).id);
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const r = await get(`/api/gaming/community/posts?game=${encodeURIComponent(g)}&limit=2${before ? `&before=${before}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.map((p: Any) => p.id));
      before = r.headers['x-next-cursor'];
      pages += 1;
    } while (before);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    for (let i = 0; i < 21; i += 1) await posted(me, { game: `${g} many` });
    expect(await list(`?game=${encodeURIComponent(`${g} many`)}`)).toHaveLength(20);
    for (const q of ['limit=51', 'limit=0', 'limit=abc']) {
      const r = await get(`/api/gaming/community/posts?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('limit must be a whole number from 1 to 50');
    }
    const badCursor = await get('/api/gaming/community/posts?before=nonsense');
    expect(badCursor.status).toBe(400);
  });
});

describe('likes', () => {
  it('toggles per user, shown as liked to that user only', async () => {
    const [author, fan, other] = [await person(t), await person(t), await person(t)];
    const p = await posted(author);
    const r = await like(fan, p.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ liked: true, likes: 1 });
    expect((await get(`/api/gaming/community/post/${p.id}`, fan)).body).toMatchObject({ liked: true, likes: 1 });
    expect((await get(`/api/gaming/community/post/${p.id}`, other)).body).toMatchObject({ liked: false, likes: 1 });
    expect((await get(`/api/gaming/community/post/${p.id}`)).body).toMatchObject({ liked: false, likes: 1 });
    expect((await like(other, p.id)).body).toEqual({ liked: true, likes: 2 });
    expect((await like(fan, p.id)).body).toEqual({ liked: false, likes: 1 });
  });

  it('ends consistent under 10 simultaneous toggles of the same user', async () => {
    const [author, fan] = [await person(t), await person(t)];
    const p = await posted(author);
    const answers = await Promise.all(Array.from({ length: 10 }, () => like(fan, p.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    // Run one after the other: five likes and five unlikes, each answer the state it made.
    expect(answers.filter((a) => a.body.liked).length).toBe(5);
    for (const a of answers) expect(a.body.likes).toBe(a.body.liked ? 1 : 0);
    const after = (await get(`/api/gaming/community/post/${p.id}`, fan)).body;
    expect(after).toMatchObject({ liked: false, likes: 0 });
    expect(await t.sql('select 1 from community_post_likes where post_id = $1', [p.id])).toHaveLength(0);
  });

  it('an unknown post is 404; a visitor is 401', async () => {
    const fan = await person(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await like(fan, id);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'SOCIAL.POST_NOT_FOUND', detail: 'Post not found' });
    }
    const p = await posted(fan);
    expect((await t.http().post(`/api/gaming/community/post/${p.id}/like`)).status).toBe(401);
  });
});

describe('comments', () => {
  it('adds trimmed comments, listed oldest first (visitors too), counted on the post', async () => {
    const [author, a, b] = [await person(t), await person(t), await person(t)];
    const p = await posted(author);
    tick();
    const first = await commentOn(a, p.id, '  Great guide ');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), content: 'Great guide', author_id: a.id, author_name: a.name, created_at: new Date(at).toISOString(), is_mine: true });
    tick();
    const second = await commentOn(b, p.id, 'Thanks!');
    expect(second.status).toBe(201);
    const visitor = await get(`/api/gaming/community/post/${p.id}/comments`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual([{ ...first.body, is_mine: false }, { ...second.body, is_mine: false }]);
    expect((await get(`/api/gaming/community/post/${p.id}/comments`, b)).body.map((c: Any) => c.is_mine)).toEqual([false, true]);
    expect((await get(`/api/gaming/community/post/${p.id}`)).body.comments).toBe(2);
    const paged = await get(`/api/gaming/community/post/${p.id}/comments?limit=1`);
    expect(paged.body.map((c: Any) => c.id)).toEqual([first.body.id]);
    const next = await get(`/api/gaming/community/post/${p.id}/comments?limit=1&cursor=${paged.headers['x-next-cursor']}`);
    expect(next.body.map((c: Any) => c.id)).toEqual([second.body.id]);
  });

  it("refuses a blank ('Please enter a comment') or too long comment, an unknown post, and visitors", async () => {
    const [author, a] = [await person(t), await person(t)];
    const p = await posted(author);
    for (const [content, message] of [['', 'Please enter a comment'], ['   ', 'Please enter a comment'], [undefined, 'Please enter a comment'], ['x'.repeat(2001), 'Comment must be at most 2000 characters']] as const) {
      const r = await commentOn(a, p.id, content);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message });
    }
    expect((await commentOn(a, p.id, 'x'.repeat(2000))).status).toBe(201);
    expect((await commentOn(a, '00000000-0000-4000-8000-000000000000', 'Hi')).status).toBe(404);
    expect((await get('/api/gaming/community/post/00000000-0000-4000-8000-000000000000/comments')).status).toBe(404);
    expect((await t.http().post(`/api/gaming/community/post/${p.id}/comments`).send({ content: 'Hi' })).status).toBe(401);
    expect((await get(`/api/gaming/community/post/${p.id}`)).body.comments).toBe(1);
  });
});

describe('deleting', () => {
  it("a comment: by its author or the post's author, never by anyone else (404)", async () => {
    const [author, writer, stranger] = [await person(t), await person(t), await person(t)];
    const p = await posted(author);
    const c1 = (await commentOn(writer, p.id, 'one')).body.id;
    const c2 = (await commentOn(writer, p.id, 'two')).body.id;
    const del = (who: Person, id: string) => t.http().delete(`/api/gaming/community/post/${p.id}/comments/${id}`).set(...who.auth);
    const refused = await del(stranger, c1);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'SOCIAL.COMMENT_NOT_FOUND', detail: 'Comment not found' });
    expect((await del(writer, c1)).status).toBe(204);
    expect((await del(author, c2)).status).toBe(204);
    expect((await del(author, c2)).status).toBe(404);
    expect((await get(`/api/gaming/community/post/${p.id}/comments`)).body).toEqual([]);
    expect((await get(`/api/gaming/community/post/${p.id}`)).body.comments).toBe(0);
    // A comment of another post is not this post's.
    const other = await posted(author);
    const elsewhere = (await commentOn(writer, other.id, 'elsewhere')).body.id;
    expect((await del(author, elsewhere)).status).toBe(404);
  });

  it('a post: by its author only (others 404), with its likes and comments; then it is gone everywhere', async () => {
    const [author, stranger] = [await person(t), await person(t)];
    const p = await posted(author);
    await like(stranger, p.id);
    await commentOn(stranger, p.id, 'hello');
    const del = (who: Person) => t.http().delete(`/api/gaming/community/post/${p.id}`).set(...who.auth);
    expect((await del(stranger)).status).toBe(404);
    expect((await get(`/api/gaming/community/post/${p.id}`)).status).toBe(200);
    expect((await t.http().delete(`/api/gaming/community/post/${p.id}`)).status).toBe(401);
    expect((await del(author)).status).toBe(204);
    const gone = await get(`/api/gaming/community/post/${p.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'SOCIAL.POST_NOT_FOUND', detail: 'Post not found' });
    expect((await list()).some((x) => x.id === p.id)).toBe(false);
    expect((await get(`/api/gaming/community/post/${p.id}/comments`)).status).toBe(404);
    expect((await like(stranger, p.id)).status).toBe(404);
    expect((await del(author)).status).toBe(404);
    expect(await t.sql('select 1 from community_post_comments where post_id = $1 union all select 1 from community_post_likes where post_id = $1', [p.id])).toHaveLength(0);
  });

  it("a deleted user's posts, likes and comments go with them", async () => {
    const [author, other] = [await person(t), await person(t)];
    const leaving = await signUp(t);
    const leavingId = (await t.http().get('/api/me').set(...leaving.auth)).body.id as string;
    const theirs = await posted({ id: leavingId, name: String(leaving.user.display_name), auth: leaving.auth });
    const p = await posted(author);
    await like({ id: leavingId, name: '', auth: leaving.auth }, p.id);
    await like(other, p.id);
    await commentOn({ id: leavingId, name: '', auth: leaving.auth }, p.id, 'bye');
    expect((await t.http().delete('/api/me').set(...leaving.auth).send({ confirmation: leaving.user.display_name })).status).toBe(200);
    await settled(t);
    expect((await get(`/api/gaming/community/post/${theirs.id}`)).status).toBe(404);
    expect((await get(`/api/gaming/community/post/${p.id}`)).body).toMatchObject({ likes: 1, comments: 0 });
    expect((await get(`/api/gaming/community/post/${p.id}/comments`)).body).toEqual([]);
  });
});

describe('limits and the feature flag', () => {
  it('at most 30 posts an hour per author (429 with Retry-After); the next hour takes more', async () => {
    const me = await person(t);
    for (let i = 0; i < 30; i += 1) await posted(me, { title: `Post ${i}` });
    const r = await post(me, { title: 'One too many', content: 'C', game: 'G' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'SOCIAL.TOO_MANY_POSTS', detail: 'You can publish at most 30 posts an hour. Please try again later.' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(await postCount(me.id)).toBe(30);
    // Someone else is not limited by it.
    await posted(await person(t));
    at += 3_600_000;
    expect((await post(me, { title: 'Later', content: 'C', game: 'G' })).status).toBe(201);
  });

  it("answers 503 on every route while the 'gaming' feature is off", async () => {
    const flags = t.app.get(FeatureFlags);
    const me = await person(t);
    const p = await posted(me);
    const c = (await commentOn(me, p.id, 'hi')).body.id;
    await t.sql(`update feature_flags set enabled = false where name = 'gaming'`);
    await flags.changed('gaming', false);
    try {
      const calls = [
        get('/api/gaming/community/posts'),
        get(`/api/gaming/community/post/${p.id}`),
        get(`/api/gaming/community/post/${p.id}/comments`),
        t.http().post('/api/gaming/community/post').set(...me.auth).send({ title: 'T', content: 'C', game: 'G' }),
        like(me, p.id),
        commentOn(me, p.id, 'x'),
        t.http().delete(`/api/gaming/community/post/${p.id}/comments/${c}`).set(...me.auth),
        t.http().delete(`/api/gaming/community/post/${p.id}`).set(...me.auth),
      ];
      for (const r of await Promise.all(calls)) {
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ code: 'SYSTEM.FEATURE_DISABLED', detail: 'The feature "gaming" is disabled on this instance' });
      }
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'gaming'`);
      await flags.changed('gaming', true);
    }
    expect((await get(`/api/gaming/community/post/${p.id}`)).body.comments).toBe(1);
  });
});

describe('the facade (demo data)', () => {
  it('publishes, likes and comments with the routes’ rules', async () => {
    const social = t.app.get(SocialFacade);
    const [a, b] = [await person(t), await person(t)];
    tick();
    const id = await social.createCommunityPost(a.id, { title: 'Demo', content: 'Seeded', game: 'Reflex', post_type: 'guide' });
    expect(await social.toggleCommunityPostLike(b.id, id)).toEqual({ liked: true, likes: 1 });
    await social.addCommunityPostComment(b.id, id, 'Nice');
    expect((await get(`/api/gaming/community/post/${id}`, b)).body).toMatchObject({ title: 'Demo', type: 'guide', likes: 1, comments: 1, liked: true, author_name: a.name });
    await expect(social.createCommunityPost(a.id, { title: '', content: 'x', game: 'y' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please enter a title' });
  });
});
