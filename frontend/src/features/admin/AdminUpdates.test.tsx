import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { mockOps, resetMockOps } from './opsMocks';
import { pageReload } from './UpdatesStore';

/** The admin console, signed in with a stored admin token, on the Updates tab (opened from another tab, as an admin does). */
async function openUpdates() {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: '/admin?tab=payouts' });
  await screen.findByText('Signed in as admin');
  await app.user.click(screen.getByRole('tab', { name: 'Updates' }));
  return app;
}

const updates = () => within(screen.getByRole('region', { name: 'Updates' }));
const backups = () => within(screen.getByRole('region', { name: 'Backups' }));
const today = () => new Date().toISOString().slice(0, 10);

afterEach(() => {
  resetMockOps();
  jest.useRealTimers();
});

describe('admin console: updates', () => {
  test('the Updates tab follows Status, checks at once and shows each update with the seed fields', async () => {
    await openUpdates();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(0, 2)).toEqual(['Status', 'Updates']);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=updates');

    const card = within(await updates().findByRole('article', { name: 'Version 0.2.0' }));
    expect(updates().getByText('0.1.0')).toBeInTheDocument();
    expect(card.getByText('Music and podcasts.')).toBeInTheDocument();
    expect(within(card.getByRole('list', { name: 'Features' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Music library', 'Podcast episodes']);
    expect(within(card.getByRole('list', { name: 'Bug fixes' })).getByText('Shorts keep their place after a reload')).toBeInTheDocument();
    expect(card.getByText(/14\.5 MB/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Install' })).toBeEnabled();
    expect(card.getByRole('button', { name: 'Back up' })).toBeEnabled();
  });

  test('says when Scriven is up to date', async () => {
    mockOps.updates = [];
    await openUpdates();
    expect(await updates().findByText('Scriven is up to date (version 0.1.0)')).toBeInTheDocument();
  });

  test("'Failed to check for updates' when the check fails, and Retry checks again", async () => {
    let fail = true;
    server.use(http.get('/api/updates/check', ({ response }) => (fail ? response(503).json(errorBody(503, 'SYSTEM.RELEASES_UNAVAILABLE', 'No manifest')) : undefined)));
    const { user } = await openUpdates();
    expect(await updates().findByText('Failed to check for updates')).toBeInTheDocument();
    fail = false;
    await user.click(updates().getByRole('button', { name: 'Retry' }));
    expect(await updates().findByRole('article', { name: 'Version 0.2.0' })).toBeInTheDocument();
  });

  test('Install asks first, warning that all services restart, with "Back up first" always on; then the log, "Updated to" and a reload after 3 s', async () => {
    const reload = jest.fn();
    const original = pageReload.run;
    pageReload.run = reload;
    const sent: string[] = [];
    server.use(
      http.post('/api/updates/apply/{version}', ({ request }) => {
        sent.push(new URL(request.url).pathname + new URL(request.url).search);
        return undefined;
      }),
    );
    try {
      const { user } = await openUpdates();
      const card = within(await updates().findByRole('article', { name: 'Version 0.2.0' }));
      await user.click(card.getByRole('button', { name: 'Install' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Install version 0.2.0?' }));
      expect(dialog.getByText(/All services restart/)).toBeInTheDocument();
      const backupFirst = dialog.getByRole('checkbox', { name: /Back up first/ });
      expect(backupFirst).toBeChecked();
      expect(backupFirst).toBeDisabled();
      expect(sent).toEqual([]);

      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
      await user.click(dialog.getByRole('button', { name: 'Install' }));
      expect(await updates().findByText('Updated to 0.2.0. The page reloads in 3 seconds.')).toBeInTheDocument();
      expect(sent).toEqual(['/api/updates/apply/0.2.0?backup_first=true']);
      const log = within(updates().getByRole('list', { name: 'Update log' }));
      expect(log.getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['backup', 'migrations', 'health check', 'record version']);
      expect(log.getByText(/Installed version 0.1.0 → 0.2.0/)).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(2900);
      });
      expect(reload).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      pageReload.run = original;
    }
  });

  test("a failed update shows 'Update failed: ' with the server's detail and the log, and nothing reloads", async () => {
    const reload = jest.fn();
    const original = pageReload.run;
    pageReload.run = reload;
    const detail = '0.2.0: Backfill failed: division by zero; rolled back (the database is unchanged); backup pre_update_2026-12-01 was kept';
    server.use(
      http.post('/api/updates/apply/{version}', ({ response }) =>
        response(409).json({
          ...errorBody(409, 'SYSTEM.UPDATE_FAILED', detail),
          steps: [
            { name: 'backup', status: 'ok', detail: 'Backup pre_update_2026-12-01 written (5242880 bytes)', duration_ms: 100 },
            { name: '0.2.0: Backfill', status: 'failed', detail: 'division by zero', duration_ms: 4 },
            { name: 'rollback', status: 'ok', detail: "The update's transaction was rolled back: the database is unchanged. Backup pre_update_2026-12-01 was kept", duration_ms: 0 },
          ],
        }),
      ),
    );
    try {
      const { user } = await openUpdates();
      await user.click(within(await updates().findByRole('article', { name: 'Version 0.2.0' })).getByRole('button', { name: 'Install' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Install' }));
      expect(await updates().findByText(`Update failed: ${detail}`)).toBeInTheDocument();
      const log = within(updates().getByRole('list', { name: 'Update log' }));
      expect(within(log.getByRole('listitem', { name: '0.2.0: Backfill' })).getByText('failed')).toBeInTheDocument();
      expect(log.getByRole('listitem', { name: 'rollback' })).toBeInTheDocument();
      // Still offered: it can be tried again.
      expect(updates().getByRole('article', { name: 'Version 0.2.0' })).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      pageReload.run = original;
    }
  });
});

describe('admin console: backups', () => {
  test('lists backups with size, age, kind and verification, and the settings', async () => {
    await openUpdates();
    const row = within(await backups().findByRole('row', { name: 'manual_backup_2026-11-20' }));
    expect(row.getByText('5 MB')).toBeInTheDocument();
    expect(row.getByText('3 hours ago')).toBeInTheDocument();
    expect(row.getByText('Manual')).toBeInTheDocument();
    expect(row.getByText('Verified')).toBeInTheDocument();
    const failed = within(backups().getByRole('row', { name: 'scheduled_backup_2026-11-19' }));
    expect(failed.getByText('Daily')).toBeInTheDocument();
    expect(failed.getByText('Not verified: db/users.copy.gz has changed since the backup was made (checksum mismatch)')).toBeInTheDocument();
    const settings = within(await backups().findByRole('form', { name: 'Backup settings' }));
    expect(settings.getByRole('textbox', { name: /Keep the last/ })).toHaveValue('7');
    expect(settings.getByRole('switch', { name: 'Daily backup' })).not.toBeChecked();
  });

  test("Create backup leaves the prefilled 'manual_backup_' + date name to the server, shows where it was written, and lists it as Verifying…", async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/system/backup', ({ request }) => {
        sent.push(new URL(request.url).search);
        return undefined;
      }),
    );
    const { user } = await openUpdates();
    const form = within(await backups().findByRole('form', { name: 'Create backup' }));
    expect(form.getByRole('textbox', { name: 'Backup name' })).toHaveValue(`manual_backup_${today()}`);
    await user.click(form.getByRole('button', { name: 'Create backup' }));
    expect(await form.findByText(`Backup written to /srv/scriven/data/backups/manual_backup_${today()}`)).toBeInTheDocument();
    // The default is the server's: no name is sent (so that a second backup the same day is numbered, not refused).
    expect(sent).toEqual(['']);
    expect(within(await backups().findByRole('row', { name: `manual_backup_${today()}` })).getByText('Verifying…')).toBeInTheDocument();
  });

  test('a second backup the same day from the prefilled name is manual_backup_<date>_2, not an error', async () => {
    const { user } = await openUpdates();
    const form = within(await backups().findByRole('form', { name: 'Create backup' }));
    await user.click(form.getByRole('button', { name: 'Create backup' }));
    expect(await form.findByText(`Backup written to /srv/scriven/data/backups/manual_backup_${today()}`)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Backup name' })).toHaveValue(`manual_backup_${today()}`);
    await user.click(form.getByRole('button', { name: 'Create backup' }));
    expect(await form.findByText(`Backup written to /srv/scriven/data/backups/manual_backup_${today()}_2`)).toBeInTheDocument();
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(mockOps.backups.map((b) => b.name).slice(0, 2)).toEqual([`manual_backup_${today()}_2`, `manual_backup_${today()}`]);
  });

  test('a name of its own is sent as backup_name', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/system/backup', ({ request }) => {
        sent.push(new URL(request.url).search);
        return undefined;
      }),
    );
    const { user } = await openUpdates();
    const form = within(await backups().findByRole('form', { name: 'Create backup' }));
    const field = form.getByRole('textbox', { name: 'Backup name' });
    await user.clear(field);
    await user.type(field, 'before-migration');
    await user.click(form.getByRole('button', { name: 'Create backup' }));
    expect(await form.findByText('Backup written to /srv/scriven/data/backups/before-migration')).toBeInTheDocument();
    expect(sent).toEqual(['?backup_name=before-migration']);
  });

  test('a backup being verified turns Verified without a refresh (the list is read again while one is pending)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
    const pending = { ...mockOps.backups[0], name: 'just-made', backup_path: '/srv/scriven/data/backups/just-made', verify_status: 'pending' as const, verified_at: null };
    mockOps.backups = [pending, ...mockOps.backups];
    await openUpdates();
    const row = within(await backups().findByRole('row', { name: 'just-made' }));
    expect(row.getByText('Verifying…')).toBeInTheDocument();
    mockOps.backups = mockOps.backups.map((b) => (b.name === 'just-made' ? { ...b, verify_status: 'verified', verified_at: new Date().toISOString() } : b));
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await within(backups().getByRole('row', { name: 'just-made' })).findByText('Verified')).toBeInTheDocument();
  });

  test('when the settings cannot be read it says so, and Retry reads them again', async () => {
    let fail = true;
    server.use(http.get('/api/system/backup-settings', ({ response }) => (fail ? response.untyped(new Response('', { status: 500 })) : undefined)));
    const { user } = await openUpdates();
    expect(await backups().findByText('Failed to load backup settings')).toBeInTheDocument();
    expect(backups().queryByRole('form', { name: 'Backup settings' })).not.toBeInTheDocument();
    fail = false;
    await user.click(backups().getByRole('button', { name: 'Retry' }));
    expect(await backups().findByRole('form', { name: 'Backup settings' })).toBeInTheDocument();
  });

  test("'Failed to create backup' with the server's reason", async () => {
    server.use(http.post('/api/system/backup', ({ response }) => response(409).json(errorBody(409, 'SYSTEM.BACKUP_RUNNING', 'A backup is already running'))));
    const { user } = await openUpdates();
    const form = within(await backups().findByRole('form', { name: 'Create backup' }));
    await user.click(form.getByRole('button', { name: 'Create backup' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to create backup: A backup is already running');
  });

  test("the update card's Back up makes a backup with the default name", async () => {
    const { user } = await openUpdates();
    await user.click(within(await updates().findByRole('article', { name: 'Version 0.2.0' })).getByRole('button', { name: 'Back up' }));
    expect(await backups().findByText(`Backup written to /srv/scriven/data/backups/manual_backup_${today()}`)).toBeInTheDocument();
  });

  test('Delete asks first, then the backup leaves the list', async () => {
    const { user } = await openUpdates();
    const row = within(await backups().findByRole('row', { name: 'scheduled_backup_2026-11-19' }));
    await user.click(row.getByRole('button', { name: 'Delete scheduled_backup_2026-11-19' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete backup' }));
    expect(dialog.getByText('Delete the backup scheduled_backup_2026-11-19?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(backups().queryByRole('row', { name: 'scheduled_backup_2026-11-19' })).not.toBeInTheDocument());
    expect(mockOps.backups.map((b) => b.name)).toEqual(['manual_backup_2026-11-20']);
  });

  test('saves the retention and the daily backup', async () => {
    const { user } = await openUpdates();
    const settings = within(await backups().findByRole('form', { name: 'Backup settings' }));
    const keep = settings.getByRole('textbox', { name: /Keep the last/ });
    await user.clear(keep);
    await user.type(keep, '1');
    await user.click(settings.getByRole('switch', { name: 'Daily backup' }));
    await user.click(settings.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(mockOps.settings).toEqual({ keep_last: 1, daily_enabled: true, daily_hour_utc: 3 }));
    await waitFor(() => expect(backups().queryByRole('row', { name: 'scheduled_backup_2026-11-19' })).not.toBeInTheDocument());
  });
});
