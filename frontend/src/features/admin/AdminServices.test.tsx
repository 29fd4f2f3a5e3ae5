import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { mockServices, resetMockServices, servicesHandlers } from './servicesMocks';

/** The admin console, signed in, on the Services tab (opened from another tab, as an admin does). */
async function openServices() {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: '/admin?tab=payouts' });
  await screen.findByText('Signed in as admin');
  await app.user.click(screen.getByRole('tab', { name: 'Services' }));
  return app;
}

const services = () => within(screen.getByRole('region', { name: 'Services' }));
const row = (name: string) => within(services().getByRole('article', { name }));

beforeEach(() => server.use(...servicesHandlers));
afterEach(() => resetMockServices());

describe('admin console: services', () => {
  test('the Services tab follows Features (seed order: Status, Updates, Features, Services) and has a restart button per service', async () => {
    await openServices();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(0, 4)).toEqual(['Status', 'Updates', 'Features', 'Services']);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=services');
    for (const [label, name] of [['Frontend', 'frontend'], ['Backend', 'backend'], ['All', 'all']]) {
      expect(row(label).getByRole('button', { name: `Restart ${name}` })).toBeEnabled();
    }
  });

  test('a restart shows its restarting state, then the success note', async () => {
    const { user } = await openServices();
    await user.click(row('Backend').getByRole('button', { name: 'Restart backend' }));
    expect(await row('Backend').findByText('Restarting backend…')).toBeInTheDocument();
    // Other restarts wait for this one.
    expect(row('All').getByRole('button', { name: 'Restart all' })).toBeDisabled();
    expect(await row('Backend').findByText('Restarted backend')).toBeInTheDocument();
    expect(row('Backend').queryByText('Restarting backend…')).not.toBeInTheDocument();
    expect(row('All').getByRole('button', { name: 'Restart all' })).toBeEnabled();
  });

  test("a failed restart says 'Failed to restart {service}' with what failed", async () => {
    mockServices.outcome = 'failed';
    const { user } = await openServices();
    await user.click(row('All').getByRole('button', { name: 'Restart all' }));
    const alert = await row('All').findByRole('alert');
    expect(alert).toHaveTextContent('Failed to restart all');
    expect(alert).toHaveTextContent('backend: a new api worker did not start');
  });

  test('without the supervisor the buttons are off and the console says why', async () => {
    mockServices.supervised = false;
    await openServices();
    expect(await services().findByText(/Restarts need the supervisor \(npm start\)/)).toBeInTheDocument();
    expect(row('Frontend').getByRole('button', { name: 'Restart frontend' })).toBeDisabled();
  });
});
