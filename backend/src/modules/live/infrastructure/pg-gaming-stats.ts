import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { GamingStats, GamingStreamerStats } from '../domain/gaming-ports.js';

/**
 * Top Streamers from `live_streams` (gaming streams: those with a game) and `live_stream_viewers` (who ever opened
 * each stream, written by the presence when a page joins its room).
 */
@Injectable()
export class PgGamingStats implements GamingStats {
  constructor(private readonly em: EntityManager) {}

  async topStreamers(limit: number): Promise<GamingStreamerStats[]> {
    const rows = await this.em.execute<{ user_id: string; total_viewers: string; stream_count: string; ids: string[] }[]>(
      `select s.user_id, coalesce(sum(v.viewers), 0) as total_viewers, count(*) as stream_count, array_agg(s.id::text order by s.created_at, s.id) as ids
         from live_streams s
         left join lateral (select count(*) as viewers from live_stream_viewers v where v.stream_id = s.id and v.viewer_key <> s.user_id) v on true
        where s.game is not null
        group by s.user_id
        order by total_viewers desc, stream_count desc, s.user_id
        limit ?`,
      [limit],
    );
    return rows.map((r) => ({ userId: r.user_id, totalViewers: Number(r.total_viewers), streamCount: Number(r.stream_count), streamIds: r.ids }));
  }
}
