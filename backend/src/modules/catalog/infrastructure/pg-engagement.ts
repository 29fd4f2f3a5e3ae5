import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Engagement } from '../domain/ports.js';

/** Likes, views and watch time: each change is one atomic statement, so counts stay exact under concurrency. */
@Injectable()
export class PgEngagement implements Engagement {
  constructor(private readonly em: EntityManager) {}

  private async one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
    const rows = await this.em.execute<T[]>(sql, params);
    return rows[0];
  }

  /** Insert the like; when nothing was inserted it already existed, so remove it. The counter moves in the same statement. */
  async toggleLike(mediaId: string, userId: string) {
    return this.em.transactional(async () => {
      const inserted = await this.one<{ likes: number }>(
        `with ins as (insert into media_likes (media_id, user_id, created_at) values (?, ?, now()) on conflict do nothing returning 1)
         update media set likes = likes + 1 where id = ? and exists (select 1 from ins) returning likes`,
        [mediaId, userId, mediaId],
      );
      if (inserted) return { liked: true, likes: Number(inserted.likes) };
      const removed = await this.one<{ likes: number }>(
        `with gone as (delete from media_likes where media_id = ? and user_id = ? returning 1)
         update media set likes = greatest(likes - (select count(*) from gone), 0) where id = ? returning likes`,
        [mediaId, userId, mediaId],
      );
      return { liked: false, likes: Number(removed?.likes ?? 0) };
    });
  }

  async likedBy(mediaIds: string[], userId: string | null) {
    if (!userId || !mediaIds.length) return new Set<string>();
    const rows = await this.em.execute<{ media_id: string }[]>('select media_id from media_likes where user_id = ? and media_id in (?)', [userId, mediaIds]);
    return new Set(rows.map((r) => r.media_id));
  }

  async countView(mediaId: string, viewerKey: string) {
    const counted = await this.one<{ counted: boolean }>(
      `insert into media_view_marks as m (media_id, viewer_key, counted_at) values (?, ?, now())
       on conflict (media_id, viewer_key) do update set counted_at = now() where m.counted_at <= now() - interval '30 minutes'
       returning true as counted`,
      [mediaId, viewerKey],
    );
    if (counted) {
      // The hour's row feeds Trending; both move in one statement.
      const row = await this.one<{ views: string }>(
        `with hour as (
           insert into media_activity_hourly as a (hour, media_id, views) values (date_trunc('hour', now()), ?, 1)
           on conflict (hour, media_id) do update set views = a.views + 1)
         update media set views = views + 1 where id = ? returning views`,
        [mediaId, mediaId],
      );
      return { views: Number(row?.views ?? 0), counted: true };
    }
    const row = await this.one<{ views: string }>('select views from media where id = ?', [mediaId]);
    return { views: Number(row?.views ?? 0), counted: false };
  }

  async addWatchTime(mediaId: string, userId: string, seconds: number, dailyCap: number) {
    return this.em.transactional(async () => {
      // One heartbeat of a viewer for an item at a time: the first of the day has no row yet to lock.
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`watch:${mediaId}:${userId}`]);
      const row = await this.one<{ seconds: number; since: number }>(
        `select seconds, extract(epoch from now() - last_beat_at)::int as since from media_watch_time
          where media_id = ? and user_id = ? and day = current_date for update`,
        [mediaId, userId],
      );
      // The first heartbeat of the day is taken at its word (at most 60 s); later ones at most the time since the last.
      const allowed = row ? Math.min(seconds, Math.max(0, row.since + 2)) : seconds;
      const added = Math.max(0, Math.min(allowed, dailyCap - (row?.seconds ?? 0)));
      await this.em.execute(
        `insert into media_watch_time as w (media_id, user_id, day, seconds, last_beat_at) values (?, ?, current_date, ?, now())
         on conflict (media_id, user_id, day) do update set seconds = w.seconds + excluded.seconds, last_beat_at = now()`,
        [mediaId, userId, added],
      );
      if (added) {
        await this.em.execute(
          `with hour as (
             insert into media_activity_hourly as a (hour, media_id, watch_seconds) values (date_trunc('hour', now()), ?, ?)
             on conflict (hour, media_id) do update set watch_seconds = a.watch_seconds + excluded.watch_seconds)
           update media set watch_seconds = watch_seconds + ? where id = ?`,
          [mediaId, added, added, mediaId],
        );
      }
      return added;
    });
  }

  async saveProgress(mediaId: string, userId: string, positionSeconds: number) {
    await this.em.execute(
      `insert into media_watch_progress (user_id, media_id, position_seconds, updated_at) values (?, ?, ?, now())
       on conflict (user_id, media_id) do update set position_seconds = excluded.position_seconds, updated_at = now()`,
      [userId, mediaId, positionSeconds],
    );
  }

  async progressOf(mediaIds: string[], userId: string | null): Promise<Map<string, number>> {
    if (!userId || mediaIds.length === 0) return new Map();
    const rows = await this.em.execute<{ media_id: string; position_seconds: number }[]>(
      'select media_id, position_seconds from media_watch_progress where user_id = ? and media_id in (?)',
      [userId, mediaIds],
    );
    return new Map(rows.map((r) => [r.media_id, Number(r.position_seconds)]));
  }
}
