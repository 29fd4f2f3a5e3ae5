import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UploadSession } from '../domain/upload-session.js';
import type { SessionRepository } from '../domain/ports.js';
import { isUuid } from '../../../common/keyset.js';

@Injectable()
export class MikroSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string) {
    if (!isUuid(id)) return null;
    return this.em.findOne(UploadSession, { id }, { refresh: true });
  }

  add(session: UploadSession) {
    this.em.persist(session);
  }

  activeOf(userId: string) {
    return this.em.count(UploadSession, { userId, status: 'active', lastActivityAt: { $gt: new Date(Date.now() - 24 * 3600_000) } });
  }

  async outstandingBytesOf(userId: string) {
    const [row] = await this.em.execute<{ bytes: string | null }[]>(
      `select sum(total_size - received_count::bigint * chunk_size) as bytes from upload_sessions where status = 'active' and user_id = ?`,
      [userId],
    );
    return Math.max(0, Number(row?.bytes ?? 0));
  }

  /**
   * Marks a chunk received. Its bytes are already on the disk (O_DSYNC), so this commit need not wait for the WAL
   * flush (synchronous_commit off, for this transaction only): a mark lost in an operating-system crash only means
   * the client sends that chunk again when it resumes, while a sequential upload stops waiting for a second disk
   * flush per chunk.
   */
  async markReceived(id: string, index: number) {
    const rows = await this.em.transactional(async () => {
      await this.em.execute('set local synchronous_commit = off');
      return this.em.execute<{ received_count: number }[]>(
        `update upload_sessions set
           received_count = received_count + (1 - get_bit(received, ?)),
           received = set_bit(received, ?, 1),
           last_activity_at = now()
         where id = ? and status = 'active' returning received_count`,
        [index, index, id],
      );
    });
    return rows.length ? Number(rows[0].received_count) : null;
  }

  /** Un-counts a chunk about to be written again. A chunk never received changes no row, so its commit waits for nothing. */
  async clearReceived(id: string, index: number) {
    await this.em.execute(
      `update upload_sessions set received_count = received_count - 1, received = set_bit(received, ?, 0), last_activity_at = now() where id = ? and get_bit(received, ?) = 1`,
      [index, id, index],
    );
  }

  async setContainer(id: string, container: string) {
    await this.em.execute('update upload_sessions set container = ? where id = ?', [container, id]);
  }

  async activeAmong(ids: string[]) {
    if (!ids.length) return new Set<string>();
    const rows = await this.em.execute<{ id: string }[]>(`select id from upload_sessions where status = 'active' and id in (?)`, [ids]);
    return new Set(rows.map((r) => r.id));
  }

  idleSince(before: Date, limit: number) {
    return this.em.find(UploadSession, { status: 'active', lastActivityAt: { $lt: before } }, { limit });
  }
}
