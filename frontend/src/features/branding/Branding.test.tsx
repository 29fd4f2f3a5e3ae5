import { afterEach, describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_FAVICON } from './BrandingStore';
import { defaultMockBranding, resetMockBranding, setMockBranding } from './mocks';

const CUSTOM = {
  ...defaultMockBranding(),
  name: 'Riverside Video',
  has_custom_logo: true,
  logo_url: '/api/app/icons/c0123456789abcdef/logo.png',
  icon_version: 'c0123456789abcdef',
  favicon_url: '/api/app/icons/c0123456789abcdef/favicon-32.png',
  apple_touch_icon_url: '/api/app/icons/c0123456789abcdef/apple-touch-icon.png',
};

const iconHref = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');
const touchHref = () => document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href');

afterEach(() => {
  resetMockBranding();
  document.head.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]').forEach((el) => el.remove());
});

describe('branding store', () => {
  test('the default text logo until told otherwise: the name, no logo, the built-in favicon', async () => {
    const store = new RootStore();
    expect(store.branding.name).toBe('Scriven');
    expect(store.branding.logoUrl).toBeNull();
    await store.branding.load();
    expect(store.branding.name).toBe('Scriven');
    expect(store.branding.logoUrl).toBeNull();
    expect(iconHref()).toBe(DEFAULT_FAVICON);
  });

  test("an uploaded logo becomes the logo, and the page's favicon and home-screen icon follow it (and its reset)", async () => {
    setMockBranding(CUSTOM);
    const store = new RootStore();
    await store.branding.load();
    expect(store.branding.name).toBe('Riverside Video');
    expect(store.branding.logoUrl).toBe(CUSTOM.logo_url);
    expect(iconHref()).toBe(CUSTOM.favicon_url);
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('type', 'image/png');
    expect(touchHref()).toBe(CUSTOM.apple_touch_icon_url);

    resetMockBranding();
    await store.branding.load();
    expect(store.branding.logoUrl).toBeNull();
    expect(iconHref()).toBe(DEFAULT_FAVICON);
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('type', 'image/svg+xml');
  });

  test('a failed answer keeps the default text logo', async () => {
    server.use(http.get('/api/app/branding', ({ response }) => response.untyped(new Response(null, { status: 500 }))));
    const store = new RootStore();
    await store.branding.load();
    expect(store.branding.name).toBe('Scriven');
    expect(store.branding.logoUrl).toBeNull();
  });
});

describe('header logo', () => {
  test('shows the Scriven mark and name by default, a link home', async () => {
    renderApp();
    const header = within(await screen.findByRole('banner'));
    const home = header.getByRole('link', { name: 'Scriven home' });
    expect(home).toHaveAttribute('href', '/');
    expect(within(home).getByText('Scriven')).toBeInTheDocument();
    expect(within(home).queryByRole('img')).not.toBeInTheDocument();
  });

  test("shows the founder's logo once the branding says there is one", async () => {
    setMockBranding(CUSTOM);
    renderApp();
    const header = within(await screen.findByRole('banner'));
    const home = await header.findByRole('link', { name: 'Riverside Video home' });
    // The image is decorative: the link's name says where it goes.
    await waitFor(() => expect(home.querySelector('img')).toHaveAttribute('src', CUSTOM.logo_url));
    expect(within(home).queryByText('Riverside Video')).not.toBeInTheDocument();
    await waitFor(() => expect(iconHref()).toBe(CUSTOM.favicon_url));
  });
});
