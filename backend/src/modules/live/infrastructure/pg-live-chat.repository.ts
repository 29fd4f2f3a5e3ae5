import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChatMessage } from '../domain/chat-message.js';
import type { LiveChatRepository } from '../domain/ports.js';

interface MessageRow {
  id: string;
  stream_id: string;
  user_id: string;
  username: string;
  message: string;
  created_at: Date;
}

const toMessage = (r: MessageRow): ChatMessage => ({ id: r.id, streamId: r.stream_id, userId: r.user_id, username: r.username, message: r.message, createdAt: new Date(r.created_at) });

/** Chat messages and timeouts (SQL-owned tables `live_comments`, `live_timeouts`). Writes join the caller's transaction. */
@Injectable()
export class PgLiveChatRepository implements LiveChatRepository {
  constructor(private readonly em: EntityManager) {}

  async add(m: ChatMessage): Promise<void> {
    await this.em.execute('insert into live_comments (id, stream_id, user_id, username, message, created_at) values (?, ?, ?, ?, ?, ?)', [m.id, m.streamId, m.userId, m.username, m.message, m.createdAt]);
  }

  async recent(streamId: string, limit: number): Promise<ChatMessage[]> {
    const rows = await this.em.execute<MessageRow[]>(
      'select id, stream_id, user_id, username, message, created_at from live_comments where stream_id = ? and deleted_at is null order by seq desc limit ?',
      [streamId, limit],
    );
    return rows.map(toMessage);
  }

  async find(streamId: string, id: string): Promise<ChatMessage | null> {
    const [row] = await this.em.execute<MessageRow[]>('select id, stream_id, user_id, username, message, created_at from live_comments where stream_id = ? and id = ? and deleted_at is null', [streamId, id]);
    return row ? toMessage(row) : null;
  }

  async markDeleted(id: string, at: Date): Promise<boolean> {
    const rows = await this.em.execute('update live_comments set deleted_at = ? where id = ? and deleted_at is null returning 1', [at, id]);
    return rows.length === 1;
  }

  async sentSince(userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.em.execute<{ n: string; oldest: Date | null }[]>('select count(*) as n, min(created_at) as oldest from live_comments where user_id = ? and created_at > ?', [userId, since]);
    return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
  }

  async lastSentAt(streamId: string, userId: string): Promise<Date | null> {
    const [row] = await this.em.execute<{ at: Date | null }[]>('select max(created_at) as at from live_comments where user_id = ? and stream_id = ?', [userId, streamId]);
    return row?.at ? new Date(row.at) : null;
  }

  async setTimeout(streamId: string, userId: string, until: Date, now: Date): Promise<void> {
    await this.em.execute(
      'insert into live_timeouts (stream_id, user_id, until, created_at) values (?, ?, ?, ?) on conflict (stream_id, user_id) do update set until = excluded.until, created_at = excluded.created_at',
      [streamId, userId, until, now],
    );
  }

  async timedOutUntil(streamId: string, userId: string): Promise<Date | null> {
    const [row] = await this.em.execute<{ until: Date }[]>('select until from live_timeouts where stream_id = ? and user_id = ?', [streamId, userId]);
    return row ? new Date(row.until) : null;
  }
}
