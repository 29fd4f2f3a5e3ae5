import { describe, expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { DEMO_CREDENTIALS, issueUserToken, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { systemStatusBody } from './statusMocks';
import { SYSTEM_STATUS_REFRESH_MS } from './StatusStore';
import { field } from '../../test/queries';

async function signIn(username: string, password: string, route = '/admin') {
  const app = renderApp({ route });
  const form = within(await screen.findByRole('form', { name: 'Admin sign in form' }));
  if (username) await app.user.type(field(form, 'Username'), username);
  if (password) await app.user.type(field(form, 'Password'), password);
  await app.user.click(form.getByRole('button', { name: 'Sign in' }));
  return { ...app, form };
}

describe('admin console', () => {
  test('both fields are required', async () => {
    const { form } = await signIn('admin', '');
    expect(await form.findByText('Please enter both username and password')).toBeInTheDocument();
  });

  test('a refused sign-in shows the server detail', async () => {
    const { form } = await signIn('admin', 'wrong-password');
    expect(await form.findByText('Invalid credentials')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toBeNull();
  });

  test('a failure without a detail shows "Login failed"', async () => {
    server.use(http.post('/api/admin/login', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { form } = await signIn('admin', 'whatever');
    expect(await form.findByText('Login failed')).toBeInTheDocument();
  });

  test('a network failure shows "Connection failed"', async () => {
    server.use(http.post('/api/admin/login', ({ response }) => response.untyped(Response.error())));
    const { form } = await signIn('admin', 'whatever');
    expect(await form.findByText('Connection failed')).toBeInTheDocument();
  });

  test('the password can be shown and hidden', async () => {
    const { user } = renderApp({ route: '/admin' });
    const password = field(screen, 'Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  test('signing in shows the console with the system status, and sign out drops the token', async () => {
    server.use(
      http.get('/api/system/status', ({ response }) =>
        response(200).json(systemStatusBody({ platform_version: '1.4.2', uptime: 93_784, active_users: 7, cpu_usage: 23.4, memory_usage: 61.5, storage_used: 3 * 1024 ** 3 })),
      ),
    );
    const { admin } = DEMO_CREDENTIALS;
    const { user } = await signIn(admin.username, admin.password, '/?admin=true');

    expect(await screen.findByText('Admin login successful')).toBeInTheDocument();
    expect(await screen.findByText(`Signed in as ${admin.username}`)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toEqual(expect.any(String));

    const status = within(screen.getByRole('region', { name: 'Status' }));
    expect(within(await status.findByRole('group', { name: 'Platform version' })).getByText('1.4.2')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'Active users' })).getByText('7')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'Uptime' })).getByText('1d 2h 3m')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'CPU' })).getByText('23.4%')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'Memory' })).getByText('61.5%')).toBeInTheDocument();
    const storage = within(status.getByRole('group', { name: 'Storage used' }));
    expect(storage.getByText('3 GB')).toBeInTheDocument();
    expect(storage.getByText('Media 1.5 GB · Database 50 MB · 40 GB free')).toBeInTheDocument();
    expect(status.getByText(/^Last updated /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('form', { name: 'Admin sign in form' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toBeNull();
  });

  test('a stored admin token that verifies opens the console directly', async () => {
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    renderApp({ route: '/admin' });

    expect(await screen.findByText('Signed in as admin')).toBeInTheDocument();
    expect(await screen.findByText('0.1.0-mock')).toBeInTheDocument();
  });

  test('a stored admin token that fails verification is removed', async () => {
    window.localStorage.setItem(TOKEN_KEYS.admin, 'expired-admin-token');
    renderApp({ route: '/admin' });

    expect(await screen.findByRole('form', { name: 'Admin sign in form' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toBeNull();
  });

  test("a stored token the server refuses as not the console's (403: a user's token) shows the sign-in form with the server's sentence", async () => {
    const userToken = issueUserToken([...mockDb.users.keys()][0]);
    window.localStorage.setItem(TOKEN_KEYS.admin, userToken);
    const { user } = renderApp({ route: '/admin' });

    const form = within(await screen.findByRole('form', { name: 'Admin sign in form' }));
    expect(form.getByRole('alert')).toHaveTextContent('Administrator access required: sign in to the admin console');
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toBeNull();
    // The console's own sign-in opens it, and the sentence goes.
    await user.type(field(form, 'Username'), DEMO_CREDENTIALS.admin.username);
    await user.type(field(form, 'Password'), DEMO_CREDENTIALS.admin.password);
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(`Signed in as ${DEMO_CREDENTIALS.admin.username}`)).toBeInTheDocument();
    expect(screen.queryByText('Administrator access required: sign in to the admin console')).not.toBeInTheDocument();
  });

  test('each service shows its state and detail, and a reading the server could not take says why', async () => {
    const base = systemStatusBody();
    server.use(
      http.get('/api/system/status', ({ response }) =>
        response(200).json({
          ...base,
          cpu_usage: null,
          storage_used: null,
          services_status: {
            ...base.services_status,
            jobs: { state: 'degraded', detail: '3 queued, 1 running, 2 failed in the last 24 hours', figures: { queued: 3, active: 1, failed_24h: 2 } },
            storage: { state: 'down', detail: 'Media storage cannot be written and read back: EACCES', figures: {} },
          },
          details: {
            ...base.details,
            storage: { ...base.details.storage, media_bytes: null, media_files: null, media_measured_at: null },
            unavailable: [
              { reading: 'cpu_usage', reason: 'The first CPU sample is not complete yet' },
              { reading: 'storage.media_bytes', reason: 'The media folder has not been measured yet' },
            ],
          },
        }),
      ),
    );
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    renderApp({ route: '/admin' });

    const status = within(await screen.findByRole('region', { name: 'Status' }));
    const services = within(await status.findByRole('table', { name: 'Services' }));
    const jobs = within(services.getByRole('row', { name: 'Jobs' }));
    expect(jobs.getByText('Degraded')).toBeInTheDocument();
    expect(jobs.getByText('3 queued, 1 running, 2 failed in the last 24 hours')).toBeInTheDocument();
    expect(within(services.getByRole('row', { name: 'Storage' })).getByText('Down')).toBeInTheDocument();
    expect(within(services.getByRole('row', { name: 'Database' })).getByText('Up')).toBeInTheDocument();
    expect(within(services.getByRole('row', { name: 'Payments' })).getByText('Not configured')).toBeInTheDocument();
    const api = within(services.getByRole('row', { name: 'Worker 4242' }));
    expect(api.getByText('API worker 4242')).toBeInTheDocument();
    expect(api.getByText('Up')).toBeInTheDocument();
    expect(api.getByText(/^Up .* · memory 180 MB · CPU 3.1%$/)).toBeInTheDocument();
    const media = within(services.getByRole('row', { name: 'Worker 4243' }));
    expect(media.getByText('Media/jobs worker 4243')).toBeInTheDocument();
    expect(media.getByText('Starting…')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'CPU' })).getByText('Not available: The first CPU sample is not complete yet')).toBeInTheDocument();
    expect(within(status.getByRole('group', { name: 'Storage used' })).getByText('Not available: The media folder has not been measured yet')).toBeInTheDocument();
    expect(status.queryByText('Failed to load system status')).not.toBeInTheDocument();
  });

  test('the status panel says when the status cannot be read, and Retry reads it again', async () => {
    let fail = true;
    server.use(
      http.get('/api/system/status', ({ response }) =>
        fail ? response(401).json(errorBody(401, 'ADMIN.SESSION_INVALID', 'Admin session is not valid')) : response(200).json(systemStatusBody({ platform_version: '2.0.0' })),
      ),
    );
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    const { user } = renderApp({ route: '/admin' });

    const status = within(await screen.findByRole('region', { name: 'Status' }));
    expect(await status.findByText('Failed to load system status')).toBeInTheDocument();
    fail = false;
    await user.click(status.getByRole('button', { name: 'Retry' }));
    expect(await status.findByText('2.0.0')).toBeInTheDocument();
    expect(status.queryByText('Failed to load system status')).not.toBeInTheDocument();
  });

  test('the status refreshes every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let calls = 0;
      server.use(
        http.get('/api/system/status', ({ response }) => {
          calls += 1;
          return response(200).json(systemStatusBody({ uptime: calls }));
        }),
      );
      mockDb.adminTokens.set('stored-admin-token', 'admin');
      window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
      const store = new RootStore();
      expect(SYSTEM_STATUS_REFRESH_MS).toBe(30_000);
      const stop = store.admin.systemStatus.startPolling();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);

      await jest.advanceTimersByTimeAsync(29_999);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      expect(store.admin.systemStatus.status?.uptime).toBe(2);

      stop();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
