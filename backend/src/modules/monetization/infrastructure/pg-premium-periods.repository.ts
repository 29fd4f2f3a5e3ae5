import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PremiumPeriodRepository } from '../domain/ports.js';
import { PremiumPeriod } from '../domain/premium.js';

/** Paid premium periods (SQL-owned table `premium_periods`, one per payment session). */
@Injectable()
export class PgPremiumPeriodRepository implements PremiumPeriodRepository {
  constructor(private readonly em: EntityManager) {}

  async add(p: PremiumPeriod): Promise<void> {
    await this.em.execute('insert into premium_periods (id, user_id, session_id, starts_at, ends_at) values (?, ?, ?, ?, ?) on conflict (session_id) do nothing', [p.id, p.userId, p.sessionId, p.startsAt, p.endsAt]);
  }

  async overlapping(from: Date, to: Date): Promise<PremiumPeriod[]> {
    const rows = await this.em.execute<{ id: string; user_id: string; session_id: string; starts_at: Date; ends_at: Date }[]>(
      'select id, user_id, session_id, starts_at, ends_at from premium_periods where ends_at > ? and starts_at < ?',
      [from, to],
    );
    return rows.map((r) => new PremiumPeriod(r.id, r.user_id, r.session_id, new Date(r.starts_at), new Date(r.ends_at)));
  }
}
