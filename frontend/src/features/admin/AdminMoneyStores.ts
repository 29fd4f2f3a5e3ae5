import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';

export type AdminPayout = components['schemas']['AdminPayoutDto'];
export type PartnerApplication = components['schemas']['PartnerApplicationDto'];
export type ApplicationFilter = PartnerApplication['status'] | 'all';
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
  private readonly pending = new Resource<AdminPayout[]>();
  /** Payouts with a decision in flight. */
  busy = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'pending'>(this, { root: false, pending: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.pending.status;
  }

  get payouts(): AdminPayout[] {
    return this.pending.data ?? [];
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  load(): Promise<boolean> {
    return this.pending.load(async () => (await this.root.api.GET('/api/admin/payouts', { headers: this.headers })).data?.payouts);
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
    const result = await sendChange<unknown>(
      () =>
        decision === 'complete'
          ? this.root.api.POST('/api/admin/payouts/{id}/complete', { params, headers: this.headers })
          : this.root.api.POST('/api/admin/payouts/{id}/fail', { params, headers: this.headers, body: { reason } }),
      ADMIN_MONEY_MESSAGES.noDetail,
    );
    runInAction(() => {
      this.busy.delete(payout.id);
      // Decided: it leaves the pending list.
      if (result.ok) this.pending.set(this.payouts.filter((p) => p.id !== payout.id));
    });
    const who = whoOf(payout);
    const toast = { action: `admin.payout:${payout.id}` };
    if (result.ok) {
      this.root.notify.success(
        decision === 'complete' ? ADMIN_MONEY_MESSAGES.payoutCompleted(who) : ADMIN_MONEY_MESSAGES.payoutFailed(who),
        toast,
      );
    } else {
      this.root.notify.error(
        decision === 'complete' ? ADMIN_MONEY_MESSAGES.completeFailed(result.detail) : ADMIN_MONEY_MESSAGES.failFailed(result.detail),
        toast,
      );
      // Another admin may have decided it meanwhile: show the list as it is now.
      void this.load();
    }
    return result.ok;
  }

  reset(): void {
    this.pending.reset();
    this.busy.clear();
  }
}

/** The admin console's partner applications, by status: approve or reject a pending one, suspend a partner. */
export class PartnerApplicationsStore {
  filter: ApplicationFilter = 'pending';
  private readonly list = new Resource<PartnerApplication[]>();
  busy = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'list'>(this, { root: false, list: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get applications(): PartnerApplication[] {
    return this.list.data ?? [];
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
    this.list.reset(); // another filter's list is not shown while this one loads
    void this.load();
  }

  load(): Promise<boolean> {
    const query = { status: this.filter };
    return this.list.load(async () => (await this.root.api.GET('/api/admin/partner-applications', { params: { query }, headers: this.headers })).data?.applications);
  }

  async decide(application: PartnerApplication, decision: PartnerDecision, reason = ''): Promise<boolean> {
    if (this.busy.has(application.id)) return false;
    this.busy.add(application.id);
    const request = { params: { path: { id: application.id } }, headers: this.headers, body: reason.trim() ? { reason: reason.trim() } : {} };
    const path = { approve: '/api/admin/partner-applications/{id}/approve', reject: '/api/admin/partner-applications/{id}/reject', suspend: '/api/admin/partner-applications/{id}/suspend' } as const;
    const result = await sendChange<unknown>(() => this.root.api.POST(path[decision], request), ADMIN_MONEY_MESSAGES.noDetail);
    runInAction(() => {
      this.busy.delete(application.id);
    });
    const who = whoOf(application);
    const toast = { action: `admin.application:${application.id}` };
    if (result.ok) this.root.notify.success(ADMIN_MONEY_MESSAGES.decided[decision](who), toast);
    else this.root.notify.error(ADMIN_MONEY_MESSAGES.decisionFailed[decision](result.detail), toast);
    await this.load();
    return result.ok;
  }

  reset(): void {
    this.list.reset();
    this.filter = 'pending';
    this.busy.clear();
  }
}
