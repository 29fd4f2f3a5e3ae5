import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { HISTORY_KEY } from './rules';

/** Signed in as ada, in the search section (the side navigation's 'History'). */
async function openSearch() {
  storeDemoUserToken();
  const app = await renderSection('search');
  await screen.findByRole('heading', { name: 'Search', level: 1 });
  return { ...app, box: screen.getByRole('combobox', { name: 'Search' }) };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const articles = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('article').map((card) => card.getAttribute('aria-label'));
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);

let consoleError: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => server.events.removeAllListeners());

describe('Search section', () => {
  test('before any search: the box and the trending searches, no tabs', async () => {
    await openSearch();

    const trending = within(await screen.findByRole('list', { name: 'Trending searches' }));
    expect(trending.getAllByRole('button').map((button) => button.textContent)).toEqual(['harbour', 'analytical engine', 'coffee']);
    expect(trending.getByText('3 searches')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  test('Enter runs the search: tabs All plus the kinds that exist, and "all" shows up to 3 per kind under a heading', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'a{Enter}');

    expect(await screen.findByRole('heading', { name: 'Videos', level: 2 })).toBeInTheDocument();
    expect(tabNames()).toEqual(['All', 'Videos', 'Live', 'Users', 'Gaming']);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(articles('Videos')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Users', level: 2 })).toBeInTheDocument();
    expect(articles('Users')).toEqual(['ada']);
    expect(screen.queryByRole('list', { name: 'Trending searches' })).not.toBeInTheDocument();

    // 'See all' opens the kind's tab, which asks for that kind alone.
    const asked: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/search') asked.push(url.searchParams.get('content_type'));
    });
    await user.click(screen.getByRole('button', { name: 'See all videos' }));
    expect(screen.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(articles('Videos').length).toBeGreaterThan(3));
    expect(screen.queryByRole('heading', { name: 'Users', level: 2 })).not.toBeInTheDocument();
    expect(asked).toEqual(['videos']);
  });

  test('a live stream on now: title, @username, viewers and the LIVE badge, opening its watch view', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'boats come{Enter}');

    expect(await screen.findByRole('heading', { name: 'Live', level: 2 })).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Live' })).getByRole('article', { name: 'Harbour live: the boats come in' });
    expect(within(card).getByText('LIVE')).toBeInTheDocument();
    expect(within(card).getByText('@mira')).toBeInTheDocument();
    expect(within(card).getByText('12 watching')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Watch live stream Harbour live: the boats come in' });
    expect(link.getAttribute('href')).toMatch(/^\/live\/live-/);

    // The Live tab asks for live streams alone.
    await user.click(screen.getByRole('tab', { name: 'Live' }));
    await waitFor(() => expect(articles('Live')).toEqual(['Harbour live: the boats come in']));
  });

  test('a stream whose first media has not arrived says so instead of LIVE', async () => {
    server.use(
      http.get('/api/search', ({ response }) =>
        response(200).json({
          query: 'quiet',
          total_results: 1,
          available: ['videos', 'live', 'users'],
          results: {
            videos: [],
            users: [],
            music: [],
            live: [
              { id: 's1', title: 'Quiet start', description: '', game: 'Chess', status: 'created', username: 'sam', user_id: 'u1', viewer_count: 1, likes: 0, is_vertical: false, super_chat_enabled: false, created_at: '2026-11-24T12:00:00.000Z' },
            ],
            podcasts: [],
            gaming: [],
          },
        }),
      ),
    );
    const { user, box } = await openSearch();

    await user.type(box, 'quiet{Enter}');

    const card = await screen.findByRole('article', { name: 'Quiet start' });
    expect(within(card).getByText('Starting soon')).toBeInTheDocument();
    expect(within(card).queryByText('LIVE')).not.toBeInTheDocument();
    expect(within(card).getByText('1 watching')).toBeInTheDocument();
    expect(within(card).getByText('· Chess')).toBeInTheDocument();
  });

  test('only the kinds the server lists as available get a tab', async () => {
    server.use(
      http.get('/api/search', ({ response }) =>
        response(200).json({
          query: 'x',
          total_results: 0,
          available: ['videos', 'music', 'users', 'podcasts'],
          results: { videos: [], users: [], music: [], live: [], podcasts: [], gaming: [] },
        }),
      ),
    );
    const { user, box } = await openSearch();

    await user.type(box, 'x{Enter}');

    await waitFor(() => expect(tabNames()).toEqual(['All', 'Videos', 'Music', 'Users', 'Podcasts']));
  });

  test('a music track shows title, artist, plays and likes, and plays in place (no video dialog)', async () => {
    const track = {
      id: '5b0f5d0e-7c1e-4d55-9a55-0a0000000abc',
      kind: 'track' as const,
      title: 'Night Bus Home',
      artist: 'Music Creator',
      album: 'Tiny Studio Sessions',
      content_type: 'audio' as const,
      plays: 1200,
      views: 1200,
      likes: 1,
      username: 'MusicCreator',
      user_id: 'u-music',
      thumbnail_url: null,
      duration_seconds: 40,
      is_vertical: false,
      created_at: '2026-11-20T10:00:00.000Z',
    };
    server.use(
      http.get('/api/search', ({ response }) =>
        response(200).json({ query: 'night', total_results: 1, available: ['videos', 'music', 'users'], results: { videos: [], users: [], music: [track], live: [], podcasts: [], gaming: [] } }),
      ),
    );
    const { user, box } = await openSearch();

    await user.type(box, 'night{Enter}');

    const card = within(await screen.findByRole('article', { name: 'Night Bus Home' }));
    expect(card.getByText('Music Creator')).toBeInTheDocument();
    expect(card.getByText('1.2K plays · 1 like')).toBeInTheDocument();
    expect(card.getByText('0:40')).toBeInTheDocument();
    const player = card.getByLabelText('Play Night Bus Home');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe(`/api/music/tracks/${track.id}/stream`);
    expect(card.queryByRole('button', { name: /Watch/ })).toBeNull();
  });

  test('a video shows title, username, views and likes in short figures; a short is marked and opens the Shorts viewer', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'harbour{Enter}');

    const video = within(await screen.findByRole('article', { name: 'Sunrise over the harbour' }));
    expect(video.getByText('mira')).toBeInTheDocument();
    expect(video.getByText('1.2K views · 87 likes')).toBeInTheDocument();
    const reel = within(screen.getByRole('article', { name: 'Harbour in 15 seconds' }));
    expect(reel.getByText('9.8M views · 2.3M likes')).toBeInTheDocument();
    expect(reel.getByText('Short')).toBeInTheDocument();

    await user.click(reel.getByRole('button', { name: 'Watch short Harbour in 15 seconds' }));
    const id = mediaDb.reels.find((entry) => entry.title === 'Harbour in 15 seconds')?.id;
    expect(screen.getByTestId('location')).toHaveTextContent(`/reels/${id}`);
  });

  test('a video opens in its dialog with the player', async () => {
    const { user, box } = await openSearch();
    await user.type(box, 'sunrise{Enter}');

    await user.click(await screen.findByRole('button', { name: 'Watch Sunrise over the harbour' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Sunrise over the harbour' }));
    expect(await dialog.findByLabelText('Sunrise over the harbour', { selector: 'video' })).toBeInTheDocument();
  });

  test('a user shows username, full name, followers, badges and a Follow button that moves the count (none for oneself)', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'mira{Enter}');

    const card = within(await screen.findByRole('article', { name: 'mira' }));
    expect(card.getByText('Mira Chen')).toBeInTheDocument();
    expect(card.getByText('0 followers')).toBeInTheDocument();
    expect(card.getByText('Creator')).toBeInTheDocument();
    expect(card.queryByText('Premium')).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Follow mira' }));
    expect(await card.findByRole('button', { name: 'Unfollow mira' })).toBeInTheDocument();
    expect(card.getByText('1 follower')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'ada{Enter}');
    const self = within(await screen.findByRole('article', { name: 'ada' }));
    expect(self.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(self.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  test('nothing found: \'No results for "q"\' and the trending searches, which run when picked', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'zzzz{Enter}');

    expect(await screen.findByText('No results for "zzzz"')).toBeInTheDocument();
    const trending = within(screen.getByRole('list', { name: 'Trending searches' }));
    await user.click(trending.getByRole('button', { name: 'harbour' }));

    expect(await screen.findByRole('article', { name: 'Sunrise over the harbour' })).toBeInTheDocument();
    expect(box).toHaveValue('harbour');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
  });

  test('a failed search shows no results area, rather than claiming nothing was found', async () => {
    server.use(http.get('/api/search', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user, box } = await openSearch();

    await user.type(box, 'harbour{Enter}');

    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('typing shows suggestions; picking one runs that search', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'lat');

    expect(await screen.findByRole('option', { name: 'Latte art, slowly' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Latte art, slowly' }));

    expect(await screen.findByRole('article', { name: 'Latte art, slowly' })).toBeInTheDocument();
    expect(box).toHaveValue('Latte art, slowly');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  test('a suggestion can be picked with the keyboard', async () => {
    const { user, box } = await openSearch();

    await user.type(box, 'punch');
    await screen.findByRole('option', { name: 'Punch cards at work' });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByRole('article', { name: 'Punch cards at work' })).toBeInTheDocument();
    expect(box).toHaveValue('Punch cards at work');
  });

  test('the empty box lists the recent searches, most recent first; one can be removed, or all cleared', async () => {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(['coffee']));
    const { user, box } = await openSearch();
    await user.type(box, 'loom{Enter}');
    await screen.findByRole('tablist');
    await user.clear(box);
    await user.type(box, 'harbour{Enter}');
    await screen.findByRole('article', { name: 'Sunrise over the harbour' });

    await user.clear(box);
    await user.click(box);
    expect(screen.getByText('Recent searches')).toBeInTheDocument();
    expect(options()).toEqual(['harbour', 'loom', 'coffee']);

    await user.click(screen.getByRole('button', { name: 'Remove "loom" from recent searches' }));
    expect(options()).toEqual(['harbour', 'coffee']);
    expect(JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['harbour', 'coffee']);

    await user.click(screen.getByRole('option', { name: 'coffee' })); // picking one runs it
    expect(await screen.findByRole('article', { name: 'Latte art, slowly' })).toBeInTheDocument(); // tagged coffee

    await user.clear(box);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual([]);
  });
});

describe('header search', () => {
  test('a query from the header opens the search section with its results', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    const header = within(await screen.findByRole('banner'));

    await user.type(header.getByRole('searchbox', { name: 'Search' }), '  loom patterns {Enter}');

    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Loom patterns, explained' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('loom patterns');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });
});
