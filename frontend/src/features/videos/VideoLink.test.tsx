import { describe, expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const videoId = (title: string) => {
  const id = mediaDb.videos.find((entry) => entry.title === title)?.id;
  if (!id) throw new Error(`no demo video "${title}"`);
  return id;
};

const card = (title: string) => within(screen.getByRole('article', { name: title }));

/** Your videos, whose cards have Share (Home shows thumbnails; the watch page has its own Share, see Watch.test). */
async function openYourVideos() {
  storeDemoUserToken();
  const app = await renderSection('videos');
  await screen.findByRole('article', { name: 'Notes on the Analytical Engine' });
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
    const { user } = await openYourVideos();
    const copy = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(card('Notes on the Analytical Engine').getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/videos/${videoId('Notes on the Analytical Engine')}`);
  });

  test('when the clipboard API is refused the link is copied the older way; when that fails too the link is shown', async () => {
    const { user } = await openYourVideos();
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
    await openYourVideos();
    expect(card('Draft: Bernoulli numbers').getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(card('Notes on the Analytical Engine').getByRole('button', { name: 'Share' })).toBeEnabled();
  });
});
