import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { LivePresence } from '../domain/ports.js';
import { PRESENCE_REFRESH_MS, VIEWERS_OF_S } from './presence-sql.js';

/**
 * Who has each stream open now, shared by every server process: a row per socket in a stream's room (`live_presence`,
 * unlogged), written by the process that holds the socket, deleted when the socket leaves or closes. Each process
 * refreshes its rows every 20 s and deletes them when it stops; a crashed process's rows stop counting after 60 s.
 * Runs outside HTTP requests (socket events), on connections of its own.
 */
@Injectable()
export class PgLivePresence implements LivePresence, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LivePresence');
  /** This process, as its rows name it. */
  readonly processId = randomUUID();
  private timer?: NodeJS.Timeout;

  constructor(private readonly orm: MikroORM) {}

  private sql<T>(text: string, params: unknown[]): Promise<T> {
    return this.orm.em.getConnection().execute(text, params) as Promise<T>;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh(), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sql('delete from live_presence where process_id = ?', [this.processId]).catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    try {
      await this.sql('update live_presence set seen_at = now() where process_id = ?', [this.processId]);
    } catch (e) {
      this.logger.warn(`could not refresh live presence: ${(e as Error).message}`);
    }
  }

  async joined(streamId: string, socketId: string, userId: string | null): Promise<void> {
    await this.sql(
      'insert into live_presence (stream_id, socket_id, user_id, process_id, seen_at) values (?, ?, ?, ?, now()) on conflict (stream_id, socket_id) do update set seen_at = now()',
      [streamId, socketId, userId, this.processId],
    );
  }

  async left(streamId: string, socketId: string): Promise<void> {
    await this.sql('delete from live_presence where stream_id = ? and socket_id = ?', [streamId, socketId]);
  }

  async viewerCounts(streams: { id: string; userId: string }[]): Promise<Map<string, number>> {
    if (!streams.length) return new Map();
    const rows = await this.sql<{ id: string; n: string }[]>(
      `select s.id, ${VIEWERS_OF_S} as n from unnest(?::uuid[], ?::uuid[]) as s(id, user_id)`,
      [`{${streams.map((s) => s.id).join(',')}}`, `{${streams.map((s) => s.userId).join(',')}}`],
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }
}
