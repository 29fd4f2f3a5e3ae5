import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { renderApp } from '../../test/renderApp';

describe('Home for a visitor', () => {
  test('shows the public videos and Sign In, the navigation limited to Home, Shorts and Cinema room; a tile opens its watch page', async () => {
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
    expect(nav.getAllByRole('button').map((item) => item.textContent)).toEqual(['Home', 'Shorts', 'Cinema room']);

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
