import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';

export type AppBranding = components['schemas']['AppBrandingDto'];

/** The favicon of index.html (the built-in mark), kept while the instance has no logo of its own. */
export const DEFAULT_FAVICON = '/favicon.svg';
export const DEFAULT_NAME = 'Scriven';

/**
 * The instance's branding (GET /api/app/branding): its name and the founder's logo, which the header shows, and the
 * favicon and home-screen icon of the page (the document's head follows each answer). Until the first answer, or when
 * it fails, the default text logo: the built-in mark and the name.
 */
export class BrandingStore {
  branding: AppBranding | null = null;
  private loading: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loading'>(this, { root: false, loading: false }, { autoBind: true });
  }

  get name(): string {
    return this.branding?.name || DEFAULT_NAME;
  }

  /** The uploaded logo's address; null: the default text logo. */
  get logoUrl(): string | null {
    return this.branding?.has_custom_logo ? this.branding.logo_url : null;
  }

  /** Loads the branding once (the header asks on every mount). */
  ensureLoaded(): Promise<void> {
    return (this.loading ??= this.load());
  }

  /** Reads the branding again (after the founder changed the logo), and applies it to the page. */
  async load(): Promise<void> {
    try {
      const { data } = await this.root.api.GET('/api/app/branding');
      if (data) {
        runInAction(() => (this.branding = data));
        applyToHead(data);
      }
    } catch {
      // Unreachable server: the default text logo stays.
    }
  }
}

/** Points the page's favicon and apple-touch-icon at the current icons (versioned URLs: a new logo, new icons). */
export function applyToHead(b: AppBranding, doc: Document = document): void {
  const link = (rel: string) => {
    let el = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
    if (!el) {
      el = doc.createElement('link');
      el.rel = rel;
      doc.head.appendChild(el);
    }
    return el;
  };
  const icon = link('icon');
  const href = b.has_custom_logo ? b.favicon_url : DEFAULT_FAVICON;
  if (icon.getAttribute('href') !== href) {
    icon.setAttribute('href', href);
    icon.setAttribute('type', href.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
    if (!href.endsWith('.svg')) icon.setAttribute('sizes', '32x32');
    else icon.removeAttribute('sizes');
  }
  if (b.apple_touch_icon_url) {
    const touch = link('apple-touch-icon');
    if (touch.getAttribute('href') !== b.apple_touch_icon_url) touch.setAttribute('href', b.apple_touch_icon_url);
  }
}
