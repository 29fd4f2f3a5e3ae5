import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { RootStore } from '../stores/RootStore';
import type { SectionId } from '../stores/UiStore';

export interface RenderAppOptions {
  /** The URL the app opens on. */
  route?: string;
  /** A store built by the test; a fresh RootStore otherwise. */
  store?: RootStore;
  /**
   * The section (and its tab) the signed-in shell opens on, as if chosen in the side navigation or the header; Home
   * otherwise. Feature tests start there; the shell's own tests click their way.
   */
  section?: SectionId;
  tab?: string;
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
export function renderApp({ route = '/', store = new RootStore(), section, tab }: RenderAppOptions = {}): RenderAppResult {
  if (section) store.ui.setSection(section, tab);
  const ui: ReactElement = (
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  // No pause between the keys and pointer actions of one call: a test types as fast as React can follow.
  const user = userEvent.setup({ delay: null });
  return { ...render(ui), store, user };
}
