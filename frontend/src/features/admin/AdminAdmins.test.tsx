import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { field } from '../../test/queries';
import { consoleState } from './statusMocks';

/** The admin console, signed in as `admin` with a stored token, on one of its tabs. */
async function openTab(tab: 'Admins' | 'Audit log' | 'Feedback') {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: '/admin' });
  await screen.findByText('Signed in as admin');
  await app.user.click(screen.getByRole('tab', { name: tab }));
  return { ...app, panel: within(await screen.findByRole('region', { name: tab })) };
}

describe('admin console: Admins', () => {
  test('lists the admins; Make admin by display name adds one', async () => {
    const { user, panel } = await openTab('Admins');
    const table = within(await panel.findByRole('table', { name: 'Administrators' }));
    expect(table.getByRole('row', { name: 'Admin admin' })).toBeInTheDocument();
    expect(within(table.getByRole('row', { name: 'Admin mira' })).getByText('mira@example.com')).toBeInTheDocument();
    expect(within(table.getByRole('row', { name: 'Admin admin' })).getByText('You')).toBeInTheDocument();

    const form = within(panel.getByRole('form', { name: 'Make admin' }));
    await user.type(field(form, 'Display name or email'), 'ada');
    await user.click(form.getByRole('button', { name: 'Make admin' }));
    expect(await table.findByRole('row', { name: 'Admin ada' })).toBeInTheDocument();
    expect(await screen.findByText('ada is now an admin')).toBeInTheDocument();
    expect(field(form, 'Display name or email')).toHaveValue('');
  });

  test("the server's sentence shows when the user is unknown or already an admin", async () => {
    const { user, panel } = await openTab('Admins');
    await panel.findByRole('table', { name: 'Administrators' });
    const form = within(panel.getByRole('form', { name: 'Make admin' }));
    await user.type(field(form, 'Display name or email'), 'nobody@example.com');
    await user.click(form.getByRole('button', { name: 'Make admin' }));
    expect(await form.findByText('User not found')).toBeInTheDocument();

    await user.clear(field(form, 'Display name or email'));
    await user.type(field(form, 'Display name or email'), 'MIRA');
    await user.click(form.getByRole('button', { name: 'Make admin' }));
    expect(await form.findByText('This user is already an admin')).toBeInTheDocument();
    expect(consoleState().admins).toHaveLength(2);
  });

  test('Remove asks first; the last admin cannot be removed and the server says so', async () => {
    const { user, panel } = await openTab('Admins');
    const table = within(await panel.findByRole('table', { name: 'Administrators' }));
    await user.click(within(table.getByRole('row', { name: 'Admin mira' })).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove admin' }));
    expect(dialog.getByText('Remove mira as an admin?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('mira is no longer an admin')).toBeInTheDocument();
    expect(table.queryByRole('row', { name: 'Admin mira' })).not.toBeInTheDocument();

    await user.click(within(table.getByRole('row', { name: 'Admin admin' })).getByRole('button', { name: 'Remove' }));
    const again = within(await screen.findByRole('dialog', { name: 'Remove admin' }));
    expect(again.getByText(/This is you/)).toBeInTheDocument();
    await user.click(again.getByRole('button', { name: 'Remove' }));
    expect(await panel.findByText('The last admin cannot be removed')).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Admin admin' })).toBeInTheDocument();
  });

  test('removing yourself (another admin remains) signs this console out', async () => {
    const { user, panel } = await openTab('Admins');
    const table = within(await panel.findByRole('table', { name: 'Administrators' }));
    await user.click(within(table.getByRole('row', { name: 'Admin admin' })).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove admin' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('form', { name: 'Admin sign in form' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toBeNull();
  });

  test('a list that cannot be read says so, and Retry reads it again', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/admins', ({ response }) =>
        fail ? response(401).json(errorBody(401, 'ADMIN.SESSION_INVALID', 'Admin session is not valid')) : response(200).json({ admins: consoleState().admins }),
      ),
    );
    const { user, panel } = await openTab('Admins');
    expect(await panel.findByText('Failed to load admins')).toBeInTheDocument();
    fail = false;
    await user.click(panel.getByRole('button', { name: 'Retry' }));
    expect(await panel.findByRole('row', { name: 'Admin admin' })).toBeInTheDocument();
  });
});

describe('admin console: Audit log', () => {
  test('every admin action, newest first, with Load more', async () => {
    const state = consoleState();
    for (let i = 1; i <= 55; i++) {
      state.audit.push({ id: `old-${i}`, admin_username: 'admin', action: 'feature.disabled', target: `flag_${i}`, detail: { enabled: false }, created_at: new Date(Date.UTC(2024, 0, 1, 0, 60 - i)).toISOString() });
    }
    const { user, panel } = await openTab('Audit log');
    const table = within(await panel.findByRole('table', { name: 'Admin actions' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(within(rows[0]).getByText('admin.signed_in')).toBeInTheDocument();
    expect(within(rows[1]).getByText('admin.granted')).toBeInTheDocument();
    expect(within(rows[1]).getByText('{"username":"mira"}')).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Load more' }));
    expect(await table.findByText('flag_55')).toBeInTheDocument();
    expect(table.getAllByRole('row').slice(1)).toHaveLength(57);
    expect(panel.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('an admin granted in the Admins tab shows at the top of the log', async () => {
    const { user, panel } = await openTab('Admins');
    await panel.findByRole('table', { name: 'Administrators' });
    const form = within(panel.getByRole('form', { name: 'Make admin' }));
    await user.type(field(form, 'Display name or email'), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Make admin' }));
    await screen.findByText('ada is now an admin');

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    const log = within(await screen.findByRole('region', { name: 'Audit log' }));
    const first = (await log.findAllByRole('row'))[1];
    expect(within(first).getByText('admin.granted')).toBeInTheDocument();
    expect(within(first).getByText('{"username":"ada"}')).toBeInTheDocument();
  });
});

describe('admin console: Feedback', () => {
  test('the inbox, newest first, with the date and the sender (or a deleted user), and Load more', async () => {
    const ada = [...mockDb.users.values()].find((u) => u.user.display_name === 'ada')!.user.id;
    mockDb.feedback = [];
    for (let i = 1; i <= 22; i++) {
      mockDb.feedback.push({ id: `fb-${i}`, userId: i === 22 ? null : ada, message: `Note number ${i}`, created_at: new Date(Date.UTC(2025, 2, 1, 10, i)).toISOString() });
    }
    const { user, panel } = await openTab('Feedback');
    const list = within(await panel.findByRole('list', { name: 'Feedback messages' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(within(items[0]).getByText('Note number 22')).toBeInTheDocument();
    expect(within(items[0]).getByText('From a deleted user')).toBeInTheDocument();
    expect(within(items[1]).getByText('Note number 21')).toBeInTheDocument();
    expect(within(items[1]).getByText(`From user ${ada}`)).toBeInTheDocument();
    expect(within(items[1]).getByText(/1 Mar 2025/)).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('Note number 1')).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(22);
  });

  test('an empty inbox says so', async () => {
    mockDb.feedback = [];
    const { panel } = await openTab('Feedback');
    expect(await panel.findByText('No feedback yet')).toBeInTheDocument();
  });

  test('a failed load shows the error', async () => {
    server.use(http.get('/api/admin/feedback', ({ response }) => response(401).json(errorBody(401, 'ADMIN.SESSION_INVALID', 'Admin session is not valid'))));
    const { panel } = await openTab('Feedback');
    expect(await panel.findByText('Failed to load feedback')).toBeInTheDocument();
  });
});
