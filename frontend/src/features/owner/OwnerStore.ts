import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';
import { BANK_FIELDS, DEFAULT_MINIMUM_WITHDRAWAL, OWNER_MESSAGES, type BankField } from './messages';

export type PlatformEarnings = components['schemas']['PlatformEarningsResponseDto'];

/** The actions whose toasts replace each other (see `Notifier`). */
const BANK_TOAST = { action: 'owner.bank-account' } as const;
const WITHDRAW_TOAST = { action: 'owner.withdraw' } as const;

const emptyBank = (): Record<BankField, string> => ({
  bank_name: '',
  account_holder_name: '',
  account_number: '',
  routing_number: '',
});

/**
 * Platform owner earnings (seed 001 §2 "Owner", the admin's updates section): the platform's balances and revenue by
 * source from GET /api/platform/earnings, the bank account form, and withdrawals to that account.
 */
export class OwnerStore {
  private readonly earnings = new Resource<PlatformEarnings>();

  bank: Record<BankField, string> = emptyBank();
  bankErrors: Partial<Record<BankField, string>> = {};
  savingBank = false;

  amount = '';
  /** A withdrawal is in flight (seed 001 §4). */
  processing = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'earnings'>(this, { root: false, earnings: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.earnings.status;
  }

  get data(): PlatformEarnings | null {
    return this.earnings.data;
  }

  /** The page is for admins only (seed 001 §6). */
  get isAdmin(): boolean {
    return this.root.auth.user?.is_admin ?? false;
  }

  /** The server's minimum, else the seed's default ($100). */
  get minimumWithdrawal(): number {
    return this.data?.earnings.minimum_payout ?? DEFAULT_MINIMUM_WITHDRAWAL;
  }

  /** Seed 001 §5: disabled unless the server says a withdrawal may be made, none is in flight and an amount is entered. */
  get canWithdraw(): boolean {
    return (this.data?.can_withdraw ?? false) && !this.processing && this.amount.trim() !== '';
  }

  setBankField(field: BankField, value: string): void {
    this.bank = { ...this.bank, [field]: value };
    if (this.bankErrors[field]) this.bankErrors = { ...this.bankErrors, [field]: undefined };
  }

  setAmount(value: string): void {
    this.amount = value;
  }

  load(): Promise<boolean> {
    return this.earnings.load(async () => (await this.root.api.GET('/api/platform/earnings')).data);
  }

  /** Saves the bank account: every field is required; the server checks the numbers. */
  async saveBankAccount(): Promise<boolean> {
    if (this.savingBank) return false;
    const errors: Partial<Record<BankField, string>> = {};
    for (const field of BANK_FIELDS) {
      if (!this.bank[field.name].trim()) errors[field.name] = field.required;
    }
    this.bankErrors = errors;
    if (Object.keys(errors).length > 0) return false;

    this.savingBank = true;
    const body = {
      bank_name: this.bank.bank_name.trim(),
      account_holder_name: this.bank.account_holder_name.trim(),
      account_number: this.bank.account_number.trim(),
      routing_number: this.bank.routing_number.trim(),
    };
    const result = await sendChange(() => this.root.api.POST('/api/platform/bank-account', { body }), OWNER_MESSAGES.noDetail, (data) => data.success === true);
    runInAction(() => {
      this.savingBank = false;
      if (!result.ok) return;
      if (this.data) this.earnings.set({ ...this.data, bank_account: result.data.bank_account });
      // The numbers are not kept on the page once the server has them.
      this.bank = emptyBank();
    });
    if (!result.ok) {
      this.root.notify.error(OWNER_MESSAGES.bankFailed(result.detail), BANK_TOAST);
      return false;
    }
    this.root.notify.success(OWNER_MESSAGES.bankAdded, BANK_TOAST);
    await this.load();
    return true;
  }

  /** Seed 001 §5's checks, then the withdrawal; the figures are loaded again after it. */
  async withdraw(): Promise<boolean> {
    if (!this.canWithdraw || !this.data) return false;
    const available = this.data.earnings.available_balance;
    const minimum = this.minimumWithdrawal;
    if (typeof available !== 'number' || available < minimum) {
      this.root.notify.error(OWNER_MESSAGES.minimumWithdrawal(minimum), WITHDRAW_TOAST);
      return false;
    }
    const text = this.amount.trim();
    const amount = Number(text);
    if (!/^\d+(\.\d{1,2})?$/.test(text) || !(amount > 0) || amount > available) {
      this.root.notify.error(OWNER_MESSAGES.invalidWithdrawal, WITHDRAW_TOAST);
      return false;
    }
    if (amount < minimum) {
      this.root.notify.error(OWNER_MESSAGES.minimumWithdrawal(minimum), WITHDRAW_TOAST);
      return false;
    }

    this.processing = true;
    // Sent as typed: the server parses dollars exactly.
    const result = await sendChange(() => this.root.api.POST('/api/platform/withdraw', { body: { amount: text } }), OWNER_MESSAGES.noDetail, (data) => data.success === true);
    runInAction(() => {
      this.processing = false;
      if (result.ok) this.amount = '';
    });
    if (!result.ok) {
      this.root.notify.error(OWNER_MESSAGES.withdrawFailed(result.detail), WITHDRAW_TOAST);
      return false;
    }
    this.root.notify.success(OWNER_MESSAGES.withdrawn, WITHDRAW_TOAST);
    await this.load();
    return true;
  }

  reset(): void {
    this.earnings.reset();
    this.bank = emptyBank();
    this.bankErrors = {};
    this.savingBank = false;
    this.amount = '';
    this.processing = false;
  }
}
