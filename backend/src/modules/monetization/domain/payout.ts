import { randomUUID } from 'node:crypto';
import { Money } from '../../../common/money.js';
import { Accounts, type Posting } from './ledger.js';
import { CREATOR_MIN_PAYOUT_CENTS, moneyErrors, PAYOUT_METHODS, type PayoutMethod } from './rules.js';

export type PayoutStatus = 'pending' | 'completed' | 'failed';
export type PayoutOutcome = 'completed' | 'failed';

/** Where a bank transfer goes (stored as given: the API's own field names). */
export interface BankDetails {
  account_type: string;
  country: string;
}

export interface PayoutState {
  id: string;
  userId: string;
  amountCents: number;
  method: PayoutMethod;
  bankDetails: BankDetails | null;
  status: PayoutStatus;
  requestedAt: Date;
  decidedAt: Date | null;
  failureReason: string | null;
}

/**
 * A creator's payout: requested from the available balance (the funds move to in-transit), then decided once by an
 * admin: completed (the money left: paid out) or failed (the funds return to available).
 */
export class Payout implements PayoutState {
  id!: string;
  userId!: string;
  amountCents!: number;
  method!: PayoutMethod;
  bankDetails!: BankDetails | null;
  status!: PayoutStatus;
  requestedAt!: Date;
  decidedAt!: Date | null;
  failureReason!: string | null;

  constructor(state: PayoutState) {
    Object.assign(this, state);
  }

  /** A new request, checked in the order the form shows its fields: amount, method, bank details, then the minimum. */
  static request(userId: string, input: { amount: unknown; paymentMethod: unknown; bankDetails: unknown }): Payout {
    const amount = Money.parsePositive(input.amount);
    if (!amount) throw moneyErrors.badAmount();
    if (typeof input.paymentMethod !== 'string' || !(PAYOUT_METHODS as readonly string[]).includes(input.paymentMethod)) throw moneyErrors.badMethod();
    const method = input.paymentMethod as PayoutMethod;
    let bankDetails: BankDetails | null = null;
    if (method === 'bank_transfer') {
      const d = input.bankDetails as Record<string, unknown> | null | undefined;
      const type = typeof d?.account_type === 'string' ? d.account_type : '';
      const country = typeof d?.country === 'string' ? d.country.toUpperCase() : '';
      if (!['checking', 'savings'].includes(type) || !/^[A-Z]{2}$/.test(country)) throw moneyErrors.badBankDetails();
      bankDetails = { account_type: type, country };
    }
    if (amount.cents < CREATOR_MIN_PAYOUT_CENTS) throw moneyErrors.belowPayoutMinimum();
    return new Payout({ id: randomUUID(), userId, amountCents: amount.cents, method, bankDetails, status: 'pending', requestedAt: new Date(), decidedAt: null, failureReason: null });
  }

  /** The request's posting: available to in-transit (the caller checks the available balance under its lock). */
  requestPosting(): Posting {
    return {
      idempotencyKey: `payout:${this.id}`,
      kind: 'payout_request',
      memo: `Payout by ${this.method}`,
      userId: this.userId,
      entries: [
        { accountId: Accounts.userAvailable(this.userId), cents: -this.amountCents },
        { accountId: Accounts.userInTransit(this.userId), cents: this.amountCents },
      ],
    };
  }

  /** An admin's decision, once: returns its posting (in-transit to paid out, or back to available). */
  decide(outcome: PayoutOutcome, reason: string | null): Posting {
    if (this.status !== 'pending') throw moneyErrors.payoutDecided();
    this.status = outcome;
    this.decidedAt = new Date();
    this.failureReason = outcome === 'failed' ? (reason ?? 'The payment could not be sent') : null;
    return {
      idempotencyKey: `payout:${this.id}:${outcome}`,
      kind: outcome === 'completed' ? 'payout_completed' : 'payout_failed',
      memo: outcome === 'completed' ? 'Payout sent' : `Payout failed${reason ? `: ${reason}` : ''}`,
      userId: this.userId,
      entries: [
        { accountId: Accounts.userInTransit(this.userId), cents: -this.amountCents },
        { accountId: outcome === 'completed' ? Accounts.userPaidOut(this.userId) : Accounts.userAvailable(this.userId), cents: this.amountCents },
      ],
    };
  }
}

/** A creator's balances, all from the ledger. */
export interface CreatorBalances {
  availableCents: number;
  pendingCents: number;
  inTransitCents: number;
  paidOutCents: number;
  lifetimeCents: number;
}

/** The ledger accounts that hold a creator's earnings, in the order CreatorBalances lists them. */
export const creatorAccounts = (userId: string): string[] => [Accounts.userAvailable(userId), Accounts.userPending(userId), Accounts.userInTransit(userId), Accounts.userPaidOut(userId)];

export function creatorBalances(userId: string, balances: Map<string, { balance: number }>): CreatorBalances {
  const [available, pending, inTransit, paidOut] = creatorAccounts(userId).map((id) => balances.get(id)?.balance ?? 0);
  // Every earning enters pending and leaves only by a completed payout: what was earned is what is held plus what was paid.
  return { availableCents: available, pendingCents: pending, inTransitCents: inTransit, paidOutCents: paidOut, lifetimeCents: available + pending + inTransit + paidOut };
}
