import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Accounts, accountOwner, checkPosting, InsufficientFunds, maturationEntries, mayGoNegative, type AccountBalance, type Ledger, type MonthlyRevenue, type Posting, type RevenueLine, type RevenueSource, type TopEarner, type TransactionKind } from '../domain/ledger.js';

/**
 * The ledger in PostgreSQL. `post` runs inside the caller's transaction: the transaction row (unique by its
 * idempotency key), the maintained balances (locked in account order, so concurrent postings cannot deadlock, and
 * checked never to go below zero) and the entries commit together or not at all.
 */
@Injectable()
export class PgLedger implements Ledger {
  constructor(private readonly em: EntityManager) {}

  /** Writes a posting once: false when its idempotency key was already posted (a replay changes nothing). */
  async post(p: Posting): Promise<boolean> {
    checkPosting(p);
    const id = randomUUID();
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into ledger_transactions (id, idempotency_key, kind, memo, user_id, matures_at, reference) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (idempotency_key) do nothing returning id`,
      [id, p.idempotencyKey, p.kind, p.memo.slice(0, 300), p.userId, p.maturesAt ?? null, p.reference ?? null],
    );
    if (inserted.length === 0) return false;
    const totals = new Map<string, number>();
    for (const e of p.entries) totals.set(e.accountId, (totals.get(e.accountId) ?? 0) + e.cents);
    const ids = [...totals.keys()].sort();
    // Lock every account of the posting in one order, then move the balances.
    await this.lockAccounts(ids);
    try {
      for (const a of ids) {
        const cents = totals.get(a)!;
        if (cents === 0) continue;
        await this.em.execute('update ledger_accounts set balance_cents = balance_cents + ?, credited_cents = credited_cents + ? where id = ?', [cents, Math.max(cents, 0), a]);
      }
    } catch (e) {
      if (String((e as Error).message).includes('ledger_accounts_not_overdrawn')) throw new InsufficientFunds();
      throw e;
    }
    const rows = p.entries.map(() => '(?, ?, ?)').join(', ');
    await this.em.execute(`insert into ledger_entries (transaction_id, account_id, amount_cents) values ${rows}`, p.entries.flatMap((e) => [id, e.accountId, e.cents]));
    return true;
  }

  /**
   * Creates missing accounts and locks them all, in id order, for the rest of the transaction. Every writer locks in
   * this one global order (a transaction that posts several times locks its whole set first), so none can deadlock.
   */
  private async lockAccounts(ids: string[]): Promise<void> {
    const sorted = [...new Set(ids)].sort();
    if (sorted.length === 0) return;
    const values = sorted.map(() => '(?, ?, ?)').join(', ');
    await this.em.execute(
      `insert into ledger_accounts (id, user_id, may_go_negative) values ${values} on conflict (id) do nothing`,
      sorted.flatMap((a) => [a, accountOwner(a), mayGoNegative(a)]),
    );
    await this.em.execute(`select id from ledger_accounts where id in (?) order by id for update`, [sorted]);
  }

  /** Locks an account for the rest of the transaction and returns its balance (0 when it has never been used). */
  async lockBalance(accountId: string): Promise<number> {
    await this.lockAccounts([accountId]);
    const rows = await this.em.execute<{ balance_cents: string }[]>('select balance_cents from ledger_accounts where id = ?', [accountId]);
    return Number(rows[0].balance_cents);
  }

  /** Balances and lifetime credits of accounts (missing accounts are zero). */
  async balances(accountIds: string[]): Promise<Map<string, AccountBalance>> {
    const out = new Map(accountIds.map((a) => [a, { balance: 0, credited: 0 }]));
    if (accountIds.length === 0) return out;
    const rows = await this.em.execute<{ id: string; balance_cents: string; credited_cents: string }[]>(
      'select id, balance_cents, credited_cents from ledger_accounts where id in (?)',
      [accountIds],
    );
    for (const r of rows) out.set(r.id, { balance: Number(r.balance_cents), credited: Number(r.credited_cents) });
    return out;
  }

  /** Sum of entries into one account since a moment (e.g. this month's revenue). */
  async creditedSince(accountIds: string[], since: Date): Promise<number> {
    if (accountIds.length === 0) return 0;
    const rows = await this.em.execute<{ s: string | null }[]>(
      'select sum(amount_cents) as s from ledger_entries where account_id in (?) and created_at >= ? and amount_cents > 0',
      [accountIds, since],
    );
    return Number(rows[0]?.s ?? 0);
  }

  /** Balance of an account as it was at a moment (the sum of its entries before it). */
  async balanceAt(accountId: string, at: Date): Promise<number> {
    const rows = await this.em.execute<{ s: string | null }[]>('select sum(amount_cents) as s from ledger_entries where account_id = ? and created_at < ?', [accountId, at]);
    return Number(rows[0]?.s ?? 0);
  }

  /** A user's revenue transactions since a moment, newest first: what they earned and what the platform kept. */
  async revenueSince(userId: string, since: Date, limit = 100): Promise<RevenueLine[]> {
    const rows = await this.em.execute<{ kind: string; created_at: Date; creator: string | null; platform: string | null }[]>(
      `select t.kind, t.created_at,
              sum(e.amount_cents) filter (where e.account_id = ?) as creator,
              sum(e.amount_cents) filter (where e.account_id like 'platform:pending:%') as platform
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.user_id = ? and t.created_at >= ? and t.kind in ('premium_pool', 'membership', 'super_chat', 'ads')
        group by t.id, t.kind, t.created_at
        order by t.created_at desc
        limit ?`,
      [Accounts.userPending(userId), userId, since, limit],
    );
    return rows.map((r) => ({ kind: r.kind, createdAt: new Date(r.created_at), creatorCents: Number(r.creator ?? 0), platformCents: Number(r.platform ?? 0) }));
  }

  async revenueByMonth(since: Date): Promise<MonthlyRevenue[]> {
    const rows = await this.em.execute<{ month: string; source: RevenueSource; gross: string | null; platform: string | null; creator: string | null }[]>(
      `select to_char(t.created_at at time zone 'UTC', 'YYYY-MM') as month,
              case when t.kind = 'premium_pool' then 'premium' else t.kind end as source,
              -sum(e.amount_cents) filter (where e.account_id like 'external:%') as gross,
              sum(e.amount_cents) filter (where e.account_id like 'platform:pending:%') as platform,
              sum(e.amount_cents) filter (where e.account_id like 'user:%:pending') as creator
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind in ('premium', 'premium_pool', 'membership', 'super_chat', 'ads') and t.created_at >= ?
        group by 1, 2
        order by 1, 2`,
      [since],
    );
    return rows.map((r) => ({ month: r.month, source: r.source, grossCents: Number(r.gross ?? 0), platformCents: Number(r.platform ?? 0), creatorCents: Number(r.creator ?? 0) }));
  }

  /** Gross paid in per reference (what left external:payments), by transactions of one kind: one grouped read. */
  async grossByReference(kind: TransactionKind, references: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (references.length === 0) return out;
    const rows = await this.em.execute<{ reference: string; gross: string }[]>(
      `select t.reference, -sum(e.amount_cents) as gross
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account_id = ?
        where t.kind = ? and t.reference in (?)
        group by t.reference`,
      [Accounts.externalPayments, kind, references],
    );
    for (const r of rows) out.set(r.reference, Number(r.gross));
    return out;
  }

  /** Lifetime credits of the creators' pending accounts (the maintained totals), highest first, ties by user id. */
  async topEarners(limit: number, offset = 0): Promise<TopEarner[]> {
    const rows = await this.em.execute<{ user_id: string; credited_cents: string }[]>(
      `select user_id, credited_cents from ledger_accounts
        where id like 'user:%:pending' and user_id is not null and credited_cents > 0
        order by credited_cents desc, user_id
        limit ? offset ?`,
      [limit, offset],
    );
    return rows.map((r) => ({ userId: r.user_id, cents: Number(r.credited_cents) }));
  }

  /** Whether a run keyed by this prefix (a month's premium pool) has posted anything. */
  async postedWithKeyPrefix(prefix: string): Promise<boolean> {
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from ledger_transactions where idempotency_key like ?', [`${prefix}%`]);
    return Number(rows[0].n) > 0;
  }

  /**
   * Moves the pending funds of transactions whose 7 days are over to available, at most `limit` transactions per
   * call, each once (its own idempotency key, and rows claimed with SKIP LOCKED so several processes can run it).
   */
  async matureDue(now: Date, limit = 200): Promise<number> {
    return this.em.transactional(async () => {
      const due = await this.em.execute<{ id: string; user_id: string | null }[]>(
        `select id, user_id from ledger_transactions where not matured and matures_at <= ? order by matures_at limit ? for update skip locked`,
        [now, limit],
      );
      if (due.length === 0) return 0;
      const entries = await this.em.execute<{ transaction_id: string; account_id: string; amount_cents: string }[]>(
        `select transaction_id, account_id, amount_cents from ledger_entries where transaction_id in (?) and (account_id like 'platform:pending:%' or account_id like 'user:%:pending')`,
        [due.map((d) => d.id)],
      );
      const postings = due.map((t) => ({
        t,
        entries: maturationEntries(entries.filter((e) => e.transaction_id === t.id).map((e) => ({ accountId: e.account_id, cents: Number(e.amount_cents) }))),
      }));
      // The whole batch's accounts first, in the global order: its postings then take locks it already holds.
      await this.lockAccounts(postings.flatMap((p) => p.entries.map((e) => e.accountId)));
      for (const { t, entries: posting } of postings) {
        if (posting.length > 0) await this.post({ idempotencyKey: `mature:${t.id}`, kind: 'maturation', memo: 'Pending funds matured', userId: t.user_id, entries: posting });
      }
      await this.em.execute('update ledger_transactions set matured = true where id in (?)', [due.map((d) => d.id)]);
      return due.length;
    });
  }
}
