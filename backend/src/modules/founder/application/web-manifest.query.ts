import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { BACKGROUND_COLOR, THEME_COLOR } from '../domain/branding.js';
import { LogoStateService } from './logo-state.js';

/** The public branding the app's header and favicon follow. */
export interface AppBrandingView {
  name: string;
  hasCustomLogo: boolean;
  logoUrl: string | null;
  iconVersion: string;
  faviconUrl: string;
  appleTouchIconUrl: string;
  themeColor: string;
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  /** Shares from other apps open the share page (public/share.html), which opens only this site's links. */
  share_target: { action: string; method: 'GET'; params: { title: string; text: string; url: string } };
  orientation: 'any';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/**
 * The web app manifest (W3C Web Application Manifest) and the public branding, built from the current logo and
 * INSTANCE_NAME. The manifest's `id` never changes, so an installed app stays the same app when the logo changes; its
 * icon URLs carry the icon set's version, so the browser fetches the new icons.
 */
@Injectable()
export class WebManifestQuery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly state: LogoStateService,
  ) {}

  async branding(): Promise<AppBrandingView> {
    const s = await this.state.current();
    return {
      name: this.config.instanceName,
      hasCustomLogo: s.custom !== null,
      logoUrl: s.logoUrl,
      iconVersion: s.version,
      faviconUrl: s.faviconUrl,
      appleTouchIconUrl: s.appleTouchUrl,
      themeColor: THEME_COLOR,
    };
  }

  async manifest(): Promise<WebManifest> {
    const s = await this.state.current();
    const name = this.config.instanceName;
    return {
      id: '/',
      name,
      short_name: name.length <= 12 ? name : name.slice(0, 12).trimEnd(),
      description: `${name}: videos, shorts, music, podcasts and live streams.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      share_target: { action: '/share.html', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: s.icons.map((i) => ({ src: i.url, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
    };
  }
}
