import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { sendChange } from '../../shared/apiError';
import { PagedList, byId } from '../../shared/pagedList';
import { Resource, type LoadStatus } from '../../shared/resource';
import { MODERATION_MESSAGES, type CaseAction } from './messages';
import type { AdminStrike, AuditEntry, ModerationCase } from './types';

export type CaseStatus = 'open' | 'resolved';
export type ConsoleTab = 'open' | 'resolved' | 'appeals' | 'audit';
export type AppealDecision = 'uphold' | 'overturn';

/** Cases and audit entries a page at a time. */
export const CONSOLE_PAGE_SIZE = 20;

/**
 * The admin console's Reports panel: the open queue (cases by report count), resolved cases, pending appeals and the
 * audit log. Decisions go with the admin token; a decided case leaves the open queue.
 */
export class ModerationConsoleStore {
  tab: ConsoleTab = 'open';
  readonly open: PagedList<ModerationCase>;
  readonly resolved: PagedList<ModerationCase>;
  readonly audit: PagedList<AuditEntry>;
  private readonly pendingAppeals = new Resource<AdminStrike[]>();
  /** Cases and strikes with a decision on its way. */
  busy = new Set<string>();

  constructor(readonly root: RootStore) {
    this.open = new PagedList(this.casesPage('open'), byId);
    this.resolved = new PagedList(this.casesPage('resolved'), byId);
    this.audit = new PagedList(async ({ cursor, limit, signal }) => {
      const { data } = await this.root.api.GET('/api/admin/moderation/audit', {
        params: { query: { limit: String(limit ?? CONSOLE_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
        headers: this.headers,
        signal,
      });
      return data ? { items: data.entries, next: data.next_cursor } : undefined;
    }, byId);
    makeAutoObservable<this, 'pendingAppeals'>(
      this,
      { root: false, open: false, resolved: false, audit: false, pendingAppeals: false },
      { autoBind: true },
    );
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  private casesPage(status: CaseStatus) {
    return async ({ cursor, limit, signal }: { cursor: string | null; limit?: number; signal: AbortSignal }) => {
      const { data } = await this.root.api.GET('/api/admin/moderation/cases', {
        params: { query: { status, limit: String(limit ?? CONSOLE_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
        headers: this.headers,
        signal,
      });
      return data ? { items: data.cases, next: data.next_cursor } : undefined;
    };
  }

  get appealsStatus(): LoadStatus {
    return this.pendingAppeals.status;
  }

  get appeals(): AdminStrike[] {
    return this.pendingAppeals.data ?? [];
  }

  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  /** Shows `tab`, read again: reports and appeals arrive while the console is open, and a moderator acts on the latest. */
  setTab(tab: ConsoleTab): void {
    this.tab = tab;
    void this.loadTab(tab);
  }

  /** Reads `tab` again (or only when it was never read). */
  loadTab(tab: ConsoleTab = this.tab, { onlyFirst = false }: { onlyFirst?: boolean } = {}): Promise<unknown> {
    if (tab === 'appeals') return onlyFirst && this.appealsStatus !== 'idle' ? Promise.resolve() : this.loadAppeals();
    const list = tab === 'open' ? this.open : tab === 'resolved' ? this.resolved : this.audit;
    if (onlyFirst && list.status !== 'idle') return Promise.resolve();
    return list.load({ limit: CONSOLE_PAGE_SIZE });
  }

  loadAppeals(): Promise<boolean> {
    return this.pendingAppeals.load(async () => (await this.root.api.GET('/api/admin/moderation/appeals', { headers: this.headers })).data?.strikes);
  }

  /** Decides an open case with a reason (1 to 500 characters); it then leaves the open queue. */
  async decide(item: ModerationCase, action: CaseAction, reason: string): Promise<boolean> {
    if (this.busy.has(item.id)) return false;
    this.busy.add(item.id);
    const result = await sendChange(
      () =>
        this.root.api.POST('/api/admin/moderation/cases/{id}/decision', {
          params: { path: { id: item.id } },
          headers: this.headers,
          body: { action, reason: reason.trim() },
        }),
      MODERATION_MESSAGES.noDetail,
    );
    runInAction(() => {
      this.busy.delete(item.id);
      if (result.ok) this.open.set(this.open.items.filter((c) => c.id !== item.id));
    });
    const toast = { action: `moderation.case:${item.id}` };
    if (result.ok) {
      this.root.notify.success(MODERATION_MESSAGES.decided[action], toast);
      // The resolved list and the audit log show it when next opened.
      this.resolved.reset();
      this.audit.reset();
    } else {
      this.root.notify.error(MODERATION_MESSAGES.decisionFailed(result.detail), toast);
      // Another admin may have decided it meanwhile: show the queue as it is now.
      void this.open.load({ limit: CONSOLE_PAGE_SIZE });
    }
    return result.ok;
  }

  /** Upholds or overturns a pending appeal with a reason; it then leaves the appeals list. */
  async decideAppeal(strike: AdminStrike, decision: AppealDecision, reason: string): Promise<boolean> {
    if (this.busy.has(strike.id)) return false;
    this.busy.add(strike.id);
    const result = await sendChange(
      () =>
        this.root.api.POST('/api/admin/moderation/strikes/{id}/appeal-decision', {
          params: { path: { id: strike.id } },
          headers: this.headers,
          body: { decision, reason: reason.trim() },
        }),
      MODERATION_MESSAGES.noDetail,
    );
    runInAction(() => {
      this.busy.delete(strike.id);
      if (result.ok) this.pendingAppeals.set(this.appeals.filter((s) => s.id !== strike.id));
    });
    const toast = { action: `moderation.appeal:${strike.id}` };
    if (result.ok) {
      this.root.notify.success(MODERATION_MESSAGES.appealDecided[decision], toast);
      this.audit.reset();
      // An overturned strike brings back what was removed with it.
      if (decision === 'overturn') this.resolved.reset();
    } else {
      this.root.notify.error(MODERATION_MESSAGES.appealDecisionFailed(result.detail), toast);
      void this.loadAppeals();
    }
    return result.ok;
  }

  reset(): void {
    this.tab = 'open';
    this.open.reset();
    this.resolved.reset();
    this.audit.reset();
    this.pendingAppeals.reset();
    this.busy.clear();
  }
}
