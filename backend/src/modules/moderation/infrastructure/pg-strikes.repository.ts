import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CONTENT_KINDS, CONTENT_TYPES, type ContentType } from '../domain/content.js';
import type { StrikeRepository } from '../domain/ports.js';
import { Strike, type AppealStatus } from '../domain/strike.js';

interface StrikeRow {
  id: string;
  user_id: string;
  case_id: string | null;
  content_type: ContentType;
  content_id: string;
  content_title: string | null;
  reason: string;
  status: 'active' | 'overturned';
  content_removed: boolean;
  created_at: Date;
  expires_at: Date;
  appeal_deadline: Date;
  files_purged_at: Date | null;
  appeal_message: string | null;
  appeal_status: AppealStatus | null;
  appealed_at: Date | null;
  appeal_decided_at: Date | null;
  appeal_decision_reason: string | null;
  appeal_decided_by: string | null;
}

const date = (d: Date | null): Date | null => (d ? new Date(d) : null);

const toStrike = (r: StrikeRow): Strike =>
  new Strike({
    id: r.id,
    userId: r.user_id,
    caseId: r.case_id,
    contentType: r.content_type,
    contentId: r.content_id,
    contentTitle: r.content_title,
    reason: r.reason,
    overturned: r.status === 'overturned',
    contentRemoved: r.content_removed,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    appealDeadline: new Date(r.appeal_deadline),
    filesPurgedAt: date(r.files_purged_at),
    appeal:
      r.appeal_status && r.appeal_message !== null && r.appealed_at
        ? {
            message: r.appeal_message,
            status: r.appeal_status,
            createdAt: new Date(r.appealed_at),
            decidedAt: date(r.appeal_decided_at),
            decisionReason: r.appeal_decision_reason,
            decidedBy: r.appeal_decided_by,
          }
        : null,
  });

/** Kinds whose removed content has files to purge. */
const WITH_FILES = CONTENT_TYPES.filter((t) => CONTENT_KINDS[t].files);

/** Guideline strikes and their appeal (SQL-owned table `moderation_strikes`: one appeal per strike, on its row). */
@Injectable()
export class PgStrikeRepository implements StrikeRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string, opts: { lock?: boolean } = {}): Promise<Strike | null> {
    const rows = await this.em.execute<StrikeRow[]>(`select * from moderation_strikes where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toStrike(rows[0]) : null;
  }

  async add(s: Strike): Promise<void> {
    await this.em.execute(
      `insert into moderation_strikes (id, user_id, case_id, content_type, content_id, content_title, reason, status, content_removed, created_at, expires_at, appeal_deadline)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.userId, s.caseId, s.contentType, s.contentId, s.contentTitle, s.reason, s.overturned ? 'overturned' : 'active', s.contentRemoved, s.createdAt, s.expiresAt, s.appealDeadline],
    );
  }

  async save(s: Strike): Promise<void> {
    const a = s.appeal;
    await this.em.execute(
      `update moderation_strikes set status = ?, content_removed = ?, files_purged_at = ?, appeal_message = ?, appeal_status = ?, appealed_at = ?,
              appeal_decided_at = ?, appeal_decision_reason = ?, appeal_decided_by = ? where id = ?`,
      [s.overturned ? 'overturned' : 'active', s.contentRemoved, s.filesPurgedAt, a?.message ?? null, a?.status ?? null, a?.createdAt ?? null, a?.decidedAt ?? null, a?.decisionReason ?? null, a?.decidedBy ?? null, s.id],
    );
  }

  async listOf(userId: string, limit: number): Promise<Strike[]> {
    const rows = await this.em.execute<StrikeRow[]>('select * from moderation_strikes where user_id = ? order by created_at desc, id desc limit ?', [userId, limit]);
    return rows.map(toStrike);
  }

  async pendingAppeals(limit: number): Promise<Strike[]> {
    const rows = await this.em.execute<StrikeRow[]>(`select * from moderation_strikes where appeal_status = 'pending' order by appealed_at, id limit ?`, [limit]);
    return rows.map(toStrike);
  }

  async activeOf(userId: string, now: Date): Promise<Strike | null> {
    const rows = await this.em.execute<StrikeRow[]>(`select * from moderation_strikes where user_id = ? and status = 'active' and expires_at > ? order by expires_at desc limit 1`, [userId, now]);
    return rows[0] ? toStrike(rows[0]) : null;
  }

  async claimPurgeDue(now: Date, limit: number): Promise<Strike[]> {
    if (!WITH_FILES.length) return [];
    const rows = await this.em.execute<StrikeRow[]>(
      `select * from moderation_strikes
        where content_removed and files_purged_at is null and appeal_status is null and status = 'active' and appeal_deadline <= ? and content_type in (?)
        order by appeal_deadline limit ? for update skip locked`,
      [now, WITH_FILES, limit],
    );
    return rows.map(toStrike);
  }
}
