import { describe, expect, jest, test } from '@jest/globals';
import { RootStore } from '../../stores/RootStore';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import type { Notifier } from '../../shared/notifier';
import { TOKEN_KEYS } from '../../shared/storage';
import { addDemoAccount, demoAccounts, demoUser, pngFile, testFile } from '../../test/accounts';
import { storeDemoUserToken } from '../../test/session';

/** A signed-in store (the demo user, 'ada') whose toasts are recorded. */
async function signedInStore() {
  storeDemoUserToken();
  const notify = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() } satisfies Notifier;
  const store = new RootStore({ notify });
  await store.auth.init();
  return { store, notify };
}

const names = (store: RootStore) => store.accounts.accounts.map((account) => account.display_name);

describe('AccountsStore', () => {
  test('load gives the accounts in creation order, primary first, and the active one', async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand', account_type: 'brand' });
    addDemoAccount({ display_name: 'Ada Personal', account_type: 'personal' });
    demoUser().user.active_account_id = brand.id;
    const { store } = await signedInStore();

    expect(await store.accounts.load()).toBe(true);

    expect(names(store)).toEqual(['ada', 'Ada Brand', 'Ada Personal']);
    expect(store.accounts.primaryAccount?.display_name).toBe('ada');
    expect(store.accounts.activeAccount?.display_name).toBe('Ada Brand');
    expect(store.accounts.otherAccounts.map((account) => account.display_name)).toEqual(['ada', 'Ada Personal']);
  });

  test('a failed load says "Failed to load accounts"', async () => {
    server.use(http.get('/api/accounts', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { store, notify } = await signedInStore();

    expect(await store.accounts.load()).toBe(false);

    expect(notify.error).toHaveBeenCalledWith('Failed to load accounts', { action: 'accounts.load' });
    expect(store.accounts.status).toBe('error');
  });

  test('create sends the trimmed fields with creator as the default type, and appends the account without activating it', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/accounts/create', async ({ request }) => {
        sent = await request.clone().json();
        return undefined; // the mock server's own handler answers
      }),
    );
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    const result = await store.accounts.create({ display_name: '  Night Shift ', handle: ' night.shift ', bio: ' ', website: '' });

    expect(result).toEqual({ ok: true });
    expect(sent).toEqual({ account_type: 'creator', display_name: 'Night Shift', handle: 'night.shift' });
    expect(names(store)).toEqual(['ada', 'Night Shift']);
    expect(store.accounts.activeAccount?.display_name).toBe('ada');
    expect(notify.success).toHaveBeenCalledWith('Account created', { action: 'accounts.create' });
  });

  test('create refuses a blank display name without asking the server', async () => {
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    const result = await store.accounts.create({ display_name: '   ' });

    expect(result).toEqual({
      ok: false,
      detail: 'Display name is required',
      fieldErrors: { display_name: 'Display name is required' },
    });
    expect(demoAccounts()).toHaveLength(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  test('a refused create says "Failed to create account: " and the detail, and names the field', async () => {
    addDemoAccount({ display_name: 'Taken', handle: 'taken_handle' });
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    const taken = await store.accounts.create({ display_name: 'Another', handle: 'taken_handle' });
    const invalid = await store.accounts.create({ display_name: 'Another', website: 'ftp://example.com' });

    expect(taken.ok).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Failed to create account: Handle is already taken', { action: 'accounts.create' });
    expect(invalid).toEqual({
      ok: false,
      detail: 'Website must be an http or https address',
      fieldErrors: { website: 'Website must be an http or https address' },
    });
    // Said under the Website field of the form: no toast too.
    expect(notify.error).not.toHaveBeenCalledWith('Failed to create account: Website must be an http or https address', expect.anything());
    expect(names(store)).toEqual(['ada', 'Taken']);
  });

  test('the eleventh account is refused with the server detail', async () => {
    for (let n = 2; n <= 10; n += 1) addDemoAccount({ display_name: `Channel ${n}` });
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    expect((await store.accounts.create({ display_name: 'Eleventh' })).ok).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Failed to create account: You can have at most 10 accounts', { action: 'accounts.create' });
    expect(store.accounts.accounts).toHaveLength(10);
  });

  test('update replaces the entry with the answer and says "Settings saved!"', async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    const result = await store.accounts.update(brand.id, {
      display_name: 'Ada Studio',
      bio: 'Films',
      privacy_settings: { profile_visibility: 'unlisted', video_visibility: 'private', comment_permissions: 'none' },
    });

    expect(result).toEqual({ ok: true });
    const updated = store.accounts.accounts[1];
    expect(updated).toMatchObject({ id: brand.id, display_name: 'Ada Studio', bio: 'Films' });
    expect(updated.privacy_settings).toEqual({
      profile_visibility: 'unlisted',
      video_visibility: 'private',
      comment_permissions: 'none',
    });
    expect(names(store)).toEqual(['ada', 'Ada Studio']);
    expect(notify.success).toHaveBeenCalledWith('Settings saved!', { action: expect.stringMatching(/^accounts\.save:/) });
  });

  test('a refused update names its field for the form (no toast), or says "Failed to save: " and why; the entry stays', async () => {
    const { store, notify } = await signedInStore();
    await store.accounts.load();
    const primary = store.accounts.accounts[0];

    const result = await store.accounts.update(primary.id, { handle: 'No Spaces Allowed' });

    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { handle: 'Handle must be 3-30 characters: lowercase letters, numbers, underscores or dots' },
    });
    expect(notify.error).not.toHaveBeenCalled(); // the settings form says it under Handle

    server.use(http.put('/api/accounts/{id}', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    expect((await store.accounts.update(primary.id, { bio: 'Anything' })).ok).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Failed to save: the server did not answer. Please try again.', {
      action: `accounts.save:${primary.id}`,
    });
    expect(store.accounts.accounts[0]).toEqual(primary);
  });

  test('switching makes the account active, says "Switched to {name}" and refreshes /api/me', async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    expect(await store.accounts.switchTo(brand.id)).toBe(true);

    expect(store.accounts.activeAccount?.id).toBe(brand.id);
    expect(notify.success).toHaveBeenCalledWith('Switched to Ada Brand', { action: 'accounts.switch' });
    expect(store.auth.user?.active_account_id).toBe(brand.id);
    expect(store.auth.isResolving).toBe(false);
  });

  test('a failed switch says "Failed to switch account" and keeps the active account', async () => {
    server.use(
      http.post('/api/accounts/switch', ({ response }) =>
        response(404).json(errorBody(404, 'ACCOUNTS.NOT_FOUND', 'Account not found')),
      ),
    );
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    expect(await store.accounts.switchTo(brand.id)).toBe(false);

    expect(notify.error).toHaveBeenCalledWith('Failed to switch account', { action: 'accounts.switch' });
    expect(store.accounts.activeAccount?.display_name).toBe('ada');
  });

  test('deleting the active account removes it and makes the primary active', async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    demoUser().user.active_account_id = brand.id;
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    expect(await store.accounts.remove(brand.id)).toBe(true);

    expect(names(store)).toEqual(['ada']);
    expect(store.accounts.activeAccount?.is_primary).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Account deleted', { action: expect.stringMatching(/^accounts\.delete:/) });
    expect(store.auth.user?.active_account_id).toBe(store.accounts.primaryAccount?.id);
    expect(demoAccounts().map((account) => account.display_name)).toEqual(['ada']);
  });

  test('a refused delete (the primary) says "Failed to delete account" and keeps it', async () => {
    const { store, notify } = await signedInStore();
    await store.accounts.load();
    const primary = store.accounts.accounts[0];

    expect(await store.accounts.remove(primary.id)).toBe(false);

    expect(notify.error).toHaveBeenCalledWith('Failed to delete account', { action: expect.stringMatching(/^accounts\.delete:/) });
    expect(names(store)).toEqual(['ada']);
  });

  test('uploadPhoto refuses a file that is not an image, or larger than 10MB, before sending it', async () => {
    let requests = 0;
    const count = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/profile/upload-photo')) requests += 1;
    };
    server.events.on('request:start', count);
    try {
      const { store, notify } = await signedInStore();
      await store.accounts.load();

      const text = testFile(new TextEncoder().encode('hello'), 'notes.txt', 'text/plain');
      const svg = testFile(new TextEncoder().encode('<svg/>'), 'logo.svg', 'image/svg+xml');
      const large = testFile(new Uint8Array(10_485_761), 'large.png', 'image/png');
      expect(await store.accounts.uploadPhoto(text)).toBe(false);
      expect(await store.accounts.uploadPhoto(svg)).toBe(false);
      expect(await store.accounts.uploadPhoto(large)).toBe(false);

      expect(notify.error.mock.calls).toEqual([
        ['Please select an image file', { action: 'accounts.photo' }],
        ['Please select an image file', { action: 'accounts.photo' }],
        ['File size must be less than 10MB', { action: 'accounts.photo' }],
      ]);
      expect(requests).toBe(0);
    } finally {
      server.events.removeListener('request:start', count);
    }
  });

  test('uploadPhoto sends the file for the account and shows the new photo', async () => {
    const seen: { accountId?: FormDataEntryValue | null; fileName?: string } = {};
    server.use(
      http.post('/api/profile/upload-photo', async ({ request }) => {
        const form = await request.clone().formData();
        const file = form.get('file');
        seen.accountId = form.get('account_id');
        seen.fileName = typeof file === 'string' ? undefined : file?.name;
        return undefined;
      }),
    );
    const { store, notify } = await signedInStore();
    await store.accounts.load();
    const active = store.accounts.activeAccount;

    expect(await store.accounts.uploadPhoto(pngFile('me.png'))).toBe(true);

    expect(seen).toEqual({ accountId: active?.id, fileName: 'me.png' });
    expect(store.accounts.activeAccount?.profile_photo_url).toEqual(expect.any(String));
    expect(notify.success).toHaveBeenCalledWith('Profile photo updated!', { action: 'accounts.photo' });
  });

  test('a refused upload says "Failed to upload photo: " and the detail', async () => {
    const { store, notify } = await signedInStore();
    await store.accounts.load();

    expect(await store.accounts.uploadPhoto(pngFile('cut.png', { truncated: true }))).toBe(false);
    // Text named .png: the server reads the bytes; the name and the type the browser guessed do not count.
    const renamed = testFile(new TextEncoder().encode('plain text, not an image'), 'renamed.png', 'image/png');
    expect(await store.accounts.uploadPhoto(renamed)).toBe(false);

    expect(notify.error.mock.calls).toEqual([
      ['Failed to upload photo: The image could not be read: it is damaged or incomplete', { action: 'accounts.photo' }],
      ['Failed to upload photo: Please select an image file', { action: 'accounts.photo' }],
    ]);
    expect(store.accounts.activeAccount?.profile_photo_url).toBeNull();
  });

  test('exportData saves the JSON export as scriven-data-{display_name}.json', async () => {
    const saved: { name?: string; href?: string } = {};
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
      saved.href = this.href;
    });
    const created: Blob[] = [];
    const createObjectURL = jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:export';
    });
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { store, notify } = await signedInStore();

    expect(await store.accounts.exportData()).toBe(true);

    expect(saved).toEqual({ name: 'scriven-data-ada.json', href: 'blob:export' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const exported = JSON.parse(await created[0].text()) as { user: { email: string }; accounts: unknown[] };
    expect(exported.user.email).toBe('ada@example.com');
    expect(exported.accounts).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('Your data was downloaded', { action: 'accounts.export' });
    expect(document.querySelector('a[download]')).toBeNull();
  });

  test('deleteMe refuses another text, then deletes the user and signs out', async () => {
    const { store } = await signedInStore();
    await store.accounts.load();

    expect(await store.accounts.deleteMe('ada lovelace')).toEqual({
      ok: false,
      detail: 'Type your display name to confirm',
      fieldErrors: { confirmation: 'Type your display name to confirm' },
    });
    expect(store.auth.isSignedIn).toBe(true);

    expect(await store.accounts.deleteMe(' ADA ')).toEqual({ ok: true });
    expect(store.auth.isSignedIn).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
    expect(store.accounts.accounts).toEqual([]);
    expect([...mockDb.users.values()].some((entry) => entry.user.display_name === 'ada')).toBe(false);
  });
});
