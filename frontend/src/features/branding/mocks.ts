import type { components } from '../../api/schema';
import { http } from '../../mocks/http';

type AppBranding = components['schemas']['AppBrandingDto'];

/** The mock server's branding: the default text logo (QA mode has no icon files, so the favicon stays the mark). */
export function defaultMockBranding(): AppBranding {
  return {
    name: 'Scriven',
    has_custom_logo: false,
    logo_url: null,
    icon_version: 'd0000000000000000',
    favicon_url: '/favicon.svg',
    apple_touch_icon_url: '/favicon.svg',
    theme_color: '#4c6ef5',
  };
}

let branding = defaultMockBranding();

/** What GET /api/app/branding answers next (the founder's mock logo upload sets a logo_url, its reset calls reset). */
export function setMockBranding(next: Partial<AppBranding>): void {
  branding = { ...branding, ...next };
}

export function resetMockBranding(): void {
  branding = defaultMockBranding();
}

/** The public branding the header and the favicon follow. */
export const brandingHandlers = [http.get('/api/app/branding', ({ response }) => response(200).json(branding))];
