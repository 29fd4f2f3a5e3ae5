import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';
import { EARNINGS_MESSAGES, type PayoutMethod } from './messages';

export type CreatorEarnings = components['schemas']['CreatorEarningsResponseDto'];
type PayoutRequest = components['schemas']['PayoutRequestDto'];

/**
 * Creator earnings (seed 001 §2, §4, §5): the signed-in user's balances, this month's revenue and payouts, all from
 * GET /api/revenue/creator/{userId}, and the payout request form. The request button works only when the server says
 * a payout may be requested, no request is in flight and an amount is entered.
 */
export class EarningsStore {
  private readonly earnings = new Resource<CreatorEarnings>();

  amount = '';
  method: PayoutMethod = 'bank_transfer';
  /** A payout request is in flight (seed 001 §4). */
  processing = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'earnings'>(this, { root: false, earnings: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.earnings.status;
  }

  get data(): CreatorEarnings | null {
    return this.earnings.data;
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
  load(): Promise<boolean> {
    const userId = this.root.auth.user?.id;
    return this.earnings.load(async () =>
      userId ? (await this.root.api.GET('/api/revenue/creator/{userId}', { params: { path: { userId } } })).data : undefined,
    );
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
    const result = await sendChange(() => this.root.api.POST('/api/payout/request', { body }), EARNINGS_MESSAGES.noDetail, (data) => data.success === true);
    runInAction(() => {
      this.processing = false;
      if (result.ok) this.amount = '';
    });
    if (!result.ok) {
      this.root.notify.error(EARNINGS_MESSAGES.payoutFailed(result.detail), { action: 'earnings.payout' });
      return false;
    }
    this.root.notify.success(EARNINGS_MESSAGES.payoutSubmitted, { action: 'earnings.payout' });
    await this.load();
    return true;
  }

  /** Forgets the user's figures (after signing out). */
  reset(): void {
    this.earnings.reset();
    this.amount = '';
    this.method = 'bank_transfer';
    this.processing = false;
  }
}
