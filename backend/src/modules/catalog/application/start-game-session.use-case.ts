import { Inject, Injectable } from '@nestjs/common';
import { GameSession } from '../domain/game-session.js';
import { GAME_CLOCK, GAME_SESSIONS, GAMES, type GameClock, type GameRepository, type GameSessionRepository, type GamesUnitOfWork } from '../domain/game.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { GameViews } from './game-views.js';

export interface StartedSession {
  session: GameSession;
  maxPointsPerSecond: number;
  durationSeconds: number;
}

/** Starts a play of the game (counts a play): the session that its score is sent with. */
@Injectable()
export class StartGameSessionUseCase {
  constructor(
    private readonly views: GameViews,
    @Inject(GAMES) private readonly games: GameRepository,
    @Inject(GAME_SESSIONS) private readonly sessions: GameSessionRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: GamesUnitOfWork,
    @Inject(GAME_CLOCK) private readonly clock: GameClock,
  ) {}

  async execute(userId: string, gameId: string, at: Date = this.clock.now()): Promise<StartedSession> {
    const game = await this.views.game(gameId);
    const session = GameSession.start(game, userId, at);
    await this.uow.inTransaction(async () => {
      await this.sessions.insert(session);
      await this.games.countPlay(game.id);
    });
    return { session, maxPointsPerSecond: game.maxPointsPerSecond, durationSeconds: game.durationSeconds };
  }
}
