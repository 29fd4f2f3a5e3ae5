import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { GamingStats, GamingStreamerStats } from '../domain/gaming-ports.js';

/**
 * Top Streamers from `live_streams` (gaming streams: those with a game) and their `total_viewers` (the rows of
 * `live_stream_viewers`, who ever opened each stream, kept with them by the presence when a page joins its room).
 * One grouped read over the gaming streams' index (streamer, total viewers), then the stream ids of the few shown.
 */
@Injectable()
export class PgGamingStats implements GamingStats {
  constructor(private readonly em: EntityManager) {}

  async topStreamers(limit: number, offset = 0): Promise<GamingStreamerStats[]> {
    const rows = await this.em.execute<{ user_id: string; total_viewers: string; stream_count: string }[]>(
      `select s.user_id, sum(s.total_viewers) as total_viewers, count(*) as stream_count
         from live_streams s
        where s.game is not null
        group by s.user_id
        order by total_viewers desc, stream_count desc, s.user_id
        limit ? offset ?`,
      [limit, offset],
    );
    if (!rows.length) return [];
    const streams = await this.em.execute<{ user_id: string; id: string }[]>(
      'select s.user_id, s.id from live_streams s where s.game is not null and s.user_id in (?) order by s.created_at, s.id',
      [rows.map((r) => r.user_id)],
    );
    const ids = new Map<string, string[]>(rows.map((r) => [r.user_id, []]));
    for (const s of streams) ids.get(s.user_id)?.push(s.id);
    return rows.map((r) => ({ userId: r.user_id, totalViewers: Number(r.total_viewers), streamCount: Number(r.stream_count), streamIds: ids.get(r.user_id) ?? [] }));
  }
}
