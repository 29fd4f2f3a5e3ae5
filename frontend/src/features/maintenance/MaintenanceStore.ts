import { makeAutoObservable, runInAction } from 'mobx';
import type { Middleware } from 'openapi-fetch';
import type { ApiClient } from '../../api/client';
import { MAINTENANCE_MESSAGES } from './messages';

/** The code of the server's 503 while the instance is down for maintenance. */
export const MAINTENANCE_CODE = 'SYSTEM.MAINTENANCE';
/** While the maintenance screen is shown, GET /api/health is asked this often whether maintenance is over. */
export const MAINTENANCE_POLL_MS = 15_000;

export type MaintenanceCheck = 'idle' | 'checking' | 'still_down' | 'unreachable';

export interface MaintenanceStoreOptions {
  pollMs?: number;
  /** Called when maintenance is over (the app reads the session again: it was not judged meanwhile). */
  onEnd?: () => void;
}

/**
 * Whether the instance is down for maintenance, as the app learns it: any API call answered 503 `SYSTEM.MAINTENANCE`
 * turns it on (with the server's detail). While on, GET /api/health (open during maintenance) is asked every 15 s,
 * and on "Try again", whether it is over; when it says so, it turns off by itself.
 */
export class MaintenanceStore {
  active = false;
  detail: string = MAINTENANCE_MESSAGES.defaultDetail;
  check: MaintenanceCheck = 'idle';
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly pollMs: number;
  private readonly onEnd?: () => void;

  constructor(
    private readonly api: ApiClient,
    { pollMs = MAINTENANCE_POLL_MS, onEnd }: MaintenanceStoreOptions = {},
  ) {
    this.pollMs = pollMs;
    this.onEnd = onEnd;
    makeAutoObservable<this, 'timer' | 'api' | 'pollMs' | 'onEnd'>(this, { timer: false, api: false, pollMs: false, onEnd: false }, { autoBind: true });
    api.use(this.watch);
  }

  /** A call answered 503 SYSTEM.MAINTENANCE: show the screen (or keep it, with the newest detail). */
  enter(detail?: string): void {
    if (detail && detail.trim()) this.detail = detail;
    if (this.active) return;
    this.active = true;
    this.check = 'idle';
    this.startPolling();
  }

  /** Asks GET /api/health whether maintenance is over; turns the screen off when it is. */
  async recheck(): Promise<void> {
    if (this.check === 'checking') return;
    this.check = 'checking';
    let over: boolean | null = null;
    try {
      const { data } = await this.api.GET('/api/health');
      over = data ? data.maintenance !== true : null;
    } catch {
      over = null;
    }
    runInAction(() => {
      if (over === true) this.leave();
      else this.check = over === false ? 'still_down' : 'unreachable';
    });
  }

  /** Stops asking (the app goes away). */
  dispose(): void {
    this.stopPolling();
  }

  private leave(): void {
    this.active = false;
    this.check = 'idle';
    this.detail = MAINTENANCE_MESSAGES.defaultDetail;
    this.stopPolling();
    this.onEnd?.();
  }

  private startPolling(): void {
    this.stopPolling();
    this.timer = setInterval(() => void this.recheck(), this.pollMs);
  }

  private stopPolling(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private readonly watch: Middleware = {
    onResponse: async ({ response }) => {
      if (response.status !== 503) return undefined;
      try {
        const body = (await response.clone().json()) as { code?: unknown; detail?: unknown };
        if (body?.code === MAINTENANCE_CODE) this.enter(typeof body.detail === 'string' ? body.detail : undefined);
      } catch {
        // Not a JSON error body: not maintenance.
      }
      return undefined;
    },
  };
}
