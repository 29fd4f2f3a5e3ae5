import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor, isUuid } from '../../../common/keyset.js';
import type { Notification, NotificationDraft, NotificationStore } from '../domain/notification.js';

interface Row {
  id: string;
  user_id: string;
  type: Notification['type'];
  title: string;
  message: string;
  link: Notification['link'] | string | null;
  read: boolean;
  created_at: Date;
}

const COLUMNS = 'id, user_id, type, title, message, link, read, created_at';
function toNotification(r: Row): Notification {
  return {
    id: r.id,
    userId: r.user_id,
    type: r.type,
    title: r.title,
    message: r.message,
    link: typeof r.link === 'string' ? JSON.parse(r.link) : r.link,
    read: r.read,
    createdAt: new Date(r.created_at),
  };
}

@Injectable()
export class PgNotificationStore implements NotificationStore {
  constructor(private readonly em: EntityManager) {}

  async list(userId: string, limit: number, cursor: string | undefined) {
    const c = cursor ? decodeCursor(cursor) : null;
    const rows = await this.em.execute<Row[]>(
      `select ${COLUMNS} from notifications where user_id = ? ${c ? 'and (created_at, id) < (?, ?)' : ''} order by created_at desc, id desc limit ?`,
      [userId, ...(c ? [c.at, c.id] : []), limit + 1],
    );
    const items = rows.slice(0, limit).map(toNotification);
    return { items, nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1].createdAt, items[items.length - 1].id) : null };
  }

  async unreadCount(userId: string): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>('select count(*)::int as n from notifications where user_id = ? and not read', [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.em.execute<{ user_id: string; n: number }[]>(
      'select user_id, count(*)::int as n from notifications where user_id in (?) and not read group by user_id',
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }

  async markRead(userId: string, rawId: string): Promise<Notification | null> {
    if (!isUuid(rawId)) return null;
    const id = rawId.toLowerCase();
    const rows = await this.em.execute<Row[]>(`update notifications set read = true where id = ? and user_id = ? returning ${COLUMNS}`, [id, userId]);
    return rows[0] ? toNotification(rows[0]) : null;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(
      'with changed as (update notifications set read = true where user_id = ? and not read returning 1) select count(*)::int as n from changed',
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async create(userId: string, d: NotificationDraft): Promise<Notification | null> {
    const rows = await this.em.execute<Row[]>(
      `insert into notifications (id, user_id, type, title, message, link, dedupe_key, read, created_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, false, date_trunc('milliseconds', now())) on conflict (user_id, dedupe_key) do nothing returning ${COLUMNS}`,
      [randomUUID(), userId, d.type, d.title, d.message, d.link ? JSON.stringify(d.link) : null, d.dedupeKey],
    );
    return rows[0] ? toNotification(rows[0]) : null;
  }

  async createMany(userIds: string[], d: NotificationDraft): Promise<number> {
    if (!userIds.length) return 0;
    const rows = await this.em.execute<{ n: number }[]>(
      `with added as (
         insert into notifications (id, user_id, type, title, message, link, dedupe_key, read, created_at)
         select gen_random_uuid(), u, ?, ?, ?, ?::jsonb, ?, false, date_trunc('milliseconds', now()) from unnest(array[?]::uuid[]) as u
         on conflict (user_id, dedupe_key) do nothing returning 1)
       select count(*)::int as n from added`,
      [d.type, d.title, d.message, d.link ? JSON.stringify(d.link) : null, d.dedupeKey, userIds],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async removeAllOf(userId: string): Promise<void> {
    await this.em.execute('delete from notifications where user_id = ?', [userId]);
  }

  async prune(): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(
      `with gone as (delete from notifications where (read and created_at < now() - interval '90 days') or created_at < now() - interval '365 days' returning 1)
       select count(*)::int as n from gone`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async byKeyFor(dedupeKey: string, userIds: string[]): Promise<Notification[]> {
    if (!userIds.length) return [];
    const rows = await this.em.execute<Row[]>(`select ${COLUMNS} from notifications where dedupe_key = ? and user_id in (?)`, [dedupeKey, userIds]);
    return rows.map(toNotification);
  }
}
