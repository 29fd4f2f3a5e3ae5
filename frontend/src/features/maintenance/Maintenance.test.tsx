import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { AppRoutes } from '../../app/AppRoutes';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { storeDemoUserToken } from '../../test/session';
import { RootStore } from '../../stores/RootStore';
import { TOKEN_KEYS } from '../../shared/storage';
import { MaintenanceGate } from './MaintenanceGate';
import { MAINTENANCE_POLL_MS, MaintenanceStore } from './MaintenanceStore';
import { MAINTENANCE_MESSAGES } from './messages';
import { maintenanceHandlers, setMockMaintenance } from './mocks';

afterEach(() => setMockMaintenance(false));

/** The app as App.tsx puts it together: the routes behind the maintenance gate. */
function openApp(route = '/') {
  server.use(...maintenanceHandlers);
  const store = new RootStore();
  const maintenance = new MaintenanceStore(store.api, { onEnd: () => void store.auth.loadMe() });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[route]}>
        <MaintenanceGate store={maintenance}>
          <AppRoutes />
        </MaintenanceGate>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, maintenance, user };
}

const heading = () => screen.queryByRole('heading', { name: MAINTENANCE_MESSAGES.title });

describe('the maintenance screen', () => {
  test('any call answered 503 SYSTEM.MAINTENANCE shows it with the server’s detail; the session is kept, and read again when it ends', async () => {
    const token = storeDemoUserToken();
    setMockMaintenance(true, 'Back at 14:00 UTC after a database upgrade.');
    const { store, maintenance, user } = openApp('/');
    expect(await screen.findByRole('heading', { name: MAINTENANCE_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText('Back at 14:00 UTC after a database upgrade.')).toBeInTheDocument();
    expect(screen.getByText(MAINTENANCE_MESSAGES.autoCheck)).toBeInTheDocument();
    // The token was not judged by a 503: the user is not signed out.
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBe(token);

    // Try again while still down: it says so and stays.
    await user.click(screen.getByRole('button', { name: MAINTENANCE_MESSAGES.tryAgain }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.stillDown)).toBeInTheDocument();
    expect(heading()).toBeInTheDocument();

    // Over: Try again brings the app back, signed in.
    setMockMaintenance(false);
    await user.click(screen.getByRole('button', { name: MAINTENANCE_MESSAGES.tryAgain }));
    await waitFor(() => expect(heading()).not.toBeInTheDocument());
    expect(maintenance.active).toBe(false);
    await waitFor(() => expect(store.auth.user).not.toBeNull());
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBe(token);
    maintenance.dispose();
  });

  test('a visitor sees it too', async () => {
    setMockMaintenance(true);
    const { maintenance } = openApp('/');
    expect(await screen.findByRole('heading', { name: MAINTENANCE_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText(MAINTENANCE_MESSAGES.defaultDetail)).toBeInTheDocument();
    maintenance.dispose();
  });

  test.each(['/admin', '/?admin=true', '/founder', '/ct-scriven-founder-control'])('never covers %s (the admins’ and the founder’s pages)', async (route) => {
    const { maintenance } = openApp(route);
    act(() => maintenance.enter('Down'));
    expect(maintenance.active).toBe(true);
    // Let the page settle: it stays itself.
    await waitFor(() => expect(document.body.textContent?.length).toBeGreaterThan(0));
    expect(heading()).not.toBeInTheDocument();
    maintenance.dispose();
  });

  test('another 503 (a feature switched off) is not maintenance', async () => {
    const store = new RootStore();
    const maintenance = new MaintenanceStore(store.api);
    server.use(http.get('/api/reels', ({ response }) => response(503).json(errorBody(503, 'SYSTEM.FEATURE_DISABLED', 'The feature "reels" is disabled on this instance'))));
    await store.api.GET('/api/reels', {});
    expect(maintenance.active).toBe(false);
    maintenance.dispose();
  });
});

describe('while shown, GET /api/health is asked every 15 s', () => {
  test('and the screen goes away by itself when maintenance is over', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let checks = 0;
      server.use(
        http.get('/api/health', ({ response }) => {
          checks += 1;
          return response(200).json({ status: 'ok', database: 'up', version: '0.1.0-mock', uptime_seconds: 1, maintenance: checks < 2 });
        }),
      );
      const store = new RootStore();
      let ended = 0;
      const maintenance = new MaintenanceStore(store.api, { onEnd: () => (ended += 1) });
      expect(MAINTENANCE_POLL_MS).toBe(15_000);
      // Not shown: nothing is asked.
      await jest.advanceTimersByTimeAsync(60_000);
      expect(checks).toBe(0);

      maintenance.enter('Down for a while');
      await jest.advanceTimersByTimeAsync(14_999);
      expect(checks).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(checks).toBe(1);
      expect(maintenance.active).toBe(true);
      expect(maintenance.check).toBe('still_down');

      await jest.advanceTimersByTimeAsync(15_000);
      expect(checks).toBe(2);
      expect(maintenance.active).toBe(false);
      expect(ended).toBe(1);

      // Gone: the asking stops.
      await jest.advanceTimersByTimeAsync(60_000);
      expect(checks).toBe(2);
      maintenance.dispose();
    } finally {
      jest.useRealTimers();
    }
  });
});
