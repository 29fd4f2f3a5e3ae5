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
});

describe('mock movies API', () => {
  test('GET /api/movies/{id}: signed-in users only; 404 for an unknown movie and for another\'s still processing', async () => {
    const boats = mediaDb.movies.find((movie) => movie.title === 'Paper Boats');
    if (boats) boats.status = 'processing';
    const get = (api: ReturnType<typeof clientFor>, id: string) => api.GET('/api/movies/{id}', { params: { path: { id } } });

    expect((await get(asAda(), movieId('Gears of Tomorrow'))).data).toMatchObject({ title: 'Gears of Tomorrow', is_owner: false });
    expect((await get(clientFor(null), movieId('Gears of Tomorrow'))).response.status).toBe(401);
    expect((await get(asAda(), 'movie-unknown')).response.status).toBe(404);
    expect((await get(asMira(), movieId('Paper Boats'))).response.status).toBe(404);
    expect((await get(asAda(), movieId('Paper Boats'))).data).toMatchObject({ status: 'processing', is_owner: true });
  });
});
