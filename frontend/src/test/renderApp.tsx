import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { SECTION_COMPONENTS } from '../app/shell/sections';
import { VideoDialog } from '../features/videos/components/VideoDialog';
import { ReportDialog } from '../features/moderation/components/ReportDialog';
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

/**
 * One section of the signed-in shell on its own, for a feature's tests: the session resolved first (as the app does
 * before it shows the shell), then the section with the dialogs the app hosts for it (a video, Report content), without
 * the header, side navigation and footer that every page carries (their tests are the shell's). Cheaper than the whole
 * app, and the page holds only what the test is about.
 */
export async function renderSection(
  section: SectionId,
  { store = new RootStore(), tab }: { store?: RootStore; tab?: string } = {},
): Promise<RenderAppResult> {
  await store.auth.init();
  if (!store.auth.user) throw new Error('renderSection: no signed-in user (store a token first)');
  store.ui.setSection(section, tab);
  const Section = SECTION_COMPONENTS[section];
  const ui: ReactElement = (
    <AppProviders store={store} env="test">
      <MemoryRouter>
        <Section />
        <VideoDialog />
        <ReportDialog />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const user = userEvent.setup({ delay: null });
  return { ...render(ui), store, user };
}
