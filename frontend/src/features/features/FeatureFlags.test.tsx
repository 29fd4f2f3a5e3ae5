import { afterEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { findUserByIdentifier } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { socialDb } from '../../mocks/socialDb';
import { demoUser } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { RootStore } from '../../stores/RootStore';
import { resetMockFeatureFlags, setMockFeature } from './mocks';
import { FEATURE_MESSAGES } from './FeaturesStore';

afterEach(() => resetMockFeatureFlags());

/** The app with the flags read (the first answer of GET /api/features applied). */
async function openApp(route = '/') {
  const app = renderApp({ route });
  await waitFor(() => expect(app.store.features.flags).not.toBeNull());
  return app;
}

const navButtons = async () =>
  within(await screen.findByRole('navigation', { name: 'Sections' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the app reads the feature flags', () => {
  test('while the flags are unknown everything counts as on; the answer of GET /api/features replaces that', async () => {
    const store = new RootStore();
    expect(store.features.isEnabled('reels')).toBe(true);
    setMockFeature('reels', false);
    await store.features.load();
    expect(store.features.isEnabled('reels')).toBe(false);
    expect(store.features.isEnabled('uploads')).toBe(true);
  });

  test('a call refused with SYSTEM.FEATURE_DISABLED reads the flags again at once', async () => {
    const store = new RootStore();
    await store.features.load();
    expect(store.features.isEnabled('uploads')).toBe(true);
    setMockFeature('uploads', false);
    server.use(
      http.get('/api/reels', ({ response }) =>
        response(503).json(errorBody(503, 'SYSTEM.FEATURE_DISABLED', 'The feature "uploads" is disabled on this instance')),
      ),
    );
    await store.api.GET('/api/reels', {});
    await waitFor(() => expect(store.features.isEnabled('uploads')).toBe(false));
  });

  test('they are read again on a timer (every minute in the app)', async () => {
    const store = new RootStore();
    const stop = store.features.start(20);
    try {
      await waitFor(() => expect(store.features.flags).not.toBeNull());
      setMockFeature('registration', false);
      await waitFor(() => expect(store.features.isEnabled('registration')).toBe(false));
    } finally {
      stop();
    }
  });
});

describe('entry points of switched-off features are hidden', () => {
  test('reels off: no Shorts in the navigation nor on Home, and a shared Shorts link says the feature is off', async () => {
    setMockFeature('reels', false);
    await openApp();
    await waitFor(async () => expect(await navButtons()).toEqual(['Home', 'Live', 'Gaming', 'Sports', 'Cinema room', 'Music', 'Podcasts']));
    await screen.findByRole('region', { name: 'New' });
    expect(screen.queryByRole('list', { name: 'Shorts shelf' })).not.toBeInTheDocument();

    resetMockFeatureFlags();
    setMockFeature('reels', false);
    const reel = mediaDb.reels[0];
    renderApp({ route: `/reels/${reel.id}` });
    expect(await screen.findByText(FEATURE_MESSAGES.off)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('reels on: Shorts is there (the same app, nothing switched off)', async () => {
    await openApp();
    expect(await navButtons()).toEqual(['Home', 'Shorts', 'Live', 'Gaming', 'Sports', 'Cinema room', 'Music', 'Podcasts']);
    expect(await screen.findByRole('list', { name: 'Shorts shelf' })).toBeInTheDocument();
  });

  test('uploads off: no Uploads section, no upload items in Create, no upload buttons on Home, Shorts or Cinema', async () => {
    setMockFeature('uploads', false);
    storeDemoUserToken();
    const { user, store } = await openApp();
    await waitFor(async () => expect(await navButtons()).not.toContain('Uploads'));
    expect(await navButtons()).toContain('Editor Studio');
    expect(screen.queryByRole('button', { name: 'Upload video' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Create & Upload' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Create' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Go live', 'Creator Studio']);
    await user.keyboard('{Escape}');

    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Shorts' }));
    expect(await screen.findByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Reel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Upload' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Cinema room' }));
    expect(await screen.findByRole('heading', { name: 'Cinema room', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add (First )?Movie/ })).not.toBeInTheDocument();

    // A section opened while uploads were on (or by a stale link) says the feature is off instead of failing.
    store.ui.setSection('video-upload');
    expect(await screen.findByText(FEATURE_MESSAGES.off)).toBeInTheDocument();

    // Editor Studio stays (its recent uploads), but its Upload part offers no upload and says the feature is off.
    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Editor Studio' }));
    expect(await screen.findByRole('heading', { name: 'Editor Studio', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Upload' })).getByText(FEATURE_MESSAGES.off)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Large file upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Small file upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quick upload' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose video file')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Recent uploads' })).findByRole('button', { name: 'View All (4)' })).toBeInTheDocument();
  });

  test('uploads on: Editor Studio offers its uploads', async () => {
    storeDemoUserToken();
    const { user } = await openApp();
    await user.click(within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Editor Studio' }));
    expect(await screen.findByRole('tab', { name: 'Large file upload' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Upload' })).queryByText(FEATURE_MESSAGES.off)).not.toBeInTheDocument();
  });

  test('reels off: a channel has no Shorts tab, and one open goes back to Videos (no failed list)', async () => {
    // The mock server answers as if reels were on: what is hidden here, the app hides itself (as it must for answers
    // read before the switch).
    const { user, store } = await openApp('/c/mira');
    await screen.findByRole('heading', { name: 'mira', level: 1 });
    await user.click(screen.getByRole('tab', { name: 'Shorts' }));
    expect(await screen.findByRole('list', { name: 'Shorts' })).toBeInTheDocument();
    setMockFeature('reels', false);
    await store.features.load();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Shorts' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Videos' })).toBeInTheDocument();
    expect(screen.queryByText('This list could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Videos', 'About']);
  });

  test('reels off: search results and the following feed show no short, even from an answer read before the switch', async () => {
    storeDemoUserToken();
    const mira = findUserByIdentifier('mira');
    if (!mira) throw new Error('The mock data has no mira');
    socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira.user.id, created_at: new Date().toISOString() });

    const { user, store } = await openApp();
    store.ui.setSection('search');
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'harbour{Enter}');
    expect(await screen.findByRole('article', { name: 'Harbour in 15 seconds' })).toBeInTheDocument();
    setMockFeature('reels', false);
    await store.features.load();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour in 15 seconds' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Sunrise over the harbour' })).toBeInTheDocument();

    store.ui.setSection('social');
    const feed = within(await screen.findByRole('list', { name: 'Uploads from people you follow' }));
    await waitFor(() => expect(feed.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['City lights timelapse', 'Sunrise over the harbour']));
    setMockFeature('reels', true);
    await store.features.load();
    await waitFor(() => expect(feed.getAllByRole('article')).toHaveLength(4));
  });

  test('registration off: the sign-in screen offers no way to create an account and says registration is closed', async () => {
    setMockFeature('registration', false);
    const { user, store } = await openApp('/signin');
    expect(await screen.findByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.getByText(FEATURE_MESSAGES.registrationClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create an account' })).not.toBeInTheDocument();

    // Where the registration form would be (a panel opened before the switch), the same sentence.
    store.ui.openAuthPanel('register');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument());
    expect(screen.getByText(FEATURE_MESSAGES.registrationClosed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
  });
});
