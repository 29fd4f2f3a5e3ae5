import { describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { addDemoAccount, demoAccounts, demoUser, pngFile, testFile } from '../../test/accounts';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { RootStore } from '../../stores/RootStore';
import type { SettingsTab } from '../../stores/UiStore';

/**
 * Signed in as the demo user, on the Account Settings screen at `tab`, as the header's settings menu opens it (the
 * first test goes through the menu; Header.test covers its other items).
 */
async function openSettings(tab: SettingsTab = 'accounts') {
  storeDemoUserToken();
  const store = new RootStore();
  store.ui.openSettings(tab);
  const app = renderApp({ store });
  await screen.findByRole('heading', { name: 'Account Settings' });
  return app;
}

/** The settings tab alone (the section without the shell), with the accounts loaded as the header loads them. */
async function openSettingsTab() {
  storeDemoUserToken();
  const store = new RootStore();
  store.ui.openSettings('settings');
  await store.auth.init();
  await store.accounts.load();
  const app = await renderSection('settings', { store });
  await screen.findByRole('button', { name: 'Save Changes' });
  return app;
}

async function openTab(user: ReturnType<typeof renderApp>['user'], name: 'Accounts' | 'Profile' | 'Settings' | 'Privacy') {
  await user.click(screen.getByRole('tab', { name }));
}

const row = (name: string) => within(screen.getByRole('listitem', { name }));

/** Drops files on the dropzone, as a browser does at the end of a drag. */
function drop(files: File[]) {
  const zone = screen.getByRole('group', { name: 'Drop a photo here or click to choose one' });
  fireEvent.drop(zone, {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  });
}

describe('Account Settings', () => {
  test('the Accounts tab shows the user from /api/me: display name, name, email, member since and badges', async () => {
    storeDemoUserToken();
    await renderSection('settings');

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText('ada')).toBeInTheDocument();
    expect(account.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(account.getByText('ada@example.com')).toBeInTheDocument();
    expect(account.getByText('15 January 2025')).toBeInTheDocument();
    expect(account.getByText('Creator program')).toBeInTheDocument();
    expect(account.queryByText('Premium')).not.toBeInTheDocument();
    expect(account.queryByText('Admin')).not.toBeInTheDocument();
  });

  test('badges and the phone number show when the user has them', async () => {
    storeDemoUserToken((user) => {
      user.email = null;
      user.phone_number = '+44 20 7946 0958';
      user.is_premium = true;
      user.premium_expires = '2030-06-01T00:00:00.000Z';
      user.is_admin = true;
    });
    await renderSection('settings');

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText('+44 20 7946 0958')).toBeInTheDocument();
    expect(account.getByText('Premium')).toBeInTheDocument();
    expect(account.getByText('Admin')).toBeInTheDocument();
    expect(account.getByText('1 June 2030')).toBeInTheDocument();
  });

  test('"Your channel" opens the accounts tab: Primary and Active badges, Switch and Delete where they belong, and the Active Account card', async () => {
    addDemoAccount({ display_name: 'Ada Brand', handle: 'ada_brand', account_type: 'brand' });
    storeDemoUserToken();
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Your channel' }));
    await screen.findByRole('heading', { name: 'Account Settings' });

    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    const list = within(await screen.findByRole('list', { name: 'Your accounts' }));
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['ada', 'Ada Brand']);

    const primary = row('ada');
    expect(primary.getByText('Primary')).toBeInTheDocument();
    expect(primary.getByText('Active')).toBeInTheDocument();
    expect(primary.queryByRole('button', { name: 'Switch' })).not.toBeInTheDocument();
    expect(primary.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const brand = row('Ada Brand');
    expect(brand.queryByText('Primary')).not.toBeInTheDocument();
    expect(brand.queryByText('Active')).not.toBeInTheDocument();
    expect(brand.getByText('@ada_brand · Brand')).toBeInTheDocument();
    expect(brand.getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    expect(brand.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const card = within(screen.getByRole('region', { name: 'Active Account' }));
    expect(card.getByText('ada')).toBeInTheDocument();
    expect(card.getByText('@ada')).toBeInTheDocument();
    expect(card.getByText('Creator')).toBeInTheDocument();
    expect(card.getByText('Notes on engines, numbers and poetry.')).toBeInTheDocument();
    expect(card.getByText('Created 15 January 2025')).toBeInTheDocument();
    expect(card.getByText('AD')).toBeInTheDocument(); // no photo yet: the initials
  });

  test('Switch makes another account active: the badge and the card follow, with the toast', async () => {
    addDemoAccount({ display_name: 'Ada Brand', account_type: 'brand' });
    const { user } = await openSettings();

    await user.click(row('Ada Brand').getByRole('button', { name: 'Switch' }));

    expect(await screen.findByText('Switched to Ada Brand')).toBeInTheDocument();
    expect(row('Ada Brand').getByText('Active')).toBeInTheDocument();
    expect(row('ada').queryByText('Active')).not.toBeInTheDocument();
    expect(row('ada').getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active Account' })).getByText('Ada Brand')).toBeInTheDocument();
    expect(demoUser().user.active_account_id).toBe(demoAccounts()[1].id);
  });

  test('Delete asks for confirmation; Cancel keeps the account, Confirm deletes it', async () => {
    addDemoAccount({ display_name: 'Ada Brand' });
    const { user } = await openSettings();

    await user.click(row('Ada Brand').getByRole('button', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete account' }));
    expect(dialog.getByText('Are you sure you want to delete this account?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(demoAccounts()).toHaveLength(2);

    await user.click(row('Ada Brand').getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete account' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Ada Brand' })).not.toBeInTheDocument();
    expect(demoAccounts()).toHaveLength(1);
  });

  test('a refused delete shows "Failed to delete account" and keeps the row', async () => {
    server.use(
      http.delete('/api/accounts/{id}', ({ response }) =>
        response(404).json(errorBody(404, 'ACCOUNTS.NOT_FOUND', 'Account not found')),
      ),
    );
    addDemoAccount({ display_name: 'Ada Brand' });
    const { user } = await openSettings();

    await user.click(row('Ada Brand').getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Ada Brand' })).toBeInTheDocument();
  });

  test('Add Account: the display name is required after trimming; a created account is appended and not made active', async () => {
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Account' }));
    expect(dialog.getByRole('combobox', { name: 'Account type' })).toHaveValue('creator');

    await user.type(field(dialog, 'Display name'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    expect(await dialog.findByText('Display name is required')).toBeInTheDocument();
    expect(demoAccounts()).toHaveLength(1);

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Account type' }), 'brand');
    await user.clear(field(dialog, 'Display name'));
    await fill(user, field(dialog, 'Display name'), 'Lovelace Labs');
    await fill(user, field(dialog, 'Handle'), 'lovelace.labs');
    await fill(user, dialog.getByRole('textbox', { name: 'Bio' }), 'Engines of all kinds');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Account' })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Your accounts' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['ada', 'Lovelace Labs']);
    expect(row('Lovelace Labs').getByText('@lovelace.labs · Brand')).toBeInTheDocument();
    expect(row('Lovelace Labs').queryByText('Active')).not.toBeInTheDocument();
    expect(demoAccounts()[1]).toMatchObject({ account_type: 'brand', bio: 'Engines of all kinds' });
  });

  test('Add Account shows the server refusal with the field it names', async () => {
    addDemoAccount({ display_name: 'Taken', handle: 'taken' });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Account' }));
    await fill(user, field(dialog, 'Display name'), 'Another');
    await fill(user, field(dialog, 'Handle'), 'taken');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Failed to create account: Handle is already taken')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Account' })).toBeInTheDocument();
  });

  test('the settings tab edits the active account; Save Changes keeps every field', async () => {
    const { user } = await openSettings('settings');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');

    expect(field(screen, 'Display name')).toHaveValue('ada');
    expect(field(screen, 'Handle')).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Profile visibility' })).toHaveValue('public');
    expect(screen.getByRole('combobox', { name: 'Who can comment' })).toHaveValue('everyone');
    expect(screen.getByRole('switch', { name: 'Like notifications' })).toBeChecked();

    await user.clear(field(screen, 'Display name'));
    await fill(user, field(screen, 'Display name'), 'Ada L');
    await user.clear(field(screen, 'Location'));
    await fill(user, field(screen, 'Website'), 'https://ada.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Video visibility' }), 'unlisted');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can comment' }), 'subscribers');
    await user.click(screen.getByRole('switch', { name: 'Like notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(demoAccounts()[0]).toMatchObject({
      display_name: 'Ada L',
      location: null,
      website: 'https://ada.example',
      privacy_settings: { profile_visibility: 'public', video_visibility: 'unlisted', comment_permissions: 'subscribers' },
      notification_settings: { like_notifications: false, email_notifications: true },
    });
    // The header shows the new name too.
    expect(screen.getByRole('button', { name: 'Switch account' })).toHaveAttribute('title', 'Ada L');
  });

  test('the settings form requires a display name, and says a refusal under the field it names, without a toast', async () => {
    const { user } = await openSettingsTab();

    await user.clear(field(screen, 'Display name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();

    await fill(user, field(screen, 'Display name'), 'ada');
    await fill(user, field(screen, 'Website'), 'not a website');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Website must be an http or https address')).toBeInTheDocument(); // under the field
    expect(screen.queryByText(/^Failed to save/)).not.toBeInTheDocument(); // and no toast too
  });

  test('a save that fails says "Failed to save: " in a toast; the next one that works replaces it with Settings saved!', async () => {
    let failures = 1; // the first save fails, the next goes through
    server.use(
      http.put('/api/accounts/{id}', ({ response }) =>
        failures-- > 0 ? response.untyped(new Response('', { status: 500 })) : undefined,
      ),
    );
    const { user } = await openSettingsTab();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save: the server did not answer. Please try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/^Failed to save/)).not.toBeInTheDocument());
  });

  test('profile photo: a file that is not an image, or over 10MB, is refused with the seed text', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Profile');

    drop([testFile(new TextEncoder().encode('%PDF-1.7'), 'cv.pdf', 'application/pdf')]);
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();

    drop([testFile(new Uint8Array(10_485_761), 'huge.png', 'image/png')]);
    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();

    expect(screen.queryByRole('img', { name: 'Preview of the chosen photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeDisabled();
  });

  test('profile photo: a dropped image is previewed, then uploaded; the new photo shows in the card and the header', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Profile');

    drop([pngFile('portrait.png')]);

    expect(await screen.findByRole('img', { name: 'Preview of the chosen photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByText('portrait.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByText('Profile photo updated!')).toBeInTheDocument();
    const url = demoAccounts()[0].profile_photo_url;
    expect(url).toEqual(expect.any(String));
    expect(screen.queryByRole('img', { name: 'Preview of the chosen photo' })).not.toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('img', { name: 'Photo of ada' })).toHaveAttribute('src', url);
    expect(within(screen.getByRole('region', { name: 'Profile photo' })).getByRole('img', { name: 'Photo of ada' })).toHaveAttribute(
      'src',
      url,
    );
  });

  test('profile photo: a file chosen by clicking works too, and a server refusal is "Failed to upload photo: " and the detail', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Profile');

    await user.upload(screen.getByLabelText('Photo file'), pngFile('cut.png', { truncated: true }));
    await screen.findByRole('img', { name: 'Preview of the chosen photo' });
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(
      await screen.findByText('Failed to upload photo: The image could not be read: it is damaged or incomplete'),
    ).toBeInTheDocument();
    expect(demoAccounts()[0].profile_photo_url).toBeNull();
  });

  test('links: an added row is saved after the saved ones; a row left empty is dropped', async () => {
    const [primary] = demoAccounts();
    const entry = mockDb.accounts.get(primary.id)!;
    entry.account = { ...entry.account, links: [{ label: 'Blog', url: 'https://ada.example/blog' }] };
    const { user } = await openSettingsTab();
    const links = within(screen.getByRole('group', { name: 'Links' }));

    await user.click(links.getByRole('button', { name: 'Add link' }));
    await fill(user, field(screen, 'Link 2 label'), 'Notes');
    await fill(user, field(screen, 'Link 2 address'), 'http://notes.example');
    await user.click(links.getByRole('button', { name: 'Add link' })); // left empty
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(demoAccounts()[0].links).toEqual([
      { label: 'Blog', url: 'https://ada.example/blog' },
      { label: 'Notes', url: 'http://notes.example' },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Link 3 label' })).not.toBeInTheDocument();
  });

  test('links: the saved ones are in the form; at most 5, and Remove takes one out', async () => {
    const [primary] = demoAccounts();
    const entry = mockDb.accounts.get(primary.id)!;
    entry.account = { ...entry.account, links: ['One', 'Two', 'Three', 'Four'].map((label) => ({ label, url: `https://${label.toLowerCase()}.example` })) };
    const { user } = await openSettingsTab();
    const links = within(screen.getByRole('group', { name: 'Links' }));
    expect(field(screen, 'Link 4 address')).toHaveValue('https://four.example');

    await user.click(links.getByRole('button', { name: 'Add link' }));
    expect(links.getByRole('button', { name: 'Add link' })).toBeDisabled();
    await user.click(links.getByRole('button', { name: 'Remove link 1' }));
    expect(field(screen, 'Link 1 label')).toHaveValue('Two');
    expect(links.getByRole('button', { name: 'Add link' })).toBeEnabled();
  });

  test('links: a refused address is said under its row, without a toast, and nothing is saved', async () => {
    const { user } = await openSettingsTab();
    const links = within(screen.getByRole('group', { name: 'Links' }));

    await user.click(links.getByRole('button', { name: 'Add link' }));
    await fill(user, field(screen, 'Link 1 label'), 'Home');
    await fill(user, field(screen, 'Link 1 address'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Links must be http or https addresses')).toBeInTheDocument();
    expect(field(screen, 'Link 1 address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^Failed to save/)).not.toBeInTheDocument();
    expect(demoAccounts()[0].links).toEqual([]);

    await user.clear(field(screen, 'Link 1 address'));
    expect(screen.queryByText('Links must be http or https addresses')).not.toBeInTheDocument();
    await fill(user, field(screen, 'Link 1 address'), 'https://ada.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(demoAccounts()[0].links).toEqual([{ label: 'Home', url: 'https://ada.example' }]);
  });

  test('banner: a chosen image is previewed, uploaded and shown; Remove banner takes it away', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Profile');
    const card = within(screen.getByRole('region', { name: 'Channel banner' }));
    expect(card.getByText('No banner yet: the channel page shows a colour band.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Remove banner' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Banner file'), pngFile('wide.png'));
    expect(await card.findByRole('img', { name: 'Preview of the chosen banner' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(card.getByRole('button', { name: 'Upload banner' }));

    expect(await screen.findByText('Banner updated!')).toBeInTheDocument();
    const url = demoAccounts()[0].banner_url;
    expect(url).toEqual(expect.any(String));
    expect(card.getByRole('img', { name: 'Banner of ada' })).toHaveAttribute('src', url);
    expect(card.queryByRole('img', { name: 'Preview of the chosen banner' })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Remove banner' }));
    expect(await screen.findByText('Banner removed')).toBeInTheDocument();
    expect(demoAccounts()[0].banner_url).toBeNull();
    expect(card.getByText('No banner yet: the channel page shows a colour band.')).toBeInTheDocument();
  });

  test('banner: a file that is not an image is refused before sending; a server refusal is "Failed to upload banner: " and the detail', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Profile');
    const card = within(screen.getByRole('region', { name: 'Channel banner' }));

    const pdf = testFile(new TextEncoder().encode('%PDF-1.7'), 'cv.pdf', 'application/pdf');
    fireEvent.drop(card.getByRole('group', { name: 'Drop a banner image here or click to choose one' }), {
      dataTransfer: { files: [pdf], items: [{ kind: 'file', type: pdf.type, getAsFile: () => pdf }], types: ['Files'] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Upload banner' })).toBeDisabled();

    server.use(
      http.post('/api/accounts/{id}/banner', ({ response }) =>
        response(400).json(errorBody(400, 'ACCOUNTS.BANNER_TOO_SMALL', 'The banner must be at least 640×160 pixels')),
      ),
    );
    await user.upload(screen.getByLabelText('Banner file'), pngFile('tiny.png'));
    await user.click(await card.findByRole('button', { name: 'Upload banner' }));
    expect(await screen.findByText('Failed to upload banner: The banner must be at least 640×160 pixels')).toBeInTheDocument();
    expect(demoAccounts()[0].banner_url).toBeNull();
  });

  test('privacy: Download Your Data saves scriven-data-ada.json', async () => {
    let saved = '';
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    const { user } = await openSettings();
    await openTab(user, 'Privacy');

    await user.click(screen.getByRole('button', { name: 'Download Your Data' }));

    expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
    expect(saved).toBe('scriven-data-ada.json');
  });

  test('privacy: the Privacy Checkup walks through the three settings and saves a change on the spot', async () => {
    const { user } = await openSettings();
    await openTab(user, 'Privacy');

    await user.click(screen.getByRole('button', { name: 'Privacy Checkup' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Privacy Checkup' }));

    const profile = within(dialog.getByRole('radiogroup', { name: 'Who can see this channel?' }));
    expect(profile.getByRole('radio', { name: /^Public/ })).toBeChecked();
    expect(dialog.getByText('Anyone can find this channel and open its profile.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep and continue' }));

    const videos = within(await dialog.findByRole('radiogroup', { name: "Who can see this channel's videos?" }));
    await user.click(videos.getByRole('radio', { name: /^Unlisted/ }));
    await user.click(dialog.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(demoAccounts()[0].privacy_settings.video_visibility).toBe('unlisted');

    const comments = within(await dialog.findByRole('radiogroup', { name: 'Who can comment?' }));
    expect(comments.getByRole('radio', { name: /^Everyone/ })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Keep and continue' }));

    expect(await dialog.findByText('Your checkup is complete')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Privacy Checkup' })).not.toBeInTheDocument();
    expect(demoAccounts()[0].privacy_settings).toEqual({
      profile_visibility: 'public',
      video_visibility: 'unlisted',
      comment_permissions: 'everyone',
    });
  });

  test('privacy: Delete Account needs the display name typed, then deletes the user and returns home as a visitor', async () => {
    const { user } = await openSettings();
    const userId = demoUser().user.id;
    await openTab(user, 'Privacy');

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Account' }));
    const erase = dialog.getByRole('button', { name: 'Erase my account' });
    expect(erase).toBeDisabled();
    await fill(user, dialog.getByRole('textbox', { name: 'Type your display name to confirm' }), 'Ada L');
    expect(erase).toBeDisabled();
    await user.clear(dialog.getByRole('textbox', { name: 'Type your display name to confirm' }));
    await user.type(dialog.getByRole('textbox', { name: 'Type your display name to confirm' }), 'Ada');
    await user.click(erase);

    expect(await screen.findByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Your account has been deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings menu' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
    expect(mockDb.users.has(userId)).toBe(false);
    expect([...mockDb.accounts.values()].filter((entry) => entry.userId === userId)).toEqual([]);
  });

  test('accounts that cannot be loaded say so, with a way to try again', async () => {
    let fail = true;
    server.use(
      http.get('/api/accounts', ({ response }) =>
        fail ? response.untyped(new Response('', { status: 500 })) : undefined,
      ),
    );
    const { user } = await openSettings();

    expect(await screen.findAllByText('Failed to load accounts')).not.toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'ada' })).toBeInTheDocument();
  });
});
