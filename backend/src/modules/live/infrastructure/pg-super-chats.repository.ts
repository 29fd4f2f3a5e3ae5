import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SuperChatRepository } from '../domain/ports.js';
import type { SuperChat, SuperChatPackageId } from '../domain/super-chat.js';

interface SuperChatRow {
  id: string;
  stream_id: string;
  user_id: string;
  username: string;
  package_id: SuperChatPackageId;
  amount_cents: number;
  message: string;
  payment_session_id: string;
  created_at: Date;
  pinned_until: Date;
}

const COLUMNS = 'id, stream_id, user_id, username, package_id, amount_cents, message, payment_session_id, created_at, pinned_until';

const toSuperChat = (r: SuperChatRow): SuperChat => ({
  id: r.id,
  streamId: r.stream_id,
  userId: r.user_id,
  username: r.username,
  packageId: r.package_id,
  amountCents: Number(r.amount_cents),
  message: r.message,
  paymentSessionId: r.payment_session_id,
  createdAt: new Date(r.created_at),
  pinnedUntil: new Date(r.pinned_until),
});

/** Paid Super Chats (SQL-owned table `live_super_chats`, one per payment session). Writes join the caller's transaction. */
@Injectable()
export class PgSuperChatRepository implements SuperChatRepository {
  constructor(private readonly em: EntityManager) {}

  async add(s: SuperChat): Promise<boolean> {
    const rows = await this.em.execute(
      `insert into live_super_chats (id, stream_id, user_id, username, package_id, amount_cents, message, payment_session_id, created_at, pinned_until)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (payment_session_id) do nothing returning 1`,
      [s.id, s.streamId, s.userId, s.username.slice(0, 100), s.packageId, s.amountCents, s.message, s.paymentSessionId, s.createdAt, s.pinnedUntil],
    );
    return rows.length === 1;
  }

  async find(id: string): Promise<SuperChat | null> {
    const [row] = await this.em.execute<SuperChatRow[]>(`select ${COLUMNS} from live_super_chats where id = ?`, [id]);
    return row ? toSuperChat(row) : null;
  }

  async recent(streamId: string, limit: number): Promise<SuperChat[]> {
    const rows = await this.em.execute<SuperChatRow[]>(`select ${COLUMNS} from live_super_chats where stream_id = ? order by seq desc limit ?`, [streamId, limit]);
    return rows.map(toSuperChat);
  }
}
