import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../app/RootStore';
import { errorDetail } from '../../shared/apiError';
import { saveJsonFile } from '../../shared/download';
import { ACCOUNT_MESSAGES } from './messages';
import { photoProblem } from './photo';
import type { AccountDto, CreateAccountRequest, NewAccount, UpdateAccountRequest } from './types';

export type AccountsStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What a form shows after a refused call: the sentence, and the fields the server named. */
export type ActionResult = { ok: true } | { ok: false; detail: string; fieldErrors: Record<string, string> };

function refused(error: unknown, fallback: string): ActionResult {
  const fieldErrors: Record<string, string> = {};
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    for (const problem of error.errors as { field?: unknown; message?: unknown }[]) {
      if (typeof problem.field === 'string' && typeof problem.message === 'string' && !fieldErrors[problem.field]) {
        fieldErrors[problem.field] = problem.message;
      }
    }
  }
  return { ok: false, detail: errorDetail(error, fallback), fieldErrors };
}

/** The data export is saved under this name. */
export function exportFileName(displayName: string): string {
  return `scriven-data-${displayName}.json`;
}

/**
 * The signed-in user's accounts (channels): the list in creation order (primary first), which one is
 * active, and the calls that change them (seed 000 §2, §4, §7).
 */
export class AccountsStore {
  accounts: AccountDto[] = [];
  activeAccountId: string | null = null;
  status: AccountsStatus = 'idle';

  /** Account ids with a switch or delete call under way. */
  busyIds = new Set<string>();
  createPending = false;
  savePending = false;
  uploadPending = false;
  exportPending = false;
  deleteMePending = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  get activeAccount(): AccountDto | null {
    return this.accounts.find((account) => account.id === this.activeAccountId) ?? null;
  }

  get primaryAccount(): AccountDto | null {
    return this.accounts.find((account) => account.is_primary) ?? null;
  }

  /** Every account but the active one, for the header's switcher. */
  get otherAccounts(): AccountDto[] {
    return this.accounts.filter((account) => account.id !== this.activeAccountId);
  }

  isBusy(id: string): boolean {
    return this.busyIds.has(id);
  }

  /** Loads the list once per session (the header calls this on every signed-in page). */
  ensureLoaded(): void {
    if (this.status === 'idle') void this.load();
  }

  async load(): Promise<boolean> {
    this.status = 'loading';
    let body: { accounts: AccountDto[]; active_account: AccountDto } | undefined;
    try {
      const { data } = await this.root.api.GET('/api/accounts');
      body = data;
    } catch {
      body = undefined;
    }
    if (!body) {
      runInAction(() => {
        this.status = 'error';
      });
      this.root.notify.error(ACCOUNT_MESSAGES.loadFailed);
      return false;
    }
    const { accounts, active_account } = body;
    runInAction(() => {
      this.accounts = accounts.some((account) => account.id === active_account.id)
        ? accounts
        : [...accounts, active_account];
      this.activeAccountId = active_account.id;
      this.status = 'ready';
    });
    return true;
  }

  /** Creates an account; it is appended to the list and not made active (seed 000 §4). */
  async create(request: NewAccount): Promise<ActionResult> {
    const displayName = request.display_name.trim();
    if (!displayName) {
      return { ok: false, detail: ACCOUNT_MESSAGES.displayNameRequired, fieldErrors: { display_name: ACCOUNT_MESSAGES.displayNameRequired } };
    }
    const body: CreateAccountRequest = { account_type: request.account_type ?? 'creator', display_name: displayName };
    for (const key of ['handle', 'bio', 'location', 'website'] as const) {
      const value = request[key]?.trim();
      if (value) body[key] = value;
    }

    this.createPending = true;
    let result: ActionResult;
    let message: string | null = null;
    try {
      const { data, error } = await this.root.api.POST('/api/accounts/create', { body });
      if (data) {
        const created = data.account;
        message = data.message;
        runInAction(() => {
          this.accounts = [...this.accounts.filter((account) => account.id !== created.id), created];
        });
        result = { ok: true };
      } else {
        result = refused(error, ACCOUNT_MESSAGES.noDetail);
      }
    } catch {
      result = refused(undefined, ACCOUNT_MESSAGES.noDetail);
    }
    runInAction(() => {
      this.createPending = false;
    });
    if (result.ok) {
      if (message) this.root.notify.success(message);
    } else {
      this.root.notify.error(ACCOUNT_MESSAGES.createFailed(result.detail));
    }
    return result;
  }

  /** Changes an account; the answer replaces its entry in the list (seed 000 §4). */
  async update(id: string, body: UpdateAccountRequest): Promise<ActionResult> {
    if (body.display_name !== undefined && !body.display_name.trim()) {
      return { ok: false, detail: ACCOUNT_MESSAGES.displayNameRequired, fieldErrors: { display_name: ACCOUNT_MESSAGES.displayNameRequired } };
    }
    this.savePending = true;
    let result: ActionResult;
    try {
      const { data, error } = await this.root.api.PUT('/api/accounts/{id}', { params: { path: { id } }, body });
      if (data) {
        this.replace(data.account);
        result = { ok: true };
      } else {
        result = refused(error, ACCOUNT_MESSAGES.noDetail);
      }
    } catch {
      result = refused(undefined, ACCOUNT_MESSAGES.noDetail);
    }
    runInAction(() => {
      this.savePending = false;
    });
    if (result.ok) this.root.notify.success(ACCOUNT_MESSAGES.settingsSaved);
    else this.root.notify.error(ACCOUNT_MESSAGES.saveFailed(result.detail));
    return result;
  }

  /** Makes another account the active one; /api/me is refreshed so its active_account_id is current. */
  async switchTo(id: string): Promise<boolean> {
    this.busyIds.add(id);
    let active: AccountDto | undefined;
    try {
      const { data } = await this.root.api.POST('/api/accounts/switch', { body: { account_id: id } });
      active = data?.active_account;
    } catch {
      active = undefined;
    }
    runInAction(() => {
      this.busyIds.delete(id);
      if (active) {
        this.replace(active);
        this.activeAccountId = active.id;
      }
    });
    if (!active) {
      this.root.notify.error(ACCOUNT_MESSAGES.switchFailed);
      return false;
    }
    this.root.notify.success(ACCOUNT_MESSAGES.switchedTo(active.display_name));
    await this.root.auth.loadMe();
    return true;
  }

  /** Deletes an account (never the primary); when it was the active one, the primary becomes active. */
  async remove(id: string): Promise<boolean> {
    const wasActive = this.activeAccountId === id;
    this.busyIds.add(id);
    let ok = false;
    try {
      const { data } = await this.root.api.DELETE('/api/accounts/{id}', { params: { path: { id } } });
      ok = data !== undefined;
    } catch {
      ok = false;
    }
    runInAction(() => {
      this.busyIds.delete(id);
      if (!ok) return;
      this.accounts = this.accounts.filter((account) => account.id !== id);
      if (wasActive) this.activeAccountId = this.primaryAccount?.id ?? null;
    });
    if (!ok) {
      this.root.notify.error(ACCOUNT_MESSAGES.deleteFailed);
      return false;
    }
    this.root.notify.success(ACCOUNT_MESSAGES.accountDeleted);
    if (wasActive) await this.root.auth.loadMe();
    return true;
  }

  /**
   * Uploads a profile photo for `accountId` (the active account by default). The file is checked here first
   * (seed 000 §5); the new photo then shows everywhere the account does.
   */
  async uploadPhoto(file: File, accountId: string | null = this.activeAccountId): Promise<boolean> {
    const problem = photoProblem(file);
    if (problem) {
      this.root.notify.error(problem);
      return false;
    }
    this.uploadPending = true;
    let photoUrl: string | undefined;
    let detail: string = ACCOUNT_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.POST('/api/profile/upload-photo', {
        body: { file: file as unknown as string, ...(accountId ? { account_id: accountId } : {}) },
        bodySerializer: (fields) => {
          const form = new FormData();
          form.append('file', fields.file as unknown as Blob, file.name);
          if (fields.account_id) form.append('account_id', fields.account_id);
          return form;
        },
      });
      photoUrl = data?.photo_url;
      if (!data) detail = errorDetail(error, detail);
    } catch {
      photoUrl = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
      const target = accountId ?? this.activeAccountId;
      if (photoUrl !== undefined && target) {
        this.accounts = this.accounts.map((account) =>
          account.id === target ? { ...account, profile_photo_url: photoUrl ?? null } : account,
        );
      }
    });
    if (photoUrl === undefined) {
      this.root.notify.error(ACCOUNT_MESSAGES.uploadFailed(detail));
      return false;
    }
    this.root.notify.success(ACCOUNT_MESSAGES.photoUpdated);
    return true;
  }

  /** Downloads everything stored about the user as `scriven-data-{display_name}.json`. */
  async exportData(): Promise<boolean> {
    const displayName = this.root.auth.user?.display_name ?? 'export';
    this.exportPending = true;
    let exported: unknown;
    let detail: string = ACCOUNT_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.GET('/api/me/export');
      exported = data;
      if (!data) detail = errorDetail(error, detail);
    } catch {
      exported = undefined;
    }
    runInAction(() => {
      this.exportPending = false;
    });
    if (exported === undefined) {
      this.root.notify.error(ACCOUNT_MESSAGES.exportFailed(detail));
      return false;
    }
    saveJsonFile(exportFileName(displayName), exported);
    this.root.notify.success(ACCOUNT_MESSAGES.exportReady);
    return true;
  }

  /**
   * Deletes the user and everything they published, once they typed their display name; the token is then
   * dead, so the session ends here too.
   */
  async deleteMe(confirmation: string): Promise<ActionResult> {
    this.deleteMePending = true;
    let result: ActionResult;
    let message: string | null = null;
    try {
      const { data, error } = await this.root.api.DELETE('/api/me', { body: { confirmation } });
      if (data) {
        message = data.message;
        result = { ok: true };
      } else {
        result = refused(error, ACCOUNT_MESSAGES.noDetail);
      }
    } catch {
      result = refused(undefined, ACCOUNT_MESSAGES.noDetail);
    }
    runInAction(() => {
      this.deleteMePending = false;
    });
    if (result.ok) {
      this.root.auth.logout();
      if (message) this.root.notify.success(message);
    }
    return result;
  }

  /** Forgets everything (after signing out). */
  reset(): void {
    this.accounts = [];
    this.activeAccountId = null;
    this.status = 'idle';
    this.busyIds.clear();
  }

  private replace(updated: AccountDto): void {
    this.accounts = this.accounts.map((account) => (account.id === updated.id ? updated : account));
  }
}
