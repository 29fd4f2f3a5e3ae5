import { makeAutoObservable } from 'mobx';

/** Chromium's install prompt event (not in the DOM typings): kept, then prompt() once on the viewer's click. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const INSTALL_MESSAGES = {
  group: 'Install app',
  install: 'Install app',
  installed: 'Scriven is installed: open it from your home screen or app list',
} as const;

/**
 * Whether the app can be installed now (seed 002 §2.16): the browser offered its install prompt
 * (`beforeinstallprompt`, kept for the click), and the app is not installed (`appinstalled`, or an accepted prompt)
 * nor running installed (`display-mode: standalone`). Listens from the page's start (main.tsx), as the browser may
 * offer the prompt before the app has rendered.
 */
export class InstallStore {
  prompt: BeforeInstallPromptEvent | null = null;
  installed = false;
  standalone = false;
  private attachedTo: Window | null = null;

  constructor() {
    makeAutoObservable<this, 'attachedTo'>(this, { attachedTo: false }, { autoBind: true });
  }

  /** The "Install app" group shows. */
  get canInstall(): boolean {
    return this.prompt !== null && !this.installed && !this.standalone;
  }

  /** Listens to the window's install events; returns the function that stops (a second attach to it is a no-op). */
  attach(win: Window): () => void {
    if (this.attachedTo === win) return () => undefined;
    this.attachedTo = win;
    const media = typeof win.matchMedia === 'function' ? win.matchMedia('(display-mode: standalone)') : null;
    const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
    this.setStandalone((media?.matches ?? false) || iosStandalone);
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar away: the app offers it in its navigation.
      event.preventDefault();
      this.offered(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => this.markInstalled();
    const onMode = (event: MediaQueryListEvent) => this.setStandalone(event.matches);
    win.addEventListener('beforeinstallprompt', onPrompt);
    win.addEventListener('appinstalled', onInstalled);
    media?.addEventListener?.('change', onMode);
    return () => {
      win.removeEventListener('beforeinstallprompt', onPrompt);
      win.removeEventListener('appinstalled', onInstalled);
      media?.removeEventListener?.('change', onMode);
      if (this.attachedTo === win) this.attachedTo = null;
    };
  }

  offered(event: BeforeInstallPromptEvent): void {
    this.prompt = event;
  }

  markInstalled(): void {
    this.installed = true;
    this.prompt = null;
  }

  setStandalone(on: boolean): void {
    this.standalone = on;
  }

  /** Shows the browser's install dialog (a prompt is good once): accepted, the group goes; dismissed, it stays until the browser offers again. */
  async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = this.prompt;
    if (!event) return 'unavailable';
    this.prompt = null;
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'accepted') this.markInstalled();
      return choice.outcome;
    } catch {
      return 'unavailable';
    }
  }

  /** Back to the start (tests). */
  reset(): void {
    this.prompt = null;
    this.installed = false;
    this.standalone = false;
  }
}

/** The page's one install state (the install events are the window's, not a store's). */
export const installStore = new InstallStore();
