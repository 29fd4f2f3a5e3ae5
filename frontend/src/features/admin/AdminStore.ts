import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';
import { tokenStorage } from '../../shared/storage';
import { AdminPayoutsStore, PartnerApplicationsStore } from './AdminMoneyStores';
import { ModerationConsoleStore } from '../moderation/ModerationConsoleStore';
import { FeatureFlagsStore } from './FeatureFlagsStore';
import { UpdatesStore } from './UpdatesStore';
import { ServicesStore } from './ServicesStore';
import { BackupsStore } from './BackupsStore';
import { StatusStore } from './StatusStore';
import { AdminsStore } from './AdminsStore';
import { AuditStore } from './AuditStore';
import { FeedbackInboxStore } from './FeedbackStore';

export type AdminStatus = 'idle' | 'verifying' | 'ready';

export const ADMIN_MESSAGES = {
  bothRequired: 'Please enter both username and password',
  loginFailed: 'Login failed',
  connectionFailed: 'Connection failed',
  loginSuccess: 'Admin login successful',
  /** The server's sentence when the stored token is valid but not the console's (a user's or a founder's): 403. */
  adminRequired: 'Administrator access required: sign in to the admin console',
} as const;

/** The admin console's session (its own token, 'scriven.adminToken') and the platform status. */
export class AdminStore {
  token: string | null;
  username: string | null = null;
  status: AdminStatus;

  loginPending = false;
  loginError: string | null = null;

  /** The console's money panels: creator payouts and partner applications. */
  readonly payouts: AdminPayoutsStore;
  readonly partnerApplications: PartnerApplicationsStore;
  /** The Reports panel: the moderation queue, appeals and audit log. */
  readonly moderation: ModerationConsoleStore;
  /** The Features tab: feature flags and their switches. */
  readonly featureFlags: FeatureFlagsStore;
  /** The Updates tab: releases to install, and backups. */
  readonly updates: UpdatesStore;
  readonly backups: BackupsStore;
  /** The Services tab: restarts of the frontend, the backend or all. */
  readonly services: ServicesStore;
  /** The Status tab (GET /api/system/status every 30 s), the Admins, Audit log and Feedback tabs. */
  readonly systemStatus: StatusStore;
  readonly admins: AdminsStore;
  readonly audit: AuditStore;
  readonly feedback: FeedbackInboxStore;

  constructor(readonly root: RootStore) {
    this.token = tokenStorage.get('admin');
    this.status = this.token ? 'idle' : 'ready';
    this.payouts = new AdminPayoutsStore(root);
    this.partnerApplications = new PartnerApplicationsStore(root);
    this.moderation = new ModerationConsoleStore(root);
    this.featureFlags = new FeatureFlagsStore(root);
    this.updates = new UpdatesStore(root);
    this.backups = new BackupsStore(root);
    this.services = new ServicesStore(root);
    this.systemStatus = new StatusStore(root);
    this.admins = new AdminsStore(root);
    this.audit = new AuditStore(root);
    this.feedback = new FeedbackInboxStore(root);
    makeAutoObservable(
      this,
      { root: false, payouts: false, partnerApplications: false, moderation: false, systemStatus: false, admins: false, audit: false, feedback: false },
      { autoBind: true },
    );
  }

  get isSignedIn(): boolean {
    return this.token !== null && this.username !== null;
  }

  get isResolving(): boolean {
    return this.status !== 'ready';
  }

  /**
   * On start: a stored admin token is verified, and dropped if it fails. A token the server refuses as not the
   * console's (403: a user's or a founder's) also shows the sign-in form, with the server's sentence.
   */
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
    let refusal: string | null = null;
    try {
      const { data, error, response } = await this.root.api.GET('/api/admin/verify', { headers: bearerHeader(token) });
      if (data?.is_admin) username = data.username;
      else if (response.status === 403) refusal = errorDetail(error, ADMIN_MESSAGES.adminRequired);
    } catch {
      username = null;
    }
    runInAction(() => {
      if (username) this.username = username;
      else this.clearSession();
      this.loginError = refusal;
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
    this.clearSession();
  }

  dispose(): void {
    this.systemStatus.stopPolling();
  }

  private clearSession(): void {
    this.token = null;
    this.username = null;
    this.systemStatus.reset();
    this.updates.reset();
    this.backups.reset();
    this.services.reset();
    this.admins.reset();
    this.audit.reset();
    this.feedback.reset();
    this.payouts.reset();
    this.partnerApplications.reset();
    this.moderation.reset();
    tokenStorage.remove('admin');
  }
}
