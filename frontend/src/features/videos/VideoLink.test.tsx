import { describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const videoId = (title: string) => {
  const id = mediaDb.videos.find((entry) => entry.title === title)?.id;
  if (!id) throw new Error(`no demo video "${title}"`);
  return id;
};

const card = (title: string) => within(screen.getByRole('article', { name: title }));

async function openHome() {
  storeDemoUserToken();
  const app = renderApp();
  await screen.findByRole('article', { name: 'Sunrise over the harbour' });
  return app;
}

/** document.execCommand, the older way to copy, for the time of one test (jsdom has none). */
function stubExecCommand(result: boolean) {
  const execCommand = jest.fn((command: string) => command === 'copy' && result);
  Object.defineProperty(document, 'execCommand', { configurable: true, writable: true, value: execCommand });
  return {
    execCommand,
    restore: () => {
      delete (document as { execCommand?: unknown }).execCommand;
    },
  };
}

describe('Share on a video card (seed 002 §2.5)', () => {
  test('copies {origin}/videos/{id} and says "Link copied to clipboard!"', async () => {
    const { user } = await openHome();
    const copy = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(card('Sunrise over the harbour').getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/videos/${videoId('Sunrise over the harbour')}`);
  });

  test('when the clipboard API is refused the link is copied the older way; when that fails too the link is shown', async () => {
    const { user } = await openHome();
    const link = `${window.location.origin}/videos/${videoId('Notes on the Analytical Engine')}`;
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const fallback = stubExecCommand(true);
    try {
      await user.click(card('Notes on the Analytical Engine').getByRole('button', { name: 'Share' }));
      expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
      expect(fallback.execCommand).toHaveBeenCalledWith('copy');
    } finally {
      fallback.restore();
    }

    const refused = stubExecCommand(false);
    try {
      await user.click(card('Notes on the Analytical Engine').getByRole('button', { name: 'Share' }));
      expect(await screen.findByText(`Could not copy the link: ${link}`)).toBeInTheDocument();
    } finally {
      refused.restore();
    }
  });

  test('a video still processing has no link to share yet', async () => {
    await openHome();
    expect(card('Draft: Bernoulli numbers').getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(card('Notes on the Analytical Engine').getByRole('button', { name: 'Share' })).toBeEnabled();
  });
});

describe('a shared video link (/videos/:id)', () => {
  test('a signed-in user sees the video with its player over Home; Close returns to /', async () => {
    const id = videoId('Sunrise over the harbour');
    const read: string[] = [];
    server.use(
      http.get('/api/videos/{id}', ({ params }) => {
        read.push(params.id);
        return undefined;
      }),
    );
    storeDemoUserToken();
    const { user } = renderApp({ route: `/videos/${id}` });

    const dialog = within(await screen.findByRole('dialog', { name: 'Sunrise over the harbour' }));
    const shown = within(dialog.getByRole('article', { name: 'Sunrise over the harbour' }));
    expect(shown.getByLabelText('Sunrise over the harbour', { selector: 'video' })).toBeInTheDocument();
    expect(shown.getByText('Fishing boats heading out at first light.')).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(read).toEqual([id]);
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sunrise over the harbour' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  test('a visitor watches it (the view counts) and is asked to sign in to like; the way back is the home page', async () => {
    const id = videoId('Notes on the Analytical Engine');
    const heartbeats: string[] = [];
    server.use(
      http.post('/api/videos/{id}/heartbeat', ({ params }) => {
        heartbeats.push(params.id);
        return undefined;
      }),
    );
    const { user } = renderApp({ route: `/videos/${id}` });

    const shown = within(await screen.findByRole('article', { name: 'Notes on the Analytical Engine' }));
    expect(shown.getByText('5,230 views')).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(shown.getByRole('button', { name: 'Like' })).toHaveAccessibleDescription('Sign in to like videos');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    const video = shown.getByLabelText('Notes on the Analytical Engine', { selector: 'video' }) as HTMLVideoElement;
    await act(() => video.play());
    expect(await shown.findByText('5,231 views')).toBeInTheDocument();
    act(() => video.pause());
    expect(heartbeats).toEqual([]); // watch time is for signed-in viewers

    await user.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('an unknown video says "This video is not available", with a way back home', async () => {
    storeDemoUserToken();
    const { user } = renderApp({ route: '/videos/video-that-does-not-exist' });

    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument();
    expect(dialog.getByText('It may have been removed or made private, or the link may be incomplete.')).toBeInTheDocument();
    expect(dialog.queryByRole('article')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Go to the home page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('a visitor opening the link of a video still processing is told it is not available; its owner sees it processing', async () => {
    const id = videoId('Draft: Bernoulli numbers');
    const visitor = renderApp({ route: `/videos/${id}` });
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument();
    visitor.unmount();

    storeDemoUserToken();
    renderApp({ route: `/videos/${id}` });
    const shown = within(await screen.findByRole('article', { name: 'Draft: Bernoulli numbers' }));
    expect(shown.getByRole('status', { name: 'Processing…' })).toBeInTheDocument();
  });

  test('a video that could not be read says so, and Try again reads it again', async () => {
    const id = videoId('Sunrise over the harbour');
    let failures = 1;
    server.use(
      http.get('/api/videos/{id}', ({ response }) => {
        if (failures === 0) return undefined;
        failures -= 1;
        return response.untyped(new Response('', { status: 500 }));
      }),
    );
    const { user } = renderApp({ route: `/videos/${id}` });

    expect(await screen.findByRole('heading', { name: 'This video could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Sunrise over the harbour' })).toBeInTheDocument();
  });
});
