import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { saveJsonFile } from '../../shared/download';
import { ACCOUNT_MESSAGES } from './messages';
import { photoProblem } from './photo';
import type { AccountDto, CreateAccountRequest, NewAccount, UpdateAccountRequest } from './types';

export type AccountsStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What a form shows after a refused call: the sentence, and the fields the server named. */
export type ActionResult = { ok: true } | Refusal;

type Refusal = { ok: false; detail: string; fieldErrors: Record<string, string> };

/** What `call` gives back: the answer, or the refusal (a call that throws is refused without a detail). */
type Outcome<T> = { ok: true; data: T } | Refusal;

/** What marks a call as under way: one of the store's flags, or the account it switches to or deletes. */
type Pending = 'createPending' | 'savePending' | 'uploadPending' | 'bannerPending' | 'exportPending' | 'deleteMePending' | { busy: string };

function refused(error: unknown): Refusal {
  const fieldErrors: Record<string, string> = {};
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    for (const problem of error.errors as { field?: unknown; message?: unknown }[]) {
      if (typeof problem.field === 'string' && typeof problem.message === 'string' && !fieldErrors[problem.field]) {
        fieldErrors[problem.field] = problem.message;
      }
    }
  }
  return { ok: false, detail: errorDetail(error, ACCOUNT_MESSAGES.noDetail), fieldErrors };
}

/**
 * The fields the account forms (Add Account, the settings tab) show a refusal's message under: a refusal that names
 * one of them is said there, and not toasted too.
 */
const FORM_FIELDS: ReadonlySet<string> = new Set(['account_type', 'display_name', 'handle', 'bio', 'location', 'website']);
const shownInForm = (refusal: Refusal) =>
  Object.keys(refusal.fieldErrors).some((field) => FORM_FIELDS.has(field) || field === 'links' || field.startsWith('links.'));

/** Choosing and uploading a profile photo is one action for its toasts (the profile tab's checks say theirs too). */
export const PHOTO_TOAST = { action: 'accounts.photo' } as const;

/** Choosing, uploading and removing a banner is one action for its toasts. */
export const BANNER_TOAST = { action: 'accounts.banner' } as const;

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
  bannerPending = false;
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
    const outcome = await this.call(null, () => this.root.api.GET('/api/accounts'));
    if (!outcome.ok) {
      runInAction(() => {
        this.status = 'error';
      });
      this.root.notify.error(ACCOUNT_MESSAGES.loadFailed, { action: 'accounts.load' });
      return false;
    }
    this.root.notify.clear('accounts.load');
    const { accounts, active_account } = outcome.data;
    runInAction(() => {
      this.accounts = accounts;
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

    const outcome = await this.call('createPending', () => this.root.api.POST('/api/accounts/create', { body }));
    if (!outcome.ok) {
      if (!shownInForm(outcome)) this.root.notify.error(ACCOUNT_MESSAGES.createFailed(outcome.detail), { action: 'accounts.create' });
      return outcome;
    }
    const { account: created, message } = outcome.data;
    runInAction(() => {
      this.accounts = [...this.accounts.filter((account) => account.id !== created.id), created];
    });
    if (message) this.root.notify.success(message, { action: 'accounts.create' });
    else this.root.notify.clear('accounts.create');
    return { ok: true };
  }

  /** Changes an account; the answer replaces its entry in the list (seed 000 §4). */
  async update(id: string, body: UpdateAccountRequest): Promise<ActionResult> {
    if (body.display_name !== undefined && !body.display_name.trim()) {
      return { ok: false, detail: ACCOUNT_MESSAGES.displayNameRequired, fieldErrors: { display_name: ACCOUNT_MESSAGES.displayNameRequired } };
    }
    const outcome = await this.call('savePending', () =>
      this.root.api.PUT('/api/accounts/{id}', { params: { path: { id } }, body }),
    );
    if (!outcome.ok) {
      if (!shownInForm(outcome)) this.root.notify.error(ACCOUNT_MESSAGES.saveFailed(outcome.detail), { action: `accounts.save:${id}` });
      return outcome;
    }
    this.replace(outcome.data.account);
    this.root.notify.success(ACCOUNT_MESSAGES.settingsSaved, { action: `accounts.save:${id}` });
    return { ok: true };
  }

  /** Makes another account the active one; /api/me is refreshed so its active_account_id is current. */
  async switchTo(id: string): Promise<boolean> {
    const outcome = await this.call({ busy: id }, () =>
      this.root.api.POST('/api/accounts/switch', { body: { account_id: id } }),
    );
    const active = outcome.ok ? outcome.data.active_account : undefined;
    if (!active) {
      this.root.notify.error(ACCOUNT_MESSAGES.switchFailed, { action: 'accounts.switch' });
      return false;
    }
    runInAction(() => {
      this.replace(active);
      this.activeAccountId = active.id;
    });
    this.root.notify.success(ACCOUNT_MESSAGES.switchedTo(active.display_name), { action: 'accounts.switch' });
    await this.root.auth.loadMe();
    return true;
  }

  /** Deletes an account (never the primary); when it was the active one, the primary becomes active. */
  async remove(id: string): Promise<boolean> {
    const wasActive = this.activeAccountId === id;
    const outcome = await this.call({ busy: id }, () =>
      this.root.api.DELETE('/api/accounts/{id}', { params: { path: { id } } }),
    );
    if (!outcome.ok) {
      this.root.notify.error(ACCOUNT_MESSAGES.deleteFailed, { action: `accounts.delete:${id}` });
      return false;
    }
    runInAction(() => {
      this.accounts = this.accounts.filter((account) => account.id !== id);
      if (wasActive) this.activeAccountId = this.primaryAccount?.id ?? null;
    });
    this.root.notify.success(ACCOUNT_MESSAGES.accountDeleted, { action: `accounts.delete:${id}` });
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
      this.root.notify.error(problem, PHOTO_TOAST);
      return false;
    }
    const outcome = await this.call('uploadPending', () =>
      this.root.api.POST('/api/profile/upload-photo', {
        body: { file: file as unknown as string, ...(accountId ? { account_id: accountId } : {}) },
        bodySerializer: (fields) => {
          const form = new FormData();
          form.append('file', fields.file as unknown as Blob, file.name);
          if (fields.account_id) form.append('account_id', fields.account_id);
          return form;
        },
      }),
    );
    const photoUrl = outcome.ok ? outcome.data.photo_url : undefined;
    if (photoUrl === undefined) {
      this.root.notify.error(ACCOUNT_MESSAGES.uploadFailed(outcome.ok ? ACCOUNT_MESSAGES.noDetail : outcome.detail), PHOTO_TOAST);
      return false;
    }
    runInAction(() => {
      const target = accountId ?? this.activeAccountId;
      if (!target) return;
      this.accounts = this.accounts.map((account) =>
        account.id === target ? { ...account, profile_photo_url: photoUrl } : account,
      );
    });
    this.root.notify.success(ACCOUNT_MESSAGES.photoUpdated, PHOTO_TOAST);
    return true;
  }

  /**
   * Uploads a channel banner for `accountId`. The file's type and size are checked here first (as photos are); the
   * server checks its bytes and dimensions. The answer replaces the account in the list.
   */
  async uploadBanner(file: File, accountId: string): Promise<boolean> {
    const problem = photoProblem(file);
    if (problem) {
      this.root.notify.error(problem, BANNER_TOAST);
      return false;
    }
    const outcome = await this.call('bannerPending', () =>
      this.root.api.POST('/api/accounts/{id}/banner', {
        params: { path: { id: accountId } },
        body: { file: file as unknown as string },
        bodySerializer: (fields) => {
          const form = new FormData();
          form.append('file', fields.file as unknown as Blob, file.name);
          return form;
        },
      }),
    );
    if (!outcome.ok) {
      this.root.notify.error(ACCOUNT_MESSAGES.bannerUploadFailed(outcome.detail), BANNER_TOAST);
      return false;
    }
    this.replace(outcome.data.account);
    this.root.notify.success(ACCOUNT_MESSAGES.bannerUpdated, BANNER_TOAST);
    return true;
  }

  /** Removes the banner of `accountId`: its channel page shows its colour band again. */
  async removeBanner(accountId: string): Promise<boolean> {
    const outcome = await this.call('bannerPending', () =>
      this.root.api.DELETE('/api/accounts/{id}/banner', { params: { path: { id: accountId } } }),
    );
    if (!outcome.ok) {
      this.root.notify.error(ACCOUNT_MESSAGES.bannerRemoveFailed(outcome.detail), BANNER_TOAST);
      return false;
    }
    this.replace(outcome.data.account);
    this.root.notify.success(ACCOUNT_MESSAGES.bannerRemoved, BANNER_TOAST);
    return true;
  }

  /** Downloads everything stored about the user as `scriven-data-{display_name}.json`. */
  async exportData(): Promise<boolean> {
    const displayName = this.root.auth.user?.display_name ?? 'export';
    const outcome = await this.call('exportPending', () => this.root.api.GET('/api/me/export'));
    if (!outcome.ok) {
      this.root.notify.error(ACCOUNT_MESSAGES.exportFailed(outcome.detail), { action: 'accounts.export' });
      return false;
    }
    saveJsonFile(exportFileName(displayName), outcome.data);
    this.root.notify.success(ACCOUNT_MESSAGES.exportReady, { action: 'accounts.export' });
    return true;
  }

  /**
   * Deletes the user and everything they published, once they typed their display name; the token is then
   * dead, so the session ends here too.
   */
  async deleteMe(confirmation: string): Promise<ActionResult> {
    const outcome = await this.call('deleteMePending', () => this.root.api.DELETE('/api/me', { body: { confirmation } }));
    if (!outcome.ok) return outcome;
    this.root.auth.logout();
    if (outcome.data.message) this.root.notify.success(outcome.data.message, { action: 'accounts.delete-me' });
    return { ok: true };
  }

  /** Forgets everything (after signing out). */
  reset(): void {
    this.accounts = [];
    this.activeAccountId = null;
    this.status = 'idle';
    this.busyIds.clear();
  }

  /**
   * Runs one API call with `pending` marked (none for `load`, which has its status instead); no answer, or a
   * call that throws, is a refusal.
   */
  private async call<T>(pending: Pending | null, request: () => Promise<{ data?: T; error?: unknown }>): Promise<Outcome<T>> {
    this.mark(pending, true);
    let outcome: Outcome<T>;
    try {
      const { data, error } = await request();
      outcome = data ? { ok: true, data } : refused(error);
    } catch {
      outcome = refused(undefined);
    }
    runInAction(() => this.mark(pending, false));
    return outcome;
  }

  private mark(pending: Pending | null, on: boolean): void {
    if (pending === null) return;
    if (typeof pending === 'string') this[pending] = on;
    else if (on) this.busyIds.add(pending.busy);
    else this.busyIds.delete(pending.busy);
  }

  private replace(updated: AccountDto): void {
    this.accounts = this.accounts.map((account) => (account.id === updated.id ? updated : account));
  }
}
