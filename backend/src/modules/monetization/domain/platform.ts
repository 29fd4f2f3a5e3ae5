import { randomUUID } from 'node:crypto';
import { ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { Money } from '../../../common/money.js';
import { Accounts, type Posting, type RevenueSource } from './ledger.js';
import { moneyErrors, OWNER_MIN_WITHDRAWAL_CENTS } from './rules.js';

/** The revenue sources the platform's earnings are reported by. */
export const PLATFORM_SOURCES: RevenueSource[] = ['premium', 'ads', 'membership', 'super_chat'];

/** The platform's bank account as it is ever shown: the last four digits only. */
export interface BankAccountView {
  bankName: string;
  accountHolder: string;
  accountLast4: string;
  isVerified: boolean;
}

/** The platform owner's bank account as entered: checked, digits only (the numbers are sealed before they are stored). */
export class BankAccountDetails {
  private constructor(
    readonly bankName: string,
    readonly accountHolder: string,
    readonly accountNumber: string,
    readonly routingNumber: string,
  ) {}

  static parse(input: { bank_name?: unknown; account_number?: unknown; routing_number?: unknown; account_holder_name?: unknown }): BankAccountDetails {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const bankName = text(input.bank_name);
    const holder = text(input.account_holder_name);
    const number = text(input.account_number).replace(/[\s-]/g, '');
    const routing = text(input.routing_number).replace(/[\s-]/g, '');
    const problems: FieldProblem[] = [];
    if (!bankName || bankName.length > 100) problems.push({ field: 'bank_name', message: 'Bank name is required (at most 100 characters)' });
    if (!holder || holder.length > 100) problems.push({ field: 'account_holder_name', message: 'Account holder name is required (at most 100 characters)' });
    if (!/^\d{4,17}$/.test(number)) problems.push({ field: 'account_number', message: 'Account number must be 4 to 17 digits' });
    if (!/^\d{9}$/.test(routing)) problems.push({ field: 'routing_number', message: 'Routing number must be 9 digits' });
    if (problems.length) throw new ValidationError(problems);
    return new BankAccountDetails(bankName, holder, number, routing);
  }

  get last4(): string {
    return this.accountNumber.slice(-4);
  }
}

/** The sealed form the bank account is stored in. */
export interface SealedBankAccount {
  bankName: string;
  accountHolder: string;
  accountNumberSealed: string;
  routingNumberSealed: string;
  accountLast4: string;
}

/** Who may move the platform's money: an administrator (by user id) or the founder (by the founder's id). */
export interface PlatformActor {
  kind: 'admin' | 'founder';
  id: string;
}

/** A withdrawal of the platform's available earnings to its bank account: at least $100, at most what is available. */
export class PlatformWithdrawal {
  private constructor(
    readonly id: string,
    readonly amountCents: number,
    readonly requestedBy: PlatformActor,
    readonly accountLast4: string,
  ) {}

  /** Checks the amount (a valid amount first, then the minimum); the caller checks the bank account is there. */
  static amountOf(raw: unknown): number {
    const amount = Money.parsePositive(raw);
    if (!amount) throw moneyErrors.invalidWithdrawal();
    if (amount.cents < OWNER_MIN_WITHDRAWAL_CENTS) throw moneyErrors.belowWithdrawalMinimum();
    return amount.cents;
  }

  static request(requestedBy: PlatformActor, amountCents: number, bank: BankAccountView): PlatformWithdrawal {
    return new PlatformWithdrawal(randomUUID(), amountCents, requestedBy, bank.accountLast4);
  }

  /** At most what is available (read under the account's lock). */
  checkAvailable(availableCents: number): void {
    if (this.amountCents > availableCents) throw moneyErrors.invalidWithdrawal();
  }

  posting(): Posting {
    return {
      idempotencyKey: `withdrawal:${this.id}`,
      kind: 'withdrawal',
      memo: `Withdrawal to the account ending ${this.accountLast4}`,
      userId: null,
      entries: [
        { accountId: Accounts.platformAvailable, cents: -this.amountCents },
        { accountId: Accounts.platformWithdrawn, cents: this.amountCents },
      ],
    };
  }
}
