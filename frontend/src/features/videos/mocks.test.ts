import { describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { findUserByIdentifier, issueUserToken, mockDb } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's visibility and counting rules (product.md §4).

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const mira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('no mira');
  return entry;
};

describe('mock videos API', () => {
  test('others see ready videos of public accounts only; the owner sees their own in every state', async () => {
    const asAda = await clientFor(issueUserToken(demoUser().user.id)).GET('/api/videos');
    const asMira = await clientFor(issueUserToken(mira().user.id)).GET('/api/videos');
    const asVisitor = await clientFor(null).GET('/api/videos', { params: { query: { is_vertical: 'false' } } });

    expect(asAda.data?.map((video) => [video.title, video.status])).toEqual([
      ['Draft: Bernoulli numbers', 'processing'],
      ['Broken export', 'failed'],
      ['Loom patterns, explained', 'ready'],
      ['Notes on the Analytical Engine', 'ready'],
      ['City lights timelapse', 'ready'],
      ['Sunrise over the harbour', 'ready'],
    ]);
    expect(asMira.data?.every((video) => video.status === 'ready')).toBe(true);
    expect(asMira.data?.find((video) => video.title === 'Notes on the Analytical Engine')?.is_owner).toBe(false);
    expect(asVisitor.data?.map((video) => video.title)).toEqual(['Notes on the Analytical Engine', 'Sunrise over the harbour']);

    const account = mockDb.accounts.get(demoUser().user.active_account_id ?? '');
    if (account) account.account.privacy_settings.video_visibility = 'private';
    const hidden = await clientFor(issueUserToken(mira().user.id)).GET('/api/videos');
    expect(hidden.data?.map((video) => video.owner.display_name)).toEqual(['mira', 'mira']);
  });

  test('mine=true: only the caller\'s own videos, in every state, of one kind when asked; a visitor gets 401', async () => {
    const asAda = clientFor(issueUserToken(demoUser().user.id));
    const mine = await asAda.GET('/api/videos', { params: { query: { mine: 'true' } } });
    const mineVertical = await asAda.GET('/api/videos', { params: { query: { mine: 'true', is_vertical: 'true' } } });
    const miraMine = await clientFor(issueUserToken(mira().user.id)).GET('/api/videos', { params: { query: { mine: 'true' } } });
    const visitor = await clientFor(null).GET('/api/videos', { params: { query: { mine: 'true' } } });

    expect(mine.data?.map((video) => [video.title, video.status, video.is_owner])).toEqual([
      ['Draft: Bernoulli numbers', 'processing', true],
      ['Broken export', 'failed', true],
      ['Loom patterns, explained', 'ready', true],
      ['Notes on the Analytical Engine', 'ready', true],
    ]);
    expect(mineVertical.data?.map((video) => video.title)).toEqual(['Loom patterns, explained']);
    expect(miraMine.data?.map((video) => video.title)).toEqual(['City lights timelapse', 'Sunrise over the harbour']);
    expect(visitor.response.status).toBe(401);
    expect(visitor.error?.code).toBe('IDENTITY.SESSION_INVALID');
  });

  test('pages of `limit`, with the next cursor in X-Next-Cursor', async () => {
    const api = clientFor(issueUserToken(demoUser().user.id));
    const first = await api.GET('/api/videos', { params: { query: { limit: '4' } } });
    const cursor = first.response.headers.get('X-Next-Cursor');
    expect(first.data).toHaveLength(4);
    expect(cursor).toBe('4');
    const second = await api.GET('/api/videos', { params: { query: { limit: '4', cursor: cursor ?? '' } } });
    expect(second.data).toHaveLength(2);
    expect(second.response.headers.get('X-Next-Cursor')).toBeNull();
  });

  test('a view counts once per viewer per 30 minutes; heartbeats take 1 to 60 seconds', async () => {
    const api = clientFor(issueUserToken(mira().user.id));
    const video = mediaDb.videos.find((entry) => entry.title === 'Notes on the Analytical Engine');
    const id = video?.id ?? '';

    expect((await api.POST('/api/videos/{id}/view', { params: { path: { id } } })).data).toEqual({ views: 5231, counted: true });
    expect((await api.POST('/api/videos/{id}/view', { params: { path: { id } } })).data).toEqual({ views: 5231, counted: false });

    expect((await api.POST('/api/videos/{id}/heartbeat', { params: { path: { id } }, body: { seconds: 15 } })).response.status).toBe(204);
    expect((await api.POST('/api/videos/{id}/heartbeat', { params: { path: { id } }, body: { seconds: 61 } })).response.status).toBe(400);
    expect(mediaDb.watchSeconds[id]).toBe(15);
  });
});
