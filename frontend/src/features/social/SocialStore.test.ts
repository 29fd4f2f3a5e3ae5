import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { RootStore } from '../../stores/RootStore';
import { findUserByIdentifier } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, mediaId, type MockVideo } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { socialDb } from '../../mocks/socialDb';
import type { Notifier } from '../../shared/notifier';
import { demoUser } from '../../test/accounts';
import { fakeSockets } from '../../test/fakeSocket';
import { storeDemoUserToken } from '../../test/session';

let current: RootStore | null = null;
afterEach(() => {
  current?.dispose();
  current = null;
  server.events.removeAllListeners();
});

async function signedIn() {
  storeDemoUserToken();
  const notify: Notifier = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() };
  const store = new RootStore({ notify, socketFactory: fakeSockets().factory });
  current = store;
  await store.auth.init();
  return { store, notify };
}

const mira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('The mock data has no mira');
  return entry.user;
};

/** Mira's extra uploads, one an hour apart, newest last. */
function miraVideos(count: number): void {
  const template = mediaDb.videos.find((video) => video.userId === mira().id) as MockVideo;
  for (let n = 1; n <= count; n += 1) {
    mediaDb.videos.push({
      ...template,
      id: mediaId('video'),
      title: `Harbour diary ${n}`,
      likedBy: [],
      created_at: new Date(Date.now() - (count - n + 1) * 60_000).toISOString(),
    });
  }
}

/** Answers after `release()`, so a test can look at the state while a call is under way. */
function heldFollow() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('/api/users/{id}/follow', async () => {
      await gate;
      return undefined;
    }),
  );
  return { release: () => release() };
}

describe('SocialStore: follow', () => {
  test('Follow: pending while the call is under way, then the state, the toast and the counts of the server', async () => {
    const { store, notify } = await signedIn();
    await store.social.loadDiscover();
    await store.social.loadConnections('following');
    const miraId = mira().id;
    expect(store.social.discover.items.find((u) => u.id === miraId)).toMatchObject({ is_following: false, followers_count: 0 });
    expect(store.social.connections.following.meta).toBe(0);

    const held = heldFollow();
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/follow')) calls += 1;
    });
    const first = store.social.toggleFollow(miraId);
    expect(store.social.isPending(miraId)).toBe(true);
    void store.social.toggleFollow(miraId); // a second click while pending does nothing
    held.release();
    await first;

    expect(calls).toBe(1);
    expect(store.social.isPending(miraId)).toBe(false);
    expect(store.social.isFollowing(miraId, false)).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('You are now following mira', { action: expect.stringMatching(/^social\.follow:/) });
    expect(store.social.discover.items.find((u) => u.id === miraId)).toMatchObject({ is_following: true, followers_count: 1 });
    expect(store.social.connections.following.meta).toBe(1);
    expect(socialDb.follows.some((f) => f.followerId === demoUser().user.id && f.followeeId === miraId)).toBe(true);

    server.resetHandlers();
    await store.social.toggleFollow(miraId);
    expect(store.social.isFollowing(miraId, true)).toBe(false);
    expect(notify.success).toHaveBeenLastCalledWith('You unfollowed mira', { action: expect.stringMatching(/^social\.follow:/) });
    expect(store.social.discover.items.find((u) => u.id === miraId)).toMatchObject({ is_following: false, followers_count: 0 });
    expect(store.social.connections.following.meta).toBe(0);
  });

  test('the state the server answers wins over what a card was loaded with', async () => {
    const { store } = await signedIn();
    server.use(
      http.post('/api/users/{id}/follow', ({ response }) =>
        response(200).json({ following: true, message: 'You are now following mira', followers_count: 7 }),
      ),
    );

    await store.social.toggleFollow(mira().id);

    expect(store.social.isFollowing(mira().id, false)).toBe(true);
    expect(store.social.isFollowing('someone-else', true)).toBe(true); // unknown: the card's own value
  });

  test('a failure says "Failed to update follow status" and leaves the state; too many says what the server says', async () => {
    const { store, notify } = await signedIn();
    server.use(http.post('/api/users/{id}/follow', ({ response }) => response.untyped(new Response('', { status: 500 }))));

    await store.social.toggleFollow(mira().id);

    expect(notify.error).toHaveBeenCalledWith('Failed to update follow status', { action: expect.stringMatching(/^social\.follow:/) });
    expect(store.social.isFollowing(mira().id, false)).toBe(false);
    expect(store.social.isPending(mira().id)).toBe(false);

    const wait = 'You are following and unfollowing too fast. Please wait a minute.';
    server.use(http.post('/api/users/{id}/follow', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', wait))));
    await store.social.toggleFollow(mira().id);
    expect(notify.error).toHaveBeenLastCalledWith(wait, { action: expect.stringMatching(/^social\.follow:/) });
  });

  test('nothing is sent for the viewer themselves or for an empty id (a sample)', async () => {
    const { store } = await signedIn();
    const sent = jest.fn();
    server.events.on('request:start', sent);

    await store.social.toggleFollow(demoUser().user.id);
    await store.social.toggleFollow('');

    expect(sent).not.toHaveBeenCalled();
    expect(store.social.canFollow(demoUser().user.id)).toBe(false);
    expect(store.social.canFollow('')).toBe(false);
    expect(store.social.canFollow(mira().id)).toBe(true);
  });

  test("a reel owner's follow state is asked for once", async () => {
    socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira().id, created_at: new Date().toISOString() });
    const { store } = await signedIn();
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/profile')) asked += 1;
    });

    await store.social.lookUpFollowState(mira().id);
    await store.social.lookUpFollowState(mira().id);

    expect(asked).toBe(1);
    expect(store.social.followStateKnown(mira().id)).toBe(true);
    expect(store.social.isFollowing(mira().id, false)).toBe(true);
  });
});

describe('SocialStore: lists', () => {
  test('Discover asks for 20 sorted as chosen; a failure says "Failed to load users"', async () => {
    const { store, notify } = await signedIn();
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => urls.push(request.url));

    await store.social.loadDiscover();
    expect(urls.at(-1)).toMatch(/\/api\/users\/discover\?sort_by=popular&limit=20$/);
    expect(store.social.discover.items.map((u) => u.username)).toEqual(['mira']); // the viewer is not offered

    server.use(http.get('/api/users/discover', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    store.social.setDiscoverSort('creators');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls.at(-1)).toMatch(/sort_by=creators/);
    expect(notify.error).toHaveBeenCalledWith('Failed to load users', { action: 'social.discover' });
    expect(store.social.discover.status).toBe('error');
  });

  test('the feed pages with Load more; each kind is its own list; a failure says "Failed to load feed"', async () => {
    miraVideos(25);
    socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira().id, created_at: new Date().toISOString() });
    const { store, notify } = await signedIn();
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => urls.push(request.url));

    await store.social.loadFeed();
    expect(urls.at(-1)).toMatch(/content_type=all&limit=20$/);
    expect(store.social.feed.items).toHaveLength(20);
    expect(store.social.feed.items[0].title).toBe('Harbour diary 25');
    expect(store.social.feed.nextCursor).not.toBeNull();

    await store.social.loadMoreFeed();
    expect(urls.at(-1)).toMatch(/cursor=20/);
    // 25 diaries, two older videos and two reels of mira.
    expect(store.social.feed.items).toHaveLength(29);
    expect(store.social.feed.nextCursor).toBeNull();
    expect(new Set(store.social.feed.items.map((item) => item.id)).size).toBe(29);
    expect(await store.social.loadMoreFeed()).toBe(false); // nothing more to ask for

    store.social.setFeedType('music');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls.at(-1)).toMatch(/content_type=music/);
    expect(store.social.feed).toMatchObject({ items: [], status: 'ready', nextCursor: null });

    server.use(http.get('/api/feed/following', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    expect(await store.social.loadFeed()).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Failed to load feed', { action: 'social.feed' });
  });

  test("an answer that arrives after another kind was chosen is dropped", async () => {
    socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira().id, created_at: new Date().toISOString() });
    const { store } = await signedIn();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/feed/following', async ({ request }) => {
        if (new URL(request.url).searchParams.get('content_type') === 'all') await gate;
        return undefined;
      }),
    );

    const slow = store.social.loadFeed();
    store.social.setFeedType('podcasts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await slow;

    expect(store.social.feedType).toBe('podcasts');
    expect(store.social.feed.items).toEqual([]);
  });

  test("the connections are the viewer's, 50 at a time with the total; failures name the sub-tab", async () => {
    const { store, notify } = await signedIn();
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => urls.push(request.url));

    await store.social.loadConnections('followers');
    expect(urls.at(-1)).toContain(`/api/users/${demoUser().user.id}/followers?limit=50`);
    expect(store.social.connections.followers).toMatchObject({ meta: 1, status: 'ready' });
    expect(store.social.connections.followers.items[0]).toMatchObject({ username: 'mira', full_name: 'Mira Chen', creator_program: true });

    server.use(
      http.get('/api/users/{id}/followers', ({ response }) => response.untyped(new Response('', { status: 500 }))),
      http.get('/api/users/{id}/following', ({ response }) => response.untyped(new Response('', { status: 500 }))),
    );
    await store.social.loadConnections('following');
    expect(notify.error).toHaveBeenCalledWith('Failed to load following', { action: 'social.following' });
    await store.social.loadConnections('followers');
    expect(notify.error).toHaveBeenCalledWith('Failed to load followers', { action: 'social.followers' });
    expect(store.social.connections.followers.items).toHaveLength(1); // what was shown stays
  });

  test('signing out forgets everything', async () => {
    const { store } = await signedIn();
    await store.social.loadDiscover();
    await store.social.toggleFollow(mira().id);

    store.auth.logout();

    expect(store.social.discover.items).toEqual([]);
    expect(store.social.followState.size).toBe(0);
  });
});
