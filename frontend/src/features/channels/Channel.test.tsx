import { describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findAccountByHandle } from '../../mocks/db';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { addDemoAccount } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

/** `/c/:handle`, once the channel's name shows. */
async function openChannel(handle: string, name: string, { signedIn = false } = {}) {
  if (signedIn) storeDemoUserToken();
  const app = renderApp({ route: `/c/${handle}` });
  await screen.findByRole('heading', { name, level: 1 });
  return app;
}

const titles = (list: HTMLElement) => within(list).getAllByRole('article').map((item) => item.getAttribute('aria-label'));

describe('a channel page (/c/:handle)', () => {
  test('shows the avatar, name, handle, bio, followers and counts; Videos lists its videos', async () => {
    await openChannel('ada', 'ada');

    // mira follows ada; her draft and failed upload are not counted for others.
    expect(screen.getByText('@ada · 1 follower · 2 videos')).toBeInTheDocument();
    expect(screen.getByText('Notes on engines, numbers and poetry.')).toBeInTheDocument();
    expect(screen.getByText('AD')).toBeInTheDocument(); // the avatar: no photo yet, the initials
    expect(document.title).toBe('ada · Scriven');
    expect(screen.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');

    const videos = await screen.findByRole('list', { name: 'Videos' });
    expect(titles(videos)).toEqual(['Loom patterns, explained', 'Notes on the Analytical Engine']);
    expect(within(videos).getByRole('link', { name: 'Notes on the Analytical Engine' })).toHaveAttribute('href', expect.stringMatching(/^\/videos\//));
  });

  test('the owner sees every video of her channel, in every state', async () => {
    await openChannel('ada', 'ada', { signedIn: true });

    expect(await screen.findByText('@ada · 1 follower · 4 videos')).toBeInTheDocument();
    expect(titles(await screen.findByRole('list', { name: 'Videos' }))).toEqual([
      'Draft: Bernoulli numbers',
      'Broken export',
      'Loom patterns, explained',
      'Notes on the Analytical Engine',
    ]);
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument(); // her own channel
  });

  test('Popular reads the videos again, most viewed first', async () => {
    const sorts: (string | null)[] = [];
    server.use(
      http.get('/api/channels/{handle}/videos', ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return undefined;
      }),
    );
    const { user } = await openChannel('ada', 'ada');
    await screen.findByRole('list', { name: 'Videos' });

    await user.click(screen.getByRole('radio', { name: 'Popular' }));

    await waitFor(() => expect(titles(screen.getByRole('list', { name: 'Videos' }))).toEqual(['Notes on the Analytical Engine', 'Loom patterns, explained']));
    expect(sorts).toEqual(['newest', 'popular']);
  });

  test('Shorts lists its shorts, which open in the Shorts viewer; About tells about the channel', async () => {
    const { user } = await openChannel('mira', 'mira');

    await user.click(screen.getByRole('tab', { name: 'Shorts' }));
    const shorts = await screen.findByRole('list', { name: 'Shorts' });
    expect(titles(shorts)).toEqual(['Latte art, slowly', 'Harbour in 15 seconds']);
    expect(within(shorts).getByRole('link', { name: 'Latte art, slowly' })).toHaveAttribute('href', expect.stringMatching(/^\/reels\//));

    await user.click(screen.getByRole('tab', { name: 'About' }));
    const about = screen.getByRole('tabpanel', { name: 'About' });
    expect(within(about).getByText('Harbours, cities and coffee.')).toBeInTheDocument();
    expect(within(about).getByText(/^Joined /)).toBeInTheDocument();
    // The views of her ready videos (1,240 + 5,120) and shorts (9,800,000 + 0).
    expect(within(about).getByText('9,806,360 views')).toBeInTheDocument();
  });

  test('a channel with nothing yet says so on each tab', async () => {
    addDemoAccount({ display_name: 'Ada Brand', handle: 'ada_brand', account_type: 'brand' });
    const { user } = await openChannel('ada_brand', 'Ada Brand');

    expect(await screen.findByText('This channel has no videos yet.')).toBeInTheDocument();
    expect(screen.getByText('@ada_brand · 1 follower · 0 videos')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Shorts' }));
    expect(await screen.findByText('This channel has no shorts yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.getByText('This channel has not written about itself yet.')).toBeInTheDocument();
  });

  test('an unknown handle, and a private channel, are not available', async () => {
    const first = renderApp({ route: '/c/nobody_here' });
    expect(await screen.findByRole('heading', { name: 'This channel is not available' })).toBeInTheDocument();
    first.unmount();

    const mira = findAccountByHandle('mira');
    if (!mira) throw new Error('no mira channel');
    mira.account.privacy_settings.profile_visibility = 'private';
    renderApp({ route: '/c/mira' });
    expect(await screen.findByRole('heading', { name: 'This channel is not available' })).toBeInTheDocument();
  });

  test('Follow for a user updates the follower count; Unfollow takes it back', async () => {
    const { user } = await openChannel('mira', 'mira', { signedIn: true });
    expect(screen.getByText('@mira · 0 followers · 2 videos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow mira' }));
    expect(await screen.findByText('@mira · 1 follower · 2 videos')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Unfollow mira' }));
    expect(await screen.findByText('@mira · 0 followers · 2 videos')).toBeInTheDocument();
  });

  test('Follow for a visitor goes to sign in, which returns to the channel (next)', async () => {
    const { user } = await openChannel('mira', 'mira');

    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/signin?next=%2Fc%2Fmira');
  });

  test('a channel without a banner shows its colour band; with one, the image (the phone-sized copy on narrow screens)', async () => {
    const first = await openChannel('mira', 'mira');
    expect(screen.getByTestId('channel-banner-fallback')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Banner of mira' })).not.toBeInTheDocument();
    first.unmount();

    const mira = findAccountByHandle('mira');
    if (!mira) throw new Error('no mira channel');
    mira.account.banner_url = '/api/media/banners/wide/0b3c1d6e-0000-4000-8000-000000000001.webp';
    mira.account.banner_small_url = '/api/media/banners/small/0b3c1d6e-0000-4000-8000-000000000001.webp';
    await openChannel('mira', 'mira');
    const banner = screen.getByRole('img', { name: 'Banner of mira' });
    expect(banner).toHaveAttribute('src', mira.account.banner_url);
    expect(banner).toHaveAttribute('srcset', `${mira.account.banner_small_url} 1024w, ${mira.account.banner_url} 2048w`);
    expect(screen.queryByTestId('channel-banner-fallback')).not.toBeInTheDocument();

    // An image that cannot be shown gives way to the colour band.
    fireEvent.error(banner);
    expect(await screen.findByTestId('channel-banner-fallback')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Banner of mira' })).not.toBeInTheDocument();
  });

  test('the links show under the name and on About, opening in a new tab without passing anything on', async () => {
    const ada = findAccountByHandle('ada');
    if (!ada) throw new Error('no ada channel');
    ada.account.links = [
      { label: 'Blog', url: 'https://ada.example/blog' },
      { label: 'Engines', url: 'http://engines.example/notes' },
      // The server never stores one; the page would not show it either.
      { label: 'Sneaky', url: 'javascript:alert(1)' },
    ];
    const { user } = await openChannel('ada', 'ada');

    const header = within(screen.getByRole('navigation', { name: 'Channel links' }));
    expect(header.getAllByRole('link').map((link) => link.textContent)).toEqual(['Blog', 'Engines']);
    const blog = header.getByRole('link', { name: 'Blog' });
    expect(blog).toHaveAttribute('href', 'https://ada.example/blog');
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.queryByText('Sneaky')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'About' }));
    const about = within(screen.getByRole('list', { name: 'Links' }));
    const engines = about.getByRole('link', { name: 'http://engines.example/notes' });
    expect(engines).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(engines).toHaveAttribute('target', '_blank');
    expect(about.getByText('Blog:')).toBeInTheDocument();
  });

  test('a channel without links shows none', async () => {
    const { user } = await openChannel('mira', 'mira');
    expect(screen.queryByRole('navigation', { name: 'Channel links' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.queryByRole('list', { name: 'Links' })).not.toBeInTheDocument();
  });
});
