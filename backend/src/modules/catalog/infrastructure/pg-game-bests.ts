import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PeriodKey } from '../domain/game.js';
import type { BestScore, GameBests } from '../domain/game.ports.js';

interface BestRow {
  user_id: string;
  best_score: number;
  achieved_at: Date;
}

const toBest = (r: BestRow): BestScore => ({ userId: r.user_id, score: Number(r.best_score), achievedAt: new Date(r.achieved_at) });

/**
 * Players' bests per game and period (`game_best_scores`: the top 10 is an index scan of its rank index) and how
 * many players hold each best (`game_score_counts`: a rank is 1 + the sum of the counts above a score, a few hundred
 * rows at most). The counts change in one statement in key order, so concurrent players never deadlock on them.
 */
@Injectable()
export class PgGameBests implements GameBests {
  constructor(private readonly em: EntityManager) {}

  async record(gameId: string, userId: string, score: number, at: Date, periods: PeriodKey[]): Promise<{ firstFinish: boolean }> {
    const rows = await this.em.execute<{ kind: string; period_start: string; best_score: number }[]>(
      `select kind, to_char(period_start, 'YYYY-MM-DD') as period_start, best_score from game_best_scores
        where game_id = ? and user_id = ? and (kind, period_start) in (${periods.map(() => '(?, ?::date)').join(', ')})`,
      [gameId, userId, ...periods.flatMap((p) => [p.kind, p.start])],
    );
    const before = new Map(rows.map((r) => [`${r.kind}:${r.period_start}`, Number(r.best_score)]));
    const deltas: { kind: string; start: string; score: number; by: number }[] = [];
    for (const p of periods) {
      const old = before.get(`${p.kind}:${p.start}`);
      if (old !== undefined && old >= score) continue;
      await this.em.execute(
        `insert into game_best_scores (game_id, kind, period_start, user_id, best_score, achieved_at) values (?, ?, ?, ?, ?, ?)
         on conflict (game_id, kind, period_start, user_id) do update set best_score = excluded.best_score, achieved_at = excluded.achieved_at`,
        [gameId, p.kind, p.start, userId, score, at],
      );
      if (old !== undefined) deltas.push({ kind: p.kind, start: p.start, score: old, by: -1 });
      deltas.push({ kind: p.kind, start: p.start, score, by: 1 });
    }
    if (deltas.length) {
      deltas.sort((a, b) => a.kind.localeCompare(b.kind) || a.start.localeCompare(b.start) || a.score - b.score);
      await this.em.execute(
        `insert into game_score_counts as c (game_id, kind, period_start, score, players) values ${deltas.map(() => '(?, ?, ?::date, ?, ?)').join(', ')}
         on conflict (game_id, kind, period_start, score) do update set players = c.players + excluded.players`,
        deltas.flatMap((d) => [gameId, d.kind, d.start, d.score, d.by]),
      );
    }
    return { firstFinish: !before.has('all:1970-01-01') };
  }

  async countPlayer(gameId: string): Promise<void> {
    await this.em.execute('update games set players = players + 1 where id = ?', [gameId]);
  }

  async best(gameId: string, userId: string, p: PeriodKey): Promise<BestScore | null> {
    const [row] = await this.em.execute<BestRow[]>('select user_id, best_score, achieved_at from game_best_scores where game_id = ? and kind = ? and period_start = ? and user_id = ?', [gameId, p.kind, p.start, userId]);
    return row ? toBest(row) : null;
  }

  async bestsOf(userId: string, gameIds: string[]): Promise<Map<string, number>> {
    if (!gameIds.length) return new Map();
    const rows = await this.em.execute<{ game_id: string; best_score: number }[]>(
      `select game_id, best_score from game_best_scores where user_id = ? and kind = 'all' and period_start = '1970-01-01' and game_id in (?)`,
      [userId, gameIds],
    );
    return new Map(rows.map((r) => [r.game_id, Number(r.best_score)]));
  }

  async top(gameId: string, p: PeriodKey, limit: number): Promise<BestScore[]> {
    const rows = await this.em.execute<BestRow[]>(
      'select user_id, best_score, achieved_at from game_best_scores where game_id = ? and kind = ? and period_start = ? order by best_score desc, achieved_at, user_id limit ?',
      [gameId, p.kind, p.start, limit],
    );
    return rows.map(toBest);
  }

  async standing(gameId: string, userId: string, p: PeriodKey): Promise<{ score: number; better: number } | null> {
    const [row] = await this.em.execute<{ best_score: number; better: string | null }[]>(
      `select b.best_score, (select sum(c.players) from game_score_counts c where c.game_id = b.game_id and c.kind = b.kind and c.period_start = b.period_start and c.score > b.best_score) as better
         from game_best_scores b where b.game_id = ? and b.kind = ? and b.period_start = ? and b.user_id = ?`,
      [gameId, p.kind, p.start, userId],
    );
    return row ? { score: Number(row.best_score), better: Number(row.better ?? 0) } : null;
  }

  async forgetPlayer(userId: string): Promise<string[]> {
    const removed = await this.em.execute<{ game_id: string; kind: string; period_start: string; best_score: number }[]>(
      `delete from game_best_scores where user_id = ? returning game_id, kind, to_char(period_start, 'YYYY-MM-DD') as period_start, best_score`,
      [userId],
    );
    if (!removed.length) return [];
    // One player holds one best per game and period: each removed best is one player less at its score.
    const deltas = removed
      .map((r) => ({ gameId: r.game_id, kind: r.kind, start: r.period_start, score: Number(r.best_score) }))
      .sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0) || a.kind.localeCompare(b.kind) || a.start.localeCompare(b.start) || a.score - b.score);
    // The same key order as `record`, in one statement: no deadlock with players scoring at the same time.
    await this.em.execute(
      `insert into game_score_counts as c (game_id, kind, period_start, score, players) values ${deltas.map(() => '(?, ?, ?::date, ?, 0)').join(', ')}
       on conflict (game_id, kind, period_start, score) do update set players = greatest(c.players - 1, 0)`,
      deltas.flatMap((d) => [d.gameId, d.kind, d.start, d.score]),
    );
    return [...new Set(removed.filter((r) => r.kind === 'all').map((r) => r.game_id))];
  }
}
