import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';

export type SystemStatus = components['schemas']['SystemStatusDto'];
export type ServiceState = components['schemas']['ServiceStateDto'];

/** The Status tab refreshes this often (seed 000 §2 and §9: every 30 seconds). */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

export const STATUS_MESSAGES = {
  loadFailed: 'Failed to load system status',
} as const;

/**
 * The admin console's Status tab: GET /api/system/status, now and every 30 s while the tab is open. A failed
 * refresh keeps the last readings on screen beside the error (with when they were read).
 */
export class StatusStore {
  status: SystemStatus | null = null;
  error: string | null = null;
  loading = false;
  /** When the readings shown arrived. */
  updatedAt: Date | null = null;

  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'timer'>(this, { root: false, timer: false }, { autoBind: true });
  }

  async load(): Promise<boolean> {
    const token = this.root.admin.token;
    this.loading = true;
    let readings: SystemStatus | null = null;
    try {
      const { data } = await this.root.api.GET('/api/system/status', { headers: token ? bearerHeader(token) : undefined });
      readings = data ?? null;
    } catch {
      readings = null;
    }
    runInAction(() => {
      this.loading = false;
      if (readings) {
        this.status = readings;
        this.error = null;
        this.updatedAt = new Date();
      } else {
        this.error = STATUS_MESSAGES.loadFailed;
      }
    });
    return readings !== null;
  }

  /** Loads now and every 30 s; returns the function that stops it (the tab's effect cleanup). */
  startPolling(intervalMs: number = SYSTEM_STATUS_REFRESH_MS): () => void {
    this.stopPolling();
    void this.load();
    this.timer = setInterval(() => void this.load(), intervalMs);
    return this.stopPolling;
  }

  stopPolling(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  reset(): void {
    this.stopPolling();
    this.status = null;
    this.error = null;
    this.loading = false;
    this.updatedAt = null;
  }
}
