import type { components } from '../../api/schema';
import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';
import { tokenStorage } from '../../shared/storage';
import { AdminPayoutsStore, PartnerApplicationsStore } from './AdminMoneyStores';
import { ModerationConsoleStore } from '../moderation/ModerationConsoleStore';

/** The figures of /api/health (HealthResponseDto: status, database, version, uptime_seconds). */
/** GET /api/health's body (sent with 200, and with 503 when the database is down). */
export type HealthReadings = components['schemas']['HealthResponseDto'];

/** True when a body carries the health figures (the server sends them with 200, and with 503 when degraded). */
function isHealthReadings(body: unknown): body is HealthReadings {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return (
    (b.status === 'ok' || b.status === 'degraded') &&
    (b.database === 'up' || b.database === 'down') &&
    typeof b.version === 'string' &&
    typeof b.uptime_seconds === 'number'
  );
}
export type AdminStatus = 'idle' | 'verifying' | 'ready';

/** The Status panel refreshes this often (seed 000 §2). */
export const HEALTH_REFRESH_MS = 30_000;

export const ADMIN_MESSAGES = {
  bothRequired: 'Please enter both username and password',
  loginFailed: 'Login failed',
  connectionFailed: 'Connection failed',
  loginSuccess: 'Admin login successful',
  statusFailed: 'Failed to load system status',
} as const;

/** The admin console's session (its own token, 'scriven.adminToken') and the platform status. */
export class AdminStore {
  token: string | null;
  username: string | null = null;
  status: AdminStatus;

  loginPending = false;
  loginError: string | null = null;

  health: HealthReadings | null = null;
  healthError: string | null = null;
  healthCheckedAt: Date | null = null;

  /** The console's money panels: creator payouts and partner applications. */
  readonly payouts: AdminPayoutsStore;
  readonly partnerApplications: PartnerApplicationsStore;
  /** The Reports panel: the moderation queue, appeals and audit log. */
  readonly moderation: ModerationConsoleStore;

  private pollTimer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly root: RootStore) {
    this.token = tokenStorage.get('admin');
    this.status = this.token ? 'idle' : 'ready';
    this.payouts = new AdminPayoutsStore(root);
    this.partnerApplications = new PartnerApplicationsStore(root);
    this.moderation = new ModerationConsoleStore(root);
    makeAutoObservable<this, 'pollTimer'>(
      this,
      { root: false, pollTimer: false, payouts: false, partnerApplications: false, moderation: false },
      { autoBind: true },
    );
  }

  get isSignedIn(): boolean {
    return this.token !== null && this.username !== null;
  }

  get isResolving(): boolean {
    return this.status !== 'ready';
  }

  /** On start: a stored admin token is verified, and dropped if it fails. */
  async init(): Promise<void> {
    if (this.status !== 'idle') return;
    await this.verify();
  }

  async verify(): Promise<boolean> {
    const token = this.token;
    if (!token) {
      this.status = 'ready';
      return false;
    }
    this.status = 'verifying';
    let username: string | null = null;
    try {
      const { data } = await this.root.api.GET('/api/admin/verify', { headers: bearerHeader(token) });
      if (data?.is_admin) username = data.username;
    } catch {
      username = null;
    }
    runInAction(() => {
      if (username) this.username = username;
      else this.clearSession();
      this.status = 'ready';
    });
    return username !== null;
  }

  async login(username: string, password: string): Promise<boolean> {
    this.loginError = null;
    if (!username.trim() || !password) {
      this.loginError = ADMIN_MESSAGES.bothRequired;
      return false;
    }
    this.loginPending = true;
    try {
      const { data, error } = await this.root.api.POST('/api/admin/login', {
        body: { username: username.trim(), password },
      });
      if (!data) {
        runInAction(() => {
          this.loginPending = false;
          this.loginError = errorDetail(error, ADMIN_MESSAGES.loginFailed);
        });
        return false;
      }
      runInAction(() => {
        this.loginPending = false;
        this.token = data.access_token;
        this.username = data.username;
        this.status = 'ready';
        tokenStorage.set('admin', data.access_token);
      });
      this.root.notify.success(ADMIN_MESSAGES.loginSuccess, { action: 'admin.sign-in' });
      return true;
    } catch {
      runInAction(() => {
        this.loginPending = false;
        this.loginError = ADMIN_MESSAGES.connectionFailed;
      });
      return false;
    }
  }

  logout(): void {
    this.stopHealthPolling();
    this.clearSession();
  }

  async loadHealth(): Promise<void> {
    let readings: HealthReadings | null = null;
    try {
      const { data, error } = await this.root.api.GET('/api/health');
      // A degraded server answers 503 with the same figures; they are shown, not an error.
      const body: unknown = data ?? error;
      if (isHealthReadings(body)) readings = body;
    } catch {
      readings = null;
    }
    runInAction(() => {
      if (readings) {
        this.health = readings;
        this.healthError = null;
        this.healthCheckedAt = new Date();
      } else {
        this.healthError = ADMIN_MESSAGES.statusFailed;
      }
    });
  }

  /** Loads the status now and every 30 s; returns the function that stops it. */
  startHealthPolling(intervalMs: number = HEALTH_REFRESH_MS): () => void {
    this.stopHealthPolling();
    void this.loadHealth();
    this.pollTimer = setInterval(this.loadHealth, intervalMs);
    return this.stopHealthPolling;
  }

  stopHealthPolling(): void {
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  dispose(): void {
    this.stopHealthPolling();
  }

  private clearSession(): void {
    this.token = null;
    this.username = null;
    this.health = null;
    this.healthError = null;
    this.healthCheckedAt = null;
    this.payouts.reset();
    this.partnerApplications.reset();
    this.moderation.reset();
    tokenStorage.remove('admin');
  }
}
