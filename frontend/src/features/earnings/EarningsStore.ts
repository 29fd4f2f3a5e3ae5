import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../app/RootStore';
import { errorDetail } from '../../shared/apiError';
import { EARNINGS_MESSAGES, type PayoutMethod } from './messages';

export type CreatorEarnings = components['schemas']['CreatorEarningsResponseDto'];
type PayoutRequest = components['schemas']['PayoutRequestDto'];
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Creator earnings (seed 001 §2, §4, §5): the signed-in user's balances, this month's revenue and payouts, all from
 * GET /api/revenue/creator/{userId}, and the payout request form. The request button works only when the server says
 * a payout may be requested, no request is in flight and an amount is entered.
 */
export class EarningsStore {
  status: LoadStatus = 'idle';
  data: CreatorEarnings | null = null;

  amount = '';
  method: PayoutMethod = 'bank_transfer';
  /** A payout request is in flight (seed 001 §4). */
  processing = false;

  /** The latest load asked for: an older answer that arrives late is dropped. */
  private loadTicket = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loadTicket'>(this, { root: false, loadTicket: false }, { autoBind: true });
  }

  get canRequestPayout(): boolean {
    return (this.data?.can_request_payout ?? false) && !this.processing && this.amount.trim() !== '';
  }

  setAmount(value: string): void {
    this.amount = value;
  }

  setMethod(method: PayoutMethod): void {
    this.method = method;
  }

  /** Loads the signed-in user's earnings; a refresh keeps the figures on screen while it runs. */
  async load(): Promise<boolean> {
    const userId = this.root.auth.user?.id;
    const ticket = ++this.loadTicket;
    if (!userId) {
      this.status = 'error';
      return false;
    }
    if (!this.data) this.status = 'loading';
    let data: CreatorEarnings | undefined;
    try {
      ({ data } = await this.root.api.GET('/api/revenue/creator/{userId}', { params: { path: { userId } } }));
    } catch {
      data = undefined;
    }
    if (ticket !== this.loadTicket) return false;
    runInAction(() => {
      if (data) {
        this.data = data;
        this.status = 'ready';
      } else {
        this.status = 'error';
      }
    });
    return data !== undefined;
  }

  /** Sends the payout request; on success the figures are loaded again (the amount moves to in transit). */
  async requestPayout(): Promise<boolean> {
    if (!this.canRequestPayout) return false;
    this.processing = true;
    const body: PayoutRequest = {
      // Sent as the user typed it: the server parses dollars exactly (at most two decimals).
      amount: this.amount.trim(),
      payment_method: this.method,
      bank_details: this.method === 'bank_transfer' ? { account_type: 'checking', country: 'US' } : null,
    };
    let ok = false;
    let detail: string = EARNINGS_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.POST('/api/payout/request', { body });
      ok = data?.success === true;
      if (!ok) detail = errorDetail(error, EARNINGS_MESSAGES.noDetail);
    } catch {
      ok = false;
    }
    runInAction(() => {
      this.processing = false;
      if (ok) this.amount = '';
    });
    if (!ok) {
      this.root.notify.error(EARNINGS_MESSAGES.payoutFailed(detail));
      return false;
    }
    this.root.notify.success(EARNINGS_MESSAGES.payoutSubmitted);
    await this.load();
    return true;
  }

  /** Forgets the user's figures (after signing out). */
  reset(): void {
    this.loadTicket += 1;
    this.status = 'idle';
    this.data = null;
    this.amount = '';
    this.method = 'bank_transfer';
    this.processing = false;
  }
}
