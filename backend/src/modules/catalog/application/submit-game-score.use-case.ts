import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { periodsOf } from '../domain/game.js';
import { gamingErrors } from '../domain/game.errors.js';
import { GAME_BESTS, GAME_CLOCK, GAME_SESSIONS, type GameBests, type GameClock, type GameSessionRepository, type GamesUnitOfWork } from '../domain/game.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { GameViews } from './game-views.js';
import { GameLeaderboardQuery } from './game-leaderboard.query.js';

export interface ScoreResult {
  score: number;
  bestScore: number;
  personalBest: boolean;
  rankToday: number;
  rankWeek: number;
  rankAllTime: number;
}

/**
 * Takes a session's score (GameSession.submit: the plausibility rule), in one transaction with the player
 * serialised: the session is marked used, the score kept, the player's bests of today, this week and all time
 * raised where it beats them; a first finish counts a player. Answers the player's best and ranks.
 */
@Injectable()
export class SubmitGameScoreUseCase {
  constructor(
    private readonly views: GameViews,
    @Inject(GAME_SESSIONS) private readonly sessions: GameSessionRepository,
    @Inject(GAME_BESTS) private readonly bests: GameBests,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: GamesUnitOfWork,
    @Inject(GAME_CLOCK) private readonly clock: GameClock,
    private readonly leaderboard: GameLeaderboardQuery,
  ) {}

  async execute(userId: string, gameId: string, sessionId: string, score: number, at: Date = this.clock.now()): Promise<ScoreResult> {
    const game = await this.views.game(gameId);
    if (!isUuid(sessionId)) throw gamingErrors.sessionNotFound();
    const before = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      const session = await this.sessions.find(sessionId.toLowerCase(), { lock: true });
      if (!session) throw gamingErrors.sessionNotFound();
      const previous = await this.bests.best(game.id, userId, periodsOf(at)[2]!);
      session.submit(game, userId, score, at);
      await this.sessions.saveScore(session);
      const { firstFinish } = await this.bests.record(game.id, userId, score, at, periodsOf(at));
      if (firstFinish) await this.bests.countPlayer(game.id);
      return previous;
    });
    const [today, week, all] = await Promise.all(periodsOf(at).map((p) => this.leaderboard.rankOf(game.id, userId, p)));
    return {
      score,
      bestScore: Math.max(score, before?.score ?? 0),
      personalBest: !before || score > before.score,
      rankToday: today!.rank,
      rankWeek: week!.rank,
      rankAllTime: all!.rank,
    };
  }
}
