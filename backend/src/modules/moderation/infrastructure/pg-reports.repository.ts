import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ContentType, ReportReason } from '../domain/content.js';
import type { ReportRepository } from '../domain/ports.js';
import { Report, type ReportStatus } from '../domain/report.js';

interface ReportRow {
  id: string;
  case_id: string;
  reporter_user_id: string;
  content_type: ContentType;
  content_id: string;
  reason: ReportReason;
  description: string | null;
  timestamp_seconds: number | null;
  status: ReportStatus;
  created_at: Date;
}

const toReport = (r: ReportRow): Report =>
  new Report({
    id: r.id,
    caseId: r.case_id,
    reporterUserId: r.reporter_user_id,
    contentType: r.content_type,
    contentId: r.content_id,
    reason: r.reason,
    description: r.description,
    timestampSeconds: r.timestamp_seconds === null ? null : Number(r.timestamp_seconds),
    status: r.status,
    createdAt: new Date(r.created_at),
  });

/** Reports (SQL-owned table `moderation_reports`: one per reporter and content, by a unique constraint). */
@Injectable()
export class PgReportRepository implements ReportRepository {
  constructor(private readonly em: EntityManager) {}

  async exists(reporterUserId: string, type: ContentType, contentId: string): Promise<boolean> {
    const rows = await this.em.execute('select 1 from moderation_reports where reporter_user_id = ? and content_type = ? and content_id = ?', [reporterUserId, type, contentId]);
    return rows.length > 0;
  }

  async countSince(reporterUserId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.em.execute<{ n: string; oldest: Date | null }[]>('select count(*) as n, min(created_at) as oldest from moderation_reports where reporter_user_id = ? and created_at > ?', [
      reporterUserId,
      since,
    ]);
    return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
  }

  async add(r: Report): Promise<boolean> {
    const rows = await this.em.execute(
      `insert into moderation_reports (id, case_id, reporter_user_id, content_type, content_id, reason, description, timestamp_seconds, status, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (reporter_user_id, content_type, content_id) do nothing returning id`,
      [r.id, r.caseId, r.reporterUserId, r.contentType, r.contentId, r.reason, r.description, r.timestampSeconds, r.status, r.createdAt],
    );
    return rows.length === 1;
  }

  async resolveOpen(caseId: string, outcome: string, at: Date): Promise<{ id: string; reporterUserId: string }[]> {
    const rows = await this.em.execute<{ id: string; reporter_user_id: string }[]>(
      `update moderation_reports set status = 'resolved', outcome = ?, resolved_at = ? where case_id = ? and status = 'open' returning id, reporter_user_id`,
      [outcome, at, caseId],
    );
    return rows.map((r) => ({ id: r.id, reporterUserId: r.reporter_user_id }));
  }

  async latestOf(caseIds: string[], perCase: number): Promise<Map<string, Report[]>> {
    const out = new Map<string, Report[]>(caseIds.map((id) => [id, []]));
    if (!caseIds.length) return out;
    const rows = await this.em.execute<ReportRow[]>(
      `select r.* from unnest(?::uuid[]) as c(id)
         cross join lateral (select * from moderation_reports where case_id = c.id order by created_at desc, id desc limit ?) r`,
      [`{${caseIds.join(',')}}`, perCase],
    );
    for (const row of rows) out.get(row.case_id)?.push(toReport(row));
    return out;
  }
}
