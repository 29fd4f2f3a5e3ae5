import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import { appOrigin } from '../../shared/clipboard';
import { sendChange } from '../../shared/apiError';
import { Resource } from '../../shared/resource';
import type { RootStore } from '../../stores/RootStore';

export type AppTokenDto = components['schemas']['AppTokenDto'];
export type AppTokenCreatedDto = components['schemas']['AppTokenCreatedDto'];

export const APP_TOKEN_NAME_MAX = 60;
export const APP_TOKENS_MAX = 20;

export const APP_TOKEN_MESSAGES = {
  name: `Name must be 1 to ${APP_TOKEN_NAME_MAX} characters`,
  loadFailed: 'Could not load your app tokens. Please try again.',
  createFailed: 'Could not create the app token. Please try again.',
  revokeFailed: 'Could not revoke the app token. Please try again.',
} as const;

/**
 * Settings → Music apps (Subsonic): the signed-in user's app tokens, which music apps sign in to /rest with instead
 * of the password. A new token is shown once (`created`) until the user closes it.
 */
export class AppTokensStore {
  readonly list = new Resource<AppTokenDto[]>();
  /** The token just made, shown this once. */
  created: AppTokenCreatedDto | null = null;
  createPending = false;
  createError: string | null = null;
  /** The id being revoked. */
  revoking: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<this, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** What a music app asks for: the server's address and the username (the display name). */
  get serverAddress(): string {
    return appOrigin();
  }

  get username(): string {
    return this.root.auth.user?.display_name ?? '';
  }

  get atLimit(): boolean {
    return (this.list.data?.length ?? 0) >= APP_TOKENS_MAX;
  }

  load(): Promise<boolean> {
    return this.list.load(async () => {
      const { data } = await this.root.api.GET('/api/me/app-tokens');
      return data?.items;
    });
  }

  /** Creates a token named `name`; true when made (then `created` holds it). */
  async create(name: string): Promise<boolean> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > APP_TOKEN_NAME_MAX) {
      this.createError = APP_TOKEN_MESSAGES.name;
      return false;
    }
    this.createPending = true;
    this.createError = null;
    const result = await sendChange(() => this.root.api.POST('/api/me/app-tokens', { body: { name: trimmed } }), APP_TOKEN_MESSAGES.createFailed);
    runInAction(() => {
      this.createPending = false;
      if (result.ok) this.created = result.data;
      else this.createError = result.detail;
    });
    if (result.ok) await this.load();
    return result.ok;
  }

  dismissCreated(): void {
    this.created = null;
  }

  clearCreateError(): void {
    this.createError = null;
  }

  /** Revokes a token: apps signed in with it stop working at once. */
  async revoke(id: string): Promise<boolean> {
    this.revoking = id;
    let ok = false;
    try {
      const { response } = await this.root.api.DELETE('/api/me/app-tokens/{id}', { params: { path: { id } } });
      ok = response.status === 204 || response.status === 404;
    } catch {
      ok = false;
    }
    runInAction(() => {
      this.revoking = null;
      if (ok && this.list.data) this.list.set(this.list.data.filter((t) => t.id !== id));
      if (ok && this.created?.id === id) this.created = null;
    });
    if (ok) this.root.notify.clear('app-tokens.revoke');
    else this.root.notify.error(APP_TOKEN_MESSAGES.revokeFailed, { action: 'app-tokens.revoke' });
    return ok;
  }
}
