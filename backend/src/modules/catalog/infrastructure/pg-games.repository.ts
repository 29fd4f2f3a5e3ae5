import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Game, GameEngine } from '../domain/game.js';
import { GameSession } from '../domain/game-session.js';
import type { GameCounterChange, GameRepository, GameSessionRepository } from '../domain/game.ports.js';

interface GameRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  category: string;
  engine: GameEngine;
  engine_options: Record<string, unknown> | null;
  max_points_per_second: number;
  duration_seconds: number;
  plays: string | number;
  players: number;
  rating_sum: number;
  rating_count: number;
}

const toGame = (r: GameRow): Game => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  thumbnail: r.thumbnail,
  category: r.category,
  engine: r.engine,
  engineOptions: r.engine_options ?? {},
  maxPointsPerSecond: Number(r.max_points_per_second),
  durationSeconds: Number(r.duration_seconds),
  plays: Number(r.plays),
  players: Number(r.players),
  ratingSum: Number(r.rating_sum),
  ratingCount: Number(r.rating_count),
});

const GAME_COLUMNS = 'id, slug, name, description, thumbnail, category, engine, engine_options, max_points_per_second, duration_seconds, plays, players, rating_sum, rating_count';

/** The games (SQL-owned `games`). Writes join the caller's transaction. */
@Injectable()
export class PgGameRepository implements GameRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<Game[]> {
    return (await this.em.execute<GameRow[]>(`select ${GAME_COLUMNS} from games order by plays desc, name, id`)).map(toGame);
  }

  async find(id: string): Promise<Game | null> {
    const [row] = await this.em.execute<GameRow[]>(`select ${GAME_COLUMNS} from games where id = ?`, [id]);
    return row ? toGame(row) : null;
  }

  async countPlay(gameId: string): Promise<void> {
    await this.em.execute('update games set plays = plays + 1 where id = ?', [gameId]);
  }

  async takeBack(changes: GameCounterChange[]): Promise<void> {
    for (const c of [...changes].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))) {
      if (!c.players && !c.ratingSum && !c.ratingCount) continue;
      await this.em.execute(
        'update games set players = greatest(players - ?, 0), rating_sum = greatest(rating_sum - ?, 0), rating_count = greatest(rating_count - ?, 0) where id = ?',
        [c.players, c.ratingSum, c.ratingCount, c.gameId],
      );
    }
  }
}

interface SessionRow {
  id: string;
  game_id: string;
  user_id: string;
  started_at: Date;
  ends_at: Date;
  submitted_at: Date | null;
  score: number | null;
}

/** Play sessions (`game_sessions`) and accepted scores (`game_scores`). */
@Injectable()
export class PgGameSessionRepository implements GameSessionRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(s: GameSession): Promise<void> {
    await this.em.execute('insert into game_sessions (id, game_id, user_id, started_at, ends_at) values (?, ?, ?, ?, ?)', [s.id, s.gameId, s.userId, s.startedAt, s.endsAt]);
  }

  async find(id: string, opts: { lock?: boolean } = {}): Promise<GameSession | null> {
    const [r] = await this.em.execute<SessionRow[]>(`select id, game_id, user_id, started_at, ends_at, submitted_at, score from game_sessions where id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return r
      ? new GameSession({
          id: r.id,
          gameId: r.game_id,
          userId: r.user_id,
          startedAt: new Date(r.started_at),
          endsAt: new Date(r.ends_at),
          submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
          score: r.score === null ? null : Number(r.score),
        })
      : null;
  }

  async saveScore(s: GameSession): Promise<void> {
    await this.em.execute('update game_sessions set submitted_at = ?, score = ? where id = ?', [s.submittedAt, s.score, s.id]);
    await this.em.execute('insert into game_scores (game_id, user_id, session_id, score, achieved_at) values (?, ?, ?, ?, ?)', [s.gameId, s.userId, s.id, s.score, s.submittedAt]);
  }

  async removeAllOf(userId: string): Promise<void> {
    await this.em.execute('delete from game_scores where user_id = ?', [userId]);
    await this.em.execute('delete from game_sessions where user_id = ?', [userId]);
  }

  /** Through the partial index of unscored sessions; rows another transaction holds (a score being sent) are skipped. */
  async purgeUnscored(before: Date, limit: number): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `delete from game_sessions where id in (
         select id from game_sessions where submitted_at is null and started_at < ? order by started_at limit ? for update skip locked
       ) and submitted_at is null returning id`,
      [before, limit],
    );
    return rows.length;
  }
}
