import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { VIEWER_ENTITLEMENTS, type ViewerEntitlements } from '../domain/ports.js';
import {
  GAME_BESTS,
  GAME_RATINGS,
  GAME_SESSIONS,
  GAMES,
  type GameBests,
  type GameCounterChange,
  type GameRatings,
  type GameRepository,
  type GameSessionRepository,
  type GamesUnitOfWork,
} from '../domain/game.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/**
 * A deleted user's browser-game data goes (account self-deletion, and `demo:remove`, which deletes demo users the same
 * way): their sessions and scores, their bests of every period (taken out of the score counts, so the players below
 * them move up a rank), their ratings (each game's average moves as if they had never rated) and their place in each
 * game's `players`. `plays` stays as it was: it counts sessions started, a history of the game, not the user's data.
 * One transaction, the user serialised with any score or rating still in flight. Idempotent: run again, it finds nothing left.
 */
@Injectable()
export class GameUserEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    @Inject(VIEWER_ENTITLEMENTS) private readonly users: ViewerEntitlements,
    @Inject(GAMES) private readonly games: GameRepository,
    @Inject(GAME_SESSIONS) private readonly sessions: GameSessionRepository,
    @Inject(GAME_BESTS) private readonly bests: GameBests,
    @Inject(GAME_RATINGS) private readonly ratings: GameRatings,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: GamesUnitOfWork,
  ) {}

  onModuleInit(): void {
    this.durable.on('identity.user-changed', ({ userId }) => this.forgetDeletedPlayer(userId));
  }

  async forgetDeletedPlayer(userId: string): Promise<void> {
    if (await this.users.exists(userId)) return;
    await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      const changes = new Map<string, GameCounterChange>();
      const change = (gameId: string) => {
        let c = changes.get(gameId);
        if (!c) changes.set(gameId, (c = { gameId, players: 0, ratingSum: 0, ratingCount: 0 }));
        return c;
      };
      // Score counts first, then the games' rows, as a score does: the same lock order.
      for (const gameId of await this.bests.forgetPlayer(userId)) change(gameId).players += 1;
      for (const { gameId, rating } of await this.ratings.forgetRater(userId)) {
        change(gameId).ratingSum += rating;
        change(gameId).ratingCount += 1;
      }
      await this.sessions.removeAllOf(userId);
      await this.games.takeBack([...changes.values()]);
    });
  }
}
