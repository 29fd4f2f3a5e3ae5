import { afterEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { mockFeatureFlags, resetMockFeatureFlags } from '../features/mocks';

/** The admin console, signed in with a stored admin token, on the Features tab (opened from another tab, as an admin does). */
async function openFeatures() {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: '/admin?tab=payouts' });
  await screen.findByText('Signed in as admin');
  await app.user.click(screen.getByRole('tab', { name: 'Features' }));
  await within(panel()).findByRole('switch', { name: 'Enable uploads' });
  return app;
}

const panel = () => screen.getByRole('region', { name: 'Feature flags' });
const form = () => within(screen.getByRole('form', { name: 'Create feature flag' }));

afterEach(() => resetMockFeatureFlags());

describe('admin console: feature flags', () => {
  test('the Features tab follows Updates and lists every flag with its description, origin and switch', async () => {
    await openFeatures();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(0, 3)).toEqual(['Status', 'Updates', 'Features']);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=features');

    const uploads = within(within(panel()).getByRole('listitem', { name: 'uploads' }));
    expect(uploads.getByText('Uploading videos, shorts and movies (one-request and chunked uploads).')).toBeInTheDocument();
    expect(uploads.getByText('Built in')).toBeInTheDocument();
    expect(uploads.getByRole('switch', { name: 'Enable uploads' })).toBeChecked();
    const names = within(panel()).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['editor', 'gaming', 'live', 'music', 'podcasts', 'reels', 'registration', 'super_chat', 'uploads']);
  });

  test('a switch turns a flag off at once and the server keeps it', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/system/features/{name}', ({ request }) => {
        sent.push(new URL(request.url).search);
        return undefined;
      }),
    );
    const { user } = await openFeatures();
    const reels = within(panel()).getByRole('switch', { name: 'Enable reels' });

    await user.click(reels);

    expect(reels).not.toBeChecked();
    await waitFor(() => expect(mockFeatureFlags.flags.get('reels')?.enabled).toBe(false));
    expect(sent).toEqual(['?enabled=false']);
    await waitFor(() => expect(reels).toBeEnabled());
    expect(reels).not.toBeChecked();
  });

  test('a refused switch goes back and says so', async () => {
    server.use(
      http.post('/api/system/features/{name}', ({ response }) =>
        response.untyped(HttpResponse.json(errorBody(503, 'UNAVAILABLE', 'Database down'), { status: 503 })),
      ),
    );
    const { user } = await openFeatures();
    const uploads = within(panel()).getByRole('switch', { name: 'Enable uploads' });

    await user.click(uploads);

    expect(await screen.findByText('Failed to toggle feature flag')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toBeChecked());
    expect(mockFeatureFlags.flags.get('uploads')?.enabled).toBe(true);
  });

  test('creating a flag: the name is required, then it is created enabled and listed with its creator', async () => {
    const { user } = await openFeatures();

    await user.click(form().getByRole('button', { name: 'Create flag' }));
    expect(form().getByText('Feature flag name is required')).toBeInTheDocument();
    expect(mockFeatureFlags.flags.has('')).toBe(false);

    await user.type(form().getByRole('textbox', { name: /Name/ }), 'dark_mode');
    await user.type(form().getByRole('textbox', { name: 'Description' }), 'The dark theme');
    await user.click(form().getByRole('button', { name: 'Create flag' }));

    expect(await screen.findByText('Feature flag created successfully')).toBeInTheDocument();
    const created = within(await within(panel()).findByRole('listitem', { name: 'dark_mode' }));
    expect(created.getByText('The dark theme')).toBeInTheDocument();
    expect(created.getByText(/^Created by admin on /)).toBeInTheDocument();
    expect(created.getByRole('switch', { name: 'Enable dark_mode' })).toBeChecked();
    expect(form().getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(mockFeatureFlags.flags.get('dark_mode')).toMatchObject({ enabled: true, description: 'The dark theme', created_by: 'admin', built_in: false });
  });

  test('a flag whose creating admin was removed says so, not "Built in"', async () => {
    mockFeatureFlags.flags.set('old_experiment', { enabled: false, description: 'Left behind', created_by: null, built_in: false, created_at: '2026-10-01T09:00:00.000Z' });
    await openFeatures();

    const orphan = within(within(panel()).getByRole('listitem', { name: 'old_experiment' }));
    expect(orphan.getByText(/^Created by a removed admin on /)).toBeInTheDocument();
    expect(orphan.queryByText('Built in')).not.toBeInTheDocument();
    expect(within(within(panel()).getByRole('listitem', { name: 'uploads' })).getByText('Built in')).toBeInTheDocument();
  });

  test('a name the server refuses says why, and nothing is listed', async () => {
    server.use(
      http.post('/api/system/features/{name}', ({ response }) =>
        response(400).json(errorBody(400, 'VALIDATION_FAILED', 'Something the server did not like', [{ field: 'name', message: 'Something the server did not like' }])),
      ),
    );
    const { user } = await openFeatures();
    await user.type(form().getByRole('textbox', { name: /Name/ }), 'new_flag');
    await user.click(form().getByRole('button', { name: 'Create flag' }));

    expect(await form().findByText('Failed to create feature flag: Something the server did not like')).toBeInTheDocument();
    expect(within(panel()).queryByRole('listitem', { name: 'new_flag' })).not.toBeInTheDocument();
  });

  test('a list that cannot be loaded says so, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/system/features', ({ response }) =>
        fail ? response.untyped(HttpResponse.json(errorBody(503, 'UNAVAILABLE', 'Down'), { status: 503 })) : undefined,
      ),
    );
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    const { user } = renderApp({ route: '/admin?tab=features' });

    expect(await within(await screen.findByRole('region', { name: 'Feature flags' })).findByText('Failed to load feature flags')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect(await within(panel()).findByRole('switch', { name: 'Enable uploads' })).toBeChecked();
    expect(within(panel()).queryByText('Failed to load feature flags')).not.toBeInTheDocument();
  });
});
