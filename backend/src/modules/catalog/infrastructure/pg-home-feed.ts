import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../common/keyset.js';
import type { HomeFeed } from '../domain/ports.js';

/** A position this close to the start or to the end is not "part-way through". */
const EDGE_SECONDS = 5;

/** Trending and Continue watching in SQL; each query is bounded by its own index (the hour, the viewer). */
@Injectable()
export class PgHomeFeed implements HomeFeed {
  constructor(private readonly em: EntityManager) {}

  async trending(since: Date, limit: number): Promise<string[]> {
    // A view counts once, and up to twice when the video was watched through: views × (1 + share of it watched).
    const rows = await this.em.execute<{ id: string }[]>(
      `with recent as (
         select media_id, sum(views)::float8 as views, sum(watch_seconds)::float8 as watched
           from media_activity_hourly where hour >= ? group by media_id having sum(views) > 0)
       select m.id
         from recent r join media m on m.id = r.media_id
        where m.kind = 'video' and m.status = 'ready' and m.visibility = 'public'
        order by r.views * (1 + least(1, r.watched / (r.views * greatest(coalesce(m.duration_seconds, 600), 1)))) desc, m.id
        limit ?`,
      [since, limit],
    );
    return rows.map((r) => r.id);
  }

  async continueWatching(userId: string, limit: number): Promise<{ mediaId: string; positionSeconds: number }[]> {
    const rows = await this.em.execute<{ media_id: string; position_seconds: number }[]>(
      `select p.media_id, p.position_seconds
         from media_watch_progress p join media m on m.id = p.media_id
        where p.user_id = ? and m.kind in ('video', 'movie') and m.status = 'ready'
          and p.position_seconds >= ? and (m.duration_seconds is null or p.position_seconds < m.duration_seconds - ?)
        order by p.updated_at desc
        limit ?`,
      [userId, EDGE_SECONDS, EDGE_SECONDS, limit],
    );
    return rows.map((r) => ({ mediaId: r.media_id, positionSeconds: Number(r.position_seconds) }));
  }

  async forgetViewer(userId: string): Promise<void> {
    await this.em.execute('delete from media_watch_progress where user_id = ?', [userId]);
  }

  async forgetProgress(userId: string, mediaId: string): Promise<boolean> {
    if (!isUuid(mediaId)) return false;
    const rows = await this.em.execute<{ media_id: string }[]>('delete from media_watch_progress where user_id = ? and media_id = ? returning media_id', [userId, mediaId]);
    return rows.length > 0;
  }

  async pruneActivity(before: Date): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>('with gone as (delete from media_activity_hourly where hour < ? returning 1) select count(*) as n from gone', [before]);
    return Number(rows[0]?.n ?? 0);
  }
}
