import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ModerationCase, type CaseResolution, type CaseStatus } from '../domain/case.js';
import type { ContentSnapshot, ContentType } from '../domain/content.js';
import type { CaseRepository, Page } from '../domain/ports.js';
import { queueCursor, timeCursor } from './cursors.js';

interface CaseRow {
  id: string;
  content_type: ContentType;
  content_id: string;
  status: CaseStatus;
  owner_user_id: string | null;
  snapshot: ContentSnapshot | string;
  report_count: number;
  first_reported_at: Date;
  last_reported_at: Date;
  resolution: CaseResolution | null;
  resolution_reason: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
}

const toCase = (r: CaseRow): ModerationCase =>
  new ModerationCase({
    id: r.id,
    contentType: r.content_type,
    contentId: r.content_id,
    status: r.status,
    ownerUserId: r.owner_user_id,
    snapshot: typeof r.snapshot === 'string' ? (JSON.parse(r.snapshot) as ContentSnapshot) : r.snapshot,
    reportCount: Number(r.report_count),
    firstReportedAt: new Date(r.first_reported_at),
    lastReportedAt: new Date(r.last_reported_at),
    resolution: r.resolution,
    resolutionReason: r.resolution_reason,
    resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
    resolvedBy: r.resolved_by,
  });

/** Moderation cases (SQL-owned table `moderation_cases`: one open case per content, by a partial unique index). */
@Injectable()
export class PgCaseRepository implements CaseRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One statement, so concurrent first reports of the same content by different people land in one case: the insert
   * that loses the race to the partial unique index counts its report on the winner's row instead.
   */
  async openCaseFor(type: ContentType, contentId: string, snapshot: ContentSnapshot, reportedAt: Date): Promise<string> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `insert into moderation_cases (id, content_type, content_id, status, owner_user_id, snapshot, report_count, first_reported_at, last_reported_at)
       values (gen_random_uuid(), ?, ?, 'open', ?, ?::jsonb, 1, ?, ?)
       on conflict (content_type, content_id) where status = 'open'
       do update set report_count = moderation_cases.report_count + 1, last_reported_at = greatest(moderation_cases.last_reported_at, excluded.last_reported_at)
       returning id`,
      [type, contentId, snapshot.ownerUserId, JSON.stringify(snapshot), reportedAt, reportedAt],
    );
    return row.id;
  }

  async find(id: string, opts: { lock?: boolean } = {}): Promise<ModerationCase | null> {
    const rows = await this.em.execute<CaseRow[]>(`select * from moderation_cases where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toCase(rows[0]) : null;
  }

  async saveDecision(c: ModerationCase): Promise<void> {
    await this.em.execute('update moderation_cases set status = ?, resolution = ?, resolution_reason = ?, resolved_at = ?, resolved_by = ? where id = ?', [
      c.status,
      c.resolution,
      c.resolutionReason,
      c.resolvedAt,
      c.resolvedBy,
      c.id,
    ]);
  }

  async list(status: CaseStatus, limit: number, cursor: string | null): Promise<Page<ModerationCase>> {
    let rows: CaseRow[];
    if (status === 'open') {
      const after = queueCursor.decode(cursor);
      rows = await this.em.execute<CaseRow[]>(
        `select * from moderation_cases where status = 'open'
           ${after ? 'and (report_count < ? or (report_count = ? and (first_reported_at > ? or (first_reported_at = ? and id > ?))))' : ''}
          order by report_count desc, first_reported_at, id limit ?`,
        after ? [after.count, after.count, after.at, after.at, after.id, limit + 1] : [limit + 1],
      );
    } else {
      const after = timeCursor.decode(cursor);
      rows = await this.em.execute<CaseRow[]>(
        `select * from moderation_cases where status = 'resolved' ${after ? 'and (resolved_at, id) < (?, ?)' : ''} order by resolved_at desc, id desc limit ?`,
        after ? [after.at, after.id, limit + 1] : [limit + 1],
      );
    }
    const items = rows.slice(0, limit).map(toCase);
    const last = items.at(-1);
    const next = rows.length > limit && last ? (status === 'open' ? queueCursor.encode(last.reportCount, last.firstReportedAt, last.id) : timeCursor.encode(last.resolvedAt!, last.id)) : null;
    return { items, next };
  }
}
