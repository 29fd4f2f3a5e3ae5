import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminAuditEntry, AdminAuditInput } from '../domain/admin-audit.js';

interface Row {
  id: string;
  admin_user_id: string;
  admin_username: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | string | null;
  created_at: Date;
  seq: string;
}

const encode = (at: Date, seq: string) => Buffer.from(`${at.toISOString()}|${seq}`).toString('base64url');
function decode(cursor: string | null | undefined): { at: Date; seq: string } | null {
  if (!cursor) return null;
  const [at, seq] = Buffer.from(cursor, 'base64url').toString().split('|');
  const when = new Date(at);
  if (Number.isNaN(when.getTime()) || !/^\d{1,18}$/.test(seq ?? '')) return null;
  return { at: when, seq };
}

/**
 * The admin console's audit log (SQL-owned table `admin_audit_log`): every admin action of the SystemAdmin context is
 * written here, once, never changed. `record` joins the caller's transaction when there is one, so an action and its
 * entry exist together.
 */
@Injectable()
export class AdminAuditLog {
  constructor(private readonly em: EntityManager) {}

  async record(e: AdminAuditInput): Promise<AdminAuditEntry> {
    const entry: AdminAuditEntry = {
      id: randomUUID(),
      adminUserId: e.adminUserId,
      adminUsername: e.adminUsername ?? null,
      action: e.action,
      target: e.target ?? null,
      detail: e.detail ?? null,
      createdAt: new Date(),
    };
    await this.em.execute(
      'insert into admin_audit_log (id, admin_user_id, admin_username, action, target, detail, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      [entry.id, entry.adminUserId, entry.adminUsername, entry.action, entry.target, entry.detail ? JSON.stringify(entry.detail) : null, entry.createdAt],
    );
    return entry;
  }

  /** When each target last had `action` done to it (e.g. when each admin was made one). */
  async latestOf(action: string, targets: string[]): Promise<Map<string, Date>> {
    if (targets.length === 0) return new Map();
    const rows = await this.em.execute<{ target: string; at: Date }[]>(
      'select target, max(created_at) as at from admin_audit_log where action = ? and target in (?) group by target',
      [action, targets],
    );
    return new Map(rows.map((r) => [r.target, new Date(r.at)]));
  }

  /** Newest first, by keyset (ties of time broken by the order they were written in). */
  async list(limit: number, cursor: string | null): Promise<{ items: AdminAuditEntry[]; nextCursor: string | null }> {
    const after = decode(cursor);
    const rows = await this.em.execute<Row[]>(
      `select * from admin_audit_log ${after ? 'where (created_at, seq) < (?, ?)' : ''} order by created_at desc, seq desc limit ?`,
      after ? [after.at, after.seq, limit + 1] : [limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        id: r.id,
        adminUserId: r.admin_user_id,
        adminUsername: r.admin_username,
        action: r.action,
        target: r.target,
        detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail,
        createdAt: new Date(r.created_at),
      })),
      nextCursor: rows.length > limit && last ? encode(new Date(last.created_at), String(last.seq)) : null,
    };
  }
}
