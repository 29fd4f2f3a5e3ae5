import { Inject, Injectable } from '@nestjs/common';
import { UNSCORED_SESSION_TTL_MS } from '../domain/game.js';
import { GAME_CLOCK, GAME_SESSIONS, type GameClock, type GameSessionRepository, type GamesUnitOfWork } from '../domain/game.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

const BATCH = 500;

/**
 * The scheduler's part: play sessions that never got a score a day after they started are removed (their score
 * window closed long before; `plays` keeps counting them). In batches, one transaction each; answers how many went.
 */
@Injectable()
export class PurgeUnscoredGameSessionsUseCase {
  constructor(
    @Inject(GAME_SESSIONS) private readonly sessions: GameSessionRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: GamesUnitOfWork,
    @Inject(GAME_CLOCK) private readonly clock: GameClock,
  ) {}

  async execute(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNSCORED_SESSION_TTL_MS);
    let total = 0;
    for (;;) {
      const removed = await this.uow.inTransaction(() => this.sessions.purgeUnscored(before, BATCH));
      total += removed;
      if (removed < BATCH) return total;
    }
  }
}
