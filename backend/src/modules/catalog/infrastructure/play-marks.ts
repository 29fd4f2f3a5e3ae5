import type { EntityManager } from '@mikro-orm/postgresql';
import { PLAY_THRESHOLD_SECONDS } from '../domain/music.js';

/** The tables of listening marks, one per kind of audio (the same shape: media_id, listener_key, seconds, counted_at, last_report_at). */
export type PlayMarksTable = 'music_play_marks' | 'podcast_play_marks';

/**
 * Adds a listening report to the listener's mark and counts a play when it is due, for music tracks and podcast
 * episodes alike. The listener's seconds since their last counted play are kept at most one threshold ahead (no
 * banking), and each report is credited with no more than the time since their previous one (+2 s): reports cannot be
 * sped up. A play counts at PLAY_THRESHOLD_SECONDS once `minGapSeconds` (the item's length, at least the threshold)
 * passed since their last counted play: once per play-through, a replay counting again. A counted play adds to
 * media.views and the hour's activity (Trending). Runs in one transaction; the mark's row lock orders concurrent
 * reports of one listener.
 */
export function countListening(em: EntityManager, table: PlayMarksTable, mediaId: string, listenerKey: string, seconds: number, minGapSeconds: number): Promise<{ plays: number; counted: boolean }> {
  return em.transactional(async () => {
    const [mark] = await em.execute<{ seconds: number; due: boolean }[]>(
      `insert into ${table} as k (media_id, listener_key, seconds, last_report_at) values (?, ?, least(?, ?), now())
       on conflict (media_id, listener_key) do update
         set seconds = least(k.seconds + least(excluded.seconds, greatest(0, ceil(extract(epoch from now() - coalesce(k.last_report_at, now() - interval '1 hour')))::int + 2)), ?),
             last_report_at = now()
       returning seconds, (counted_at is null or counted_at <= now() - make_interval(secs => ?)) as due`,
      [mediaId, listenerKey, seconds, PLAY_THRESHOLD_SECONDS, PLAY_THRESHOLD_SECONDS, Math.max(PLAY_THRESHOLD_SECONDS, minGapSeconds)],
    );
    if (Number(mark.seconds) < PLAY_THRESHOLD_SECONDS || !mark.due) {
      const [row] = await em.execute<{ views: string }[]>('select views from media where id = ?', [mediaId]);
      return { plays: Number(row?.views ?? 0), counted: false };
    }
    await em.execute(`update ${table} set seconds = 0, counted_at = now() where media_id = ? and listener_key = ?`, [mediaId, listenerKey]);
    const [row] = await em.execute<{ views: string }[]>(
      `with hour as (
         insert into media_activity_hourly as a (hour, media_id, views) values (date_trunc('hour', now()), ?, 1)
         on conflict (hour, media_id) do update set views = a.views + 1)
       update media set views = views + 1 where id = ? returning views`,
      [mediaId, mediaId],
    );
    return { plays: Number(row?.views ?? 0), counted: true };
  });
}
