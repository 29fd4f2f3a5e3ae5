import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreatorStats, CreatorStatsReader, PlatformContent } from '../domain/creator-stats.port.js';

export type { CreatorStats } from '../domain/creator-stats.port.js';

/** Figures about a creator's catalogue that the money side reads (partner requirements, the premium pool, ad revenue). */
@Injectable()
export class PgCreatorStats implements CreatorStatsReader {
  constructor(private readonly em: EntityManager) {}

  /**
   * Ready items only; the watch time of items moderation removed does not count (money already earned stays in the
   * ledger). Music tracks and podcast episodes are not videos (the counts leave them out), but their plays and listening count as views and
   * watch time.
   */
  async stats(userId: string, watchSince: Date): Promise<CreatorStats> {
    const [m] = await this.em.execute<{ n: string; views: string | null; watch: string | null; monetized: string }[]>(
      `select count(*) filter (where kind not in ('track', 'episode')) as n, sum(views) as views, sum(watch_seconds) as watch, count(*) filter (where monetization_enabled and kind not in ('track', 'episode')) as monetized
         from media where user_id = ? and status = 'ready'`,
      [userId],
    );
    const [w] = await this.em.execute<{ s: string | null }[]>(
      `select sum(w.seconds) as s from media_watch_time w join media m on m.id = w.media_id
        where m.user_id = ? and m.status <> 'removed' and w.user_id <> m.user_id and w.day >= ?::date`,
      [userId, watchSince.toISOString().slice(0, 10)],
    );
    const views = Number(m?.views ?? 0);
    return {
      totalVideos: Number(m?.n ?? 0),
      totalViews: views,
      watchSeconds: Number(w?.s ?? 0),
      avgViewSeconds: views > 0 ? Math.round(Number(m?.watch ?? 0) / views) : 0,
      monetizedVideos: Number(m?.monetized ?? 0),
    };
  }

  async platformContent(since: Date): Promise<PlatformContent> {
    const totals = await this.em.execute<{ kind: 'video' | 'reel' | 'movie' | 'track'; n: string; views: string | null; likes: string | null; comments: string | null }[]>(
      `select kind, count(*) as n, sum(views) as views, sum(likes) as likes, sum(comments) as comments from media where status <> 'removed' and kind <> 'episode' group by kind`,
    );
    const months = await this.em.execute<{ month: string; kind: 'video' | 'reel' | 'movie' | 'track'; n: string }[]>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, kind, count(*) as n from media
        where status <> 'removed' and kind <> 'episode' and created_at >= ? group by 1, 2 order by 1, 2`,
      [since],
    );
    const out: PlatformContent = { items: { video: 0, reel: 0, movie: 0, track: 0 }, views: 0, likes: 0, comments: 0, uploadsByMonth: [] };
    for (const r of totals) {
      if (r.kind in out.items) out.items[r.kind] = Number(r.n);
      out.views += Number(r.views ?? 0);
      out.likes += Number(r.likes ?? 0);
      out.comments += Number(r.comments ?? 0);
    }
    out.uploadsByMonth = months.map((r) => ({ month: r.month, kind: r.kind, count: Number(r.n) }));
    return out;
  }

  /**
   * Seconds watched per creator by viewers inside their premium periods, over days [from, to): the premium pool's
   * shares. A viewer's own items do not count.
   */
  async premiumWatchByCreator(periods: { userId: string; startsAt: Date; endsAt: Date }[], from: Date, to: Date): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (periods.length === 0) return out;
    const values = periods.map(() => '(?::uuid, ?::timestamptz, ?::timestamptz)').join(', ');
    const rows = await this.em.execute<{ creator: string; s: string }[]>(
      `with p(user_id, starts_at, ends_at) as (values ${values})
       select m.user_id as creator, sum(w.seconds) as s
         from media_watch_time w
         join media m on m.id = w.media_id
        where w.day >= ?::date and w.day < ?::date and m.user_id <> w.user_id
          -- Renewals make periods touch (one ends the day the next starts): a day counts once, not once per period.
          and exists (select 1 from p where p.user_id = w.user_id and w.day >= p.starts_at::date and w.day < p.ends_at::date + 1)
        group by m.user_id`,
      [...periods.flatMap((p) => [p.userId, p.startsAt, p.endsAt]), from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)],
    );
    for (const r of rows) out.set(r.creator, Number(r.s));
    return out;
  }

  /** Monetized, ready items of the given creators with their counted views, a page at a time in id order. */
  async monetizedViews(creatorIds: string[], afterId: string | null, limit: number): Promise<{ mediaId: string; userId: string; views: number }[]> {
    if (creatorIds.length === 0) return [];
    const rows = await this.em.execute<{ id: string; user_id: string; views: string }[]>(
      `select id, user_id, views from media where monetization_enabled and status = 'ready' and user_id in (?) ${afterId ? 'and id > ?' : ''} order by id limit ?`,
      afterId ? [creatorIds, afterId, limit] : [creatorIds, limit],
    );
    return rows.map((r) => ({ mediaId: r.id, userId: r.user_id, views: Number(r.views) }));
  }

  /** Records the creator's share of ad revenue on the item (the video's ad_revenue). */
  async addAdRevenue(mediaId: string, cents: number): Promise<void> {
    await this.em.execute('update media set ad_revenue_cents = ad_revenue_cents + ? where id = ?', [cents, mediaId]);
  }
}
