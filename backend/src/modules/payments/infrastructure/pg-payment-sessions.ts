import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentSession, PaymentSessionStore } from '../domain/payments.js';

interface Row {
  id: string;
  user_id: string;
  provider: 'sandbox' | 'stripe';
  purpose: PaymentSession['purpose'];
  package: string;
  package_name: string;
  amount_cents: string;
  currency: string;
  reference: Record<string, string>;
  origin_url: string;
  status: PaymentSession['status'];
  payment_status: PaymentSession['paymentStatus'];
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
}

function toSession(r: Row): PaymentSession {
  return {
    id: r.id,
    userId: r.user_id,
    provider: r.provider,
    purpose: r.purpose,
    package: r.package,
    packageName: r.package_name,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    reference: r.reference ?? {},
    originUrl: r.origin_url,
    status: r.status,
    paymentStatus: r.payment_status,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
    fulfilledAt: r.fulfilled_at ? new Date(r.fulfilled_at) : null,
  };
}

/** Payment sessions: every state change is one conditional statement, so concurrent callers cannot step back. */
@Injectable()
export class PgPaymentSessions implements PaymentSessionStore {
  constructor(private readonly em: EntityManager) {}

  async insert(s: PaymentSession): Promise<void> {
    await this.em.execute(
      `insert into payment_sessions (id, user_id, provider, purpose, package, package_name, amount_cents, currency, reference, origin_url, status, payment_status, created_at, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
      [s.id, s.userId, s.provider, s.purpose, s.package, s.packageName, s.amountCents, s.currency, JSON.stringify(s.reference), s.originUrl, s.status, s.paymentStatus, s.createdAt, s.expiresAt],
    );
  }

  async find(id: string, opts: { lock?: boolean } = {}): Promise<PaymentSession | null> {
    const rows = await this.em.execute<Row[]>(`select * from payment_sessions where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toSession(rows[0]) : null;
  }

  /** Paid: from any state (a provider's word that money moved wins over our expiry clock). */
  async markPaid(id: string, opts: { onlyOpen?: boolean } = {}): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update payment_sessions set payment_status = 'paid', status = 'complete', paid_at = now() where id = ? and payment_status = 'unpaid'${opts.onlyOpen ? " and status = 'open'" : ''} returning id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Ends an open, unpaid session (expired, declined or cancelled). */
  async close(id: string, status: 'expired' | 'failed'): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`update payment_sessions set status = ? where id = ? and status = 'open' and payment_status = 'unpaid' returning id`, [status, id]);
    return rows.length > 0;
  }

  async markFulfilled(id: string): Promise<void> {
    await this.em.execute('update payment_sessions set fulfilled_at = now() where id = ?', [id]);
  }

  /** Open sessions past their time. */
  async expireDue(now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(`update payment_sessions set status = 'expired' where status = 'open' and payment_status = 'unpaid' and expires_at < ? and provider = 'sandbox' returning id`, [now]);
    return rows.length;
  }

  async openStripeSessionsDue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from payment_sessions where status = 'open' and provider = 'stripe' and expires_at < ? order by expires_at limit ?`, [now, limit]);
    return rows.map((r) => r.id);
  }

  async unfulfilledPaid(limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from payment_sessions where payment_status = 'paid' and fulfilled_at is null order by paid_at limit ?`, [limit]);
    return rows.map((r) => r.id);
  }

  /** Records a webhook delivery once: false when this event id was seen before. */
  async recordWebhook(id: string, type: string, sessionId: string | null): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`insert into payment_webhook_events (id, type, session_id) values (?, ?, ?) on conflict (id) do nothing returning id`, [id, type, sessionId]);
    return rows.length > 0;
  }

  async webhookProcessed(id: string): Promise<void> {
    await this.em.execute('update payment_webhook_events set processed_at = now() where id = ?', [id]);
  }
}
