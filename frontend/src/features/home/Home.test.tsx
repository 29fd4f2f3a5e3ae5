import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { DEMO_CREDENTIALS, findUserByIdentifier } from '../../mocks/db';
import { socialDb } from '../../mocks/socialDb';
import { storeDemoUserToken } from '../../test/session';
import { renderApp } from '../../test/renderApp';

describe('Home for a visitor', () => {
  test('shows the public videos and Sign In, the navigation limited to Home, Shorts, Live and Cinema room; a tile opens its watch page', async () => {
    const { user } = renderApp();

    const list = within(await screen.findByRole('list', { name: 'Horizontal videos' }));
    // Ready videos of public channels only: not ada's draft still processing, nor her failed upload.
    expect(list.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Notes on the Analytical Engine',
      'Sunrise over the harbour',
    ]);
    expect(screen.getByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upload banner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Create & Upload' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    expect(nav.getAllByRole('button').map((item) => item.textContent)).toEqual(['Home', 'Shorts', 'Live', 'Gaming', 'Sports', 'Cinema room', 'Music', 'Podcasts']);

    const tile = within(list.getByRole('article', { name: 'Sunrise over the harbour' }));
    expect(tile.getByText('1,240 views', { exact: false })).toBeInTheDocument();
    expect(tile.getByRole('link', { name: 'mira' })).toHaveAttribute('href', '/c/mira');
    await user.click(tile.getByRole('link', { name: 'Sunrise over the harbour' }));

    const id = mediaDb.videos.find((video) => video.title === 'Sunrise over the harbour')?.id;
    expect(await screen.findByRole('heading', { name: 'Sunrise over the harbour', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(`/videos/${id}`);
  });

  test('shows a shelf of the newest Shorts, each opening the Shorts viewer', async () => {
    renderApp();

    const shelf = within(await screen.findByRole('list', { name: 'Shorts shelf' }));
    const titles = shelf.getAllByRole('article').map((item) => item.getAttribute('aria-label'));
    expect(titles).toEqual(expect.arrayContaining(['Punch cards at work', 'Latte art, slowly']));
    const reel = mediaDb.reels.find((item) => item.title === 'Latte art, slowly');
    expect(shelf.getByRole('link', { name: 'Latte art, slowly' })).toHaveAttribute('href', `/reels/${reel?.id}`);
  });
});

describe('Home sections', () => {
  const video = (title: string) => {
    const found = mediaDb.videos.find((item) => item.title === title);
    if (!found) throw new Error(`no mock video ${title}`);
    return found;
  };

  test('a visitor sees Trending from the last 48 hours of views, and is told when nothing is trending', async () => {
    const { unmount } = renderApp();
    expect(await screen.findByText('Nothing is trending yet: videos watched in the last 48 hours show here.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Continue watching' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From channels you follow' })).not.toBeInTheDocument();
    unmount();

    const now = Date.now();
    mediaDb.viewLog[`video:${video('Notes on the Analytical Engine').id}:a`] = now;
    mediaDb.viewLog[`video:${video('Sunrise over the harbour').id}:a`] = now;
    mediaDb.viewLog[`video:${video('Sunrise over the harbour').id}:b`] = now;
    // Three days ago: no longer trending.
    mediaDb.viewLog[`video:${video('Notes on the Analytical Engine').id}:c`] = now - 72 * 3_600_000;
    mediaDb.viewLog[`video:${video('Notes on the Analytical Engine').id}:d`] = now - 72 * 3_600_000;
    renderApp();
    const trending = within(await screen.findByRole('list', { name: 'Trending' }));
    expect(trending.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['Sunrise over the harbour', 'Notes on the Analytical Engine']);
  });

  test('a signed-in user sees where they stopped and the newest from channels they follow; a video leaves Continue watching', async () => {
    const ada = findUserByIdentifier(DEMO_CREDENTIALS.user.email);
    const mira = findUserByIdentifier('mira@example.com');
    if (!ada || !mira) throw new Error('mock users missing');
    const sunrise = video('Sunrise over the harbour');
    sunrise.duration_seconds = 600;
    mediaDb.progress[`${ada.user.id}:${sunrise.id}`] = { position: 150, at: Date.now() };
    socialDb.follows.push({ followerId: ada.user.id, followeeId: mira.user.id, created_at: new Date().toISOString() });
    storeDemoUserToken();
    const { user } = renderApp();

    const watching = within(await screen.findByRole('list', { name: 'Continue watching' }));
    const tile = within(watching.getByRole('article', { name: 'Sunrise over the harbour' }));
    expect(tile.getByRole('link', { name: 'Sunrise over the harbour' })).toHaveAttribute('href', `/videos/${sunrise.id}?t=150`);
    expect(tile.getByText('· 25% watched', { exact: false })).toBeInTheDocument();
    expect(tile.getByTestId('watched-bar').firstElementChild).toHaveStyle({ width: '25%' });

    const following = within(screen.getByRole('list', { name: 'From channels you follow' }));
    expect(following.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toContain('Sunrise over the harbour');
    expect(following.queryByRole('article', { name: 'Notes on the Analytical Engine' })).not.toBeInTheDocument();

    await user.click(watching.getByRole('button', { name: 'Remove Sunrise over the harbour from Continue watching' }));
    expect(await screen.findByText('Removed from Continue watching')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Continue watching' })).not.toBeInTheDocument();
    expect(mediaDb.progress[`${ada.user.id}:${sunrise.id}`]).toBeUndefined();
  });
});
