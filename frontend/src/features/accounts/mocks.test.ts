import { describe, expect, test } from '@jest/globals';
import { bearerHeader, createApiClient } from '../../api/client';
import { DEMO_CREDENTIALS, createMockUser, issueUserToken, mockDb } from '../../mocks/db';
import { addDemoAccount, demoUser, pngBytes, testFile } from '../../test/accounts';

// QA mode must hold the server's account rules, so that clicking through it shows what the real server does.

function clientFor(token: string | null) {
  return createApiClient({ getUserToken: () => token });
}

function upload(token: string, file: File, accountId?: string) {
  return clientFor(token).POST('/api/profile/upload-photo', {
    body: { file: file as unknown as string, ...(accountId ? { account_id: accountId } : {}) },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file as unknown as Blob, file.name);
      if (body.account_id) form.append('account_id', body.account_id);
      return form;
    },
  });
}

describe('mock accounts API', () => {
  test("another user's account id is a 404 for every call, never a leak", async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    const grace = createMockUser({ display_name: 'grace', first_name: 'Grace', last_name: 'Hopper' }, 'password123', 'active');
    const api = clientFor(issueUserToken(grace.user.id));

    const put = await api.PUT('/api/accounts/{id}', { params: { path: { id: brand.id } }, body: { bio: 'mine now' } });
    const del = await api.DELETE('/api/accounts/{id}', { params: { path: { id: brand.id } } });
    const sw = await api.POST('/api/accounts/switch', { body: { account_id: brand.id } });
    const photo = await upload(issueUserToken(grace.user.id), testFile(pngBytes(), 'p.png', 'image/png'), brand.id);

    expect([put.response.status, del.response.status, sw.response.status, photo.response.status]).toEqual([404, 404, 404, 404]);
    expect(mockDb.accounts.get(brand.id)?.account.bio).toBeNull();
    const { data } = await api.GET('/api/accounts');
    expect(data?.accounts.map((account) => account.display_name)).toEqual(['grace']);
  });

  test('the primary account cannot be deleted; deleting the active one makes the primary active', async () => {
    const brand = addDemoAccount({ display_name: 'Ada Brand' });
    const api = clientFor(issueUserToken(demoUser().user.id));
    const primaryId = demoUser().user.active_account_id ?? '';

    const refused = await api.DELETE('/api/accounts/{id}', { params: { path: { id: primaryId } } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.detail).toBe('The primary account cannot be deleted');

    await api.POST('/api/accounts/switch', { body: { account_id: brand.id } });
    expect((await api.GET('/api/me')).data?.active_account_id).toBe(brand.id);
    const deleted = await api.DELETE('/api/accounts/{id}', { params: { path: { id: brand.id } } });
    expect(deleted.data).toEqual({ message: 'Account deleted' });
    const { data } = await api.GET('/api/accounts');
    expect(data?.active_account.id).toBe(primaryId);
    expect(data?.accounts.map((account) => [account.display_name, account.is_active])).toEqual([['ada', true]]);
  });

  test('the eleventh account is refused', async () => {
    for (let n = 2; n <= 10; n += 1) addDemoAccount({ display_name: `Channel ${n}` });
    const api = clientFor(issueUserToken(demoUser().user.id));

    const { response, error } = await api.POST('/api/accounts/create', { body: { account_type: 'creator', display_name: 'Eleven' } });

    expect(response.status).toBe(409);
    expect(error?.detail).toBe('You can have at most 10 accounts');
  });

  test('a handle is derived from the display name when empty, and settings merge key by key', async () => {
    const api = clientFor(issueUserToken(demoUser().user.id));

    const created = await api.POST('/api/accounts/create', { body: { account_type: 'brand', display_name: 'Ada' } });
    const id = created.data?.account.id ?? '';
    expect(created.data?.account).toMatchObject({ handle: 'ada2', account_type: 'brand', is_active: false, is_primary: false });

    const updated = await api.PUT('/api/accounts/{id}', {
      params: { path: { id } },
      body: { bio: 'Hello', privacy_settings: { profile_visibility: 'private' } as never },
    });
    expect(updated.data?.account.privacy_settings).toEqual({
      profile_visibility: 'private',
      video_visibility: 'public',
      comment_permissions: 'everyone',
    });
    const cleared = await api.PUT('/api/accounts/{id}', { params: { path: { id } }, body: { bio: '' } });
    expect(cleared.data?.account.bio).toBeNull();
  });

  test('photos are checked by their bytes: a PNG named .gif passes; SVG, 10MB + 1 byte and a truncated PNG do not', async () => {
    const token = issueUserToken(demoUser().user.id);

    const renamed = await upload(token, testFile(pngBytes(), 'photo.gif', 'image/gif'));
    expect(renamed.data).toEqual({ success: true, photo_url: expect.any(String) });

    const svg = await upload(token, testFile(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'));
    expect([svg.response.status, svg.error?.detail]).toEqual([400, 'Please select an image file']);

    const big = new Uint8Array(10_485_761);
    big.set(pngBytes(), 0);
    const large = await upload(token, testFile(big, 'big.png', 'image/png'));
    expect([large.response.status, large.error?.detail]).toEqual([413, 'File size must be less than 10MB']);

    const cut = await upload(token, testFile(pngBytes({ truncated: true }), 'cut.png', 'image/png'));
    expect([cut.response.status, cut.error?.detail]).toEqual([400, 'The image could not be read: it is damaged or incomplete']);
  });

  test('feedback is kept for the admins, newest first, and stays without its author after they delete themselves', async () => {
    const token = issueUserToken(demoUser().user.id);
    const api = clientFor(token);
    await api.POST('/api/feedback', { body: { message: 'first' } });
    await api.POST('/api/feedback', { body: { message: 'second' } });
    const blank = await api.POST('/api/feedback', { body: { message: '  ' } });
    expect(blank.error?.detail).toBe('Feedback message is required');

    await api.DELETE('/api/me', { body: { confirmation: DEMO_CREDENTIALS.user.display_name } });

    const admin = await clientFor(null).POST('/api/admin/login', { body: DEMO_CREDENTIALS.admin });
    const adminHeaders = bearerHeader(admin.data?.access_token ?? '');
    const firstPage = await clientFor(null).GET('/api/admin/feedback', { params: { query: { limit: '1' } }, headers: adminHeaders });
    expect(firstPage.data?.items.map((item) => [item.message, item.user_id])).toEqual([['second', null]]);
    const next = await clientFor(null).GET('/api/admin/feedback', {
      params: { query: { limit: '1', cursor: firstPage.data?.next_cursor ?? '' } },
      headers: adminHeaders,
    });
    expect(next.data?.items.map((item) => item.message)).toEqual(['first']);
    expect(next.data?.next_cursor).toBeNull();
    const visitor = await clientFor(token).GET('/api/admin/feedback');
    expect(visitor.response.status).toBe(401);
  });
});
