import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { localStore } from '../../shared/storage';
import { PAYMENT_MESSAGES, PAYMENT_POLL, PENDING_PAYMENT_KEY } from './messages';
import { browserNavigation, checkoutReturnUrl, currentPageUrl } from './redirect';
import {
  PAYMENT_TYPES,
  type CheckoutResponse,
  type PaymentStatusResponse,
  type PaymentType,
  type PendingPayment,
  type PremiumPackage,
  type SubscriptionStatusResponse,
  type SuperChatPackageId,
} from './types';

/** The address parameters a hosted checkout comes back with (seed 001 §2). */
const RETURN_PARAMS = ['session_id', 'type', 'cancelled'] as const;

/** A payment, from its checkout to what its return says, is one action for its toasts (see `Notifier`). */
const PAYMENT_TOAST = { action: 'payments.checkout' } as const;

/** What one status check found. */
type CheckResult =
  | { kind: 'answer'; paid: boolean; status: 'open' | 'complete' | 'expired' | 'failed'; packageName: string | null }
  | { kind: 'unknown-session' }
  | { kind: 'error' };

function paymentType(value: string | null | undefined): PaymentType | null {
  return PAYMENT_TYPES.find((type) => type === value) ?? null;
}

function readPending(): PendingPayment | null {
  const value = localStore.readJson(PENDING_PAYMENT_KEY);
  if (!value || typeof value !== 'object') return null;
  const { session_id: sessionId, type } = value as Partial<Record<keyof PendingPayment, unknown>>;
  const known = paymentType(typeof type === 'string' ? type : null);
  return typeof sessionId === 'string' && known ? { session_id: sessionId, type: known } : null;
}

/** Without storage the return still works: the address carries the session and its type. */
function writePending(pending: PendingPayment): void {
  localStore.writeJson(PENDING_PAYMENT_KEY, pending);
}

function clearPending(): void {
  localStore.remove(PENDING_PAYMENT_KEY);
}

/** Takes the payment parameters out of the address, without a reload or a new history entry. */
function clearReturnParams(): void {
  const url = new URL(window.location.href);
  if (!RETURN_PARAMS.some((name) => url.searchParams.has(name))) return;
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Payments (seed 001 §4, §7): starting a checkout (premium, a channel membership) and sending the browser to the hosted
 * page, and the return from it: the processing overlay while the status is polled (every 2 s, at most 5 times), then
 * the outcome as a toast, the user refreshed and the section that shows what was bought.
 */
export class PaymentsStore {
  /** The processing overlay is shown while this is true. */
  processing = false;
  /** What the overlay says. */
  processingMessage: string = PAYMENT_MESSAGES.checking;
  /** The checkout being started ('premium:monthly', 'membership:<channel>:<tier>'), until the browser leaves. */
  checkoutKey: string | null = null;

  /** The session being checked, so a second start for it (React's StrictMode) does nothing. */
  private sessionId: string | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on reset: a check that answers after it is dropped. */
  private run = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'sessionId' | 'pollTimer' | 'run'>(
      this,
      { root: false, sessionId: false, pollTimer: false, run: false },
      { autoBind: true },
    );
    globalThis.window?.addEventListener('pageshow', this.onPageShow);
  }

  /** True while a checkout is being started: every Subscribe and Join button waits. */
  get checkoutStarting(): boolean {
    return this.checkoutKey !== null;
  }

  isStarting(key: string): boolean {
    return this.checkoutKey === key;
  }

  // ---- Checkout ----

  /** Premium, monthly or yearly (seed 001 §7): to the hosted page, or the error as a toast. */
  startPremiumCheckout(pkg: PremiumPackage): Promise<boolean> {
    return this.startCheckout(
      premiumCheckoutKey(pkg),
      'premium',
      () => this.root.api.POST('/api/subscriptions/premium/checkout', { body: { package_type: pkg, origin_url: checkoutReturnUrl() } }),
      PAYMENT_MESSAGES.subscriptionFailed,
    );
  }

  /** One of a channel's membership tiers, by name (seed 001 §5, §7). */
  startMembershipCheckout(channelId: string, tierName: string): Promise<boolean> {
    return this.startCheckout(
      membershipCheckoutKey(channelId, tierName),
      'membership',
      () =>
        this.root.api.POST('/api/subscriptions/channel/{channelId}/checkout', {
          params: { path: { channelId } },
          body: { package_type: tierName, origin_url: checkoutReturnUrl() },
        }),
      PAYMENT_MESSAGES.membershipFailed,
    );
  }

  /**
   * A Super Chat on a live stream (seed 001 §7): POST /api/super-chat/send, back to this page (`origin_url`) with
   * `type=super_chat`, where the return overlay checks it.
   */
  startSuperChatCheckout(streamId: string, packageId: SuperChatPackageId, message: string): Promise<boolean> {
    return this.startCheckout(
      superChatCheckoutKey(streamId),
      'super_chat',
      () =>
        this.root.api.POST('/api/super-chat/send', {
          body: { stream_id: streamId, package_id: packageId, message, origin_url: currentPageUrl() },
        }),
      PAYMENT_MESSAGES.superChatFailed,
    );
  }

  private async startCheckout(
    key: string,
    type: PaymentType,
    call: () => Promise<{ data?: CheckoutResponse; error?: unknown }>,
    failed: (detail: string) => string,
  ): Promise<boolean> {
    if (this.checkoutKey !== null) return false;
    this.checkoutKey = key;
    let checkout: CheckoutResponse | undefined;
    let detail: string = PAYMENT_MESSAGES.noDetail;
    try {
      const { data, error } = await call();
      checkout = data;
      if (!data) detail = errorDetail(error, PAYMENT_MESSAGES.noDetail);
    } catch {
      checkout = undefined;
    }
    if (!checkout) {
      runInAction(() => {
        this.checkoutKey = null;
      });
      this.root.notify.error(failed(detail), PAYMENT_TOAST);
      return false;
    }
    writePending({ session_id: checkout.session_id, type });
    // The button keeps waiting while the browser leaves; coming back through the history resets it (onPageShow).
    browserNavigation.assign(checkout.url);
    return true;
  }

  /** A page brought back from the browser's history cache after leaving for a checkout is usable again. */
  private onPageShow(event: PageTransitionEvent): void {
    if (event.persisted) this.checkoutKey = null;
  }

  // ---- Return from the hosted page ----

  /**
   * The signed-in shell calls this with the address's query when it opens. `session_id`: the overlay, and the status
   * polled; `cancelled`: an info toast. Either way the parameters leave the address once handled.
   */
  handleReturn(search: string): void {
    const params = new URLSearchParams(search);
    const sessionId = params.get('session_id');
    if (sessionId) {
      if (this.sessionId === sessionId) return;
      const pending = readPending();
      const type = paymentType(params.get('type')) ?? (pending?.session_id === sessionId ? pending.type : null) ?? 'premium';
      this.stopPolling();
      this.run += 1;
      this.sessionId = sessionId;
      this.processing = true;
      this.processingMessage = PAYMENT_MESSAGES.checking;
      void this.check(this.run, sessionId, type, 1);
      return;
    }
    if (params.has('cancelled')) {
      const type = paymentType(params.get('type')) ?? readPending()?.type ?? null;
      clearPending();
      clearReturnParams();
      this.root.notify.info(PAYMENT_MESSAGES.cancelled, PAYMENT_TOAST);
      // Back where the purchase started, so trying again is one click away.
      if (type === 'membership') this.root.ui.setSection('memberships');
      else if (type === 'premium') this.root.ui.setSection('premium');
    }
  }

  private async check(run: number, sessionId: string, type: PaymentType, attempt: number): Promise<void> {
    const result = await this.fetchStatus(sessionId, type);
    if (run !== this.run) return;

    if (result.kind === 'error') return this.finish(run, () => this.root.notify.error(PAYMENT_MESSAGES.checkFailed, PAYMENT_TOAST));
    if (result.kind === 'unknown-session') return this.finish(run, () => this.root.notify.error(PAYMENT_MESSAGES.verifyFailed, PAYMENT_TOAST));
    if (result.paid) return this.succeed(run, type, result.packageName);
    if (result.status === 'expired') return this.finish(run, () => this.root.notify.error(PAYMENT_MESSAGES.expired, PAYMENT_TOAST));
    if (result.status === 'failed') return this.finish(run, () => this.root.notify.error(PAYMENT_MESSAGES.failedOrExpired, PAYMENT_TOAST));
    if (attempt >= PAYMENT_POLL.maxAttempts) return this.finish(run, () => this.root.notify.error(PAYMENT_MESSAGES.timedOut, PAYMENT_TOAST));

    runInAction(() => {
      this.processingMessage = PAYMENT_MESSAGES.processing;
      this.pollTimer = setTimeout(() => {
        this.pollTimer = null;
        void this.check(run, sessionId, type, attempt + 1);
      }, PAYMENT_POLL.intervalMs);
    });
  }

  /** Premium and Super Chat returns poll the payment status; membership returns the subscription status (seed 001 §7). */
  private async fetchStatus(sessionId: string, type: PaymentType): Promise<CheckResult> {
    try {
      const params = { params: { path: { sessionId } } };
      let data: PaymentStatusResponse | SubscriptionStatusResponse | undefined;
      let response: Response;
      if (type === 'membership') ({ data, response } = await this.root.api.GET('/api/subscriptions/status/{sessionId}', params));
      else ({ data, response } = await this.root.api.GET('/api/payments/status/{sessionId}', params));
      if (!data) return response.status === 404 ? { kind: 'unknown-session' } : { kind: 'error' };
      return {
        kind: 'answer',
        paid: data.payment_status === 'paid',
        status: data.status,
        packageName: 'package_name' in data ? data.package_name : null,
      };
    } catch {
      return { kind: 'error' };
    }
  }

  /** Paid: the user (premium, memberships) refreshed, the toast, and the section that shows what was bought. */
  private async succeed(run: number, type: PaymentType, packageName: string | null): Promise<void> {
    await this.root.auth.loadMe();
    if (run !== this.run) return;
    this.finish(run, () => {
      if (type === 'membership') {
        this.root.notify.success(PAYMENT_MESSAGES.subscribed(packageName ?? 'the membership'), PAYMENT_TOAST);
        this.root.memberships.invalidate();
        this.root.ui.setSection('memberships');
      } else if (type === 'premium') {
        this.root.notify.success(PAYMENT_MESSAGES.premiumSubscribed, PAYMENT_TOAST);
        this.root.ui.setSection('premium');
      } else {
        this.root.notify.success(PAYMENT_MESSAGES.superChatSent, PAYMENT_TOAST);
      }
    });
  }

  private finish(run: number, report: () => void): void {
    if (run !== this.run) return;
    this.processing = false;
    this.sessionId = null;
    clearPending();
    clearReturnParams();
    report();
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  /** After signing out: no overlay, no check still to come. */
  reset(): void {
    this.stopPolling();
    this.run += 1;
    this.sessionId = null;
    this.processing = false;
    this.processingMessage = PAYMENT_MESSAGES.checking;
    this.checkoutKey = null;
  }

  dispose(): void {
    this.reset();
    globalThis.window?.removeEventListener('pageshow', this.onPageShow);
  }
}

export const premiumCheckoutKey = (pkg: PremiumPackage) => `premium:${pkg}`;
export const superChatCheckoutKey = (streamId: string) => `super_chat:${streamId}`;
export const membershipCheckoutKey = (channelId: string, tierName: string) => `membership:${channelId}:${tierName}`;
