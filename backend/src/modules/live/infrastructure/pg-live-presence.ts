import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { LivePresence } from '../domain/ports.js';
import { PRESENCE_REFRESH_MS, PRESENCE_TTL_SECONDS, VIEWERS_OF_S, visitorKey } from './presence-sql.js';

/**
 * Who has each stream open now, shared by every server process: a row per socket in a stream's room (`live_presence`,
 * unlogged), written by the process that holds the socket, deleted when the socket leaves or closes. Each process
 * refreshes the rows of the sockets it holds every 20 s (and deletes rows nobody refreshed for 60 s: a crashed
 * process's, or one whose delete failed), and deletes its rows when it stops. Runs outside HTTP requests (socket
 * events), on connections of its own.
 */
@Injectable()
export class PgLivePresence implements LivePresence, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LivePresence');
  /** This process, as its rows name it. */
  readonly processId = randomUUID();
  /** The (stream, socket) pairs this process holds now: only these are refreshed. */
  private readonly held = new Map<string, { streamId: string; socketId: string }>();
  private timer?: NodeJS.Timeout;

  /** Keys visitors in `live_stream_viewers` (kept for good): derived from the server's secret, never stored. */
  private readonly audienceSecret: Buffer;

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.audienceSecret = createHmac('sha256', config.jwtSecret).update('scriven-live-audience').digest();
  }

  /**
   * A visitor's key in a stream's audience, kept for good: a keyed hash (HMAC with a key derived from the server's
   * secret) of the stream and their address, UUID-shaped. Unlike the short-lived presence key (a plain hash), it
   * cannot be turned back into the address by hashing every address with the database alone.
   */
  private audienceKey(streamId: string, address: string): string {
    const h = createHmac('sha256', this.audienceSecret).update(`${streamId.toLowerCase()}|${address}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  private sql<T>(text: string, params: unknown[]): Promise<T> {
    return this.orm.em.getConnection().execute(text, params) as Promise<T>;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh(), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.held.clear();
    await this.sql('delete from live_presence where process_id = ?', [this.processId]).catch(() => undefined);
  }

  /** Keeps the rows of the sockets this process holds counting, and deletes the rows nobody refreshed for 60 s. */
  async refresh(): Promise<void> {
    try {
      const held = [...this.held.values()];
      if (held.length) {
        await this.sql(
          'update live_presence p set seen_at = now() from unnest(?::uuid[], ?::uuid[]) as h(stream_id, socket_id) where p.stream_id = h.stream_id and p.socket_id = h.socket_id and p.process_id = ?',
          [`{${held.map((h) => h.streamId).join(',')}}`, `{${held.map((h) => h.socketId).join(',')}}`, this.processId],
        );
      }
      await this.sql(`delete from live_presence where seen_at < now() - interval '${PRESENCE_TTL_SECONDS} seconds'`, []);
    } catch (e) {
      this.logger.warn(`could not refresh live presence: ${(e as Error).message}`);
    }
  }

  /**
   * A socket follows the stream: a signed-in user by their id, a visitor (userId null) by their address's key. They
   * also join the stream's audience for good (`live_stream_viewers`), which outlives the page.
   */
  async joined(streamId: string, socketId: string, userId: string | null, address?: string): Promise<void> {
    const who = userId ?? (address ? visitorKey(streamId, address) : null);
    this.held.set(`${streamId}|${socketId}`, { streamId, socketId });
    await this.sql(
      'insert into live_presence (stream_id, socket_id, user_id, process_id, seen_at) values (?, ?, ?, ?, now()) on conflict (stream_id, socket_id) do update set seen_at = now()',
      [streamId, socketId, who, this.processId],
    );
    // Who ever opened the stream (its total viewers, for the gaming leaderboards): once per user or visitor, its owner
    // not counted, nothing for a stream that does not exist; the stream's `total_viewers` moves with each new row, so
    // that the leaderboards read one figure per stream rather than counting every stream's audience per request.
    const audience = userId ?? (address ? this.audienceKey(streamId, address) : socketId);
    await this.sql(
      `with added as (
         insert into live_stream_viewers (stream_id, viewer_key)
         select s.id, ?::uuid from live_streams s where s.id = ?::uuid and s.user_id <> ?::uuid
         on conflict do nothing returning stream_id)
       update live_streams s set total_viewers = s.total_viewers + 1 from added where s.id = added.stream_id`,
      [audience, streamId, audience],
    );
  }

  async left(streamId: string, socketId: string): Promise<void> {
    // Forgotten first: a row whose delete fails is no longer refreshed, and stops counting after 60 s.
    this.held.delete(`${streamId}|${socketId}`);
    await this.sql('delete from live_presence where stream_id = ? and socket_id = ?', [streamId, socketId]);
  }

  /** Viewers of these streams (by id; unknown ids are left out), read in one query. */
  async viewerCounts(streamIds: string[]): Promise<Map<string, number>> {
    if (!streamIds.length) return new Map();
    const rows = await this.sql<{ id: string; n: string }[]>(`select s.id, ${VIEWERS_OF_S} as n from live_streams s where s.id = any(?::uuid[])`, [`{${streamIds.join(',')}}`]);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }
}
