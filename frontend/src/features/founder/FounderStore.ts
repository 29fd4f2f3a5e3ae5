import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { Resource } from '../../shared/resource';
import { tokenStorage } from '../../shared/storage';
import { FounderApi, type FounderResult } from './founderApi';
import {
  DEFAULT_MINIMUM_WITHDRAWAL,
  FOUNDER_BANK_FIELDS,
  FOUNDER_MESSAGES,
  MAX_LOGO_BYTES,
  type FounderBankField,
} from './messages';
import type {
  EmergencyActionName,
  FounderAnalytics,
  FounderBankAccount,
  FounderEarnings,
  LogoInfo,
  PlatformHealth,
  RevenueBreakdown,
  SystemControls,
} from './types';

/** Seed 001 §4: unauthenticated, authenticated, and the check of a stored token in between. */
export type FounderSession = 'checking' | 'signedOut' | 'signedIn';

export type FounderTab = 'analytics' | 'revenue' | 'bank' | 'logo' | 'system' | 'controls';

/** What the access screen says above the form: the end of a session, or why a stored token was dropped. */
export interface FounderNotice {
  tone: 'info' | 'error';
  text: string;
}

const BANK_TOAST = { action: 'founder.bank-account' } as const;
const WITHDRAW_TOAST = { action: 'founder.withdraw' } as const;
const LOGO_TOAST = { action: 'founder.logo' } as const;
const EMERGENCY_TOAST = { action: 'founder.emergency' } as const;
const SESSION_TOAST = { action: 'founder.session' } as const;

const emptyBank = (): Record<FounderBankField, string> => ({
  bank_name: '',
  account_holder_name: '',
  account_number: '',
  routing_number: '',
});

/**
 * The founder app (seed 000 §2, seed 001 §2–§5): its own token ('scriven.founderToken'), the two sign-in forms, and
 * the dashboard's six tabs, each loaded from /api/founder/* when opened. A 401 on any call ends the session: the
 * token is removed and the access screen shows again.
 */
export class FounderStore {
  readonly api: FounderApi;
  token: string | null;
  session: FounderSession;
  notice: FounderNotice | null = null;
  private checking: Promise<void> | null = null;

  loginPending = false;
  loginError: string | null = null;

  readonly analytics = new Resource<FounderAnalytics>();
  readonly revenue = new Resource<RevenueBreakdown>();
  readonly bankAccount = new Resource<{ bank_account: FounderBankAccount | null }>();
  readonly earnings = new Resource<FounderEarnings>();
  readonly logo = new Resource<LogoInfo>();
  readonly health = new Resource<PlatformHealth>();
  readonly controls = new Resource<SystemControls>();

  bank: Record<FounderBankField, string> = emptyBank();
  bankErrors: Partial<Record<FounderBankField, string>> = {};
  savingBank = false;

  withdrawOpen = false;
  withdrawAmount = '';
  withdrawError: string | null = null;
  /** A withdrawal is in flight (seed 001 §4): the button is disabled. */
  processing = false;

  /** The client's check of the chosen logo file ('Please select an image file', 'Image must be smaller than 5MB'). */
  logoFileError: string | null = null;
  /** Seed 001 §4: on while the server generates the icons; the file input is disabled. */
  uploading = false;
  resetting = false;

  /** The emergency action whose reason is being asked for, and the one in flight. */
  emergencyAsked: EmergencyActionName | null = null;
  emergencyPending: EmergencyActionName | null = null;
  lastEmergencyMessage: string | null = null;

  constructor(readonly root: RootStore) {
    this.api = new FounderApi(root.api);
    this.token = tokenStorage.get('founder');
    this.session = this.token ? 'checking' : 'signedOut';
    makeAutoObservable<this, 'checking'>(
      this,
      {
        checking: false,
        root: false,
        api: false,
        analytics: false,
        revenue: false,
        bankAccount: false,
        earnings: false,
        logo: false,
        health: false,
        controls: false,
      },
      { autoBind: true },
    );
  }

  // --- Session -------------------------------------------------------------------------------------------------

  /** On load (seed 001 §2): a stored token is checked with the analytics call; a failure drops it. */
  init(): Promise<void> {
    if (this.session !== 'checking' || !this.token) return Promise.resolve();
    // Once per stored token, however often the page asks (a remount, React's development double effects).
    return (this.checking ??= this.checkStoredToken(this.token));
  }

  private async checkStoredToken(token: string): Promise<void> {
    const shown = await this.analytics.load(async () => {
      const result = await this.api.analytics(token);
      return result.ok ? result.data : undefined;
    });
    runInAction(() => {
      this.checking = null;
      if (this.token !== token) return;
      if (shown) {
        this.session = 'signedIn';
      } else {
        this.clearSession();
        this.notice = { tone: 'error', text: FOUNDER_MESSAGES.analyticsFailed };
      }
    });
  }

  async loginPersonal(email: string, phone: string, licenseNumber: string): Promise<boolean> {
    const fields = { email: email.trim(), phone: phone.trim(), license_number: licenseNumber.trim() };
    if (!fields.email || !fields.phone || !fields.license_number) {
      this.loginError = FOUNDER_MESSAGES.personalRequired;
      return false;
    }
    return this.signIn(() => this.api.personalLogin(fields), FOUNDER_MESSAGES.personalDenied);
  }

  async loginLegacy(username: string, masterKey: string): Promise<boolean> {
    if (!username.trim() || !masterKey) {
      this.loginError = FOUNDER_MESSAGES.legacyRequired;
      return false;
    }
    return this.signIn(() => this.api.legacyLogin({ username: username.trim(), password: masterKey }), FOUNDER_MESSAGES.legacyDenied);
  }

  private async signIn(
    call: () => Promise<FounderResult<{ access_token: string; message?: string }>>,
    denied: string,
  ): Promise<boolean> {
    if (this.loginPending) return false;
    this.loginPending = true;
    this.loginError = null;
    const result = await call();
    if (!result.ok) {
      runInAction(() => {
        this.loginPending = false;
        this.loginError = result.status === 0 ? FOUNDER_MESSAGES.connectionFailed : (result.detail ?? denied);
      });
      return false;
    }
    runInAction(() => {
      this.loginPending = false;
      this.resetData();
      this.token = result.data.access_token;
      tokenStorage.set('founder', result.data.access_token);
      this.notice = null;
      this.session = 'signedIn';
    });
    this.root.notify.success(result.data.message || FOUNDER_MESSAGES.accessGranted, SESSION_TOAST);
    void this.loadAnalytics();
    return true;
  }

  /** Secure Logout (seed 001 §2): the token is removed and the access screen says so. */
  logout(): void {
    this.clearSession();
    this.notice = { tone: 'info', text: FOUNDER_MESSAGES.sessionEnded };
  }

  /** A 401 on a later call: the token has expired or was revoked. */
  private expire(): void {
    if (this.session === 'signedOut') return;
    this.clearSession();
    this.notice = { tone: 'error', text: FOUNDER_MESSAGES.sessionExpired };
  }

  private clearSession(): void {
    this.token = null;
    tokenStorage.remove('founder');
    this.session = 'signedOut';
    this.loginError = null;
    this.resetData();
  }

  private resetData(): void {
    this.analytics.reset();
    this.revenue.reset();
    this.bankAccount.reset();
    this.earnings.reset();
    this.logo.reset();
    this.health.reset();
    this.controls.reset();
    this.bank = emptyBank();
    this.bankErrors = {};
    this.savingBank = false;
    this.withdrawOpen = false;
    this.withdrawAmount = '';
    this.withdrawError = null;
    this.processing = false;
    this.logoFileError = null;
    this.uploading = false;
    this.resetting = false;
    this.emergencyAsked = null;
    this.emergencyPending = null;
    this.lastEmergencyMessage = null;
  }

  clearNotice(): void {
    this.notice = null;
  }

  clearLoginError(): void {
    this.loginError = null;
  }

  /** Runs a founder call with the current token; a 401 ends the session. */
  private async authed<T>(call: (token: string) => Promise<FounderResult<T>>): Promise<FounderResult<T>> {
    const token = this.token;
    if (!token) return { ok: false, status: 401, detail: null };
    const result = await call(token);
    if (!result.ok && result.status === 401 && this.token === token) runInAction(() => this.expire());
    return result;
  }

  private loadInto<T>(resource: Resource<T>, call: (token: string) => Promise<FounderResult<T>>): Promise<boolean> {
    return resource.load(async () => {
      const result = await this.authed(call);
      return result.ok ? result.data : undefined;
    });
  }

  // --- Loads ---------------------------------------------------------------------------------------------------

  loadAnalytics(): Promise<boolean> {
    return this.loadInto(this.analytics, (t) => this.api.analytics(t));
  }

  loadRevenue(): Promise<boolean> {
    return this.loadInto(this.revenue, (t) => this.api.revenueBreakdown(t));
  }

  /** The Banking tab: the saved account and the platform's earnings. */
  async loadBanking(): Promise<void> {
    await Promise.all([
      this.loadInto(this.bankAccount, (t) => this.api.bankAccount(t)),
      this.loadInto(this.earnings, (t) => this.api.platformEarnings(t)),
    ]);
  }

  loadLogo(): Promise<boolean> {
    return this.loadInto(this.logo, (t) => this.api.currentLogo(t));
  }

  loadHealth(): Promise<boolean> {
    return this.loadInto(this.health, (t) => this.api.platformHealth(t));
  }

  loadControls(): Promise<boolean> {
    return this.loadInto(this.controls, (t) => this.api.systemControls(t));
  }

  /** The Controls tab reads the controls map, the health and the money it derives its badges and insights from. */
  async loadControlsTab(): Promise<void> {
    await Promise.all([
      this.loadControls(),
      this.loadHealth(),
      this.analytics.data ? Promise.resolve(true) : this.loadAnalytics(),
      this.revenue.data ? Promise.resolve(true) : this.loadRevenue(),
      this.bankAccount.data ? Promise.resolve(true) : this.loadInto(this.bankAccount, (t) => this.api.bankAccount(t)),
    ]);
  }

  /** "Force sync": every tab's figures read again. */
  async syncAll(): Promise<void> {
    await Promise.all([this.loadAnalytics(), this.loadRevenue(), this.loadBanking(), this.loadLogo(), this.loadHealth(), this.loadControls()]);
  }

  // --- Banking -------------------------------------------------------------------------------------------------

  setBankField(field: FounderBankField, value: string): void {
    this.bank = { ...this.bank, [field]: value };
    if (this.bankErrors[field]) this.bankErrors = { ...this.bankErrors, [field]: undefined };
  }

  /** Seed 001 §5: all four fields are required; the server checks the numbers. */
  async saveBankAccount(): Promise<boolean> {
    if (this.savingBank) return false;
    const errors: Partial<Record<FounderBankField, string>> = {};
    for (const field of FOUNDER_BANK_FIELDS) {
      if (!this.bank[field.name].trim()) errors[field.name] = field.required;
    }
    this.bankErrors = errors;
    if (Object.keys(errors).length > 0) return false;

    this.savingBank = true;
    const fields = {
      bank_name: this.bank.bank_name.trim(),
      account_number: this.bank.account_number.trim(),
      routing_number: this.bank.routing_number.trim(),
      account_holder_name: this.bank.account_holder_name.trim(),
    };
    const result = await this.authed((t) => this.api.saveBankAccount(t, fields));
    runInAction(() => {
      this.savingBank = false;
      if (!result.ok) return;
      this.bankAccount.set({ bank_account: result.data.bank_account });
      // The numbers are not kept on the page once the server has them.
      this.bank = emptyBank();
    });
    if (!result.ok) {
      if (result.status !== 401) this.root.notify.error(FOUNDER_MESSAGES.bankFailed(result.detail ?? FOUNDER_MESSAGES.noDetail), BANK_TOAST);
      return false;
    }
    this.root.notify.success(result.data.message || FOUNDER_MESSAGES.bankSaved, BANK_TOAST);
    void this.loadInto(this.earnings, (t) => this.api.platformEarnings(t));
    return true;
  }

  /** The server's minimum, else the seed's default ($100). */
  get minimumWithdrawal(): number {
    return this.earnings.data?.earnings.minimum_payout ?? DEFAULT_MINIMUM_WITHDRAWAL;
  }

  get availableBalance(): number | null {
    const available = this.earnings.data?.earnings.available_balance;
    return typeof available === 'number' ? available : null;
  }

  /** Seed 001 §5: the withdraw button is disabled below the minimum (and while one is in flight). */
  get canStartWithdrawal(): boolean {
    const available = this.availableBalance;
    return available !== null && available >= this.minimumWithdrawal && !this.processing;
  }

  openWithdraw(): void {
    const available = this.availableBalance;
    if (available === null || available < this.minimumWithdrawal) {
      this.root.notify.error(FOUNDER_MESSAGES.minimumWithdrawal(this.minimumWithdrawal), WITHDRAW_TOAST);
      return;
    }
    this.withdrawAmount = '';
    this.withdrawError = null;
    this.withdrawOpen = true;
  }

  closeWithdraw(): void {
    if (this.processing) return;
    this.withdrawOpen = false;
    this.withdrawError = null;
  }

  setWithdrawAmount(value: string): void {
    this.withdrawAmount = value;
    this.withdrawError = null;
  }

  /** Seed 001 §5's checks on the prompted amount, then the withdrawal; the balances are read again after it. */
  async withdraw(): Promise<boolean> {
    if (this.processing) return false;
    const available = this.availableBalance;
    const minimum = this.minimumWithdrawal;
    if (available === null || available < minimum) {
      this.withdrawError = FOUNDER_MESSAGES.minimumWithdrawal(minimum);
      return false;
    }
    const text = this.withdrawAmount.trim();
    const amount = Number(text);
    if (!/^\d+(\.\d{1,2})?$/.test(text) || !(amount > 0) || amount > available) {
      this.withdrawError = FOUNDER_MESSAGES.invalidWithdrawal;
      return false;
    }
    if (amount < minimum) {
      this.withdrawError = FOUNDER_MESSAGES.minimumWithdrawal(minimum);
      return false;
    }

    this.processing = true;
    this.withdrawError = null;
    const result = await this.authed((t) => this.api.withdraw(t, text));
    runInAction(() => {
      this.processing = false;
      if (result.ok) {
        this.withdrawOpen = false;
        this.withdrawAmount = '';
      } else if (result.status !== 401) {
        this.withdrawError = FOUNDER_MESSAGES.withdrawFailed(result.detail ?? FOUNDER_MESSAGES.noDetail);
      }
    });
    if (!result.ok) return false;
    this.root.notify.success(result.data.message || FOUNDER_MESSAGES.withdrawn, WITHDRAW_TOAST);
    void this.loadInto(this.earnings, (t) => this.api.platformEarnings(t));
    return true;
  }

  // --- Logo ----------------------------------------------------------------------------------------------------

  /** Seed 001 §5: an image, 5 MB or smaller; the server judges the bytes again. */
  checkLogoFile(file: File | null): boolean {
    if (!file) {
      this.logoFileError = null;
      return false;
    }
    if (!file.type.startsWith('image/')) {
      this.logoFileError = FOUNDER_MESSAGES.notAnImage;
      return false;
    }
    if (file.size > MAX_LOGO_BYTES) {
      this.logoFileError = FOUNDER_MESSAGES.tooBig;
      return false;
    }
    this.logoFileError = null;
    return true;
  }

  async uploadLogo(file: File): Promise<boolean> {
    if (this.uploading || !this.checkLogoFile(file)) return false;
    this.uploading = true;
    const result = await this.authed((t) => this.api.uploadLogo(t, file));
    runInAction(() => {
      this.uploading = false;
      if (result.ok) this.logo.set(result.data.logo);
    });
    if (!result.ok) {
      if (result.status !== 401) this.root.notify.error(FOUNDER_MESSAGES.uploadFailed(result.detail ?? FOUNDER_MESSAGES.noDetail), LOGO_TOAST);
      return false;
    }
    this.root.notify.success(result.data.message || FOUNDER_MESSAGES.logoUpdated, LOGO_TOAST);
    await this.refreshBranding();
    return true;
  }

  async resetLogo(): Promise<boolean> {
    if (this.resetting) return false;
    this.resetting = true;
    const result = await this.authed((t) => this.api.resetLogo(t));
    runInAction(() => {
      this.resetting = false;
      if (result.ok) this.logo.set(result.data.logo);
    });
    if (!result.ok) {
      if (result.status !== 401) this.root.notify.error(FOUNDER_MESSAGES.resetFailed(result.detail ?? FOUNDER_MESSAGES.noDetail), LOGO_TOAST);
      return false;
    }
    this.root.notify.success(result.data.message || FOUNDER_MESSAGES.logoReset, LOGO_TOAST);
    await this.refreshBranding();
    return true;
  }

  /** The header logo and the favicon follow the new logo: the branding store reads /api/app/branding again. */
  private async refreshBranding(): Promise<void> {
    await this.root.branding.load();
  }

  // --- Emergency actions ---------------------------------------------------------------------------------------

  askEmergency(action: EmergencyActionName): void {
    this.emergencyAsked = action;
  }

  /** Seed 001 §4: an empty reason cancels; otherwise the action is posted with it. */
  async confirmEmergency(reason: string): Promise<boolean> {
    const action = this.emergencyAsked;
    this.emergencyAsked = null;
    if (!action) return false;
    const text = reason.trim();
    if (!text) {
      this.root.notify.info(FOUNDER_MESSAGES.emergencyCancelled, EMERGENCY_TOAST);
      return false;
    }
    this.emergencyPending = action;
    const result = await this.authed((t) => this.api.emergencyAction(t, action, text));
    runInAction(() => {
      this.emergencyPending = null;
      if (result.ok) {
        this.lastEmergencyMessage = result.data.message;
        if (result.data.controls) this.controls.set(result.data.controls);
      }
    });
    if (!result.ok) {
      if (result.status !== 401) {
        const message = result.detail ? `${FOUNDER_MESSAGES.emergencyFailed}: ${result.detail}` : FOUNDER_MESSAGES.emergencyFailed;
        this.root.notify.error(message, EMERGENCY_TOAST);
      }
      return false;
    }
    this.root.notify.success(result.data.message, EMERGENCY_TOAST);
    return true;
  }

  cancelEmergency(): void {
    this.emergencyAsked = null;
  }
}

const stores = new WeakMap<RootStore, FounderStore>();

/** The founder store of this app (one per RootStore, made on first use: the founder app is a hidden route). */
export function founderStoreOf(root: RootStore): FounderStore {
  let store = stores.get(root);
  if (!store) {
    store = new FounderStore(root);
    stores.set(root, store);
  }
  return store;
}
