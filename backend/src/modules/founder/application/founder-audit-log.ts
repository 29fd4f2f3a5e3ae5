import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FounderAuditEntry, FounderAuditInput } from '../domain/founder-audit.js';

interface Row {
  id: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | string | null;
  address: string | null;
  created_at: Date;
}

/**
 * The founder's audit log (SQL-owned table `founder_audit_log`): every founder action is written here, once.
 * `record` joins the caller's transaction when there is one, so an action and its entry exist together.
 */
@Injectable()
export class FounderAuditLog {
  constructor(private readonly em: EntityManager) {}

  async record(e: FounderAuditInput): Promise<FounderAuditEntry> {
    const entry: FounderAuditEntry = {
      id: randomUUID(),
      action: e.action,
      target: e.target ?? null,
      detail: e.detail ?? null,
      address: e.address ?? null,
      createdAt: new Date(),
    };
    await this.em.execute(
      'insert into founder_audit_log (id, action, target, detail, address, created_at) values (?, ?, ?, ?, ?, ?)',
      [entry.id, entry.action, entry.target, entry.detail ? JSON.stringify(entry.detail) : null, entry.address, entry.createdAt],
    );
    return entry;
  }

  /** The newest entries first (the dashboard's and the tests' view of what was done). */
  async latest(limit: number): Promise<FounderAuditEntry[]> {
    const rows = await this.em.execute<Row[]>('select * from founder_audit_log order by created_at desc, seq desc limit ?', [limit]);
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      target: r.target,
      detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail,
      address: r.address,
      createdAt: new Date(r.created_at),
    }));
  }
}
