import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { tokenStorage } from '../../shared/storage';
import { AUTH_MESSAGES, loginFailureToast } from './messages';
import type { RegisterRequest, UserDto } from './types';

export type AuthStatus = 'idle' | 'resolving' | 'ready';

/** After a successful registration the login form comes back after this delay (seed 002 §4). */
export const RETURN_TO_LOGIN_MS = 2000;

/** The actions whose toasts replace each other (see `Notifier`). */
const TOASTS = { signIn: 'auth.sign-in', register: 'auth.register', signOutEverywhere: 'auth.sign-out-everywhere' } as const;

/**
 * The signed-in user's session: the token (kept in localStorage), the current user, and the
 * login, registration and sign-out actions with the state their forms show.
 */
export class AuthStore {
  token: string | null;
  user: UserDto | null = null;
  /** 'idle' before the stored token was checked, 'resolving' while /api/me is pending. */
  status: AuthStatus;

  loginPending = false;
  loginError: string | null = null;

  registerPending = false;
  registerError: string | null = null;
  /** The server's message after a successful registration. */
  registerMessage: string | null = null;

  signOutEverywherePending = false;

  private returnToLoginTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly root: RootStore) {
    this.token = tokenStorage.get('user');
    this.status = this.token ? 'idle' : 'ready';
    makeAutoObservable<this, 'returnToLoginTimer'>(
      this,
      { root: false, returnToLoginTimer: false },
      { autoBind: true },
    );
  }

  get isSignedIn(): boolean {
    return this.user !== null;
  }

  /** True until we know whether the stored token belongs to someone. */
  get isResolving(): boolean {
    return this.status !== 'ready';
  }

  /** On start: a stored token is checked against /api/me and dropped if it fails. */
  async init(): Promise<void> {
    if (this.status !== 'idle') return;
    await this.loadMe();
  }

  async loadMe(): Promise<boolean> {
    if (!this.token) {
      this.user = null;
      this.status = 'ready';
      return false;
    }
    // A refresh (after switching accounts) keeps the page: only the first check shows the spinner.
    if (!this.user) this.status = 'resolving';
    let user: UserDto | undefined;
    // Down for maintenance (503): the token is not judged, it is kept, and read again when maintenance ends.
    let unavailable = false;
    try {
      const { data, response } = await this.root.api.GET('/api/me');
      user = data;
      unavailable = response.status === 503;
    } catch {
      user = undefined;
    }
    runInAction(() => {
      if (user) this.user = user;
      else if (!unavailable) this.clearSession();
      this.status = 'ready';
    });
    return user !== undefined;
  }

  async login(loginIdentifier: string, password: string): Promise<boolean> {
    this.loginPending = true;
    this.loginError = null;
    let token: string | undefined;
    let detail: string = AUTH_MESSAGES.loginFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/login', {
        body: { login_identifier: loginIdentifier.trim(), password },
      });
      token = data?.access_token;
      if (!token) detail = errorDetail(error, AUTH_MESSAGES.loginFailed);
    } catch {
      token = undefined;
    }

    if (!token) {
      runInAction(() => {
        this.loginPending = false;
        this.loginError = detail;
      });
      // Seed 002 §8: the form shows the detail, and this toast says what to do about it.
      this.root.notify.error(loginFailureToast(detail), { action: TOASTS.signIn });
      return false;
    }

    runInAction(() => this.setToken(token));
    const signedIn = await this.loadMe();
    runInAction(() => {
      this.loginPending = false;
      if (signedIn) {
        this.root.ui.reset();
        // What was read as a visitor (likes, follows, what is one's own) is read again as this user.
        this.root.videos.reset();
        this.root.reels.reset();
        this.root.movies.reset();
        this.root.channels.reset();
        this.root.comments.reset();
        this.root.home.reset();
      } else this.loginError = AUTH_MESSAGES.loginFailed;
    });
    if (signedIn) this.root.notify.clear(TOASTS.signIn);
    else this.root.notify.error(AUTH_MESSAGES.loginToastDefault, { action: TOASTS.signIn });
    return signedIn;
  }

  async register(body: RegisterRequest): Promise<boolean> {
    this.cancelReturnToLogin();
    this.registerPending = true;
    this.registerError = null;
    this.registerMessage = null;
    let message: string | undefined;
    let detail: string = AUTH_MESSAGES.registrationFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/register', { body });
      message = data?.message;
      if (!data) detail = errorDetail(error, AUTH_MESSAGES.registrationFailed);
    } catch {
      message = undefined;
    }

    runInAction(() => {
      this.registerPending = false;
      if (message !== undefined) this.registerMessage = message;
      else this.registerError = detail;
    });

    if (message === undefined) {
      // Seed 002 §8: the form shows the detail, plus this toast.
      this.root.notify.error(AUTH_MESSAGES.registrationFailed, { action: TOASTS.register });
      return false;
    }
    this.root.notify.clear(TOASTS.register);
    this.returnToLoginTimer = setTimeout(this.returnToLogin, RETURN_TO_LOGIN_MS);
    return true;
  }

  /** Forget the form messages, and any pending return to the login form (when a form is opened). */
  clearFormMessages(): void {
    this.cancelReturnToLogin();
    this.loginError = null;
    this.registerError = null;
    this.registerMessage = null;
  }

  /** Sign out on this device. */
  logout(): void {
    this.clearSession();
    this.root.ui.reset();
  }

  /** Revoke every token of this user on the server ("sign out everywhere"), then sign out here. */
  async logoutEverywhere(): Promise<boolean> {
    this.signOutEverywherePending = true;
    let done = false;
    let message = 'Signed out of all devices';
    let detail = 'Failed to sign out of all devices';
    try {
      const { data, error, response } = await this.root.api.POST('/api/logout-all');
      // 401: the token is already revoked, which is what was asked for.
      done = data !== undefined || response.status === 401;
      if (data?.message) message = data.message;
      if (!done) detail = errorDetail(error, detail);
    } catch {
      done = false;
    }
    runInAction(() => {
      this.signOutEverywherePending = false;
    });
    if (!done) {
      this.root.notify.error(detail, { action: TOASTS.signOutEverywhere });
      return false;
    }
    this.logout();
    this.root.notify.success(message, { action: TOASTS.signOutEverywhere });
    return true;
  }

  dispose(): void {
    this.cancelReturnToLogin();
  }

  private returnToLogin(): void {
    this.returnToLoginTimer = null;
    this.registerMessage = null;
    this.root.ui.openAuthPanel('login');
  }

  private cancelReturnToLogin(): void {
    if (this.returnToLoginTimer !== null) clearTimeout(this.returnToLoginTimer);
    this.returnToLoginTimer = null;
  }

  private setToken(token: string): void {
    this.token = token;
    tokenStorage.set('user', token);
  }

  private clearSession(): void {
    this.token = null;
    this.user = null;
    tokenStorage.remove('user');
    this.root.accounts.reset();
    this.root.videos.reset();
    this.root.upload.reset();
    this.root.reels.reset();
    this.root.movies.reset();
    this.root.social.reset();
    this.root.search.reset();
    this.root.earnings.reset();
    this.root.partner.reset();
    this.root.owner.reset();
    this.root.payments.reset();
    this.root.memberships.reset();
    this.root.channels.reset();
    this.root.comments.reset();
    this.root.watch.reset();
    this.root.home.reset();
    this.root.moderation.reset();
  }
}
