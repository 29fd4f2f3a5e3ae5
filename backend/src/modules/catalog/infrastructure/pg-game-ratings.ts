import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { GameRatings } from '../domain/game.ports.js';

/** Ratings (`game_ratings`, one per game and user), the game's `rating_sum`/`rating_count` moved by the difference. */
@Injectable()
export class PgGameRatings implements GameRatings {
  constructor(private readonly em: EntityManager) {}

  async rate(gameId: string, userId: string, rating: number): Promise<void> {
    const [old] = await this.em.execute<{ rating: number }[]>('select rating from game_ratings where game_id = ? and user_id = ?', [gameId, userId]);
    await this.em.execute(
      `insert into game_ratings (game_id, user_id, rating, created_at, updated_at) values (?, ?, ?, now(), now())
       on conflict (game_id, user_id) do update set rating = excluded.rating, updated_at = now()`,
      [gameId, userId, rating],
    );
    const before = old ? Number(old.rating) : null;
    await this.em.execute('update games set rating_sum = rating_sum + ?, rating_count = rating_count + ? where id = ?', [rating - (before ?? 0), before === null ? 1 : 0, gameId]);
  }

  async ratingsOf(userId: string, gameIds: string[]): Promise<Map<string, number>> {
    if (!gameIds.length) return new Map();
    const rows = await this.em.execute<{ game_id: string; rating: number }[]>('select game_id, rating from game_ratings where user_id = ? and game_id in (?)', [userId, gameIds]);
    return new Map(rows.map((r) => [r.game_id, Number(r.rating)]));
  }

  async forgetRater(userId: string): Promise<Array<{ gameId: string; rating: number }>> {
    const rows = await this.em.execute<{ game_id: string; rating: number }[]>('delete from game_ratings where user_id = ? returning game_id, rating', [userId]);
    return rows.map((r) => ({ gameId: r.game_id, rating: Number(r.rating) }));
  }
}
