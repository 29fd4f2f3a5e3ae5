import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { addDemoAccount, demoUser } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

async function signedIn(route = '/') {
  storeDemoUserToken();
  const app = renderApp({ route });
  const header = within(await screen.findByRole('banner'));
  await header.findByRole('button', { name: 'Switch account' });
  return { ...app, header };
}

describe('header bar', () => {
  test('a search opens the search section with the results of the trimmed query; a blank one does nothing', async () => {
    const { user, header } = await signedIn();
    const search = header.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search videos, channels, creators...');

    await user.type(search, '   {Enter}');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Search', level: 1 })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '  analytical engine  {Enter}');
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Notes on the Analytical Engine' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('analytical engine');
  });

  test('small screens get a toggle that reveals the search form over the header, and hides it again', async () => {
    const { user, header } = await signedIn();
    const toggle = header.getByRole('button', { name: 'Show search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(header.getAllByRole('search')).toHaveLength(1); // the one for wide screens

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const revealed = header.getAllByRole('search').find((form) => form.id === toggle.getAttribute('aria-controls'));
    expect(revealed).toBeDefined();
    const box = within(revealed as HTMLElement).getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveFocus();
    await user.type(box, 'looms{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Punch cards at work' })).toBeInTheDocument(); // tagged looms

    await user.click(header.getByRole('button', { name: 'Hide search' }));
    expect(header.getAllByRole('search')).toHaveLength(1);
  });

  test('the Create menu offers what exists: uploads, Creator Studio, and Go live, which opens /live on Go Live', async () => {
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Create' }));
    let menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Upload video',
      'Upload short',
      'Go live',
      'Upload music',
      'Upload podcast episode',
      'Creator Studio',
    ]);

    await user.click(menu.getByRole('menuitem', { name: 'Go live' }));
    expect(await screen.findByRole('tab', { name: 'Go Live', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/live?tab=go-live');
    expect(screen.queryByText('Live streaming coming soon!')).not.toBeInTheDocument();

    // /live is a route of its own: its shell (and header) is another than /'s.
    const banner = () => within(screen.getByRole('banner'));
    await user.click(banner().getByRole('button', { name: 'Create' }));
    menu = within(await screen.findByRole('menu'));
    await user.click(menu.getByRole('menuitem', { name: 'Upload short' }));
    expect(await screen.findByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');

    await user.click(banner().getByRole('button', { name: 'Create' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Upload video' }));
    expect(await screen.findByRole('heading', { name: 'Uploads', level: 1 })).toBeInTheDocument();

    await user.click(banner().getByRole('button', { name: 'Create' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Creator Studio' }));
    expect(await screen.findByRole('heading', { name: 'Editor Studio', level: 1 })).toBeInTheDocument();
  });

  test('the Cinema room button opens the Cinema room', async () => {
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Cinema room' }));

    expect(await screen.findByRole('heading', { name: 'Cinema room', level: 1 })).toBeInTheDocument();
  });

  test('the account switcher lists the other accounts and switches with a toast', async () => {
    addDemoAccount({ display_name: 'Ada Brand' });
    addDemoAccount({ display_name: 'Ada Personal' });
    const { user, header } = await signedIn();
    expect(header.getByRole('button', { name: 'Switch account' })).toHaveAttribute('title', 'ada');

    await user.click(header.getByRole('button', { name: 'Switch account' }));
    let menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'ABAda Brand', // initials, then the name
      'APAda Personal',
      'Add account',
      'Manage accounts',
    ]);

    await user.click(menu.getByRole('menuitem', { name: 'Ada Personal' }));
    expect(await screen.findByText('Switched to Ada Personal')).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Switch account' })).toHaveAttribute('title', 'Ada Personal');
    expect(demoUser().user.active_account_id).toBe(
      [...mockDb.accounts.values()].find((entry) => entry.account.display_name === 'Ada Personal')?.account.id,
    );

    await user.click(header.getByRole('button', { name: 'Switch account' }));
    menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'ada' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'Ada Personal' })).not.toBeInTheDocument();
  });

  test('the account switcher opens the Add Account dialog and the accounts tab', async () => {
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Switch account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Account' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(header.getByRole('button', { name: 'Switch account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage accounts' }));
    expect(await screen.findByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Active Account' })).toBeInTheDocument();
  });

  test('the settings menu: Settings opens the settings tab, Help & feedback the help', async () => {
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Help & feedback' }));
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Getting support' })).toBeInTheDocument();
  });

  test('Send feedback posts the message and shows the server thanks', async () => {
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send feedback' }));

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Feedback message is required')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Your feedback' }), '  More dark themes, please  ');
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Send feedback' })).not.toBeInTheDocument();
    expect(mockDb.feedback).toEqual([
      { id: expect.any(String), userId: demoUser().user.id, message: 'More dark themes, please', created_at: expect.any(String) },
    ]);
  });

  test('a refused feedback shows the server detail in the dialog', async () => {
    server.use(
      http.post('/api/feedback', ({ response }) =>
        response(400).json(errorBody(400, 'VALIDATION_FAILED', 'Feedback must be at most 2000 characters')),
      ),
    );
    const { user, header } = await signedIn();

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send feedback' }));
    await user.type(dialog.getByRole('textbox', { name: 'Your feedback' }), 'Hello');
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Feedback must be at most 2000 characters');
    expect(mockDb.feedback).toEqual([]);
  });

  test('the header shows on the pages of their own routes too, and leads back into the shell', async () => {
    const { user, header } = await signedIn('/terms');
    expect(screen.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Your channel' }));

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test.each([
    ['/', '/signin'],
    ['/terms', '/signin?next=%2Fterms'],
    ['/monetization', '/signin?next=%2Fmonetization'],
  ])('signed out, the header at %s shows the logo, the search and Sign In, which leads to %s', async (route, signIn) => {
    const { user } = renderApp({ route });

    const header = within(screen.getAllByRole('banner')[0]);
    // At / the visitor browses in the shell, whose navigation toggle (small screens) comes first.
    const toggle = route === '/' ? ['Toggle navigation'] : [];
    expect(header.getAllByRole('button').map((button) => button.textContent || button.getAttribute('aria-label'))).toEqual([...toggle, 'Submit search', 'Show search', 'Sign In']);
    expect(header.getByRole('link', { name: 'Scriven home' })).toHaveAttribute('href', '/');
    for (const name of ['Switch account', 'Settings menu', 'Create']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(header.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();

    await user.click(header.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('form', { name: /sign in/i })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(signIn);
  });

  test('a visitor searches from the header and gets the public results, without an account', async () => {
    const { user } = renderApp({ route: '/' });
    const header = within(screen.getAllByRole('banner')[0]);
    await user.type(header.getByRole('searchbox', { name: 'Search' }), 'analytical engine{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Notes on the Analytical Engine' })).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
