import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { storeDemoUserToken } from '../../test/session';
import { renderApp } from '../../test/renderApp';
import { resetMockFeatureFlags, setMockFeature } from '../features/mocks';
import { LOCAL_PROGRESS_KEY } from './rules';
import { PodcastsSection } from './components/PodcastsSection';
import { PodcastPlayerBar } from './components/PodcastPlayerBar';
import { ReportDialog } from '../moderation/components/ReportDialog';
import { REPORT_MESSAGES } from '../moderation/messages';
import { moderationDb } from '../../mocks/moderationDb';
import { podcastsDb, resetPodcastsDb } from './mocks';
import { musicDb } from '../music/mocks';
import type { PodcastAnalytics } from './types';

/** The podcasts section and the player bar the app shows under every page; signed in as the demo user unless `visitor`. */
async function openPodcasts({ visitor = false, tab }: { visitor?: boolean; tab?: string } = {}) {
  if (!visitor) storeDemoUserToken();
  const store = new RootStore();
  await store.auth.init();
  if (tab) store.podcasts.setTab(tab as never);
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter>
        <PodcastsSection />
        <PodcastPlayerBar />
        <ReportDialog />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user };
}

const list = (name: string) => within(screen.getByRole('list', { name }));
const titles = (name: string) => list(name).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));
const audio = () => screen.getByTestId('podcast-audio') as HTMLAudioElement;
const episodeId = (title: string) => podcastsDb.episodes.find((e) => e.title === title)!.id;
const showId = (name: string) => podcastsDb.shows.find((s) => s.show_name === name)!.id;
const bar = () => within(screen.getByRole('region', { name: 'Podcast player' }));

/** Moves the element through `from`..`to` seconds in half-second steps, as playback would. */
function playThrough(element: HTMLAudioElement, from: number, to: number) {
  for (let t = from; t <= to; t += 0.5) {
    element.currentTime = t;
    fireEvent.timeUpdate(element);
  }
}

/** A file that starts like an MP3 (an ID3 tag). */
const mp3 = () => new NodeFile([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6])], 'pilot.mp3', { type: 'audio/mpeg' }) as unknown as File;

const TRENDING = ['Running a Café by the Docks', 'Freight, Slowly', 'Worst Gigs Ever', 'Sleep, Properly', 'Walking as Medicine', 'The Analytical Engine, Explained'];

beforeEach(() => {
  resetPodcastsDb();
  // jsdom has no media playback.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  server.events.removeAllListeners();
  jest.restoreAllMocks();
});

describe('Podcasts', () => {
  test('the five tabs; Discover shows Continue listening, Trending Now (the first 6) and every episode', async () => {
    await openPodcasts();
    for (const name of ['Discover', 'Shows', 'Upload', 'Subscriptions', 'Analytics']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();

    await waitFor(() => expect(titles('Trending Now')).toEqual(TRENDING));
    expect(list('Trending Now').getByRole('listitem', { name: 'Running a Café by the Docks' })).toHaveTextContent('140 plays');
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    expect(titles('Continue listening')).toEqual(['Running a Café by the Docks']);
    expect(list('Continue listening').getByRole('listitem')).toHaveTextContent('Stopped at 0:04 of 2:00');
  });

  test('a visitor has Discover and Shows only', async () => {
    await openPodcasts({ visitor: true });
    await waitFor(() => expect(titles('Trending Now')).toHaveLength(6));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Discover', 'Shows']);
    expect(screen.queryByRole('list', { name: 'Continue listening' })).not.toBeInTheDocument();
  });

  test('the category buttons carry their counts and filter the episode list', async () => {
    const { user } = await openPodcasts();
    const buttons = within(await screen.findByRole('group', { name: 'Categories' }));
    await waitFor(() =>
      expect(buttons.getAllByRole('button').map((b) => b.textContent)).toEqual(['All Episodes8', 'Technology3', 'Business2', 'Health2', 'Comedy1']),
    );
    expect(buttons.getByRole('button', { name: 'All Episodes 8' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(buttons.getByRole('button', { name: 'Technology 3' }));
    await waitFor(() => expect(titles('Technology episodes')).toEqual(['The Analytical Engine, Explained', 'Notes on Note G', 'Poetical Science']));
    expect(buttons.getByRole('button', { name: 'Technology 3' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(buttons.getByRole('button', { name: 'Comedy 1' }));
    await waitFor(() => expect(titles('Comedy episodes')).toEqual(['Worst Gigs Ever']));
    await user.click(buttons.getByRole('button', { name: 'All Episodes 8' }));
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
  });

  test("a show: its episodes, Subscribe with the server's message, and the RSS address with Copy", async () => {
    const { user } = await openPodcasts();
    await user.click(screen.getByRole('tab', { name: 'Shows' }));
    await waitFor(() => expect(titles('Shows')).toEqual(['Engines & Ideas', 'Harbour Talk', 'The Quiet Hour', 'Laugh Track']));
    await user.click(list('Shows').getByRole('button', { name: 'Open show Harbour Talk' }));

    expect(await screen.findByRole('heading', { name: 'Harbour Talk', level: 2 })).toBeInTheDocument();
    expect(titles('Harbour Talk episodes')).toEqual(['Running a Café by the Docks', 'Freight, Slowly']);

    const feed = screen.getByRole('textbox', { name: 'RSS feed' }) as HTMLInputElement;
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    expect(feed.value).toBe(`${window.location.origin}/api/podcasts/shows/${showId('Harbour Talk')}/feed.xml`);
    expect(feed).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy RSS address' }));
    expect(await screen.findByText('RSS address copied')).toBeInTheDocument();
    expect(copied).toHaveBeenCalledWith(feed.value);

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed to Harbour Talk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
    expect(podcastsDb.subscriptions.get('ada')?.has('harbour talk')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    await waitFor(() => expect(titles('Subscribed shows')).toEqual(['Harbour Talk']));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from Harbour Talk' }));
    expect(await screen.findByText('Unsubscribed from Harbour Talk')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Subscribed shows' })).not.toBeInTheDocument());
    expect(podcastsDb.subscriptions.get('ada')?.has('harbour talk')).toBe(false);
  });

  test("a failed subscribe says 'Failed to subscribe' and changes nothing", async () => {
    const { user, store } = await openPodcasts();
    server.use(http.post('/api/podcasts/subscribe', ({ response }) => response(400).json(errorBody(400, 'VALIDATION_FAILED', 'Please enter a show name'))));
    await act(() => store.podcasts.openShow(showId('Laugh Track')));
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Failed to subscribe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-pressed', 'false');
  });

  test("like toggles with the server's count; a failure says 'Failed to like episode'", async () => {
    const { user } = await openPodcasts();
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    const row = within(list('All Episodes').getByRole('listitem', { name: 'Worst Gigs Ever' }));
    await user.click(row.getByRole('button', { name: 'Like Worst Gigs Ever' }));
    expect(await row.findByRole('button', { name: 'Unlike Worst Gigs Ever' })).toHaveAttribute('aria-pressed', 'true');
    expect(row.getByLabelText('12 likes')).toBeInTheDocument();
    // The Trending Now card of the same episode follows.
    expect(within(list('Trending Now').getByRole('listitem', { name: 'Worst Gigs Ever' })).getByLabelText('12 likes')).toBeInTheDocument();

    server.use(http.post('/api/podcasts/episode/{id}/like', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'Too many requests'))));
    await user.click(row.getByRole('button', { name: 'Unlike Worst Gigs Ever' }));
    expect(await screen.findByText('Failed to like episode')).toBeInTheDocument();
    expect(row.getByLabelText('12 likes')).toBeInTheDocument();
  });

  test("Report is offered on others' episodes (rows and the player), never on the listener's own", async () => {
    const { user } = await openPodcasts();
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    expect(within(list('All Episodes').getByRole('listitem', { name: 'Freight, Slowly' })).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(list('All Episodes').getByRole('listitem', { name: 'Notes on Note G' })).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    await user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
    await user.click(bar().getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/the episode “Freight, Slowly” of Harbour Talk/)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog.getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    // The admins' queue (QA mode's moderation) has the episode as it was reported.
    const episode = podcastsDb.episodes.find((e) => e.title === 'Freight, Slowly');
    expect(moderationDb.cases.find((c) => c.contentType === 'episode' && c.contentId === episode?.id)?.snapshot).toMatchObject({ title: 'Freight, Slowly', mediaKind: 'episode' });
  });

  test('upload: the required fields, the defaults, "Upload failed: …", and a good one opens its show', async () => {
    const { user } = await openPodcasts({ tab: 'upload' });
    const form = within(await screen.findByRole('form', { name: 'Upload podcast episode' }));
    expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('General');
    expect(form.getByRole('textbox', { name: 'Episode number' })).toHaveValue('1');
    expect(form.getByRole('textbox', { name: 'Season number' })).toHaveValue('1');
    expect(form.getByRole('checkbox', { name: 'Enable monetization' })).toBeInTheDocument(); // ada is in the creator program

    await user.clear(form.getByRole('textbox', { name: 'Season number' }));
    await user.click(form.getByRole('button', { name: 'Upload episode' }));
    expect(form.getByText('Please select an audio file')).toBeInTheDocument();
    expect(form.getByText('Please enter a title')).toBeInTheDocument();
    expect(form.getByText('Please enter a show name')).toBeInTheDocument();
    expect(form.getByText('Season number must be a whole number of at least 1')).toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: 'Season number' }), '2');
    await user.upload(form.getByLabelText('Choose an audio file'), mp3());
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'Pilot');
    await user.type(form.getByRole('textbox', { name: 'Show name' }), 'Night Shift');

    server.use(http.post('/api/podcasts/upload', ({ response }) => response(413).json(errorBody(413, 'MEDIA.TOO_LARGE', 'The file is too large'))));
    await user.click(form.getByRole('button', { name: 'Upload episode' }));
    expect(await screen.findByText('Upload failed: The file is too large')).toBeInTheDocument();
    server.resetHandlers();

    await user.click(form.getByRole('button', { name: 'Upload episode' }));
    expect(await screen.findByRole('heading', { name: 'Night Shift', level: 2 }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText('Episode “Pilot” uploaded')).toBeInTheDocument();
    expect(titles('Night Shift episodes')).toEqual(['Pilot']);
    expect(podcastsDb.episodes.find((e) => e.title === 'Pilot')).toMatchObject({ category: 'General', episode_number: 1, season_number: 2, monetization_enabled: false });
  });

  test('the monetization checkbox shows to creator-program users only', async () => {
    storeDemoUserToken((user) => {
      user.creator_program = false;
    });
    const store = new RootStore();
    await store.auth.init();
    store.podcasts.setTab('upload');
    render(
      <AppProviders store={store} env="test">
        <MemoryRouter>
          <PodcastsSection />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('form', { name: 'Upload podcast episode' });
    expect(screen.queryByRole('checkbox', { name: 'Enable monetization' })).not.toBeInTheDocument();
  });

  test('analytics: the totals, the level bar at level × 10 %, the achievements and the plays chart', async () => {
    await openPodcasts({ tab: 'analytics' });
    const episodes = await screen.findByRole('group', { name: 'Episodes' });
    expect(episodes).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Plays' })).toHaveTextContent('23');
    expect(screen.getByRole('group', { name: 'Likes' })).toHaveTextContent('11');
    expect(screen.getByRole('group', { name: 'Subscribers' })).toHaveTextContent('1');
    expect(screen.getByRole('heading', { name: 'Podcast level 2' })).toBeInTheDocument();
    const level = screen.getByRole('progressbar', { name: 'Podcast level' });
    expect(level).toHaveAttribute('aria-valuenow', '20');
    // The bar's filled width (Mantine sizes the section by this property).
    expect(level.style.getPropertyValue('--progress-section-size')).toBe('20%');
    expect(within(screen.getByRole('list', { name: 'Achievements' })).getAllByRole('listitem').map((a) => a.textContent)).toEqual([
      'First Episode',
      '10 Likes',
      'First Subscriber',
    ]);
    expect(screen.getByRole('img', { name: /^Plays per day, .*: 23 plays in all/ })).toBeInTheDocument();
  });

  test('analytics without plays: the chart says so; level 7 fills 70 %', async () => {
    const quiet: PodcastAnalytics = {
      total_episodes: 1,
      total_plays: 0,
      total_likes: 0,
      total_subscribers: 0,
      total_downloads: 0,
      podcast_level: 7,
      achievements: [],
      plays_per_day: Array.from({ length: 90 }, (_, i) => ({ date: `2026-08-${String((i % 28) + 1).padStart(2, '0')}`, plays: 0 })),
      shows: [],
    };
    server.use(http.get('/api/podcasts/analytics', ({ response }) => response(200).json(quiet)));
    await openPodcasts({ tab: 'analytics' });
    expect(await screen.findByText(/No plays in the last 90 days yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Plays per day/ })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Podcast level' }).style.getPropertyValue('--progress-section-size')).toBe('70%');
    expect(screen.getByText(/No achievements yet/)).toBeInTheDocument();
  });
});

describe('The podcast player', () => {
  test('volume 75; at an episode\'s end the next of the list plays; Previous and Next move within it', async () => {
    const { user } = await openPodcasts();
    await waitFor(() => expect(titles('Trending Now')).toEqual(TRENDING));
    expect(screen.queryByRole('region', { name: 'Podcast player' })).not.toBeInTheDocument();

    await user.click(list('Trending Now').getByRole('button', { name: 'Play Freight, Slowly' }));
    await screen.findByRole('region', { name: 'Podcast player' });
    expect(bar().getByText('Freight, Slowly')).toBeInTheDocument();
    expect(bar().getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '75');
    expect(audio().volume).toBeCloseTo(0.75);
    expect(audio().getAttribute('src')).toBe(`/api/podcasts/episode/${episodeId('Freight, Slowly')}/stream`);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    fireEvent.ended(audio());
    await waitFor(() => expect(bar().getByText('Worst Gigs Ever')).toBeInTheDocument());
    expect(audio().getAttribute('src')).toBe(`/api/podcasts/episode/${episodeId('Worst Gigs Ever')}/stream`);

    await user.click(bar().getByRole('button', { name: 'Next episode' }));
    expect(bar().getByText('Sleep, Properly')).toBeInTheDocument();
    await user.click(bar().getByRole('button', { name: 'Previous episode' }));
    await user.click(bar().getByRole('button', { name: 'Previous episode' }));
    await user.click(bar().getByRole('button', { name: 'Previous episode' }));
    expect(bar().getByText('Running a Café by the Docks')).toBeInTheDocument();
    expect(bar().getByRole('button', { name: 'Previous episode' })).toBeDisabled();

    // The last of the list: Next has nowhere to go, and its end stops the player.
    await user.click(list('Trending Now').getByRole('button', { name: 'Play The Analytical Engine, Explained' }));
    expect(bar().getByRole('button', { name: 'Next episode' })).toBeDisabled();
    fireEvent.ended(audio());
    await waitFor(() => expect(bar().getByRole('button', { name: 'Play' })).toBeInTheDocument());
    expect(bar().getByText('The Analytical Engine, Explained')).toBeInTheDocument();
  });

  test("choosing an episode resumes at the server's place; pausing and every 10 s of playing save it", async () => {
    const saved: number[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/progress')) void request.clone().json().then((body) => saved.push((body as { position_seconds: number }).position_seconds));
    });
    const { user } = await openPodcasts();
    const id = episodeId('Running a Café by the Docks');
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    await user.click(list('All Episodes').getByRole('button', { name: 'Play Running a Café by the Docks' }));
    await waitFor(() => expect(audio().currentTime).toBe(4));
    expect(bar().getByText('0:04')).toBeInTheDocument();

    // Ten seconds of playing: the place is saved.
    playThrough(audio(), 4, 14);
    await waitFor(() => expect(podcastsDb.places.get(`ada:${id}`)?.position_seconds).toBe(14));

    audio().currentTime = 9;
    fireEvent.timeUpdate(audio());
    await user.click(bar().getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(podcastsDb.places.get(`ada:${id}`)?.position_seconds).toBe(9));
    expect(saved).toEqual([14, 9]);
  });

  test('an episode heard to the end starts from the beginning next time', async () => {
    const { user } = await openPodcasts();
    const id = episodeId('Running a Café by the Docks');
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    await user.click(list('All Episodes').getByRole('button', { name: 'Play Running a Café by the Docks' }));
    await waitFor(() => expect(audio().currentTime).toBe(4));
    fireEvent.ended(audio());
    await waitFor(() => expect(podcastsDb.places.has(`ada:${id}`)).toBe(false));
    expect(screen.queryByRole('list', { name: 'Continue listening' })).not.toBeInTheDocument();
  });

  test('a visitor resumes from this browser: the place is kept locally and Continue listening offers it', async () => {
    const first = await openPodcasts({ visitor: true });
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    await first.user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
    await screen.findByRole('region', { name: 'Podcast player' });
    await waitFor(() => expect(audio().currentTime).toBe(0));
    playThrough(audio(), 0, 6);
    await first.user.click(bar().getByRole('button', { name: 'Pause' }));
    const kept = JSON.parse(window.localStorage.getItem(LOCAL_PROGRESS_KEY) ?? '[]') as { episode: { id: string }; position_seconds: number }[];
    expect(kept.map((k) => [k.episode.id, k.position_seconds])).toEqual([[episodeId('Freight, Slowly'), 6]]);
    expect(podcastsDb.places.size).toBe(1); // only the demo user's seeded place: nothing was sent for the visitor
    expect(titles('Continue listening')).toEqual(['Freight, Slowly']);
  });

  test('listening is reported for play counts', async () => {
    const reports: number[] = [];
    server.use(
      http.post('/api/podcasts/episode/{id}/play', async ({ request, response }) => {
        const body = await request.json();
        reports.push(body.seconds_listened);
        return response(200).json({ counted: false, plays: 96 });
      }),
    );
    const { user } = await openPodcasts();
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    await user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
    await screen.findByRole('region', { name: 'Podcast player' });
    playThrough(audio(), 0, 16);
    await waitFor(() => expect(reports).toEqual([15]));
    await waitFor(() => expect(list('All Episodes').getByRole('listitem', { name: 'Freight, Slowly' })).toHaveTextContent('96 plays'));
  });

  test('one player at a time: an episode pauses the music, and music starting pauses the episode', async () => {
    const { user, store } = await openPodcasts();
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    act(() => store.musicPlayer.setPlaying(true));
    await user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
    expect(store.podcastPlayer.playing).toBe(true);
    expect(store.musicPlayer.playing).toBe(false);

    act(() => store.musicPlayer.setPlaying(true));
    expect(store.podcastPlayer.playing).toBe(false);
    expect(bar().getByRole('button', { name: 'Play' })).toBeInTheDocument();

    // Play on the episode's bar again: the music pauses once more.
    await user.click(bar().getByRole('button', { name: 'Play' }));
    expect(store.podcastPlayer.playing).toBe(true);
    expect(store.musicPlayer.playing).toBe(false);
  });

  test('one bar at a time: a track started after the episode hides the episode bar (its queue kept), and back', async () => {
    const { user, store } = await openPodcasts();
    await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
    await user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
    expect(screen.getByRole('region', { name: 'Podcast player' })).toBeInTheDocument();
    const track = musicDb.tracks[0];
    act(() => store.musicPlayer.playTrack({ ...track, status: 'ready', stream_url: `/api/music/tracks/${track.id}/stream` } as never));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Podcast player' })).not.toBeInTheDocument());
    expect(store.podcastPlayer.episode?.title).toBe('Freight, Slowly');
    act(() => store.podcastPlayer.play());
    expect(await screen.findByRole('region', { name: 'Podcast player' })).toBeInTheDocument();
    expect(store.musicPlayer.playing).toBe(false);
  });

  test('the Media Session shows the episode and its keys drive the player', async () => {
    const handlers = new Map<string, (details: { seekTime?: number; seekOffset?: number }) => void>();
    const session = { metadata: null as unknown, playbackState: 'none', setActionHandler: (action: string, handler: (details: { seekTime?: number }) => void) => handlers.set(action, handler) };
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    (globalThis as { MediaMetadata?: unknown }).MediaMetadata = class {
      constructor(readonly init: { title: string; artist: string }) {}
    };
    try {
      const { user, store } = await openPodcasts();
      await waitFor(() => expect(titles('All Episodes')).toHaveLength(8));
      await user.click(list('All Episodes').getByRole('button', { name: 'Play Freight, Slowly' }));
      await screen.findByRole('region', { name: 'Podcast player' });
      expect((session.metadata as { init: unknown }).init).toMatchObject({ title: 'Freight, Slowly', artist: 'Harbour Talk' });
      expect(session.playbackState).toBe('playing');
      expect([...handlers.keys()]).toEqual(['play', 'pause', 'previoustrack', 'nexttrack', 'seekbackward', 'seekforward', 'seekto']);

      act(() => handlers.get('seekto')!({ seekTime: 5 }));
      expect(store.podcastPlayer.time).toBe(5);
      act(() => handlers.get('seekbackward')!({}));
      expect(store.podcastPlayer.time).toBe(0);
      act(() => handlers.get('nexttrack')!({}));
      expect(bar().getByText('Sleep, Properly')).toBeInTheDocument();
      act(() => handlers.get('pause')!({}));
      expect(session.playbackState).toBe('paused');
    } finally {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
      delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
    }
  });
});

describe('Podcasts in the app', () => {
  afterEach(() => resetMockFeatureFlags());

  test('the side navigation opens Podcasts, for visitors too', async () => {
    const { user } = renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await user.click(await nav.findByRole('button', { name: 'Podcasts' }));
    expect(await screen.findByRole('heading', { name: 'Podcasts', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(titles('Trending Now')).toHaveLength(6));
  });

  test('Create → Upload podcast episode opens the Upload tab', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload podcast episode' }));
    expect(await screen.findByRole('form', { name: 'Upload podcast episode' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Upload/, selected: true })).toBeInTheDocument();
  });

  test("a show's address (its feed's link) opens the show", async () => {
    renderApp({ route: `/podcasts?show=${showId('The Quiet Hour')}` });
    expect(await screen.findByRole('heading', { name: 'The Quiet Hour', level: 2 })).toBeInTheDocument();
    expect(titles('The Quiet Hour episodes')).toEqual(['Sleep, Properly', 'Walking as Medicine']);
  });

  test('podcasts switched off: no Podcasts in the navigation', async () => {
    setMockFeature('podcasts', false);
    storeDemoUserToken();
    renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await waitFor(() => expect(nav.queryByRole('button', { name: 'Podcasts' })).not.toBeInTheDocument());
    expect(nav.getByRole('button', { name: 'Music' })).toBeInTheDocument();
    const { user } = { user: userEvent.setup({ delay: null }) };
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Create' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Upload podcast episode' })).not.toBeInTheDocument();
  });
});
