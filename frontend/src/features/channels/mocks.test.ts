import { describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { findAccountByHandle, findUserByIdentifier, issueUserToken } from '../../mocks/db';
import { addQaShowcase } from '../../mocks/qaShowcase';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's channel rules: found by handle in any case, private to its owner, counts of what the
// caller may see, follows from the social data.

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const asAda = () => clientFor(issueUserToken(demoUser().user.id));
const asMira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('no mira');
  return clientFor(issueUserToken(entry.user.id));
};
const visitor = () => clientFor(null);
const channel = (api: ReturnType<typeof clientFor>, handle: string) => api.GET('/api/channels/{handle}', { params: { path: { handle } } });

describe('mock channels API', () => {
  test('a channel by its handle, in any case: follows and counts as the caller may see them', async () => {
    const seen = await channel(visitor(), 'ADA');
    expect(seen.data).toMatchObject({
      handle: 'ada',
      display_name: 'ada',
      user_id: demoUser().user.id,
      follower_count: 1,
      following_count: 0,
      video_count: 2,
      reel_count: 2,
      total_views: 5230 + 310,
      is_following: false,
      is_own: false,
      bio: 'Notes on engines, numbers and poetry.',
    });
    expect((await channel(asAda(), 'ada')).data).toMatchObject({ is_own: true, video_count: 4, is_following: false });
    expect((await channel(asMira(), 'ada')).data).toMatchObject({ is_own: false, is_following: true });
    expect((await channel(visitor(), 'nobody')).response.status).toBe(404);
  });

  test('a private channel is a 404 to everyone but its owner, with its lists', async () => {
    const ada = findAccountByHandle('ada');
    if (!ada) throw new Error('no ada channel');
    ada.account.privacy_settings.profile_visibility = 'private';

    expect((await channel(asMira(), 'ada')).response.status).toBe(404);
    expect((await visitor().GET('/api/channels/{handle}/videos', { params: { path: { handle: 'ada' } } })).response.status).toBe(404);
    expect((await visitor().GET('/api/channels/{handle}/reels', { params: { path: { handle: 'ada' } } })).response.status).toBe(404);
    expect((await channel(asAda(), 'ada')).data?.is_own).toBe(true);
  });

  test('videos: newest or most viewed first, paged with X-Next-Cursor; reels as { reels, next_cursor }', async () => {
    const videos = (query: { sort?: 'newest' | 'popular'; limit?: string; cursor?: string }) =>
      asAda().GET('/api/channels/{handle}/videos', { params: { path: { handle: 'ada' }, query } });

    const first = await videos({ limit: '3' });
    expect(first.data?.map((v) => v.title)).toEqual(['Draft: Bernoulli numbers', 'Broken export', 'Loom patterns, explained']);
    const cursor = first.response.headers.get('X-Next-Cursor');
    expect(cursor).not.toBeNull();
    const next = await videos({ limit: '3', cursor: cursor ?? '' });
    expect(next.data?.map((v) => v.title)).toEqual(['Notes on the Analytical Engine']);
    expect(next.response.headers.get('X-Next-Cursor')).toBeNull();

    const popular = await visitor().GET('/api/channels/{handle}/videos', { params: { path: { handle: 'ada' }, query: { sort: 'popular' } } });
    expect(popular.data?.map((v) => v.title)).toEqual(['Notes on the Analytical Engine', 'Loom patterns, explained']);

    const reels = await visitor().GET('/api/channels/{handle}/reels', { params: { path: { handle: 'mira' } } });
    expect(reels.data?.reels.map((r) => r.title)).toEqual(['Latte art, slowly', 'Harbour in 15 seconds']);
    expect(reels.data?.next_cursor).toBeNull();
  });

  test("QA mode's showcase gives mira's channel more videos, one with comments, once", async () => {
    addQaShowcase();
    addQaShowcase();

    const videos = await visitor().GET('/api/channels/{handle}/videos', { params: { path: { handle: 'mira' } } });
    expect(videos.data?.map((v) => v.title)).toEqual(['City lights timelapse', 'Sunrise over the harbour', 'Harbour at dusk', 'Morning market walk', 'Rain on the quay']);
    const dusk = videos.data?.find((v) => v.title === 'Harbour at dusk');
    const comments = await visitor().GET('/api/videos/{id}/comments', { params: { path: { id: dusk?.id ?? '' } } });
    expect(comments.data?.comments.map((c) => c.username)).toEqual(['ada', 'sam_sails']);
  });
});
