import { makeAutoObservable, runInAction } from 'mobx';
import type { Middleware } from 'openapi-fetch';
import type { RootStore } from '../../stores/RootStore';

/** The features an instance can switch off (the server's built-in flags). */
export type FeatureName = 'uploads' | 'live' | 'super_chat' | 'registration' | 'reels' | 'music' | 'podcasts' | 'gaming' | 'editor';

/** The flags are read again this often, and at once when a call answers that a feature is off. */
export const FEATURES_REFRESH_MS = 60_000;
/** The code of the server's 503 for a switched-off feature. */
export const FEATURE_DISABLED_CODE = 'SYSTEM.FEATURE_DISABLED';

export const FEATURE_MESSAGES = {
  off: 'This feature is turned off on this instance',
  registrationClosed: 'Registration is closed on this instance',
} as const;

/**
 * Which features this instance has switched on (GET /api/features): the app hides the entry points of what is off.
 * While the flags are unknown (before the first answer, or when it failed) everything counts as enabled: the server
 * refuses what is off anyway.
 */
export class FeaturesStore {
  flags: Record<string, boolean> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private loading = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'timer' | 'loading'>(this, { root: false, timer: false, loading: false }, { autoBind: true });
    root.api.use(this.watchRefusals);
  }

  isEnabled(name: FeatureName): boolean {
    return this.flags?.[name] ?? true;
  }

  async load(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      const { data } = await this.root.api.GET('/api/features');
      if (data) runInAction(() => (this.flags = data));
    } catch {
      // Unreachable server: keep what is known.
    } finally {
      this.loading = false;
    }
  }

  /** Reads the flags now and every minute; returns the function that stops it. */
  start(intervalMs: number = FEATURES_REFRESH_MS): () => void {
    this.stop();
    void this.load();
    this.timer = setInterval(() => void this.load(), intervalMs);
    return this.stop;
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Any answer 503 `SYSTEM.FEATURE_DISABLED`: a feature was switched off since the flags were read. */
  private readonly watchRefusals: Middleware = {
    onResponse: async ({ response }) => {
      if (response.status !== 503) return undefined;
      try {
        const body = (await response.clone().json()) as { code?: unknown };
        if (body?.code === FEATURE_DISABLED_CODE) void this.load();
      } catch {
        // Not a JSON error body.
      }
      return undefined;
    },
  };
}
