import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { RootStore } from '../../stores/RootStore';

/** Settings → Music apps (Subsonic): app tokens made, shown once with what to enter in the app, listed and revoked. */
async function openMusicApps() {
  storeDemoUserToken();
  const store = new RootStore();
  store.ui.openSettings('settings');
  await store.auth.init();
  await store.accounts.load();
  const app = await renderSection('settings', { store });
  await screen.findByRole('group', { name: 'Music apps (Subsonic)' });
  return { ...app, store };
}

describe('Music apps (Subsonic)', () => {
  test('creates a token, shows it once with the server address and username, lists it, and revokes it after confirming', async () => {
    const { user, store } = await openMusicApps();
    expect(await screen.findByText('No app tokens yet.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Token name/ }), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('alert', { name: /Token “Phone” created/ });
    const token = within(shown).getByLabelText('Token').textContent ?? '';
    expect(token).toMatch(/^sct_[A-Za-z0-9_-]{32}$/);
    expect(within(shown).getByLabelText('Server address').textContent).toBe(window.location.origin);
    expect(within(shown).getByLabelText('Username').textContent).toBe(store.auth.user?.display_name);
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'App tokens' });
    const row = within(table).getByRole('row', { name: 'Phone' });
    expect(within(row).getByText('Never')).toBeTruthy();
    // The list never holds the token itself.
    expect(table.textContent).not.toContain(token);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(token)).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Revoke Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke app token' });
    expect(within(dialog).getByText('Revoke “Phone”?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No app tokens yet.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke app token' })).toBeNull());
  });

  test('a name is needed: nothing is created without one', async () => {
    const { user } = await openMusicApps();
    await screen.findByText('No app tokens yet.');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name must be 1 to 60 characters')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'App tokens' })).toBeNull();
  });

  test('cancelling the confirmation keeps the token', async () => {
    const { user } = await openMusicApps();
    await user.type(await screen.findByRole('textbox', { name: /Token name/ }), 'Car');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const row = within(await screen.findByRole('table', { name: 'App tokens' })).getByRole('row', { name: 'Car' });
    await user.click(within(row).getByRole('button', { name: 'Revoke Car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke app token' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke app token' })).toBeNull());
    expect(within(screen.getByRole('table', { name: 'App tokens' })).getByRole('row', { name: 'Car' })).toBeTruthy();
  });
});
