import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditEntry } from '../domain/audit.js';
import type { ContentType } from '../domain/content.js';
import type { AuditLog, Page } from '../domain/ports.js';
import { seqCursor } from './cursors.js';

interface AuditRow {
  id: string;
  admin_user_id: string;
  admin_username: string | null;
  action: AuditAction;
  content_type: ContentType;
  content_id: string;
  target_user_id: string | null;
  target_username: string | null;
  case_id: string | null;
  strike_id: string | null;
  reason: string;
  created_at: Date;
  seq: string;
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  adminUserId: r.admin_user_id,
  adminUsername: r.admin_username,
  action: r.action,
  contentType: r.content_type,
  contentId: r.content_id,
  targetUserId: r.target_user_id,
  targetUsername: r.target_username,
  caseId: r.case_id,
  strikeId: r.strike_id,
  reason: r.reason,
  createdAt: new Date(r.created_at),
});

/** The audit log of moderation decisions (SQL-owned table `moderation_audit_log`): rows are written once, never changed. */
@Injectable()
export class PgAuditLog implements AuditLog {
  constructor(private readonly em: EntityManager) {}

  async add(e: AuditEntry): Promise<void> {
    await this.em.execute(
      `insert into moderation_audit_log (id, admin_user_id, admin_username, action, content_type, content_id, target_user_id, target_username, case_id, strike_id, reason, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [e.id, e.adminUserId, e.adminUsername, e.action, e.contentType, e.contentId, e.targetUserId, e.targetUsername, e.caseId, e.strikeId, e.reason, e.createdAt],
    );
  }

  async list(limit: number, cursor: string | null): Promise<Page<AuditEntry>> {
    const after = seqCursor.decode(cursor);
    // Ties of time (decisions in the same millisecond) are broken by the order they were written in.
    const rows = await this.em.execute<AuditRow[]>(
      `select * from moderation_audit_log ${after ? 'where (created_at, seq) < (?, ?)' : ''} order by created_at desc, seq desc limit ?`,
      after ? [after.at, after.seq, limit + 1] : [limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { items: page.map(toEntry), next: rows.length > limit && last ? seqCursor.encode(new Date(last.created_at), last.seq) : null };
  }
}
