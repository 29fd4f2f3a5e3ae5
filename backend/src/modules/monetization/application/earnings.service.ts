import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { Money } from '../../../common/money.js';
import { Accounts, InsufficientFunds, LEDGER, type Ledger } from '../domain/ledger.js';
import { CREATOR_MIN_PAYOUT_CENTS, moneyErrors, PAYOUT_METHODS, type PayoutMethod } from '../domain/rules.js';

export interface Balances {
  availableCents: number;
  pendingCents: number;
  inTransitCents: number;
  paidOutCents: number;
  lifetimeCents: number;
}

export interface Payout {
  id: string;
  userId: string;
  amountCents: number;
  method: PayoutMethod;
  bankDetails: { account_type: string; country: string } | null;
  status: 'pending' | 'completed' | 'failed';
  requestedAt: Date;
  decidedAt: Date | null;
  failureReason: string | null;
}

interface PayoutRow {
  id: string;
  user_id: string;
  amount_cents: string;
  payment_method: PayoutMethod;
  bank_details: { account_type: string; country: string } | null;
  status: Payout['status'];
  requested_at: Date;
  decided_at: Date | null;
  failure_reason: string | null;
}

const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  userId: r.user_id,
  amountCents: Number(r.amount_cents),
  method: r.payment_method,
  bankDetails: r.bank_details,
  status: r.status,
  requestedAt: new Date(r.requested_at),
  decidedAt: r.decided_at ? new Date(r.decided_at) : null,
  failureReason: r.failure_reason,
});

export const monthStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** A creator's balances, statements and payouts, all read from the ledger. */
@Injectable()
export class EarningsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DurableEvents,
    @Inject(LEDGER) private readonly ledger: Ledger,
  ) {}

  async balances(userId: string): Promise<Balances> {
    const ids = [Accounts.userAvailable(userId), Accounts.userPending(userId), Accounts.userInTransit(userId), Accounts.userPaidOut(userId)];
    const b = await this.ledger.balances(ids);
    const [available, pending, inTransit, paidOut] = ids.map((id) => b.get(id)!.balance);
    // Every earning enters pending and leaves only by a completed payout: what was earned is what is held plus what was paid.
    return { availableCents: available, pendingCents: pending, inTransitCents: inTransit, paidOutCents: paidOut, lifetimeCents: available + pending + inTransit + paidOut };
  }

  revenueThisMonth(userId: string) {
    return this.ledger.revenueSince(userId, monthStart(), 100);
  }

  async monthEarnings(userId: string): Promise<number> {
    return this.ledger.creditedSince([Accounts.userPending(userId)], monthStart());
  }

  async payouts(userId: string, limit = 20): Promise<Payout[]> {
    const rows = await this.em.execute<PayoutRow[]>('select * from payouts where user_id = ? order by requested_at desc limit ?', [userId, limit]);
    return rows.map(toPayout);
  }

  /**
   * A payout request: at least $50, at most what is available, checked under the account's row lock so concurrent
   * requests cannot overdraw it. The funds move to in-transit until an admin marks the payout completed or failed.
   */
  async requestPayout(userId: string, input: { amount: unknown; paymentMethod: unknown; bankDetails: unknown }): Promise<Payout> {
    const amount = Money.parsePositive(input.amount);
    if (!amount) throw moneyErrors.badAmount();
    if (typeof input.paymentMethod !== 'string' || !(PAYOUT_METHODS as readonly string[]).includes(input.paymentMethod)) throw moneyErrors.badMethod();
    const method = input.paymentMethod as PayoutMethod;
    let bankDetails: Payout['bankDetails'] = null;
    if (method === 'bank_transfer') {
      const d = input.bankDetails as Record<string, unknown> | null | undefined;
      const type = typeof d?.account_type === 'string' ? d.account_type : '';
      const country = typeof d?.country === 'string' ? d.country.toUpperCase() : '';
      if (!['checking', 'savings'].includes(type) || !/^[A-Z]{2}$/.test(country)) throw moneyErrors.badBankDetails();
      bankDetails = { account_type: type, country };
    }
    if (amount.cents < CREATOR_MIN_PAYOUT_CENTS) throw moneyErrors.belowPayoutMinimum();
    const id = randomUUID();
    await this.em.transactional(async () => {
      const available = await this.ledger.lockBalance(Accounts.userAvailable(userId));
      if (amount.cents > available) throw moneyErrors.aboveAvailable();
      await this.ledger.post({
        idempotencyKey: `payout:${id}`,
        kind: 'payout_request',
        memo: `Payout by ${method}`,
        userId,
        entries: [
          { accountId: Accounts.userAvailable(userId), cents: -amount.cents },
          { accountId: Accounts.userInTransit(userId), cents: amount.cents },
        ],
      });
      await this.em.execute(`insert into payouts (id, user_id, amount_cents, payment_method, bank_details) values (?, ?, ?, ?, ?::jsonb)`, [id, userId, amount.cents, method, bankDetails ? JSON.stringify(bankDetails) : null]);
      this.events.record('money.payout-status-changed', { userId, payoutId: id, status: 'pending', amountCents: amount.cents });
    }).catch((e: unknown) => {
      throw e instanceof InsufficientFunds ? moneyErrors.aboveAvailable() : e;
    });
    return (await this.payouts(userId, 1)).find((p) => p.id === id) ?? (await this.payout(id))!;
  }

  async payout(id: string): Promise<Payout | null> {
    const rows = await this.em.execute<PayoutRow[]>('select * from payouts where id = ?', [id]);
    return rows[0] ? toPayout(rows[0]) : null;
  }

  /** Payouts waiting for an admin, oldest first. */
  async pendingPayouts(limit: number): Promise<Payout[]> {
    const rows = await this.em.execute<PayoutRow[]>(`select * from payouts where status = 'pending' order by requested_at limit ?`, [limit]);
    return rows.map(toPayout);
  }

  /** An admin's decision: completed (the money left) or failed (the funds return to available). Once. */
  async decidePayout(id: string, outcome: 'completed' | 'failed', reason: string | null): Promise<Payout> {
    await this.em.transactional(async () => {
      const rows = await this.em.execute<PayoutRow[]>('select * from payouts where id = ? for update', [id]);
      if (!rows[0]) throw moneyErrors.payoutNotFound();
      const p = toPayout(rows[0]);
      if (p.status !== 'pending') throw moneyErrors.payoutDecided();
      await this.ledger.post({
        idempotencyKey: `payout:${id}:${outcome}`,
        kind: outcome === 'completed' ? 'payout_completed' : 'payout_failed',
        memo: outcome === 'completed' ? 'Payout sent' : `Payout failed${reason ? `: ${reason}` : ''}`,
        userId: p.userId,
        entries: [
          { accountId: Accounts.userInTransit(p.userId), cents: -p.amountCents },
          { accountId: outcome === 'completed' ? Accounts.userPaidOut(p.userId) : Accounts.userAvailable(p.userId), cents: p.amountCents },
        ],
      });
      await this.em.execute('update payouts set status = ?, decided_at = now(), failure_reason = ? where id = ?', [outcome, outcome === 'failed' ? (reason ?? 'The payment could not be sent') : null, id]);
      this.events.record('money.payout-status-changed', { userId: p.userId, payoutId: id, status: outcome, amountCents: p.amountCents });
    });
    return (await this.payout(id))!;
  }
}
