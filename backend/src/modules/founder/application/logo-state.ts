import { Inject, Injectable } from '@nestjs/common';
import {
  APPLE_TOUCH_FILE,
  BRANDING_REPOSITORY,
  FAVICON_FILE,
  ICON_RENDERER,
  ICON_SIZES,
  ICON_STORE,
  iconFile,
  LOGO_FILE,
  MASKABLE_SIZES,
  maskableFile,
  THEME_COLOR,
  type BrandingRepository,
  type CustomLogo,
  type IconRenderer,
  type IconStore,
} from '../domain/branding.js';

export interface LogoIcon {
  size: number;
  purpose: 'any' | 'maskable';
  url: string;
}

/** The logo in use as the app shows it: the custom one or the default, its icon set's version and URLs. */
export interface LogoState {
  custom: CustomLogo | null;
  version: string;
  /** The uploaded logo's URL (null: the default text logo). */
  logoUrl: string | null;
  faviconUrl: string;
  appleTouchUrl: string;
  icons: LogoIcon[];
  /** The colour behind the maskable icons. */
  background: string;
}

export const iconUrl = (version: string, file: string) => `/api/app/icons/${version}/${file}`;

/**
 * The current logo and its icon set. The default set (the built-in mark) is drawn on first need and kept on disk under
 * its fingerprint, so every process and restart finds it; an uploaded set is written before it becomes current.
 */
@Injectable()
export class LogoStateService {
  private defaultReady?: Promise<string>;

  constructor(
    @Inject(BRANDING_REPOSITORY) private readonly repository: BrandingRepository,
    @Inject(ICON_RENDERER) private readonly renderer: IconRenderer,
    @Inject(ICON_STORE) private readonly store: IconStore,
  ) {}

  get defaultVersion(): string {
    return `d${this.renderer.defaultFingerprint()}`;
  }

  /** The default icon set's version, once its files are on disk. */
  ensureDefault(): Promise<string> {
    this.defaultReady ??= (async () => {
      const version = this.defaultVersion;
      if (!(await this.store.has(version))) await this.store.put(version, (await this.renderer.renderDefault()).files);
      return version;
    })();
    // A failure (a full disk) is tried again by the next request.
    this.defaultReady.catch(() => (this.defaultReady = undefined));
    return this.defaultReady;
  }

  async current(): Promise<LogoState> {
    const custom = await this.repository.current();
    const version = custom ? custom.version : await this.ensureDefault();
    return {
      custom,
      version,
      logoUrl: custom ? iconUrl(version, LOGO_FILE) : null,
      faviconUrl: iconUrl(version, FAVICON_FILE),
      appleTouchUrl: iconUrl(version, APPLE_TOUCH_FILE),
      icons: [
        ...ICON_SIZES.map((size) => ({ size, purpose: 'any' as const, url: iconUrl(version, iconFile(size)) })),
        ...MASKABLE_SIZES.map((size) => ({ size, purpose: 'maskable' as const, url: iconUrl(version, maskableFile(size)) })),
      ],
      background: custom?.background ?? THEME_COLOR,
    };
  }

  /** An icon file's path, drawing the default set first when it is asked for and not there yet. */
  async locate(version: string, file: string): Promise<{ path: string; size: number } | null> {
    const found = await this.store.locate(version, file);
    if (found || version !== this.defaultVersion) return found;
    await this.ensureDefault();
    return this.store.locate(version, file);
  }

  /**
   * Removes every icon set but the current one and the default one; under the branding lock, reading the current one
   * there, so a set another change has written but not switched to yet (or has just switched to) is never removed.
   */
  async prune(): Promise<void> {
    await this.repository.withCurrent(async (current) => {
      await this.store.prune([...(current ? [current.version] : []), this.defaultVersion]);
    });
  }
}
