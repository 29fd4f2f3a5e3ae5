import { describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../mocks/db';
import { http } from '../../mocks/http';
import { mediaDb, type MockVideo } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { signInPath } from '../../shared/paths';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const demoVideo = (title: string): MockVideo => {
  const video = mediaDb.videos.find((entry) => entry.title === title);
  if (!video) throw new Error(`no demo video "${title}"`);
  return video;
};

/** Opens the watch page of the demo video `title` (signed in as ada when `signedIn`), once its title shows. */
async function watch(title: string, { signedIn = false } = {}) {
  if (signedIn) storeDemoUserToken();
  const video = demoVideo(title);
  const app = renderApp({ route: `/videos/${video.id}` });
  await screen.findByRole('heading', { name: title, level: 1 });
  return { ...app, video };
}

/** More of mira's ready videos, older than her harbour video (Up next lists her channel's, newest first). */
function addMiraVideos(...titles: string[]) {
  const sunrise = demoVideo('Sunrise over the harbour');
  titles.forEach((title, index) => {
    mediaDb.videos.push({ ...sunrise, id: `video-more-${index}`, title, likedBy: [], created_at: new Date(Date.parse(sunrise.created_at) - (index + 1) * 3_600_000).toISOString() });
  });
}

const upNext = () => within(screen.getByRole('region', { name: 'Up next' }));

describe('the watch page (/videos/:id)', () => {
  test('shows the title, views, age, the player and the channel bar with its follower count', async () => {
    await watch('Notes on the Analytical Engine');

    expect(screen.getByText('5,230 views · 10 hours ago')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes on the Analytical Engine', { selector: 'video' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/c/ada');
    expect(await screen.findByText('1 follower')).toBeInTheDocument(); // mira follows ada
    expect(screen.getByText('How the mill and the store work together.')).toBeInTheDocument();
    expect(document.title).toBe('Notes on the Analytical Engine · Scriven');
  });

  test('Follow takes a visitor to sign in; after signing in (ada) the same video opens again', async () => {
    const { user, video } = await watch('Sunrise over the harbour');
    expect(await screen.findByText('0 followers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow' }));

    const form = within(await screen.findByRole('form', { name: 'Sign in form' }));
    const location = screen.getByTestId('location').textContent ?? '';
    expect(location).toBe(signInPath(`/videos/${video.id}`));
    expect(new URLSearchParams(location.split('?')[1]).get('next')).toBe(`/videos/${video.id}`);

    await user.click(form.getByRole('radio', { name: 'Display name' }));
    await fill(user, field(form, 'Display name'), DEMO_CREDENTIALS.user.display_name);
    await fill(user, field(form, 'Password'), DEMO_CREDENTIALS.user.password);
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Sunrise over the harbour', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(`/videos/${video.id}`);
    expect(await screen.findByRole('button', { name: 'Follow mira' })).toBeInTheDocument();
  });

  test('a visitor is asked to sign in to like; the view counts when playback starts', async () => {
    const { user, video } = await watch('Notes on the Analytical Engine');

    const player = screen.getByLabelText('Notes on the Analytical Engine', { selector: 'video' }) as HTMLVideoElement;
    await act(() => player.play());
    expect(await screen.findByText('5,231 views · 10 hours ago')).toBeInTheDocument();
    act(() => player.pause());

    await user.click(screen.getByRole('button', { name: /^Like [0-9]/ }));
    expect(screen.getByTestId('location').textContent).toBe(signInPath(`/videos/${video.id}`));
  });

  test('like toggles for a user, with the count the server gives', async () => {
    const { user } = await watch('Sunrise over the harbour', { signedIn: true });
    const like = screen.getByRole('button', { name: /^Like [0-9]/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('87');

    await user.click(like);
    expect(await screen.findByRole('button', { name: /^Like [0-9]/, pressed: true })).toHaveTextContent('88');

    await user.click(screen.getByRole('button', { name: /^Like [0-9]/ }));
    expect(await screen.findByRole('button', { name: /^Like [0-9]/, pressed: false })).toHaveTextContent('87');
  });

  test('Share copies the link of the video', async () => {
    const { user, video } = await watch('Sunrise over the harbour');
    const copy = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/videos/${video.id}`);
  });

  test('timestamps in the description are buttons that seek the player; web links are links', async () => {
    demoVideo('Sunrise over the harbour').description = 'Boats leave at 0:02, the sun is up at 1:02:03. More: https://example.com/harbour.';
    const { user } = await watch('Sunrise over the harbour');

    const player = screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }) as HTMLVideoElement;
    await user.click(screen.getByRole('button', { name: 'Go to 0:02' }));
    expect(player.currentTime).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Go to 1:02:03' }));
    expect(player.currentTime).toBe(3723);
    expect(screen.getByRole('link', { name: 'https://example.com/harbour' })).toHaveAttribute('href', 'https://example.com/harbour');
  });

  test('a link with ?t= starts there (Continue watching), and heartbeats tell the server where playback is', async () => {
    storeDemoUserToken();
    const video = demoVideo('Sunrise over the harbour');
    video.duration_seconds = 600;
    const { store } = renderApp({ route: `/videos/${video.id}?t=42` });
    await screen.findByRole('heading', { name: 'Sunrise over the harbour', level: 1 });
    const player = screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(42);
    expect(screen.getByText('Resumed at 0:42')).toBeInTheDocument();

    await store.videos.heartbeat(video.id, 10, 42.7);
    const ada = Object.keys(mediaDb.progress).find((key) => key.endsWith(`:${video.id}`));
    expect(ada && mediaDb.progress[ada].position).toBe(42);
  });

  test('when the session ends while the page is open, the video is read again as a visitor (no endless spinner)', async () => {
    const { store } = await watch('Sunrise over the harbour', { signedIn: true });
    act(() => store.auth.logout());
    expect(await screen.findByRole('heading', { name: 'Sunrise over the harbour', level: 1 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the video')).not.toBeInTheDocument();
  });

  test('an unknown video says it is not available', async () => {
    renderApp({ route: '/videos/video-that-does-not-exist' });

    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument();
    expect(screen.getByText('It may have been removed, or its channel is private.')).toBeInTheDocument();
  });

  test('a video still processing is not available to a visitor; its owner sees it processing', async () => {
    const draft = demoVideo('Draft: Bernoulli numbers');
    const visitor = renderApp({ route: `/videos/${draft.id}` });
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument();
    visitor.unmount();

    await watch('Draft: Bernoulli numbers', { signedIn: true });
    expect(screen.getByRole('status', { name: 'Processing…' })).toBeInTheDocument();
  });

  test('a video that could not be read says so, and Try again reads it again', async () => {
    let failures = 1;
    server.use(
      http.get('/api/videos/{id}', ({ response }) => {
        if (failures === 0) return undefined;
        failures -= 1;
        return response.untyped(new Response('', { status: 500 }));
      }),
    );
    const { user } = renderApp({ route: `/videos/${demoVideo('Sunrise over the harbour').id}` });

    expect(await screen.findByRole('heading', { name: 'The video could not be loaded' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sunrise over the harbour', level: 1 })).toBeInTheDocument();
  });

  test("Up next lists the channel's other videos; at the end the next one is announced, and Cancel stops it", async () => {
    addMiraVideos('Harbour at dusk', 'Rain on the quay');
    await watch('Sunrise over the harbour');

    const next = upNext();
    expect(await next.findByRole('article', { name: 'Harbour at dusk' })).toBeInTheDocument();
    expect(next.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['Harbour at dusk', 'Rain on the quay']);
    // Not the video itself, nor her vertical one.
    expect(next.queryByRole('article', { name: 'Sunrise over the harbour' })).not.toBeInTheDocument();
    expect(next.queryByRole('article', { name: 'City lights timelapse' })).not.toBeInTheDocument();

    fireEvent.ended(screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }));
    const countdown = await next.findByRole('status');
    expect(countdown).toHaveTextContent('Next in 5 s: Harbour at dusk');
    await act(async () => fireEvent.click(within(countdown).getByRole('button', { name: 'Cancel' })));
    expect(next.queryByRole('status')).not.toBeInTheDocument();
  });

  test('autoplay can be turned off, and stays off (kept in this browser)', async () => {
    addMiraVideos('Harbour at dusk');
    const { user, unmount } = await watch('Sunrise over the harbour');
    await upNext().findByRole('article', { name: 'Harbour at dusk' });

    const autoplay = upNext().getByRole('switch', { name: 'Autoplay' });
    expect(autoplay).toBeChecked();
    await user.click(autoplay);
    expect(autoplay).not.toBeChecked();
    expect(window.localStorage.getItem('scriven.autoplay')).toBe('false');

    fireEvent.ended(screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }));
    expect(upNext().queryByRole('status')).not.toBeInTheDocument();

    unmount();
    await watch('Sunrise over the harbour');
    expect(upNext().getByRole('switch', { name: 'Autoplay' })).not.toBeChecked();
  });

  test('when the countdown ends the next video plays', async () => {
    addMiraVideos('Harbour at dusk');
    await watch('Sunrise over the harbour');
    await upNext().findByRole('article', { name: 'Harbour at dusk' });

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.ended(screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }));
      for (let second = 0; second < 5; second += 1) act(() => jest.advanceTimersByTime(1000));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByTestId('location').textContent).toBe('/videos/video-more-0');
    expect(await screen.findByRole('heading', { name: 'Harbour at dusk', level: 1 })).toBeInTheDocument();
  });
});
