import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';

export type AdminAccount = components['schemas']['AdminAccountDto'];

export const ADMINS_MESSAGES = {
  loadFailed: 'Failed to load admins',
  usernameRequired: 'Enter the display name or email of a user',
  grantFailed: 'Failed to make admin',
  granted: (who: string) => `${who} is now an admin`,
  removeFailed: 'Failed to remove admin',
  removed: (who: string) => `${who} is no longer an admin`,
} as const;

export type ChangeOutcome = { ok: true } | { ok: false; detail: string };

/**
 * The admin console's Admins tab: who is an admin; make another user one (by display name or email); remove one
 * (never the last: the server says so). Removing yourself signs this console out (your token stops working).
 */
export class AdminsStore {
  private readonly list = new Resource<AdminAccount[]>();
  granting = false;
  /** Admins whose removal is in flight. */
  removing = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'list'>(this, { root: false, list: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get admins(): AdminAccount[] {
    return this.list.data ?? [];
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  load(): Promise<boolean> {
    return this.list.load(async () => (await this.root.api.GET('/api/admin/admins', { headers: this.headers })).data?.admins);
  }

  async grant(username: string): Promise<ChangeOutcome> {
    const name = username.trim();
    if (!name) return { ok: false, detail: ADMINS_MESSAGES.usernameRequired };
    this.granting = true;
    let outcome: ChangeOutcome;
    try {
      const { data, error } = await this.root.api.POST('/api/admin/admins', { headers: this.headers, body: { username: name } });
      outcome = data ? { ok: true } : { ok: false, detail: errorDetail(error, ADMINS_MESSAGES.grantFailed) };
      if (data) this.root.notify.success(ADMINS_MESSAGES.granted(data.username), { action: 'admin.grant' });
    } catch {
      outcome = { ok: false, detail: ADMINS_MESSAGES.grantFailed };
    }
    runInAction(() => (this.granting = false));
    if (outcome.ok) await this.load();
    return outcome;
  }

  isRemoving(userId: string): boolean {
    return this.removing.has(userId);
  }

  async remove(admin: AdminAccount): Promise<ChangeOutcome> {
    if (this.removing.has(admin.user_id)) return { ok: false, detail: ADMINS_MESSAGES.removeFailed };
    this.removing.add(admin.user_id);
    let outcome: ChangeOutcome;
    try {
      const { response, error } = await this.root.api.DELETE('/api/admin/admins/{userId}', {
        headers: this.headers,
        params: { path: { userId: admin.user_id } },
      });
      outcome = response.ok ? { ok: true } : { ok: false, detail: errorDetail(error, ADMINS_MESSAGES.removeFailed) };
    } catch {
      outcome = { ok: false, detail: ADMINS_MESSAGES.removeFailed };
    }
    runInAction(() => {
      this.removing.delete(admin.user_id);
      if (outcome.ok) this.list.set(this.admins.filter((a) => a.user_id !== admin.user_id));
    });
    if (outcome.ok) {
      this.root.notify.success(ADMINS_MESSAGES.removed(admin.username), { action: `admin.remove:${admin.user_id}` });
      // Your own admin rights are gone: this console's token no longer works.
      if (admin.username === this.root.admin.username) this.root.admin.logout();
    }
    return outcome;
  }

  reset(): void {
    this.list.reset();
    this.granting = false;
    this.removing.clear();
  }
}
