import { describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { findUserByIdentifier, issueUserToken } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's rules for the reel list (mine=true) and the single reel and movie reads.

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const asAda = () => clientFor(issueUserToken(demoUser().user.id));
const asMira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('no mira');
  return clientFor(issueUserToken(entry.user.id));
};
const reelId = (title: string) => mediaDb.reels.find((reel) => reel.title === title)?.id ?? '';
const movieId = (title: string) => mediaDb.movies.find((movie) => movie.title === title)?.id ?? '';

describe('mock reels API', () => {
  test('mine=true lists only the caller\'s own reels, in every state; a visitor gets 401', async () => {
    const punch = mediaDb.reels.find((reel) => reel.title === 'Punch cards at work');
    if (punch) punch.status = 'processing';

    const mine = await asAda().GET('/api/reels', { params: { query: { mine: 'true' } } });
    const everyone = await asMira().GET('/api/reels');
    const visitor = await clientFor(null).GET('/api/reels', { params: { query: { mine: 'true' } } });

    expect(mine.data?.reels.map((reel) => [reel.title, reel.status])).toEqual([
      ['One line of poetry', 'ready'],
      ['Punch cards at work', 'processing'],
    ]);
    expect(mine.data?.next_cursor).toBeNull();
    expect(everyone.data?.reels.map((reel) => reel.title)).toEqual(['One line of poetry', 'Latte art, slowly', 'Harbour in 15 seconds']);
    expect(visitor.response.status).toBe(401);
  });

  test('GET /api/reels/{id}: a reel the caller may see; 404 for an unknown one and for another\'s still processing', async () => {
    const punch = mediaDb.reels.find((reel) => reel.title === 'Punch cards at work');
    if (punch) punch.status = 'processing';
    const get = (api: ReturnType<typeof clientFor>, id: string) => api.GET('/api/reels/{id}', { params: { path: { id } } });

    const latte = await get(clientFor(null), reelId('Latte art, slowly'));
    expect(latte.data?.title).toBe('Latte art, slowly');
    expect(latte.data?.comments).toBe(0);
    expect((await get(clientFor(null), 'reel-unknown')).response.status).toBe(404);
    expect((await get(asMira(), reelId('Punch cards at work'))).error?.code).toBe('MEDIA.NOT_FOUND');
    expect((await get(asAda(), reelId('Punch cards at work'))).data).toMatchObject({ status: 'processing', is_owner: true });
  });

  test('GET /api/reels/{id}/comments: oldest first, `limit` (20 by default, at most 100) at a time, after next_cursor', async () => {
    const id = reelId('Harbour in 15 seconds');
    const base = Date.parse('2025-06-01T00:00:00.000Z');
    mediaDb.comments = mediaDb.comments.filter((comment) => comment.reelId !== id);
    // Stored newest first: the list sorts them.
    for (let i = 129; i >= 0; i -= 1) {
      const created_at = new Date(base + i * 1000).toISOString();
      mediaDb.comments.push({ id: `comment-${String(i).padStart(3, '0')}`, reelId: id, userId: null, username: 'sam', content: `C${i}`, created_at });
    }
    const list = (query: { limit?: string; cursor?: string } = {}) =>
      clientFor(null).GET('/api/reels/{id}/comments', { params: { path: { id }, query } });

    const first = await list();
    expect(first.data?.comments.map((comment) => comment.content)).toEqual(Array.from({ length: 20 }, (_, i) => `C${i}`));
    expect(first.data?.next_cursor).toEqual(expect.any(String));

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const { data } = await list({ limit: '50', ...(cursor ? { cursor } : {}) });
      pages.push(data?.comments.map((comment) => comment.content) ?? []);
      cursor = data?.next_cursor ?? undefined;
    } while (cursor && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 30]);
    expect(pages.flat()).toEqual(Array.from({ length: 130 }, (_, i) => `C${i}`));

    expect((await list({ limit: '500' })).data?.comments).toHaveLength(100);
    expect((await list({ cursor: 'not-a-cursor' })).data?.comments[0]?.content).toBe('C0');
    expect((await clientFor(null).GET('/api/reels/{id}/comments', { params: { path: { id: 'reel-unknown' } } })).response.status).toBe(404);
  });
});

describe('mock movies API', () => {
  test('GET /api/movies and /api/movies/{id} answer visitors too; 404 for an unknown movie and for another\'s still processing', async () => {
    const boats = mediaDb.movies.find((movie) => movie.title === 'Paper Boats');
    if (boats) boats.status = 'processing';
    const get = (api: ReturnType<typeof clientFor>, id: string) => api.GET('/api/movies/{id}', { params: { path: { id } } });

    expect((await get(asAda(), movieId('Gears of Tomorrow'))).data).toMatchObject({ title: 'Gears of Tomorrow', is_owner: false });
    expect((await get(clientFor(null), movieId('Gears of Tomorrow'))).data).toMatchObject({ title: 'Gears of Tomorrow', is_owner: false });
    const listed = await clientFor(null).GET('/api/movies');
    expect(listed.data?.movies.map((movie) => movie.title)).toEqual(['Gears of Tomorrow', 'The Lighthouse Keeper']);
    expect((await get(clientFor(null), movieId('Paper Boats'))).response.status).toBe(404);
    expect((await get(asAda(), 'movie-unknown')).response.status).toBe(404);
    expect((await get(asMira(), movieId('Paper Boats'))).response.status).toBe(404);
    expect((await get(asAda(), movieId('Paper Boats'))).data).toMatchObject({ status: 'processing', is_owner: true });
  });
});
