import { describe, expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { DEMO_CREDENTIALS, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { healthResponse } from './mocks';
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

  test('signing in shows the console with real status figures, and sign out drops the token', async () => {
    server.use(
      http.get('/api/health', ({ response }) =>
        response.untyped(healthResponse({ status: 'ok', database: 'up', version: '1.4.2', uptime_seconds: 93_784 })),
      ),
    );
    const { admin } = DEMO_CREDENTIALS;
    const { user } = await signIn(admin.username, admin.password, '/?admin=true');

    expect(await screen.findByText('Admin login successful')).toBeInTheDocument();
    expect(await screen.findByText(`Signed in as ${admin.username}`)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.admin)).toEqual(expect.any(String));

    const status = within(screen.getByRole('region', { name: 'Status' }));
    expect(await status.findByText('OK')).toBeInTheDocument();
    expect(status.getByText('Up')).toBeInTheDocument();
    expect(status.getByText('1.4.2')).toBeInTheDocument();
    expect(status.getByText('1d 2h 3m')).toBeInTheDocument();

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

  test('a degraded server (503 with its figures) shows the figures, not an error', async () => {
    server.use(
      http.get('/api/health', ({ response }) =>
        response.untyped(
          healthResponse({ status: 'degraded', database: 'down', version: '1.4.2', uptime_seconds: 42 }, 503),
        ),
      ),
    );
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    renderApp({ route: '/admin' });

    const status = within(await screen.findByRole('region', { name: 'Status' }));
    expect(await status.findByText('Degraded')).toBeInTheDocument();
    expect(status.getByText('Down')).toBeInTheDocument();
    expect(status.getByText('42s')).toBeInTheDocument();
    expect(status.queryByText('Failed to load system status')).not.toBeInTheDocument();
  });

  test('the status panel shows the failure when /api/health cannot be read', async () => {
    server.use(
      http.get('/api/health', ({ response }) =>
        response.untyped(Response.json(errorBody(503, 'SYSTEM.UNAVAILABLE', 'Down for maintenance'), { status: 503 })),
      ),
    );
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    renderApp({ route: '/admin' });

    expect(await screen.findByText('Failed to load system status')).toBeInTheDocument();
  });

  test('the status refreshes every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let calls = 0;
      server.use(
        http.get('/api/health', ({ response }) => {
          calls += 1;
          return response.untyped(healthResponse({ status: 'ok', database: 'up', version: '1.0.0', uptime_seconds: calls }));
        }),
      );
      const store = new RootStore();
      const stop = store.admin.startHealthPolling();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);

      await jest.advanceTimersByTimeAsync(29_999);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      expect(store.admin.health?.uptime_seconds).toBe(2);

      stop();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
