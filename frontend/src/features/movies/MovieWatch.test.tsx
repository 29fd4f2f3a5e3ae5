import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { findUserByIdentifier, DEMO_CREDENTIALS } from '../../mocks/db';
import { mediaDb, type MockMovie } from '../../mocks/mediaDb';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

/** The movie page as a watch page (issue 12): the player's source (HLS or the file), resume, Up next and autoplay. */

const demoMovie = (title: string): MockMovie => {
  const movie = mediaDb.movies.find((entry) => entry.title === title);
  if (!movie) throw new Error(`no demo movie "${title}"`);
  return movie;
};
const adaId = () => findUserByIdentifier(DEMO_CREDENTIALS.user.email)!.user.id;

async function openMovie(title: string, { premium = false, query = '' } = {}) {
  storeDemoUserToken((user) => {
    user.is_premium = premium;
  });
  const movie = demoMovie(title);
  const app = renderApp({ route: `/movies/${movie.id}${query}` });
  await screen.findByRole('heading', { name: title, level: 1 });
  const player = screen.getByLabelText(title, { selector: 'video' }) as HTMLVideoElement;
  return { ...app, movie, player };
}

const upNext = () => within(screen.getByRole('region', { name: 'Up next' }));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the movie player', () => {
  test('plays the HLS ladder when the movie has one, with the quality menu and the watch page controls', async () => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const lighthouse = demoMovie('The Lighthouse Keeper');
    lighthouse.hls_url = `/api/movies/${lighthouse.id}/hls/master.m3u8?t=abc`;
    const { player } = await openMovie('The Lighthouse Keeper');

    expect(player.getAttribute('src')).toBe(lighthouse.hls_url);
    expect(screen.getAllByLabelText('Quality').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Speed').length).toBeGreaterThan(0);
    expect(screen.getByRole('switch', { name: 'Theatre' })).toBeInTheDocument();
  });

  test('a movie without a ladder (hls_url null) plays its stream_url, as before', async () => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const lighthouse = demoMovie('The Lighthouse Keeper');
    lighthouse.hls_url = null;
    const { player } = await openMovie('The Lighthouse Keeper');
    expect(player.getAttribute('src')).toBe(lighthouse.stream_url);
  });

  test('theatre mode puts the player above the page, and is kept for every watch page', async () => {
    const { user } = await openMovie('The Lighthouse Keeper');
    await user.click(screen.getByRole('switch', { name: 'Theatre' }));
    expect(window.localStorage.getItem('scriven.theatre')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Theatre' })).toBeChecked();
  });
});

describe('resume', () => {
  test('starts where the server says the viewer stopped (from their heartbeats)', async () => {
    const lighthouse = demoMovie('The Lighthouse Keeper');
    mediaDb.progress[`${adaId()}:${lighthouse.id}`] = { position: 300, at: Date.now() };
    const { player } = await openMovie('The Lighthouse Keeper');
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(300);
    expect(screen.getByText('Resumed at 5:00')).toBeInTheDocument();
  });

  test('a link with ?t= starts there instead; heartbeats tell the server where playback is', async () => {
    const lighthouse = demoMovie('The Lighthouse Keeper');
    mediaDb.progress[`${adaId()}:${lighthouse.id}`] = { position: 300, at: Date.now() };
    const { player, store } = await openMovie('The Lighthouse Keeper', { query: '?t=42' });
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(42);
    expect(screen.getByText('Resumed at 0:42')).toBeInTheDocument();

    await store.movies.heartbeat(lighthouse.id, 10, 61.6);
    expect(mediaDb.progress[`${adaId()}:${lighthouse.id}`].position).toBe(61);
  });

  test('never watched: starts at the beginning', async () => {
    const { player } = await openMovie('The Lighthouse Keeper');
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(0);
    expect(screen.queryByText(/^Resumed at/)).not.toBeInTheDocument();
  });
});

describe('Up next', () => {
  test("lists the channel's other ready movies first, never the movie itself; autoplay counts down and can be cancelled", async () => {
    await openMovie('The Lighthouse Keeper', { premium: true });
    const next = upNext();
    const links = await next.findAllByRole('link', { name: /\S/ });
    const titles = links.map((link) => link.textContent);
    expect(titles[0]).toBe('Gears of Tomorrow');
    expect(titles).not.toContain('The Lighthouse Keeper');

    fireEvent.ended(screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' }));
    const countdown = await next.findByRole('status');
    expect(countdown).toHaveTextContent('Next in 5 s: Gears of Tomorrow');
    await act(async () => fireEvent.click(within(countdown).getByRole('button', { name: 'Cancel' })));
    expect(next.queryByRole('status')).not.toBeInTheDocument();
  });

  test('when the countdown ends the next movie opens', async () => {
    await openMovie('The Lighthouse Keeper', { premium: true });
    await upNext().findByRole('link', { name: 'Gears of Tomorrow' });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.ended(screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' }));
      for (let second = 0; second < 5; second += 1) act(() => jest.advanceTimersByTime(1000));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByTestId('location').textContent).toBe(`/movies/${demoMovie('Gears of Tomorrow').id}`);
    expect(await screen.findByRole('heading', { name: 'Gears of Tomorrow', level: 1 })).toBeInTheDocument();
  });

  test('autoplay turned off (the same switch as the video page): the end of the movie opens nothing', async () => {
    const { user } = await openMovie('The Lighthouse Keeper');
    await upNext().findByRole('link', { name: 'Gears of Tomorrow' });
    const autoplay = upNext().getByRole('switch', { name: 'Autoplay' });
    expect(autoplay).toBeChecked();
    await user.click(autoplay);
    expect(window.localStorage.getItem('scriven.autoplay')).toBe('false');
    fireEvent.ended(screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' }));
    expect(upNext().queryByRole('status')).not.toBeInTheDocument();
  });
});
