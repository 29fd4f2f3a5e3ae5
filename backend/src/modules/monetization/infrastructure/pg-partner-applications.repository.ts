import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PartnerApplication, type ApplicationStatus } from '../domain/partner-application.js';
import type { PartnerApplicationRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

interface AppRow {
  id: string;
  user_id: string;
  status: ApplicationStatus;
  original_content: boolean;
  followers: number;
  watch_hours: string;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
}

const toApp = (r: AppRow): PartnerApplication =>
  new PartnerApplication({
    id: r.id,
    userId: r.user_id,
    status: r.status,
    originalContent: r.original_content,
    followers: Number(r.followers),
    watchHours: Number(r.watch_hours),
    submittedAt: new Date(r.submitted_at),
    decidedAt: r.decided_at ? new Date(r.decided_at) : null,
    reason: r.reason,
  });

/** Partner program applications (SQL-owned table `partner_applications`: one pending per user, by a partial unique index). */
@Injectable()
export class PgPartnerApplicationRepository implements PartnerApplicationRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string, opts: { lock?: boolean } = {}): Promise<PartnerApplication | null> {
    const rows = await this.em.execute<AppRow[]>(`select * from partner_applications where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toApp(rows[0]) : null;
  }

  async latestOf(userId: string): Promise<PartnerApplication | null> {
    const rows = await this.em.execute<AppRow[]>('select * from partner_applications where user_id = ? order by submitted_at desc limit 1', [userId]);
    return rows[0] ? toApp(rows[0]) : null;
  }

  async latestStatuses(userIds: string[]): Promise<Map<string, ApplicationStatus>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<{ user_id: string; status: ApplicationStatus }[]>(
      'select distinct on (user_id) user_id, status from partner_applications where user_id in (?) order by user_id, submitted_at desc',
      [ids],
    );
    return new Map(rows.map((r) => [r.user_id, r.status]));
  }

  async list(status: ApplicationStatus | 'all', limit: number): Promise<PartnerApplication[]> {
    const rows = await this.em.execute<AppRow[]>(`select * from partner_applications ${status === 'all' ? '' : 'where status = ?'} order by submitted_at limit ?`, status === 'all' ? [limit] : [status, limit]);
    return rows.map(toApp);
  }

  async add(a: PartnerApplication): Promise<void> {
    try {
      await this.em.execute('insert into partner_applications (id, user_id, status, original_content, followers, watch_hours) values (?, ?, ?, ?, ?, ?)', [
        a.id,
        a.userId,
        a.status,
        a.originalContent,
        a.followers,
        a.watchHours,
      ]);
    } catch (e) {
      // A concurrent application won the race to the one pending slot.
      if (String((e as Error).message).includes('partner_applications_one_pending')) throw moneyErrors.alreadyApplied();
      throw e;
    }
  }

  async saveDecision(a: PartnerApplication): Promise<void> {
    await this.em.execute('update partner_applications set status = ?, decided_at = now(), reason = ? where id = ?', [a.status, a.reason, a.id]);
  }
}
