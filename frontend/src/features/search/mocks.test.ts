import { describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { findUserByIdentifier, issueUserToken, mockDb } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { liveDb } from '../../mocks/liveDb';
import { socialDb } from '../../mocks/socialDb';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's search rules (seed 002 §5, §9; the API's /api/search).

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const visitor = () => clientFor(null);
const mira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('no mira');
  return entry;
};

describe('mock search API', () => {
  test('blank, too long or an unknown kind is refused with 400', async () => {
    const blank = await visitor().GET('/api/search', { params: { query: { q: '   ' } } });
    const long = await visitor().GET('/api/search', { params: { query: { q: 'x'.repeat(101) } } });
    const kind = await visitor().GET('/api/search', { params: { query: { q: 'x', content_type: 'films' as 'videos' } } });
    const suggestions = await visitor().GET('/api/search/suggestions', { params: { query: { q: '' } } });

    expect([blank.response.status, long.response.status, kind.response.status, suggestions.response.status]).toEqual([400, 400, 400, 400]);
    expect(blank.error?.code).toBe('SEARCH.EMPTY_QUERY');
    expect(long.error?.detail).toBe('Searches are at most 100 characters');
  });

  test('live: streams on now by title, description or the streamer name, never ended ones', async () => {
    const byTitle = await visitor().GET('/api/search', { params: { query: { q: 'boats', content_type: 'live' } } });
    const byName = await visitor().GET('/api/search', { params: { query: { q: 'mira', content_type: 'live' } } });
    expect(byTitle.data?.results.live.map((s) => [s.title, s.username, s.status])).toEqual([['Harbour live: the boats come in', 'mira', 'live']]);
    expect(byName.data?.results.live.map((s) => s.id)).toEqual(byTitle.data?.results.live.map((s) => s.id));
    liveDb.streams.forEach((s) => (s.status = 'ended'));
    const after = await visitor().GET('/api/search', { params: { query: { q: 'boats', content_type: 'live' } } });
    expect(after.data?.results.live).toEqual([]);
  });

  test("'all' gives 3 per kind; a kind's tab up to its limit; case and accents do not matter", async () => {
    const all = await visitor().GET('/api/search', { params: { query: { q: 'A' } } });
    const videos = await visitor().GET('/api/search', { params: { query: { q: 'a', content_type: 'videos', limit: '4' } } });
    const accents = await visitor().GET('/api/search', { params: { query: { q: 'LÀTTÉ' } } });

    expect(all.data?.available).toEqual(['videos', 'live', 'users', 'gaming']);
    expect(all.data?.results.videos).toHaveLength(3);
    expect(all.data?.total_results).toBe(all.data ? all.data.results.videos.length + all.data.results.users.length + all.data.results.gaming.length : -1);
    expect(videos.data?.results.videos).toHaveLength(4);
    expect(videos.data?.results.users).toEqual([]);
    expect(accents.data?.results.videos.map((item) => item.title)).toEqual(['Latte art, slowly']);
  });

  test('only what others may see is found: not processing or failed uploads, nor private accounts', async () => {
    const asAda = clientFor(issueUserToken(demoUser().user.id));
    const own = await asAda.GET('/api/search', { params: { query: { q: 'broken', content_type: 'videos' } } });
    const draft = await asAda.GET('/api/search', { params: { query: { q: 'bernoulli', content_type: 'videos' } } });
    expect(own.data?.results.videos).toEqual([]);
    expect(draft.data?.results.videos).toEqual([]);

    const account = mockDb.accounts.get(mira().user.active_account_id ?? '');
    if (account) account.account.privacy_settings.video_visibility = 'private';
    const hidden = await visitor().GET('/api/search', { params: { query: { q: 'harbour' } } });
    expect(hidden.data?.results.videos).toEqual([]);
  });

  test('users: follower counts and whether the caller follows them', async () => {
    socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira().user.id, created_at: new Date().toISOString() });
    const asAda = clientFor(issueUserToken(demoUser().user.id));

    const found = await asAda.GET('/api/search', { params: { query: { q: 'mira chen', content_type: 'users' } } });

    expect(found.data?.results.users).toEqual([
      expect.objectContaining({ username: 'mira', full_name: 'Mira Chen', followers_count: 1, is_following: true, is_self: false, creator_program: true }),
    ]);
  });

  test('suggestions: popular searches first, then titles and names, at most 8', async () => {
    await visitor().GET('/api/search', { params: { query: { q: 'punch cards' } } });

    const { data } = await visitor().GET('/api/search/suggestions', { params: { query: { q: 'pu' } } });

    expect(data?.suggestions).toEqual(['punch cards', 'Punch cards at work']);
  });

  test('trending: searches that found something, once per person and hour, most first', async () => {
    const asAda = clientFor(issueUserToken(demoUser().user.id));
    await asAda.GET('/api/search', { params: { query: { q: 'Coffee' } } });
    await asAda.GET('/api/search', { params: { query: { q: 'coffee' } } }); // the same person again
    await clientFor(issueUserToken(mira().user.id)).GET('/api/search', { params: { query: { q: 'coffee' } } });
    await asAda.GET('/api/search', { params: { query: { q: 'nothing like this' } } });
    expect(mediaDb.reels.some((reel) => reel.tags.includes('coffee'))).toBe(true);

    const { data } = await visitor().GET('/api/search/trending');

    expect(data?.trending).toEqual([
      { query: 'coffee', count: 3 }, // one demo searcher, ada and mira
      { query: 'harbour', count: 3 },
      { query: 'analytical engine', count: 2 },
    ]);
  });
});
