import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { COLOR_SCHEME_KEY } from '../theme';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { isTokenLive, storeDemoUserToken } from '../../test/session';

describe('signed-in shell', () => {
  test('a stored token shows a spinner, then the shell with the user from /api/me', async () => {
    storeDemoUserToken();
    renderApp();

    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    // The account's details are in Account Settings, not on Home.
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your account' })).not.toBeInTheDocument();
  });

  test('the side navigation shows exactly the working sections, in the groups of seed 002 §2.2', async () => {
    storeDemoUserToken();
    renderApp();

    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toEqual([
      'Main',
      'Your Library',
      'Explore',
      'Creator Studio',
      'Entertainment',
      'Premium',
    ]);
    for (const emptyGroup of ['Install app']) {
      expect(within(nav).queryByText(emptyGroup)).not.toBeInTheDocument();
    }
    expect(within(nav).getAllByRole('button').map((link) => link.textContent)).toEqual([
      'Home',
      'Shorts',
      'Subscriptions',
      'Your videos',
      'History',
      'Live',
      'Gaming',
      'Sports',
      'Uploads',
      'Editor Studio',
      'Earnings',
      'Partner program',
      'Ads Manager',
      'Cinema room',
      'Music',
      'Podcasts',
      'Premium',
      'Memberships',
    ]);
    expect(within(nav).queryByRole('button', { name: 'Updates' })).not.toBeInTheDocument();

    const home = within(nav).getByRole('button', { name: 'Home' });
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  /** Clicks each item in turn; its section's heading shows and the item is marked current. */
  async function visit(items: [item: string, heading: string][]) {
    storeDemoUserToken();
    const { user } = renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    const main = within(screen.getByRole('main'));
    for (const [item, heading] of items) {
      const button = nav.getByRole('button', { name: item });
      await user.click(button);
      expect(await main.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
      expect(button).toHaveAttribute('aria-current', 'page');
    }
    const home = nav.getByRole('button', { name: 'Home' });
    await user.click(home);
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(main.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(main.getByRole('region', { name: 'Upload banner' })).toBeInTheDocument();
  }

  test.each<[string, [item: string, heading: string][]]>([
    ['Shorts, Your videos', [['Shorts', 'Shorts'], ['Your videos', 'Your videos']]],
    ['History, Uploads', [['History', 'Search'], ['Uploads', 'Uploads']]],
    ['Editor Studio, Earnings', [['Editor Studio', 'Editor Studio'], ['Earnings', 'Earnings']]],
    ['Partner program, Cinema room', [['Partner program', 'Partner program'], ['Cinema room', 'Cinema room']]],
    ['Premium, Memberships', [['Premium', 'Premium'], ['Memberships', 'Memberships']]],
  ])('each item opens its section (%s), and Home returns', async (_, items) => {
    await visit(items);
  });

  test('an admin also sees Updates (the platform earnings) in the main group', async () => {
    storeDemoUserToken((user) => {
      user.is_admin = true;
    });
    const { user } = renderApp();

    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const main = within(within(nav).getByRole('group', { name: 'Main' }));
    expect(main.getAllByRole('button').map((link) => link.textContent)).toEqual(['Home', 'Shorts', 'Subscriptions', 'Updates']);

    await user.click(main.getByRole('button', { name: 'Updates' }));
    expect(await screen.findByRole('heading', { name: 'Platform earnings', level: 1 })).toBeInTheDocument();
  });

  test('sign out from the settings menu returns to home as a visitor and forgets the token', async () => {
    storeDemoUserToken();
    const { user } = renderApp();

    await user.click(await screen.findByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome back, Ada')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings menu' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
  });

  test('sign out of all devices (Account Settings) revokes the token on the server', async () => {
    const token = storeDemoUserToken();
    const { user } = renderApp({ section: 'settings' });

    const security = within(await screen.findByRole('region', { name: 'Security' }));
    await user.click(security.getByRole('button', { name: 'Sign out of all devices' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
    expect(isTokenLive(token)).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
  });

  test('the settings menu switches to dark mode and remembers it, then back to light', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    await user.click(screen.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to dark mode' }));

    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await user.click(screen.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to light mode' }));
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('typing "scrivener" opens the hidden founder route', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    await user.keyboard('scrive');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await user.keyboard('ner');

    expect(await screen.findByRole('heading', { name: 'Founder control' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/ct-scriven-founder-control');
  });

  test('the key word does nothing for a visitor', async () => {
    const { user } = renderApp();
    await screen.findByRole('button', { name: 'Sign In' });

    await user.keyboard('scrivener');

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
