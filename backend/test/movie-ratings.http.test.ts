import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { CatalogEvents } from '../src/modules/catalog/application/catalog-events.js';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { markReady, MP4_HEAD, setPrivacy, storedOriginals, upload, type Auth } from './media-fixtures.js';
import { person, type Person } from './social-fixtures.js';

/**
 * A movie's cast (sent with the upload, as a JSON list like `genre`) and viewers' ratings (1 to 5 stars, one per
 * person, changeable and removable): the movie's `rating` is the mean of its viewers' ratings, never anything else.
 */

let t: TestApp;
const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ENGAGEMENT_LIMIT_PER_MINUTE: '1000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Any = Record<string, any>;

async function movie(who: Person, fields: Record<string, string> = {}): Promise<string> {
  const r = await upload(t, 'movie', who.auth, MP4, { title: 'A movie', ...fields });
  expect(r.status).toBe(201);
  await markReady(t, r.body.movie.id);
  return r.body.movie.id as string;
}

const as = <R extends { set: (k: string, v: string) => R }>(auth: Auth | null, req: R): R => (auth ? req.set(...auth) : req);
const rate = (id: string, auth: Auth | null, body: unknown) => as(auth, t.http().put(`/api/movies/${id}/rating`)).send(body as object);
const unrate = (id: string, auth: Auth | null) => as(auth, t.http().delete(`/api/movies/${id}/rating`));
const get = (id: string, auth: Auth | null) => as(auth, t.http().get(`/api/movies/${id}`));
const stored = async (id: string) => (await t.sql<Any>('select rating_sum, rating_count from media where id = $1', [id]))[0];
const rows = async (id: string) => (await t.sql<Any>('select stars from movie_ratings where media_id = $1 order by stars', [id])).map((r) => r.stars);

describe('rating a movie', () => {
  it('a new movie has no rating: null, none counted, never invented', async () => {
    const owner = await person(t);
    const id = await movie(owner);
    expect((await get(id, null)).body).toMatchObject({ rating: null, rating_count: 0, my_rating: null });
    expect((await get(id, owner.auth)).body).toMatchObject({ rating: null, rating_count: 0, my_rating: null });
  });

  it('viewers rate, change and remove their rating; the average and count follow, each sees their own', async () => {
    const [owner, ann, bob] = [await person(t), await person(t), await person(t)];
    const id = await movie(owner);

    const first = await rate(id, ann.auth, { stars: 4 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ rating: 4, rating_count: 1, my_rating: 4 });

    expect((await rate(id, bob.auth, { stars: 5 })).body).toEqual({ rating: 4.5, rating_count: 2, my_rating: 5 });
    // One rating per person: a second PUT changes it.
    expect((await rate(id, ann.auth, { stars: 1 })).body).toEqual({ rating: 3, rating_count: 2, my_rating: 1 });
    expect(await rows(id)).toEqual([1, 5]);

    expect((await get(id, ann.auth)).body).toMatchObject({ rating: 3, rating_count: 2, my_rating: 1 });
    expect((await get(id, bob.auth)).body).toMatchObject({ rating: 3, rating_count: 2, my_rating: 5 });
    expect((await get(id, null)).body).toMatchObject({ rating: 3, rating_count: 2, my_rating: null });
    const listed = (await t.http().get('/api/movies').set(...bob.auth)).body.movies.find((m: Any) => m.id === id);
    expect(listed).toMatchObject({ rating: 3, rating_count: 2, my_rating: 5 });

    const removed = await unrate(id, ann.auth);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ rating: 5, rating_count: 1, my_rating: null });
    // Removing again is not an error, and changes nothing.
    expect((await unrate(id, ann.auth)).body).toEqual({ rating: 5, rating_count: 1, my_rating: null });
    expect((await unrate(id, bob.auth)).body).toEqual({ rating: null, rating_count: 0, my_rating: null });
    expect(await stored(id)).toEqual({ rating_sum: 0, rating_count: 0 });
    expect((await get(id, null)).body).toMatchObject({ rating: null, rating_count: 0 });
  });

  it('the average has two decimals', async () => {
    const [owner, a, b, c] = [await person(t), await person(t), await person(t), await person(t)];
    const id = await movie(owner);
    await rate(id, a.auth, { stars: 5 });
    await rate(id, b.auth, { stars: 4 });
    expect((await rate(id, c.auth, { stars: 4 })).body).toEqual({ rating: 4.33, rating_count: 3, my_rating: 4 });
  });

  it('concurrent ratings of many viewers, and changes of one, keep the sum and count exact', async () => {
    const owner = await person(t);
    const id = await movie(owner);
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => person(t)));
    await Promise.all(people.map((p, i) => rate(id, p.auth, { stars: (i % 5) + 1 })));
    await Promise.all([rate(id, people[0].auth, { stars: 5 }), rate(id, people[0].auth, { stars: 3 }), unrate(id, people[1].auth), rate(id, people[1].auth, { stars: 2 })]);
    const stars = await rows(id);
    const { rating_sum, rating_count } = await stored(id);
    expect(rating_count).toBe(stars.length);
    expect(rating_sum).toBe(stars.reduce((s: number, n: number) => s + n, 0));
  });

  it('visitors are asked to sign in (401), whatever the movie', async () => {
    const owner = await person(t);
    const id = await movie(owner);
    for (const r of [await rate(id, null, { stars: 3 }), await unrate(id, null), await rate('00000000-0000-4000-8000-000000000000', null, { stars: 3 })]) {
      expect(r.status).toBe(401);
    }
    expect(await rows(id)).toEqual([]);
  });

  it.each([
    ['0', { stars: 0 }],
    ['6', { stars: 6 }],
    ['"x"', { stars: 'x' }],
    ['3.5', { stars: 3.5 }],
    ['-1', { stars: -1 }],
    ['null', { stars: null }],
    ['nothing', {}],
    ['a list', { stars: [3] }],
  ])('refuses stars %s (400, with what is wrong), and changes nothing', async (_label, body) => {
    const [owner, ann] = [await person(t), await person(t)];
    const id = await movie(owner);
    await rate(id, ann.auth, { stars: 2 });
    const r = await rate(id, ann.auth, body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'stars must be a whole number from 1 to 5' });
    expect(r.body.errors).toContainEqual({ field: 'stars', message: 'stars must be a whole number from 1 to 5' });
    expect(await rows(id)).toEqual([2]);
    expect(await stored(id)).toEqual({ rating_sum: 2, rating_count: 1 });
  });

  it('an unknown movie, another kind of item, a movie still processing or of a private channel: 404, as if absent', async () => {
    const [owner, ann] = [await person(t), await person(t)];
    expect((await rate('00000000-0000-4000-8000-000000000000', ann.auth, { stars: 3 })).status).toBe(404);
    expect((await rate('not-an-id', ann.auth, { stars: 3 })).status).toBe(404);
    expect((await unrate('not-an-id', ann.auth)).status).toBe(404);

    const video = await upload(t, 'video', owner.auth, MP4, { title: 'A video' });
    await markReady(t, video.body.id);
    expect((await rate(video.body.id, ann.auth, { stars: 3 })).status).toBe(404);

    const draft = (await upload(t, 'movie', owner.auth, MP4, { title: 'Draft' })).body.movie.id;
    const refused = await rate(draft, ann.auth, { stars: 3 });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('CATALOG.NOT_FOUND');

    const hidden = await movie(owner);
    await rate(hidden, ann.auth, { stars: 4 });
    await setPrivacy(t, owner.auth, { profile_visibility: 'private', video_visibility: 'private' });
    expect((await rate(hidden, ann.auth, { stars: 5 })).status).toBe(404);
    expect((await unrate(hidden, ann.auth)).status).toBe(404);
    expect(await rows(hidden)).toEqual([4]);
  });

  it('the owner cannot rate their own movie (403): the average is the audience’s', async () => {
    const owner = await person(t);
    const id = await movie(owner);
    const r = await rate(id, owner.auth, { stars: 5 });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'CATALOG.OWN_MOVIE_RATING', detail: 'You cannot rate your own movie' });
    expect(await rows(id)).toEqual([]);
  });

  it('a premium movie is rated by those who may watch it only (403 for the others)', async () => {
    const [owner, ann] = [await person(t), await person(t)];
    const id = await movie(owner, { is_premium: 'true' });
    const refused = await rate(id, ann.auth, { stars: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CATALOG.PREMIUM_REQUIRED');
    // (Set in the database before the user's first authenticated request, so no cached principal hides it.)
    const vip = await signUp(t);
    await t.sql(`update users set is_premium = true, premium_expires = now() + interval '1 day' where display_name = $1`, [vip.user.display_name]);
    expect((await rate(id, vip.auth, { stars: 5 })).body).toEqual({ rating: 5, rating_count: 1, my_rating: 5 });
  });

  it('ratings are rate-limited per user like likes and comments (429)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ENGAGEMENT_LIMIT_PER_MINUTE: '3' }, t);
    try {
      const [owner, ann] = [await person(limited), await person(limited)];
      const r = await upload(limited, 'movie', owner.auth, MP4, { title: 'Limited' });
      await markReady(limited, r.body.movie.id);
      const statuses: number[] = [];
      for (const stars of [1, 2, 3, 4]) statuses.push((await limited.http().put(`/api/movies/${r.body.movie.id}/rating`).set(...ann.auth).send({ stars })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a removed movie takes its ratings with it', async () => {
    const [owner, ann] = [await person(t), await person(t)];
    const id = await movie(owner);
    await rate(id, ann.auth, { stars: 3 });
    const [{ account_id }] = await t.sql<Any>('select account_id from media where id = $1', [id]);
    await RequestContext.create(t.app.get(MikroORM).em, () => t.app.get(CatalogEvents).purge(account_id));
    expect(await rows(id)).toEqual([]);
  });
});

describe('the cast of a movie (Add Movie)', () => {
  it('is kept as sent (a JSON list of names): trimmed, blanks and repeats dropped, in order; none is an empty list', async () => {
    const owner = await person(t);
    const r = await upload(t, 'movie', owner.auth, MP4, { title: 'Cast', cast: JSON.stringify(['  June Marlow ', 'Theo   Hart', '', 'june marlow', 'Zoë Ødegaard']) });
    expect(r.status).toBe(201);
    expect(r.body.movie.cast).toEqual(['June Marlow', 'Theo Hart', 'Zoë Ødegaard']);
    await markReady(t, r.body.movie.id);
    expect((await get(r.body.movie.id, null)).body.cast).toEqual(['June Marlow', 'Theo Hart', 'Zoë Ødegaard']);
    expect((await upload(t, 'movie', owner.auth, MP4, { title: 'No cast' })).body.movie.cast).toEqual([]);
    expect((await upload(t, 'movie', owner.auth, MP4, { title: 'Comma cast', cast: 'Ida Kray, Omar Venn' })).body.movie.cast).toEqual(['Ida Kray', 'Omar Venn']);
  });

  it.each([
    ['more than 30 names', JSON.stringify(Array.from({ length: 31 }, (_, i) => `Actor ${i}`)), 'List at most 30 cast members'],
    ['a name over 100 characters', JSON.stringify(['x'.repeat(101)]), 'Each cast name must be at most 100 characters'],
    ['a NUL in a name', '["Ida\\u0000Kray"]', 'Cast names must not contain control characters'],
    ['a name that is not text', '["Ida", 7]', 'Cast must be a JSON list of names'],
    ['JSON that is not a list', '{"name":"Ida"}', 'Cast must be a JSON list of names'],
  ])('refuses %s (400 with the reason), and keeps nothing', async (_what, cast, message) => {
    const owner = await person(t);
    const before = storedOriginals(t);
    const r = await upload(t, 'movie', owner.auth, MP4, { title: 'Refused cast', cast });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toContainEqual({ field: 'cast', message });
    expect(storedOriginals(t).sort()).toEqual(before.sort());
    expect(await t.sql(`select 1 from media where title = 'Refused cast'`)).toEqual([]);
  });

  it('30 names of 100 characters each are accepted', async () => {
    const owner = await person(t);
    const cast = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(2, '0')}${'n'.repeat(98)}`);
    const r = await upload(t, 'movie', owner.auth, MP4, { title: 'Big cast', cast: JSON.stringify(cast) });
    expect(r.status).toBe(201);
    expect(r.body.movie.cast).toEqual(cast);
  });
});
