import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { MovieRatings } from '../domain/movie-rating.js';

/**
 * Ratings in `movie_ratings` (one row per movie and user), with the movie's `rating_sum` and `rating_count` moved by
 * the difference in the same transaction. One change per (movie, user) at a time (an advisory lock: the first rating
 * has no row to lock yet); different users' changes only add to the counters, which is atomic.
 */
@Injectable()
export class PgMovieRatings implements MovieRatings {
  constructor(private readonly em: EntityManager) {}

  private async change(mediaId: string, userId: string, write: (before: number | null) => Promise<{ sum: number; count: number }>) {
    return this.em.transactional(async () => {
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`rating:${mediaId}:${userId}`]);
      const rows = await this.em.execute<{ stars: number }[]>('select stars from movie_ratings where media_id = ? and user_id = ?', [mediaId, userId]);
      return write(rows[0] ? Number(rows[0].stars) : null);
    });
  }

  private async counters(mediaId: string, sumBy: number, countBy: number): Promise<{ sum: number; count: number }> {
    const rows = await this.em.execute<{ rating_sum: number; rating_count: number }[]>(
      'update media set rating_sum = rating_sum + ?, rating_count = rating_count + ? where id = ? returning rating_sum, rating_count',
      [sumBy, countBy, mediaId],
    );
    return { sum: Number(rows[0]?.rating_sum ?? 0), count: Number(rows[0]?.rating_count ?? 0) };
  }

  rate(mediaId: string, userId: string, stars: number) {
    return this.change(mediaId, userId, async (before) => {
      await this.em.execute(
        `insert into movie_ratings as r (media_id, user_id, stars, created_at, updated_at) values (?, ?, ?, now(), now())
         on conflict (media_id, user_id) do update set stars = excluded.stars, updated_at = now()`,
        [mediaId, userId, stars],
      );
      return this.counters(mediaId, stars - (before ?? 0), before === null ? 1 : 0);
    });
  }

  unrate(mediaId: string, userId: string) {
    return this.change(mediaId, userId, async (before) => {
      if (before === null) return this.counters(mediaId, 0, 0);
      await this.em.execute('delete from movie_ratings where media_id = ? and user_id = ?', [mediaId, userId]);
      return this.counters(mediaId, -before, -1);
    });
  }

  async ratedBy(userId: string) {
    const rows = await this.em.execute<{ media_id: string }[]>('select media_id from movie_ratings where user_id = ?', [userId]);
    return rows.map((r) => r.media_id);
  }

  async starsBy(mediaIds: string[], userId: string | null) {
    if (!userId || !mediaIds.length) return new Map<string, number>();
    const rows = await this.em.execute<{ media_id: string; stars: number }[]>('select media_id, stars from movie_ratings where user_id = ? and media_id in (?)', [userId, mediaIds]);
    return new Map(rows.map((r) => [r.media_id, Number(r.stars)]));
  }
}
