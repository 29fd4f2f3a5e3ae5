import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../app/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';

export type AdminPayout = components['schemas']['AdminPayoutDto'];
export type PartnerApplication = components['schemas']['PartnerApplicationDto'];
export type ApplicationFilter = PartnerApplication['status'] | 'all';
export type PanelStatus = 'idle' | 'loading' | 'ready' | 'error';
export type PartnerDecision = 'approve' | 'reject' | 'suspend';

/** A decision's reason: at most 500 characters (the server's limit). */
export const REASON_MAX = 500;

export const ADMIN_MONEY_MESSAGES = {
  payoutsLoadFailed: 'Failed to load payouts',
  payoutCompleted: (who: string) => `Payout to ${who} marked completed`,
  payoutFailed: (who: string) => `Payout to ${who} marked failed; the funds are back in their available balance`,
  completeFailed: (detail: string) => `Failed to complete payout: ${detail}`,
  failFailed: (detail: string) => `Failed to mark payout as failed: ${detail}`,
  applicationsLoadFailed: 'Failed to load partner applications',
  decided: {
    approve: (who: string) => `${who} is now a partner`,
    reject: (who: string) => `${who}'s application was rejected`,
    suspend: (who: string) => `${who} is suspended from the partner program`,
  },
  decisionFailed: {
    approve: (detail: string) => `Failed to approve application: ${detail}`,
    reject: (detail: string) => `Failed to reject application: ${detail}`,
    suspend: (detail: string) => `Failed to suspend partner: ${detail}`,
  },
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** A user's name in the console; the id when the account is gone. */
export const whoOf = (item: { username: string | null; user_id: string }) => item.username ?? item.user_id;

/** The admin console's creator payouts: the pending ones, oldest first; complete one, or fail it with a reason. */
export class AdminPayoutsStore {
  status: PanelStatus = 'idle';
  payouts: AdminPayout[] = [];
  /** Payouts with a decision in flight. */
  busy = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  async load(): Promise<boolean> {
    if (this.status !== 'ready') this.status = 'loading';
    let payouts: AdminPayout[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/admin/payouts', { headers: this.headers });
      payouts = data?.payouts;
    } catch {
      payouts = undefined;
    }
    runInAction(() => {
      if (payouts) {
        this.payouts = payouts;
        this.status = 'ready';
      } else {
        this.status = 'error';
      }
    });
    return payouts !== undefined;
  }

  complete(payout: AdminPayout): Promise<boolean> {
    return this.decide(payout, 'complete');
  }

  fail(payout: AdminPayout, reason: string): Promise<boolean> {
    return this.decide(payout, 'fail', reason.trim());
  }

  private async decide(payout: AdminPayout, decision: 'complete' | 'fail', reason?: string): Promise<boolean> {
    if (this.busy.has(payout.id)) return false;
    this.busy.add(payout.id);
    const params = { path: { id: payout.id } };
    let ok = false;
    let detail: string = ADMIN_MONEY_MESSAGES.noDetail;
    try {
      const { data, error } =
        decision === 'complete'
          ? await this.root.api.POST('/api/admin/payouts/{id}/complete', { params, headers: this.headers })
          : await this.root.api.POST('/api/admin/payouts/{id}/fail', { params, headers: this.headers, body: { reason } });
      ok = data !== undefined;
      if (!ok) detail = errorDetail(error, ADMIN_MONEY_MESSAGES.noDetail);
    } catch {
      ok = false;
    }
    runInAction(() => {
      this.busy.delete(payout.id);
      // Decided: it leaves the pending list.
      if (ok) this.payouts = this.payouts.filter((p) => p.id !== payout.id);
    });
    const who = whoOf(payout);
    if (ok) {
      this.root.notify.success(
        decision === 'complete' ? ADMIN_MONEY_MESSAGES.payoutCompleted(who) : ADMIN_MONEY_MESSAGES.payoutFailed(who),
      );
    } else {
      this.root.notify.error(
        decision === 'complete' ? ADMIN_MONEY_MESSAGES.completeFailed(detail) : ADMIN_MONEY_MESSAGES.failFailed(detail),
      );
      // Another admin may have decided it meanwhile: show the list as it is now.
      void this.load();
    }
    return ok;
  }

  reset(): void {
    this.status = 'idle';
    this.payouts = [];
    this.busy.clear();
  }
}

/** The admin console's partner applications, by status: approve or reject a pending one, suspend a partner. */
export class PartnerApplicationsStore {
  filter: ApplicationFilter = 'pending';
  status: PanelStatus = 'idle';
  applications: PartnerApplication[] = [];
  busy = new Set<string>();

  private loadTicket = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loadTicket'>(this, { root: false, loadTicket: false }, { autoBind: true });
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  setFilter(filter: ApplicationFilter): void {
    if (filter === this.filter && this.status !== 'idle') return;
    this.filter = filter;
    this.applications = [];
    this.status = 'idle';
    void this.load();
  }

  async load(): Promise<boolean> {
    const ticket = ++this.loadTicket;
    const filter = this.filter;
    if (this.status !== 'ready') this.status = 'loading';
    let applications: PartnerApplication[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/admin/partner-applications', {
        params: { query: { status: filter } },
        headers: this.headers,
      });
      applications = data?.applications;
    } catch {
      applications = undefined;
    }
    if (ticket !== this.loadTicket) return false;
    runInAction(() => {
      if (applications) {
        this.applications = applications;
        this.status = 'ready';
      } else {
        this.status = 'error';
      }
    });
    return applications !== undefined;
  }

  async decide(application: PartnerApplication, decision: PartnerDecision, reason = ''): Promise<boolean> {
    if (this.busy.has(application.id)) return false;
    this.busy.add(application.id);
    const request = { params: { path: { id: application.id } }, headers: this.headers, body: reason.trim() ? { reason: reason.trim() } : {} };
    let ok = false;
    let detail: string = ADMIN_MONEY_MESSAGES.noDetail;
    try {
      const { data, error } =
        decision === 'approve'
          ? await this.root.api.POST('/api/admin/partner-applications/{id}/approve', request)
          : decision === 'reject'
            ? await this.root.api.POST('/api/admin/partner-applications/{id}/reject', request)
            : await this.root.api.POST('/api/admin/partner-applications/{id}/suspend', request);
      ok = data !== undefined;
      if (!ok) detail = errorDetail(error, ADMIN_MONEY_MESSAGES.noDetail);
    } catch {
      ok = false;
    }
    runInAction(() => {
      this.busy.delete(application.id);
    });
    const who = whoOf(application);
    if (ok) this.root.notify.success(ADMIN_MONEY_MESSAGES.decided[decision](who));
    else this.root.notify.error(ADMIN_MONEY_MESSAGES.decisionFailed[decision](detail));
    await this.load();
    return ok;
  }

  reset(): void {
    this.loadTicket += 1;
    this.filter = 'pending';
    this.status = 'idle';
    this.applications = [];
    this.busy.clear();
  }
}
