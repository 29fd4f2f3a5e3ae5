import { screen } from '@testing-library/react';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp, type RenderAppResult } from '../../test/renderApp';
import { founderHandlers, issueFounderToken, resetFounderMock } from './mocks';

export const FOUNDER_ROUTE = '/ct-scriven-founder-control';

/** The founder API of the mock server for this test, from a fresh instance. */
export function useFounderMock(): void {
  resetFounderMock();
  server.use(...founderHandlers);
}

/** A live founder token in local storage, as if the founder had signed in before this page load. */
export function storeFounderToken(): string {
  const token = issueFounderToken();
  window.localStorage.setItem(TOKEN_KEYS.founder, token);
  return token;
}

/** Loads the dashboard's code (charts included) once per test file, before the tests time themselves. */
export async function loadDashboardCode(): Promise<void> {
  await import('./components/FounderDashboard');
}

/**
 * The founder route with a stored founder token, on `tab` (Analytics by default), once the dashboard shows.
 * Test files load the dashboard's code first (`beforeAll(loadDashboardCode)`): the page loads it on first use.
 */
export async function openDashboard(tab?: string): Promise<RenderAppResult> {
  storeFounderToken();
  const app = renderApp({ route: tab ? `${FOUNDER_ROUTE}?tab=${tab}` : FOUNDER_ROUTE });
  await screen.findByRole('tablist', { name: 'Founder dashboard sections' }, { timeout: 3_000 });
  return app;
}
