import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { findUserByIdentifier } from '../../mocks/db';
import { liveDb, liveId, type MockLiveStream } from '../../mocks/liveDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { fakeSockets } from '../../test/fakeSocket';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { fill } from '../../test/fill';
import { resetMockFeatureFlags, setMockFeature } from '../features/mocks';
import { tournamentsDb } from './tournaments/mocks';
import { GAMING_STREAMS_REFRESH_MS } from './messages';

const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  resetMockFeatureFlags();
});

const mira = () => findUserByIdentifier('mira@example.com')!.user;

/** A gaming stream of mira's on now. */
function miraPlays(fields: Partial<MockLiveStream> = {}): MockLiveStream {
  const stream: MockLiveStream = {
    id: liveId('live'),
    userId: mira().id,
    title: 'Speedrunning the harbour level',
    description: 'Any% attempts all evening.',
    is_vertical: false,
    super_chat_enabled: false,
    record: true,
    status: 'live',
    likedBy: [],
    slow_mode_seconds: 0,
    created_at: new Date().toISOString(),
    live_at: new Date().toISOString(),
    ended_at: null,
    recording_video_id: null,
    game: 'Celeste',
    baseViewers: 37,
    ...fields,
  };
  liveDb.streams.push(stream);
  return stream;
}

function openGaming(route = '/gaming', { signedIn = true } = {}) {
  if (signedIn) storeDemoUserToken();
  const store = new RootStore({ socketFactory: fakeSockets().factory });
  return renderApp({ route, store });
}

describe('Gaming section', () => {
  test('the five tabs of seed 002 §2.10; the tab is in the URL', async () => {
    const { user } = openGaming('/gaming?tab=leaderboards');
    expect(await screen.findByRole('heading', { name: 'Gaming', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Streams', 'Games', 'Tournaments', 'Leaderboards', 'Community']);
    expect(screen.getByRole('tab', { name: 'Leaderboards', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Games' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/gaming?tab=games');
    expect(await screen.findByRole('region', { name: 'Games' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Games', selected: true })).toBeInTheDocument();
  }, 15_000);

  test("visitors see Gaming in the Explore group; it opens the section; with the flag off it is gone", async () => {
    const { user } = openGaming('/', { signedIn: false });
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    const explore = within(nav.getByRole('group', { name: 'Explore' }));
    expect(explore.getAllByRole('button').map((b) => b.textContent)).toEqual(['Live', 'Gaming', 'Sports']);
    await user.click(explore.getByRole('button', { name: 'Gaming' }));
    expect(await screen.findByRole('heading', { name: 'Gaming', level: 1 })).toBeInTheDocument();
  });

  test('with the gaming feature off the nav item is hidden', async () => {
    setMockFeature('gaming', false);
    const { store } = openGaming('/', { signedIn: false });
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await waitFor(() => expect(store.features.isEnabled('gaming')).toBe(false));
    expect(nav.queryByRole('button', { name: 'Gaming' })).not.toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Live' })).toBeInTheDocument();
  });
});

describe('Streams tab', () => {
  test('empty: says there are no gaming streams (a non-gaming stream is not one)', async () => {
    openGaming('/gaming?tab=streams');
    expect(await screen.findByRole('heading', { name: 'No gaming streams right now' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Harbour live: the boats come in' })).not.toBeInTheDocument();
  });

  test('cards show LIVE, game, title, streamer and viewers, open the live watch view, and the list refreshes every 15 s', async () => {
    useFakeTimers();
    const stream = miraPlays();
    const { user } = openGaming('/gaming?tab=streams');
    const card = within(await screen.findByRole('article', { name: 'Speedrunning the harbour level' }));
    expect(card.getByText('LIVE')).toBeInTheDocument();
    expect(card.getByText('Celeste')).toBeInTheDocument();
    expect(card.getByText('mira')).toBeInTheDocument();
    expect(card.getByLabelText('37 watching')).toHaveTextContent('37');

    miraPlays({ title: 'Chess blitz', game: 'Chess', baseViewers: 3, userId: findUserByIdentifier('ada@example.com')?.user.id ?? mira().id });
    await act(async () => {
      jest.advanceTimersByTime(GAMING_STREAMS_REFRESH_MS);
    });
    expect(await screen.findByRole('article', { name: 'Chess blitz' })).toBeInTheDocument();
    jest.useRealTimers();

    await user.click(card.getByRole('link', { name: 'Watch' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/live/${stream.id}`);
    expect(await screen.findByRole('heading', { name: 'Speedrunning the harbour level', level: 1 })).toBeInTheDocument();
  });

  test("Go Live: title and game are required; then 'Gaming stream started!', the stream is the user's, and Live's My Stream opens", async () => {
    storeDemoUserToken();
    const { user, store } = await renderSection('gaming', { tab: 'streams' });
    await user.click(await screen.findByRole('button', { name: 'Go Live' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Go Live' }));
    expect(dialog.getByLabelText('Description')).toHaveAttribute('rows', '3');

    await user.click(dialog.getByRole('button', { name: 'Go Live' }));
    expect(dialog.getByText('Please enter a title')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a game')).toBeInTheDocument();
    expect(liveDb.streams.filter((s) => s.game)).toHaveLength(0);

    await fill(user, dialog.getByRole('textbox', { name: 'Stream title' }), 'Ranked climb');
    await fill(user, dialog.getByRole('textbox', { name: 'Game' }), 'Rocket League');
    await user.click(dialog.getByRole('button', { name: 'Go Live' }));

    expect(await screen.findByText('Gaming stream started!')).toBeInTheDocument();
    // Live's My Stream sends it from the camera or OBS (the studio's tests cover sending a stream started elsewhere).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/live?tab=my-stream'));
    expect(store.live.myStream?.title).toBe('Ranked climb');
    expect(store.live.isStreaming).toBe(true);
    expect(liveDb.streams.find((s) => s.title === 'Ranked climb')?.game).toBe('Rocket League');
  });

  test("a refused start says 'Failed to start stream' with the server's reason, and stays", async () => {
    server.use(
      http.post('/api/gaming/start-stream', ({ response }) =>
        response(409).json(errorBody(409, 'LIVE.ALREADY_LIVE', 'You already have a live stream: end it before starting another')),
      ),
    );
    const { user } = openGaming('/gaming?tab=streams');
    await user.click(await screen.findByRole('button', { name: 'Go Live' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Go Live' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Stream title' }), 'Ranked climb');
    await fill(user, dialog.getByRole('textbox', { name: 'Game' }), 'Rocket League');
    await user.click(dialog.getByRole('button', { name: 'Go Live' }));

    expect(await screen.findAllByText('Failed to start stream')).not.toHaveLength(0);
    expect(dialog.getByText('You already have a live stream: end it before starting another')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/gaming?tab=streams');
  });

  test('a visitor pressing Go Live is asked to sign in', async () => {
    const { user } = openGaming('/gaming?tab=streams', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Go Live' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/gaming?tab=streams')}`);
  });
});

describe('Leaderboards tab', () => {
  test('without data: empty states, no invented numbers', async () => {
    for (const t of tournamentsDb()) if (t.status === 'completed') t.status = 'cancelled';
    storeDemoUserToken();
    await renderSection('gaming', { tab: 'leaderboards' });
    expect(await screen.findByText(/No gaming streams yet/)).toBeInTheDocument();
    expect(screen.getByText(/No tournament has been completed yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top Streamers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Tournament Champions' })).not.toBeInTheDocument();
  });

  test('Top Streamers with viewers, streams and donations; champions with declared prizes; a game picker with high scores', async () => {
    const stream = miraPlays({ baseViewers: 1234 });
    liveDb.superChats.push({
      id: 'sc-game',
      streamId: stream.id,
      username: 'ada',
      amount: 9.99,
      message: 'GG',
      color: 'red',
      package_id: 'large',
      user_id: 'someone',
      created_at: new Date().toISOString(),
      pinned_until: new Date().toISOString(),
      paid: true,
      sessionId: 'cs_game',
    });
    storeDemoUserToken();
    const { user } = await renderSection('gaming', { tab: 'leaderboards' });

    const streamers = within(await screen.findByRole('table', { name: 'Top Streamers' }));
    const row = streamers.getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'mira', '1.2K', '1', '$9.99']);

    const completed = tournamentsDb().filter((t) => t.status === 'completed' && t.championId);
    const champions = within(screen.getByRole('table', { name: 'Tournament Champions' }));
    expect(champions.getAllByRole('row')).toHaveLength(1 + new Set(completed.map((t) => t.championId)).size);
    expect(screen.getByText(/Prizes are declared by each tournament's organizer/)).toBeInTheDocument();
    const first = completed[0];
    const winner = first.participants.find((p) => p.userId === first.championId)!.username;
    expect(champions.getByText(winner)).toBeInTheDocument();

    // The game picker: the most played game first (Reflex, mira 143 a while ago), then another.
    const picker = await screen.findByRole('combobox', { name: 'Game' });
    const reflex = within(await screen.findByRole('region', { name: 'Reflex high scores' }));
    await waitFor(() => expect(reflex.getByText('mira')).toBeInTheDocument());
    expect(reflex.getByText('143')).toBeInTheDocument();
    await user.selectOptions(picker, 'Pixel Sniper');
    const sniper = within(await screen.findByRole('region', { name: 'Pixel Sniper high scores' }));
    expect(await sniper.findByText('No scores yet. Play to set the first one!')).toBeInTheDocument();
  });
});

describe('Leaderboards tab on a phone and without games', () => {
  test('the tables scroll sideways inside their cards (390 px), not the page', async () => {
    miraPlays();
    storeDemoUserToken();
    await renderSection('gaming', { tab: 'leaderboards' });
    for (const name of ['Top Streamers', 'Tournament Champions']) {
      const table = await screen.findByRole('table', { name });
      expect(table.closest('.mantine-TableScrollContainer-scrollContainer')).not.toBeNull();
    }
  });

  test("the game high scores say when the games could not be loaded, and Try again reads them again", async () => {
    let fail = true;
    server.use(
      http.get('/api/gaming/games', ({ response }) =>
        fail ? response(503).json(errorBody(503, 'SERVICE_UNAVAILABLE', 'Service unavailable')) : response(200).json([]),
      ),
    );
    storeDemoUserToken();
    const { user } = await renderSection('gaming', { tab: 'leaderboards' });
    expect(await screen.findByText('Games could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
  });
});

describe('Search: gaming items', () => {
  test('tournaments show name, game and prize pool and open the Tournaments tab; streams show game and viewers and open the watch view', async () => {
    const stream = miraPlays({ title: 'Chess blitz night', game: 'Chess', baseViewers: 8 });
    const cup = tournamentsDb()[0];
    cup.name = 'Chess Masters Cup';
    cup.game = 'Chess';
    cup.prize_pool = '250.00';
    storeDemoUserToken();
    const { user } = await renderSection('search');
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'chess{Enter}');
    await user.click(await screen.findByRole('tab', { name: 'Gaming' }));

    const list = within(await screen.findByRole('list', { name: 'Gaming' }));
    const tournament = within(await list.findByRole('article', { name: 'Chess Masters Cup' }));
    expect(tournament.getByText('Prize pool $250.00')).toBeInTheDocument();
    const live = within(list.getByRole('article', { name: 'Chess blitz night' }));
    expect(live.getByText('Chess')).toBeInTheDocument();
    expect(live.getByText('8 watching · @mira')).toBeInTheDocument();
    expect(live.getByRole('link', { name: 'Watch gaming stream Chess blitz night' })).toHaveAttribute('href', `/live/${stream.id}`);

    await user.click(tournament.getByRole('link', { name: 'Open tournament Chess Masters Cup' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/gaming?tab=tournaments&tournament=${cup.id}`);
  });
});
