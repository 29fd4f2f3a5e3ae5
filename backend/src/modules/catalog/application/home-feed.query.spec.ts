import { jest } from '@jest/globals';
import type { AppConfig } from '../../../common/config/config.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { HomeFeed, MediaRepository } from '../domain/ports.js';
import { HomeFeedQuery } from './home-feed.query.js';

/** Trending is the same for everyone: computed at most every TRENDING_REFRESH_SECONDS, a stale list served meanwhile. */

function setup(refreshSeconds: number) {
  let answer: Promise<string[]> = Promise.resolve(['a']);
  const feed = {
    continueWatching: async () => [],
    trending: jest.fn(() => answer),
    forgetProgress: async () => false,
    pruneActivity: async () => 0,
    forgetViewer: async () => undefined,
  } satisfies HomeFeed;
  const media = { findMany: async (ids: string[]) => ids.map((id) => ({ id, isReachableBy: () => true })) } as unknown as MediaRepository;
  const query = new HomeFeedQuery(feed, media, { trendingRefreshSeconds: refreshSeconds } as AppConfig, {} as MikroORM);
  const trending = async () => (await query.sections(null)).trending.map((m) => m.id);
  return { feed, trending, answer: (p: Promise<string[]>) => (answer = p) };
}

describe('Trending', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('is computed once per refresh period, then served from memory', async () => {
    const s = setup(60);
    expect(await s.trending()).toEqual(['a']);
    s.answer(Promise.resolve(['b']));
    jest.advanceTimersByTime(59_000);
    expect(await s.trending()).toEqual(['a']);
    expect(s.feed.trending).toHaveBeenCalledTimes(1);
  });

  it('once stale, is served as it was while one request refreshes it; the next sees the new list', async () => {
    const s = setup(60);
    await s.trending();
    jest.advanceTimersByTime(61_000);
    let release!: (ids: string[]) => void;
    s.answer(new Promise((resolve) => (release = resolve)));
    // Two requests at once: both get the stale list at once, and only one refresh runs.
    expect(await Promise.all([s.trending(), s.trending()])).toEqual([['a'], ['a']]);
    expect(s.feed.trending).toHaveBeenCalledTimes(2);
    release(['b']);
    await Promise.resolve();
    await Promise.resolve();
    expect(await s.trending()).toEqual(['b']);
  });

  it('keeps the old list when a refresh fails, and tries again next time', async () => {
    const s = setup(60);
    await s.trending();
    jest.advanceTimersByTime(61_000);
    s.answer(Promise.reject(new Error('database restarting')));
    expect(await s.trending()).toEqual(['a']);
    await Promise.resolve();
    await Promise.resolve();
    s.answer(Promise.resolve(['c']));
    await s.trending();
    await Promise.resolve();
    await Promise.resolve();
    expect(await s.trending()).toEqual(['c']);
  });

  it('with a refresh period of 0, is computed for every request', async () => {
    const s = setup(0);
    expect(await s.trending()).toEqual(['a']);
    s.answer(Promise.resolve(['b']));
    expect(await s.trending()).toEqual(['b']);
  });
});
