import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRecord, UserRecords } from '../domain/user-records.port.js';

/** The users table, one statement per operation (on the caller's transaction when there is one). */
@Injectable()
export class PgUserRecords implements UserRecords {
  constructor(private readonly em: EntityManager) {}

  async extendPremium(userId: string, days: number): Promise<{ startsAt: Date; endsAt: Date } | null> {
    const rows = await this.em.execute<{ starts_at: Date; premium_expires: Date }[]>(
      `with prev as (select id, greatest(coalesce(premium_expires, now()), now()) as starts_at from users where id = ? for update)
       update users u set is_premium = true, premium_expires = prev.starts_at + make_interval(days => ?), updated_at = now()
         from prev where u.id = prev.id returning prev.starts_at, u.premium_expires`,
      [userId, days],
    );
    return rows[0] ? { startsAt: new Date(rows[0].starts_at), endsAt: new Date(rows[0].premium_expires) } : null;
  }

  async expirePremiums(now: Date): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      'update users set is_premium = false, updated_at = now() where is_premium and premium_expires is not null and premium_expires <= ? returning id',
      [now],
    );
    return rows.map((r) => r.id);
  }

  async setCreatorProgram(userId: string, member: boolean): Promise<void> {
    await this.em.execute('update users set creator_program = ?, updated_at = now() where id = ?', [member, userId]);
  }

  async creatorProgramMembers(): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from users where creator_program and status = 'active'`);
    return rows.map((r) => r.id);
  }

  async demoUserIds(): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>('select id from users where is_demo order by created_at, id');
    return rows.map((r) => r.id);
  }

  async hasPeople(): Promise<boolean> {
    const rows = await this.em.execute<{ found: boolean }[]>('select exists (select 1 from users where not is_admin and not is_demo) as found');
    return rows[0]?.found === true;
  }

  async displayNames(userIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<{ id: string; display_name: string }[]>('select id, display_name from users where id in (?)', [ids]);
    return new Map(rows.map((r) => [r.id, r.display_name]));
  }

  async touchLastSeen(userId: string): Promise<void> {
    await this.em.execute(
      `update users set last_seen_at = now() where id = ? and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`,
      [userId],
    );
  }

  async signUps(since: Date): Promise<{ total: number; byMonth: { month: string; count: number }[] }> {
    const [t] = await this.em.execute<{ n: string }[]>('select count(*) as n from users');
    const rows = await this.em.execute<{ month: string; n: string }[]>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as n from users where created_at >= ? group by 1 order by 1`,
      [since],
    );
    return { total: Number(t?.n ?? 0), byMonth: rows.map((r) => ({ month: r.month, count: Number(r.n) })) };
  }

  async countSeenSince(since: Date): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from users where last_seen_at >= ?', [since]);
    return Number(rows[0]?.n ?? 0);
  }

  async admins(): Promise<AdminRecord[]> {
    const rows = await this.em.execute<{ id: string; display_name: string; email: string | null; status: AdminRecord['status']; last_seen_at: Date | null }[]>(
      'select id, display_name, email, status, last_seen_at from users where is_admin order by display_name_key, id',
    );
    return rows.map((r) => ({
      userId: r.id,
      displayName: r.display_name,
      email: r.email,
      status: r.status,
      lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at) : null,
    }));
  }

  async lockAdmins(): Promise<number> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext('identity:admins'))`);
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from users where is_admin');
    return Number(rows[0]?.n ?? 0);
  }

  async setAdmin(userId: string, admin: boolean): Promise<boolean> {
    // Taking admin away also bumps the token version: every token the person holds stops working at once, so an old
    // console token cannot come back to life if they are made admin again within its 8 hours.
    const rows = await this.em.execute<{ id: string }[]>(
      admin
        ? 'update users set is_admin = true, updated_at = now() where id = ? returning id'
        : 'update users set is_admin = false, token_version = token_version + 1, updated_at = now() where id = ? returning id',
      [userId],
    );
    return rows.length > 0;
  }
}
