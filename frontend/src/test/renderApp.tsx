import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { RootStore } from '../app/RootStore';

export interface RenderAppOptions {
  /** The URL the app opens on. */
  route?: string;
  /** A store built by the test; a fresh RootStore otherwise. */
  store?: RootStore;
}

export interface RenderAppResult extends RenderResult {
  store: RootStore;
  user: UserEvent;
}

/** Shows the current path, so tests can see where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders the whole app (routes, stores, Mantine, toasts) at `route`, as a visitor would open it. */
export function renderApp({ route = '/', store = new RootStore() }: RenderAppOptions = {}): RenderAppResult {
  const ui: ReactElement = (
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const user = userEvent.setup();
  return { ...render(ui), store, user };
}
