import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp } from '../../test/renderApp';
import { FOUNDER_DEMO, founderMock } from './mocks';
import { FOUNDER_ROUTE, loadDashboardCode, openDashboard, storeFounderToken, useFounderMock } from './testing';

beforeAll(loadDashboardCode, 30_000);

beforeEach(() => {
  useFounderMock();
});

const personalForm = () => within(screen.getByRole('form', { name: 'Personal access' }));
const legacyForm = () => within(screen.getByRole('form', { name: 'Legacy access' }));
const storedToken = () => window.localStorage.getItem(TOKEN_KEYS.founder);

async function openAccessScreen() {
  const app = renderApp({ route: FOUNDER_ROUTE });
  await screen.findByRole('heading', { name: 'Founder control', level: 1 });
  return app;
}

describe('Founder access (seed 000 §2, §8; seed 001 §4)', () => {
  test('a stored founder token is checked with the analytics call, and the dashboard shows', async () => {
    await openDashboard();

    expect(screen.getByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total users' })).getByText('573')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Secure Logout' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Founder dashboard sections' }).textContent).toBe('AnalyticsRevenueBankingApp LogoSystemControls');
  });

  test("a stored token the server refuses is removed, and the access screen says 'Failed to load analytics'", async () => {
    window.localStorage.setItem(TOKEN_KEYS.founder, 'an-expired-founder-token');
    await openAccessScreen();

    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Personal Access', selected: true })).toBeInTheDocument();
    expect(storedToken()).toBeNull();
  });

  test('Personal Access: wrong details show the server’s refusal; the right ones open the dashboard', async () => {
    const { user } = await openAccessScreen();

    await user.click(personalForm().getByRole('button', { name: 'Verify identity' }));
    expect(personalForm().getByRole('alert')).toHaveTextContent('Please enter your email, phone and licence number');

    await fill(user, field(personalForm(), 'Email'), FOUNDER_DEMO.email);
    await fill(user, field(personalForm(), 'Phone'), FOUNDER_DEMO.phone);
    await fill(user, field(personalForm(), "Driver's licence number"), 'WRONG-123');
    await user.click(personalForm().getByRole('button', { name: 'Verify identity' }));
    expect(await personalForm().findByText('Access Denied: Invalid personal credentials')).toBeInTheDocument();
    expect(storedToken()).toBeNull();

    await fill(user, field(personalForm(), "Driver's licence number"), FOUNDER_DEMO.license_number);
    await user.click(personalForm().getByRole('button', { name: 'Verify identity' }));

    await screen.findByRole('tablist', { name: 'Founder dashboard sections' });
    expect(await screen.findByText('Founder access granted')).toBeInTheDocument();
    expect(storedToken()).toMatch(/^mock-founder-token-/);
    expect(await within(await screen.findByRole('group', { name: 'Total videos' })).findByText('903')).toBeInTheDocument();
  });

  test('Legacy Access: a wrong master key is refused; the fifth failure locks sign-in, with the server’s sentence', async () => {
    founderMock.failures = 4;
    const { user } = await openAccessScreen();
    await user.click(screen.getByRole('tab', { name: 'Legacy Access' }));

    await fill(user, field(legacyForm(), 'Username'), FOUNDER_DEMO.username);
    await fill(user, field(legacyForm(), 'Master key'), 'a-wrong-master-key');
    await user.click(legacyForm().getByRole('button', { name: 'Sign in' }));
    expect(await legacyForm().findByText('Access Denied: Invalid founder credentials')).toBeInTheDocument();

    // Locked now, even with the right master key.
    await fill(user, field(legacyForm(), 'Master key'), FOUNDER_DEMO.master_key);
    await user.click(legacyForm().getByRole('button', { name: 'Sign in' }));
    expect(await legacyForm().findByText('Founder sign-in is locked for 15 minutes after repeated failures')).toBeInTheDocument();
    expect(storedToken()).toBeNull();
  });

  test('Legacy Access with the right username and master key sends them as a form and opens the dashboard', async () => {
    const sent: [string, FormDataEntryValue][][] = [];
    server.use(
      http.post('/api/founder/login', async ({ request }) => {
        sent.push([...(await request.clone().formData())]);
        return undefined;
      }),
    );
    const { user } = await openAccessScreen();
    await user.click(screen.getByRole('tab', { name: 'Legacy Access' }));

    await user.click(legacyForm().getByRole('button', { name: 'Sign in' }));
    expect(legacyForm().getByRole('alert')).toHaveTextContent('Please enter both username and master key');

    await fill(user, field(legacyForm(), 'Username'), FOUNDER_DEMO.username);
    await fill(user, field(legacyForm(), 'Master key'), FOUNDER_DEMO.master_key);
    await user.click(legacyForm().getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('tablist', { name: 'Founder dashboard sections' });
    expect(sent).toEqual([
      [
        ['username', FOUNDER_DEMO.username],
        ['password', FOUNDER_DEMO.master_key],
      ],
    ]);
  });

  test("Secure Logout removes the token and says 'Founder session ended'", async () => {
    const { user } = await openDashboard();

    await user.click(screen.getByRole('button', { name: 'Secure Logout' }));

    expect(await screen.findByText('Founder session ended')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Personal access' })).toBeInTheDocument();
    expect(storedToken()).toBeNull();
  });

  test('a 401 on a later call ends the session: the token is removed and the access screen shows', async () => {
    const { user } = await openDashboard();
    founderMock.tokens.clear();

    await user.click(screen.getByRole('tab', { name: 'Revenue' }));

    expect(await screen.findByText('Your founder session has expired. Sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Personal access' })).toBeInTheDocument();
    expect(storedToken()).toBeNull();
  });

  test('a sign-in that gets no answer says so', async () => {
    server.use(http.post('/api/founder/personal-login', () => HttpResponse.error()));
    const { user } = await openAccessScreen();

    await fill(user, field(personalForm(), 'Email'), FOUNDER_DEMO.email);
    await fill(user, field(personalForm(), 'Phone'), FOUNDER_DEMO.phone);
    await fill(user, field(personalForm(), "Driver's licence number"), FOUNDER_DEMO.license_number);
    await user.click(personalForm().getByRole('button', { name: 'Verify identity' }));

    expect(await personalForm().findByText('Connection failed')).toBeInTheDocument();
  });

  test('Back to platform goes home from the access screen', async () => {
    const { user } = await openAccessScreen();
    await user.click(screen.getByRole('button', { name: 'Back to platform' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('the stored token is the founder’s own key, apart from the user’s and the admin’s', async () => {
    const token = storeFounderToken();
    expect(TOKEN_KEYS.founder).toBe('scriven.founderToken');
    expect(window.localStorage.getItem('scriven.token')).toBeNull();
    renderApp({ route: FOUNDER_ROUTE });
    await screen.findByRole('tablist', { name: 'Founder dashboard sections' });
    await waitFor(() => expect(storedToken()).toBe(token));
  });
});
