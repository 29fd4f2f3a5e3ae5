import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Payout, type BankDetails, type PayoutStatus } from '../domain/payout.js';
import type { PayoutRepository } from '../domain/ports.js';
import type { PayoutMethod } from '../domain/rules.js';

interface PayoutRow {
  id: string;
  user_id: string;
  amount_cents: string;
  payment_method: PayoutMethod;
  bank_details: BankDetails | null;
  status: PayoutStatus;
  requested_at: Date;
  decided_at: Date | null;
  failure_reason: string | null;
}

const toPayout = (r: PayoutRow): Payout =>
  new Payout({
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

/** Creator payouts (SQL-owned table `payouts`). */
@Injectable()
export class PgPayoutRepository implements PayoutRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string, opts: { lock?: boolean } = {}): Promise<Payout | null> {
    const rows = await this.em.execute<PayoutRow[]>(`select * from payouts where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toPayout(rows[0]) : null;
  }

  async listOf(userId: string, limit: number): Promise<Payout[]> {
    const rows = await this.em.execute<PayoutRow[]>('select * from payouts where user_id = ? order by requested_at desc limit ?', [userId, limit]);
    return rows.map(toPayout);
  }

  async pending(limit: number): Promise<Payout[]> {
    const rows = await this.em.execute<PayoutRow[]>(`select * from payouts where status = 'pending' order by requested_at limit ?`, [limit]);
    return rows.map(toPayout);
  }

  /** Requested now (the database's clock, as every other time of the ledger). */
  async add(p: Payout): Promise<void> {
    await this.em.execute(`insert into payouts (id, user_id, amount_cents, payment_method, bank_details) values (?, ?, ?, ?, ?::jsonb)`, [
      p.id,
      p.userId,
      p.amountCents,
      p.method,
      p.bankDetails ? JSON.stringify(p.bankDetails) : null,
    ]);
  }

  async saveDecision(p: Payout): Promise<void> {
    await this.em.execute('update payouts set status = ?, decided_at = now(), failure_reason = ? where id = ?', [p.status, p.failureReason, p.id]);
  }
}
