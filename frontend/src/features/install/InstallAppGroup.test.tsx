import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { InstallAppGroup } from './InstallAppGroup';
import { installStore, InstallStore, type BeforeInstallPromptEvent } from './InstallStore';

/** The browser offering to install the app, as Chromium does; the viewer then accepts or dismisses its dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = jest.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => void window.dispatchEvent(event));
  return { event, prompt };
}

function renderGroup(store = new InstallStore()) {
  const user = userEvent.setup({ delay: null });
  render(
    <MantineProvider>
      <InstallAppGroup store={store} />
    </MantineProvider>,
  );
  return { store, user };
}

const standalone = (matches: boolean) =>
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: matches && query === '(display-mode: standalone)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );

afterEach(() => installStore.reset());

describe('install app group', () => {
  test('hidden until the browser offers to install; then "Install app" opens its dialog, and an acceptance removes the group', async () => {
    const { user } = renderGroup();
    expect(screen.queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();

    const { event, prompt } = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true); // the browser's own infobar gives way to the app's entry
    const group = screen.getByRole('group', { name: 'Install app' });
    await user.click(within(group).getByRole('button', { name: /Install app/ }));

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();
  });

  test('a dismissed dialog hides the entry until the browser offers again', async () => {
    const { user, store } = renderGroup();
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: /Install app/ }));
    expect(store.installed).toBe(false);
    expect(screen.queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();

    offerInstall('accepted');
    expect(screen.getByRole('group', { name: 'Install app' })).toBeInTheDocument();
  });

  test('disappears when the app is installed another way (appinstalled)', () => {
    renderGroup();
    offerInstall();
    expect(screen.getByRole('group', { name: 'Install app' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();
  });

  test('never shows while the app runs installed (display-mode: standalone)', () => {
    standalone(true);
    renderGroup();
    offerInstall();
    expect(screen.queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();
  });

  test('sits in the side navigation after the main group', async () => {
    storeDemoUserToken();
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await within(nav).findByRole('button', { name: 'Home' });
    expect(within(nav).queryByRole('group', { name: 'Install app' })).not.toBeInTheDocument();

    offerInstall();
    const groups = within(nav).getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(groups.slice(0, 3)).toEqual(['Main', 'Install app', 'Your Library']);
  });
});
