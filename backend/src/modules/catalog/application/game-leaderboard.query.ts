import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { gamingErrors } from '../domain/game.errors.js';
import { periodKey, sharedRanks, type LeaderboardPeriod, type PeriodKey } from '../domain/game.js';
import { GAME_BESTS, GAME_CLOCK, PLAYER_NAMES, type GameBests, type GameClock, type PlayerNames } from '../domain/game.ports.js';
import { GameViews } from './game-views.js';

export const LEADERBOARD_SIZE = 10;

export interface LeaderboardEntry {
  rank: number;
  userId: string;
  username: string;
  score: number;
  achievedAt: Date;
}

export interface GameLeaderboard {
  gameId: string;
  period: LeaderboardPeriod;
  entries: LeaderboardEntry[];
  me: { rank: number; score: number } | null;
}

/**
 * A game's top 10 of a period (each player's best in it; ties share a rank: 1, 1, 3; the earlier first) and the
 * viewer's own rank and best (null for visitors and for those without a score in the period).
 */
@Injectable()
export class GameLeaderboardQuery {
  constructor(
    private readonly views: GameViews,
    @Inject(GAME_BESTS) private readonly bests: GameBests,
    @Inject(PLAYER_NAMES) private readonly names: PlayerNames,
    @Inject(GAME_CLOCK) private readonly clock: GameClock,
  ) {}

  async execute(gameId: string, period: LeaderboardPeriod, viewerId: string | null): Promise<GameLeaderboard> {
    const key = periodKey(period, this.clock.now());
    // The game's existence, the top and the viewer's standing in one round (an id that is not one is a 404 first).
    const id = isUuid(gameId) ? gameId.toLowerCase() : null;
    if (!id) throw gamingErrors.gameNotFound();
    const [game, top, me] = await Promise.all([this.views.game(id), this.bests.top(id, key, LEADERBOARD_SIZE), viewerId ? this.rankOf(id, viewerId, key) : null]);
    const names = await this.names.usernames(top.map((b) => b.userId));
    const ranks = sharedRanks(top.map((b) => b.score));
    return {
      gameId: game.id,
      period,
      entries: top.map((b, i) => ({ rank: ranks[i]!, userId: b.userId, username: names.get(b.userId) ?? '', score: b.score, achievedAt: b.achievedAt })),
      me,
    };
  }

  /** The player's rank (1 + players with a better best) and best in the period; null without one. */
  async rankOf(gameId: string, userId: string, key: PeriodKey): Promise<{ rank: number; score: number } | null> {
    const standing = await this.bests.standing(gameId, userId, key);
    return standing ? { rank: 1 + standing.better, score: standing.score } : null;
  }
}
