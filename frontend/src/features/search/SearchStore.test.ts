import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import type { Notifier } from '../../shared/notifier';
import { storeDemoUserToken } from '../../test/session';
import { HISTORY_KEY, SUGGESTION_PAUSE_MS } from './rules';
import type { SearchResponse } from './types';

function makeStore() {
  const notify: Notifier = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() };
  const root = new RootStore({ notify });
  return { root, store: root.search, notify };
}

/** The query strings of the requests sent to `path`, in order. */
function requestsTo(path: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === path) seen.push(url.searchParams);
  });
  return seen;
}

const asked = (params: URLSearchParams[]) => params.map((p) => Object.fromEntries(p));

const emptyResults = (): SearchResponse['results'] => ({ videos: [], users: [], music: [], live: [], podcasts: [], gaming: [] });

let consoleError: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
});

describe('SearchStore: running a search', () => {
  test('an empty or blank query is never sent', async () => {
    const { store } = makeStore();
    const searches = requestsTo('/api/search');

    expect(store.search('')).toBe(false);
    expect(store.search('   \t ')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(searches).toHaveLength(0);
    expect(store.query).toBe('');
    expect(store.tabs).toEqual([]);
    expect(store.history).toEqual([]);
  });

  test('a search asks for every kind (no content_type), tidies the query and shows the tabs of the kinds that exist', async () => {
    const { store } = makeStore();
    const searches = requestsTo('/api/search');

    expect(store.search('  sunrise   harbour ')).toBe(true);
    expect(store.query).toBe('sunrise harbour');
    expect(store.current?.status).toBe('loading');
    await waitFor(() => expect(store.current?.status).toBe('ready'));

    expect(asked(searches)).toEqual([{ q: 'sunrise harbour' }]);
    expect(store.tabs).toEqual(['all', 'videos', 'live', 'users', 'gaming']); // the mock server has videos, live streams, users and gaming
    // The video by its title first, then the short tagged 'sunrise' and 'harbour'.
    expect(store.current?.response?.results.videos.map((item) => [item.kind, item.title])).toEqual([
      ['video', 'Sunrise over the harbour'],
      ['reel', 'Harbour in 15 seconds'],
    ]);
    expect(store.nothingFound).toBe(false);
  });

  test('the tabs follow `available`: only the kinds the server lists, in the order of the tabs', async () => {
    server.use(
      http.get('/api/search', ({ response }) =>
        response(200).json({ query: 'x', total_results: 0, available: ['users', 'gaming', 'videos'], results: emptyResults() }),
      ),
    );
    const { store } = makeStore();

    store.search('x');
    await waitFor(() => expect(store.current?.status).toBe('ready'));

    expect(store.tabs).toEqual(['all', 'videos', 'users', 'gaming']);
  });

  test('opening a tab asks with its content_type once per query; a new search opens on all and asks again', async () => {
    const { store } = makeStore();
    const searches = requestsTo('/api/search');

    store.search('a');
    await waitFor(() => expect(store.current?.status).toBe('ready'));
    store.setTab('videos');
    expect(store.tab).toBe('videos');
    await waitFor(() => expect(store.current?.status).toBe('ready'));
    store.setTab('users');
    await waitFor(() => expect(store.current?.status).toBe('ready'));
    store.setTab('videos'); // cached
    store.setTab('all'); // cached
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(asked(searches)).toEqual([
      { q: 'a' },
      { q: 'a', content_type: 'videos', limit: '20' },
      { q: 'a', content_type: 'users', limit: '20' },
    ]);
    expect(store.resultsOf('videos')?.response?.results.videos.length).toBeGreaterThan(3); // 'all' gives 3 per kind
    expect(store.resultsOf('all')?.response?.results.videos).toHaveLength(3);

    store.search('loom');
    expect(store.tab).toBe('all');
    await waitFor(() => expect(store.current?.status).toBe('ready'));
    store.search('a'); // searched again: asked again
    await waitFor(() => expect(store.current?.status).toBe('ready'));
    expect(asked(searches).slice(3)).toEqual([{ q: 'loom' }, { q: 'a' }]);
  });

  test('nothing found: no results, and trending shows', async () => {
    const { store } = makeStore();

    store.search('zzzz');
    await waitFor(() => expect(store.current?.status).toBe('ready'));

    expect(store.nothingFound).toBe(true);
    expect(store.showTrending).toBe(true);
  });

  test.each([
    ['a server error', 500],
    ['too many searches', 429],
  ])('%s only goes to the console: no toast, and it is not "nothing found"', async (_label, status) => {
    server.use(http.get('/api/search', ({ response }) => response.untyped(new Response('{}', { status }))));
    const { store, notify } = makeStore();

    store.search('harbour');
    await waitFor(() => expect(store.current?.status).toBe('error'));

    expect(store.nothingFound).toBe(false);
    expect(consoleError).toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();

    server.resetHandlers();
    store.setTab('all'); // a failed tab is asked again when opened
    await waitFor(() => expect(store.current?.status).toBe('ready'));
  });

  test('the token is sent when there is one', async () => {
    const token = storeDemoUserToken();
    const { root, store } = makeStore();
    await root.auth.init();
    const seen: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/search') seen.push(request.headers.get('Authorization'));
    });

    store.search('mira');
    await waitFor(() => expect(store.current?.status).toBe('ready'));

    expect(seen).toEqual([`Bearer ${token}`]);
    expect(store.current?.response?.results.users[0]).toMatchObject({ username: 'mira', is_self: false, is_following: false });
  });
});

describe('SearchStore: recent searches', () => {
  test('the last 10 distinct queries, most recent first, kept in localStorage', async () => {
    const { store } = makeStore();
    for (const query of ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven']) store.search(query);
    store.search('  FOUR '); // again, in another case: moves to the top, once

    expect(store.history).toEqual(['FOUR', 'eleven', 'ten', 'nine', 'eight', 'seven', 'six', 'five', 'three', 'two']);
    expect(JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(store.history);
    expect(makeStore().store.history).toEqual(store.history); // read back by the next page load
  });

  test('one can be removed, or all cleared', () => {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(['loom', 'harbour', 'coffee']));
    const { store } = makeStore();

    store.removeRecent('harbour');
    expect(store.history).toEqual(['loom', 'coffee']);
    expect(JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['loom', 'coffee']);

    store.clearRecent();
    expect(store.history).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual([]);
  });

  test('unreadable storage means no history', () => {
    window.localStorage.setItem(HISTORY_KEY, '{not json');
    expect(makeStore().store.history).toEqual([]);
  });

  test('the dropdown lists the recent searches while the box is empty, then the matching ones and the suggestions', () => {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(['loom patterns', 'latte', 'Loom']));
    const { store } = makeStore();

    expect(store.dropdown).toEqual({ recent: ['loom patterns', 'latte', 'Loom'], suggestions: [] });

    store.setInput('loo');
    store.suggestions = ['Loom patterns, explained', 'LOOM', 'loom patterns'];
    expect(store.dropdown).toEqual({ recent: ['loom patterns', 'Loom'], suggestions: ['Loom patterns, explained'] });
    store.dispose();
  });
});

describe('SearchStore: suggestions', () => {
  const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

  test('asked only after a 300 ms pause in typing, for the latest text', async () => {
    useFakeTimers();
    const { store } = makeStore();
    const suggestions = requestsTo('/api/search/suggestions');

    store.setInput('l');
    await jest.advanceTimersByTimeAsync(200);
    store.setInput('la');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS - 1);
    expect(suggestions).toHaveLength(0);

    await jest.advanceTimersByTimeAsync(1);
    await waitFor(() => expect(store.suggestions).toEqual(['Latte art, slowly']));
    expect(asked(suggestions)).toEqual([{ q: 'la' }]);
  });

  test('never for an empty or blank box; clearing the box drops them', async () => {
    useFakeTimers();
    const { store } = makeStore();
    const suggestions = requestsTo('/api/search/suggestions');

    store.setInput('lat');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS);
    await waitFor(() => expect(store.suggestions).toEqual(['Latte art, slowly']));

    store.setInput('   ');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS * 2);
    store.setInput('');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS * 2);

    expect(suggestions).toHaveLength(1);
    expect(store.suggestions).toEqual([]);
  });

  test('a slow answer for an older prefix never replaces the answer for a newer one', async () => {
    useFakeTimers();
    let releaseOld: () => void = () => {};
    const oldAnswered = new Promise<void>((resolve) => {
      releaseOld = resolve;
    });
    server.use(
      http.get('/api/search/suggestions', async ({ request, response }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === 'ha') await oldAnswered;
        return response(200).json({ suggestions: [`answer for ${q}`] });
      }),
    );
    const { store } = makeStore();

    store.setInput('ha');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS); // 'ha' is asked, and hangs
    store.setInput('har');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS);
    await waitFor(() => expect(store.suggestions).toEqual(['answer for har']));

    releaseOld();
    await jest.advanceTimersByTimeAsync(50);
    expect(store.suggestions).toEqual(['answer for har']);
    expect(consoleError).not.toHaveBeenCalled(); // a cancelled request is not an error
  });

  test('running the search cancels a pending suggestion request', async () => {
    useFakeTimers();
    const { store } = makeStore();
    const suggestions = requestsTo('/api/search/suggestions');

    store.setInput('latte');
    await jest.advanceTimersByTimeAsync(100);
    store.search();
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS * 2);

    expect(suggestions).toHaveLength(0);
    expect(store.query).toBe('latte');
  });

  test('a failed request only goes to the console', async () => {
    useFakeTimers();
    server.use(http.get('/api/search/suggestions', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { store, notify } = makeStore();

    store.setInput('la');
    await jest.advanceTimersByTimeAsync(SUGGESTION_PAUSE_MS);

    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(store.suggestions).toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('SearchStore: trending', () => {
  test('loaded when the section opens; the first 6 are shown', async () => {
    const trending = Array.from({ length: 8 }, (_, i) => ({ query: `query ${i + 1}`, count: 10 - i }));
    server.use(http.get('/api/search/trending', ({ response }) => response(200).json({ trending })));
    const { store } = makeStore();
    expect(store.showTrending).toBe(true); // before any search

    const stop = store.open();
    await waitFor(() => expect(store.trendingStatus).toBe('ready'));
    stop();

    expect(store.trendingShown.map((item) => item.query)).toEqual(['query 1', 'query 2', 'query 3', 'query 4', 'query 5', 'query 6']);
  });

  test('made of the searches that found something, each person counted once', async () => {
    const { store } = makeStore();
    await store.loadTrending();
    expect(store.trending).toEqual([
      { query: 'harbour', count: 3 },
      { query: 'analytical engine', count: 2 },
      { query: 'coffee', count: 1 },
    ]);

    for (const query of ['Latte', 'latte', 'zzzz']) {
      store.search(query);
      await waitFor(() => expect(store.current?.status).toBe('ready'));
    }
    await store.loadTrending();

    expect(store.trending).toContainEqual({ query: 'latte', count: 1 });
    expect(store.trending.map((item) => item.query)).not.toContain('zzzz'); // found nothing
  });

  test('a failure only goes to the console, and nothing shows', async () => {
    server.use(http.get('/api/search/trending', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { store, notify } = makeStore();

    await store.loadTrending();

    expect(store.trendingStatus).toBe('error');
    expect(store.trendingShown).toEqual([]);
    expect(consoleError).toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
