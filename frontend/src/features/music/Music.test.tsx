import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { storeDemoUserToken } from '../../test/session';
import { renderApp } from '../../test/renderApp';
import { resetMockFeatureFlags, setMockFeature } from '../features/mocks';
import { FEATURE_MESSAGES } from '../features/FeaturesStore';
import { MusicSection } from './components/MusicSection';
import { MusicPlayerBar } from './components/MusicPlayerBar';
import { TrackPage } from './components/TrackPage';
import { musicDb, resetMusicDb } from './mocks';

/** The music section (and the player bar the app shows under every page), signed in as the demo user. */
async function openMusic({ page }: { page?: string } = {}) {
  storeDemoUserToken();
  const store = new RootStore();
  await store.auth.init();
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter>
        {page ? <TrackPage id={page} /> : <MusicSection />}
        <MusicPlayerBar />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user };
}

const list = (name: string) => within(screen.getByRole('list', { name }));
const titles = (name: string) => list(name).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));
const audio = (slot: 0 | 1) => screen.getByTestId(`music-audio-${slot}`) as HTMLAudioElement;
const activeAudio = () => document.querySelector('audio[data-active="true"]') as HTMLAudioElement;
const idleAudio = () => document.querySelector('audio[data-active="false"]') as HTMLAudioElement;
const trackId = (title: string) => musicDb.tracks.find((track) => track.title === title)!.id;

/** A file that starts like an MP3 (an ID3 tag). */
const mp3 = () => new NodeFile([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6])], 'song.mp3', { type: 'audio/mpeg' }) as unknown as File;

beforeEach(() => {
  resetMusicDb();
  // jsdom has no media playback.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('Music', () => {
  test('the tabs list the library, the music videos and Discover', async () => {
    const { user } = await openMusic();
    for (const name of ['Library', 'Music Videos', 'Playlists', 'Upload', 'Discover']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Library' });
    expect(titles('Library')).toEqual(['Morning Tide', 'Salt and Glass', 'Lanterns', 'Circuit Bloom', 'Blue Note Avenue', 'Dust Road']);
    expect(list('Library').getByRole('listitem', { name: 'Circuit Bloom' })).toHaveTextContent('310 plays');

    await user.click(screen.getByRole('tab', { name: 'Music Videos' }));
    await screen.findByRole('list', { name: 'Music videos' });
    expect(titles('Music videos')).toEqual(['Neon Skyline (Official Video)']);

    await user.click(screen.getByRole('tab', { name: 'Discover' }));
    await screen.findByRole('list', { name: 'Most played' });
    expect(titles('Most played').slice(0, 2)).toEqual(['Neon Skyline (Official Video)', 'Circuit Bloom']);
    await waitFor(() => expect(titles('Pop tracks')).toEqual(['Morning Tide', 'Salt and Glass', 'Lanterns']));
    await user.click(screen.getByRole('radio', { name: 'Jazz' }));
    await waitFor(() => expect(titles('Jazz tracks')).toEqual(['Blue Note Avenue']));
  });

  test('like toggles with the server answer; a failure says "Failed to like track"', async () => {
    const { user } = await openMusic();
    await screen.findByRole('list', { name: 'Library' });
    const row = within(list('Library').getByRole('listitem', { name: 'Morning Tide' }));

    await user.click(row.getByRole('button', { name: 'Like Morning Tide' }));
    expect(await row.findByRole('button', { name: 'Unlike Morning Tide' })).toHaveAttribute('aria-pressed', 'true');
    expect(row.getByLabelText('15 likes')).toBeInTheDocument();

    server.use(http.post('/api/music/{id}/like', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'Too many requests'))));
    await user.click(row.getByRole('button', { name: 'Unlike Morning Tide' }));
    expect(await screen.findByText('Failed to like track')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Unlike Morning Tide' })).toBeInTheDocument();
    expect(row.getByLabelText('15 likes')).toBeInTheDocument();
  });

  test('upload: the required fields say what is missing; a good one is sent and listed; a refusal says "Upload failed: …"', async () => {
    const { user } = await openMusic();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    const form = within(await screen.findByRole('form', { name: 'Upload music' }));
    expect(form.getByRole('checkbox', { name: 'Enable monetization' })).toBeInTheDocument(); // ada is in the creator program

    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(form.getByText('Please select a file')).toBeInTheDocument();
    expect(form.getByText('Please enter a title')).toBeInTheDocument();
    expect(form.getByText('Please enter an artist')).toBeInTheDocument();

    await user.upload(form.getByLabelText('Choose an audio file'), mp3());
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'Night Swim');
    await user.type(form.getByRole('textbox', { name: 'Artist' }), 'Ada');

    server.use(http.post('/api/music/upload', ({ response }) => response(413).json(errorBody(413, 'MEDIA.TOO_LARGE', 'The file is too large'))));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload failed: The file is too large')).toBeInTheDocument();
    server.resetHandlers();

    await user.click(form.getByRole('button', { name: 'Upload' }));
    await screen.findByRole('list', { name: 'Library' }, { timeout: 30_000 });
    await waitFor(() => expect(titles('Library')).toContain('Night Swim'));
    expect(musicDb.tracks.find((track) => track.title === 'Night Swim')).toMatchObject({ artist: 'Ada', genre: 'Pop', content_type: 'audio' });
  });

  test('the monetization checkbox shows to creator-program users only', async () => {
    storeDemoUserToken((user) => {
      user.creator_program = false;
    });
    const store = new RootStore();
    await store.auth.init();
    store.music.setTab('upload');
    render(
      <AppProviders store={store} env="test">
        <MemoryRouter>
          <MusicSection />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('form', { name: 'Upload music' });
    expect(screen.queryByRole('checkbox', { name: 'Enable monetization' })).not.toBeInTheDocument();
  });

  test('playlists: create, add a track, reorder, rename, remove, delete', async () => {
    const { user } = await openMusic();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    await user.type(await screen.findByRole('textbox', { name: 'New playlist' }), 'Road trip');
    await user.click(screen.getByRole('button', { name: 'Create playlist' }));
    expect(await list('Playlists').findByRole('listitem', { name: 'Road trip' })).toHaveTextContent('0 tracks');

    // Add two tracks from the Library.
    await user.click(screen.getByRole('tab', { name: 'Library' }));
    await screen.findByRole('list', { name: 'Library' });
    for (const title of ['Morning Tide', 'Dust Road']) {
      await user.click(list('Library').getByRole('button', { name: `Add ${title} to playlist` }));
      await user.click(await screen.findByRole('menuitem', { name: 'Road trip' }));
      await screen.findByText('Added to Road trip');
    }
    // The server refuses a second copy, and says why.
    await user.click(list('Library').getByRole('button', { name: 'Add Dust Road to playlist' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Road trip' }));
    expect(await screen.findByText('This track is already in the playlist')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    expect(await list('Playlists').findByRole('listitem', { name: 'Road trip' })).toHaveTextContent('2 tracks');
    await user.click(list('Playlists').getByRole('button', { name: 'Open' }));
    await screen.findByRole('list', { name: 'Road trip tracks' });
    expect(titles('Road trip tracks')).toEqual(['Morning Tide', 'Dust Road']);

    await user.click(screen.getByRole('button', { name: 'Move Dust Road up' }));
    await waitFor(() => expect(titles('Road trip tracks')).toEqual(['Dust Road', 'Morning Tide']));
    expect(musicDb.playlists[0].track_ids).toEqual([trackId('Dust Road'), trackId('Morning Tide')]);

    await user.click(screen.getByRole('button', { name: 'Remove Morning Tide' }));
    await waitFor(() => expect(titles('Road trip tracks')).toEqual(['Dust Road']));

    await user.click(screen.getByRole('button', { name: 'Back to playlists' }));
    const card = within(list('Playlists').getByRole('listitem', { name: 'Road trip' }));
    await user.click(card.getByRole('button', { name: 'Rename' }));
    const name = card.getByRole('textbox', { name: 'Playlist name' });
    await user.clear(name);
    await user.type(name, 'Long drive');
    await user.click(card.getByRole('button', { name: 'Save' }));
    const renamed = await list('Playlists').findByRole('listitem', { name: 'Long drive' });
    expect(musicDb.playlists[0].name).toBe('Long drive');

    await user.click(within(renamed).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Long drive' })).not.toBeInTheDocument());
    expect(musicDb.playlists).toHaveLength(0);
  });

  test('the player: volume 75, the next track pre-buffered, and "ended" moves on to it', async () => {
    const { user } = await openMusic();
    await screen.findByRole('list', { name: 'Library' });
    expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument();

    await user.click(list('Library').getByRole('button', { name: 'Play Morning Tide' }));
    const bar = within(await screen.findByRole('region', { name: 'Music player' }));
    expect(bar.getByRole('link', { name: 'Morning Tide' })).toBeInTheDocument();
    expect(bar.getByText('The Harbour Lights')).toBeInTheDocument();
    expect(bar.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '75');
    expect(audio(0).volume).toBeCloseTo(0.75);
    expect(audio(1).volume).toBeCloseTo(0.75);

    // The playing element has the track, the other one the next track of the album, buffering.
    expect(activeAudio().getAttribute('src')).toBe(`/api/music/tracks/${trackId('Morning Tide')}/stream`);
    expect(idleAudio().getAttribute('src')).toBe(`/api/music/tracks/${trackId('Salt and Glass')}/stream`);
    expect(idleAudio()).toHaveAttribute('preload', 'auto');
    const buffered = idleAudio();

    fireEvent.ended(activeAudio());
    expect(await bar.findByRole('link', { name: 'Salt and Glass' })).toBeInTheDocument();
    // The pre-buffered element plays now; the freed one buffers the track after.
    expect(activeAudio()).toBe(buffered);
    expect(idleAudio().getAttribute('src')).toBe(`/api/music/tracks/${trackId('Lanterns')}/stream`);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    await user.click(bar.getByRole('button', { name: 'Next' }));
    expect(bar.getByRole('link', { name: 'Lanterns' })).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Previous' }));
    expect(bar.getByRole('link', { name: 'Salt and Glass' })).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Repeat: off' }));
    expect(bar.getByRole('button', { name: 'Repeat: all' })).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Pause' }));
    expect(bar.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  test('the Media Session shows the track and its handlers drive the player', async () => {
    const handlers = new Map<string, (details: { seekTime?: number }) => void>();
    const session = { metadata: null as unknown, playbackState: 'none', setActionHandler: (action: string, handler: (details: { seekTime?: number }) => void) => handlers.set(action, handler) };
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    (globalThis as { MediaMetadata?: unknown }).MediaMetadata = class {
      constructor(readonly init: { title: string; artist: string; album?: string }) {}
    };
    try {
      const { user, store } = await openMusic();
      await screen.findByRole('list', { name: 'Library' });
      await user.click(list('Library').getByRole('button', { name: 'Play Morning Tide' }));
      const bar = within(await screen.findByRole('region', { name: 'Music player' }));
      expect((session.metadata as { init: unknown }).init).toMatchObject({ title: 'Morning Tide', artist: 'The Harbour Lights', album: 'Coastline' });
      expect(session.playbackState).toBe('playing');
      expect([...handlers].filter(([, handler]) => handler).map(([action]) => action)).toEqual(['play', 'pause', 'previoustrack', 'nexttrack', 'seekto']);
      // The podcast player's seek keys are cleared, not left pointing at a paused episode.
      expect(handlers.get('seekbackward')).toBeNull();
      expect(handlers.get('seekforward')).toBeNull();

      act(() => handlers.get('nexttrack')!({}));
      expect(bar.getByRole('link', { name: 'Salt and Glass' })).toBeInTheDocument();
      act(() => handlers.get('seekto')!({ seekTime: 3 }));
      expect(store.musicPlayer.time).toBe(3);
      act(() => handlers.get('pause')!({}));
      expect(bar.getByRole('button', { name: 'Play' })).toBeInTheDocument();
      expect(session.playbackState).toBe('paused');
    } finally {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
      delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
    }
  });

  test('listening is reported for play counts', async () => {
    const reports: number[] = [];
    server.use(
      http.post('/api/music/tracks/{id}/play', async ({ request, response }) => {
        const body = await request.json();
        reports.push(body.seconds_listened);
        return response(200).json({ counted: false, plays: 120 });
      }),
    );
    const { user } = await openMusic();
    await screen.findByRole('list', { name: 'Library' });
    await user.click(list('Library').getByRole('button', { name: 'Play Morning Tide' }));
    await screen.findByRole('region', { name: 'Music player' });
    const element = activeAudio();
    for (let t = 0; t <= 16; t += 0.5) {
      element.currentTime = t;
      fireEvent.timeUpdate(element);
    }
    await waitFor(() => expect(reports).toEqual([15]));
  });

  test("a track's page: the waveform, play, and a click on it seeks", async () => {
    const id = trackId('Circuit Bloom');
    const { user, store } = await openMusic({ page: id });
    expect(await screen.findByRole('heading', { name: 'Circuit Bloom', level: 1 })).toBeInTheDocument();
    const waveform = screen.getByRole('img', { name: 'Waveform' });
    expect(waveform.querySelector('path')?.getAttribute('d')).toMatch(/^M0 /);

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('region', { name: 'Music player' })).toHaveTextContent('Circuit Bloom');
    jest.spyOn(waveform, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200, top: 0, height: 80, right: 200, bottom: 80, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(waveform, { clientX: 100 });
    expect(store.musicPlayer.time).toBe(4); // half of its 8 seconds
    expect(activeAudio().currentTime).toBe(4);
  });
});

test("a music video's page plays the video, and its playing pauses the player bar", async () => {
  const { user, store } = await openMusic({ page: trackId('Neon Skyline (Official Video)') });
  const video = (await screen.findByLabelText('Neon Skyline (Official Video) music video')) as HTMLVideoElement;
  expect(video.tagName).toBe('VIDEO');
  expect(video.getAttribute('src')).toBe(`/api/music/tracks/${trackId('Neon Skyline (Official Video)')}/stream`);

  await user.click(screen.getByRole('button', { name: 'Play' }));
  await screen.findByRole('region', { name: 'Music player' });
  expect(store.musicPlayer.playing).toBe(true);
  fireEvent.play(video);
  expect(store.musicPlayer.playing).toBe(false);
});

describe('Music in the app', () => {
  afterEach(() => resetMockFeatureFlags());

  test('the side navigation opens Music; Create → Upload music opens its Upload tab; a track has its own page', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await user.click(await nav.findByRole('button', { name: 'Music' }));
    expect(await screen.findByRole('heading', { name: 'Music', level: 1 })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Library' });

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload music' }));
    expect(await screen.findByRole('tab', { name: 'Upload', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Upload music' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Library' }));
    await user.click(await screen.findByRole('link', { name: 'Lanterns' }));
    expect(await screen.findByRole('heading', { name: 'Lanterns', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/music/tracks/${trackId('Lanterns')}`);
  });

  test('music switched off: no Music in the navigation and no Upload music', async () => {
    setMockFeature('music', false);
    storeDemoUserToken();
    const { user } = renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await waitFor(() => expect(nav.queryByRole('button', { name: 'Music' })).not.toBeInTheDocument());
    expect(nav.getByRole('button', { name: 'Cinema room' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Create' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Upload music' })).not.toBeInTheDocument();
  });

  test("music switched off: a track's address says so", async () => {
    setMockFeature('music', false);
    renderApp({ route: `/music/tracks/${trackId('Lanterns')}` });
    expect(await screen.findByText(FEATURE_MESSAGES.off)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lanterns' })).not.toBeInTheDocument();
  });
});
