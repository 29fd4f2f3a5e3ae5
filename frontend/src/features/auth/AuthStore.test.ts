import { describe, expect, jest, test } from '@jest/globals';
import { RootStore } from '../../stores/RootStore';
import { DEMO_CREDENTIALS } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import type { Notifier } from '../../shared/notifier';
import { TOKEN_KEYS } from '../../shared/storage';

function makeStore() {
  const notify: Notifier = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() };
  return { store: new RootStore({ notify }), notify };
}

describe('AuthStore', () => {
  test('login stores the token and loads the user', async () => {
    const { store } = makeStore();

    const ok = await store.auth.login(DEMO_CREDENTIALS.user.email, DEMO_CREDENTIALS.user.password);

    expect(ok).toBe(true);
    expect(store.auth.token).toEqual(expect.any(String));
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBe(store.auth.token);
    expect(store.auth.user?.display_name).toBe(DEMO_CREDENTIALS.user.display_name);
    expect(store.auth.status).toBe('ready');
  });

  test('login sends the identifier and password, and /api/me gets the bearer token', async () => {
    const seen: { login?: unknown; authorization?: string | null } = {};
    server.use(
      http.post('/api/login', async ({ request, response }) => {
        seen.login = await request.json();
        return response(200).json({ access_token: 'token-123', token_type: 'bearer', expires_in: 86400 });
      }),
      http.get('/api/me', ({ request, response }) => {
        seen.authorization = request.headers.get('Authorization');
        return response(200).json({
          id: 'u1',
          display_name: 'grace',
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          phone_number: null,
          is_admin: false,
          creator_program: false,
          is_premium: false,
          premium_expires: null,
          active_account_id: 'a1',
          created_at: '2025-02-01T00:00:00.000Z',
        });
      }),
    );
    const { store } = makeStore();

    await store.auth.login('  grace ', 'secret-password');

    expect(seen.login).toEqual({ login_identifier: 'grace', password: 'secret-password' });
    expect(seen.authorization).toBe('Bearer token-123');
    expect(store.auth.user?.first_name).toBe('Grace');
  });

  test('a failed login shows the detail and keeps no token', async () => {
    const { store, notify } = makeStore();

    const ok = await store.auth.login(DEMO_CREDENTIALS.user.email, 'wrong-password');

    expect(ok).toBe(false);
    expect(store.auth.loginError).toBe('Invalid credentials');
    expect(store.auth.token).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
    expect(notify.error).toHaveBeenCalledWith('Login failed. Please check your credentials.', { action: 'auth.sign-in' });
  });

  test('on load, a stored token that /api/me refuses is removed', async () => {
    window.localStorage.setItem(TOKEN_KEYS.user, 'revoked-token');
    const { store } = makeStore();
    expect(store.auth.isResolving).toBe(true);

    await store.auth.init();

    expect(store.auth.user).toBeNull();
    expect(store.auth.token).toBeNull();
    expect(store.auth.isResolving).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
  });

  test('on load, a stored token is also removed when the server cannot be reached', async () => {
    window.localStorage.setItem(TOKEN_KEYS.user, 'some-token');
    server.use(http.get('/api/me', ({ response }) => response.untyped(Response.error())));
    const { store } = makeStore();

    await store.auth.init();

    expect(store.auth.token).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
  });

  test('on load, a valid stored token resolves the user', async () => {
    const { store: first } = makeStore();
    await first.auth.login(DEMO_CREDENTIALS.user.display_name, DEMO_CREDENTIALS.user.password);

    const { store } = makeStore();
    await store.auth.init();

    expect(store.auth.user?.email).toBe(DEMO_CREDENTIALS.user.email);
  });

  test('register sends the body and keeps the server message, then returns to the login form after 2 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let sent: unknown;
      server.use(
        http.post('/api/register', async ({ request, response }) => {
          sent = await request.json();
          const body = sent as { display_name: string; first_name: string; last_name: string; email: string };
          return response(201).json({
            user: {
              id: 'u2',
              display_name: body.display_name,
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.email,
              phone_number: null,
              is_admin: false,
              creator_program: false,
              is_premium: false,
              premium_expires: null,
              active_account_id: 'a2',
              created_at: '2025-03-01T00:00:00.000Z',
            },
            account_status: 'active',
            message: 'Registration successful',
          });
        }),
      );
      const { store } = makeStore();
      store.ui.openAuthPanel('register');
      const body = {
        first_name: 'Alan',
        last_name: 'Turing',
        display_name: 'alan_t',
        password: 'password123',
        contact_method: 'email' as const,
        email: 'alan@example.com',
      };

      expect(await store.auth.register(body)).toBe(true);

      expect(sent).toEqual(body);
      expect(store.auth.registerMessage).toBe('Registration successful');
      expect(store.ui.authPanel).toBe('register');
      jest.advanceTimersByTime(1999);
      expect(store.ui.authPanel).toBe('register');
      jest.advanceTimersByTime(1);
      expect(store.ui.authPanel).toBe('login');
    } finally {
      jest.useRealTimers();
    }
  });

  test('a refused registration keeps the detail and toasts "Registration failed"', async () => {
    server.use(
      http.post('/api/register', ({ response }) =>
        response(409).json(errorBody(409, 'IDENTITY.EMAIL_TAKEN', 'Email is already registered')),
      ),
    );
    const { store, notify } = makeStore();

    const ok = await store.auth.register({
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: 'ada2',
      password: 'password123',
      email: 'ada@example.com',
    });

    expect(ok).toBe(false);
    expect(store.auth.registerError).toBe('Email is already registered');
    expect(notify.error).toHaveBeenCalledWith('Registration failed', { action: 'auth.register' });
  });

  test('sign out everywhere revokes the tokens on the server and signs out here', async () => {
    const { store: other } = makeStore();
    await other.auth.login(DEMO_CREDENTIALS.user.email, DEMO_CREDENTIALS.user.password);
    const otherToken = other.auth.token;
    const { store } = makeStore();
    await store.auth.login(DEMO_CREDENTIALS.user.email, DEMO_CREDENTIALS.user.password);

    expect(await store.auth.logoutEverywhere()).toBe(true);

    expect(store.auth.user).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
    // The other device's token no longer works.
    window.localStorage.setItem(TOKEN_KEYS.user, otherToken ?? '');
    const { store: reloaded } = makeStore();
    await reloaded.auth.init();
    expect(reloaded.auth.user).toBeNull();
  });
});
