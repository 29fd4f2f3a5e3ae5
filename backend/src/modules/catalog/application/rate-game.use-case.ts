import { Inject, Injectable } from '@nestjs/common';
import { periodKey, RATING } from '../domain/game.js';
import { GAME_MESSAGES, gamingErrors } from '../domain/game.errors.js';
import { GAME_BESTS, GAME_CLOCK, GAME_RATINGS, type GameBests, type GameClock, type GameRatings, type GamesUnitOfWork } from '../domain/game.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { GameViews, type GameView } from './game-views.js';

/** Rates a game 1 to 5 (one rating per player, changeable), only once the player finished a session of it. */
@Injectable()
export class RateGameUseCase {
  constructor(
    private readonly views: GameViews,
    @Inject(GAME_BESTS) private readonly bests: GameBests,
    @Inject(GAME_RATINGS) private readonly ratings: GameRatings,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: GamesUnitOfWork,
    @Inject(GAME_CLOCK) private readonly clock: GameClock,
  ) {}

  async execute(userId: string, gameId: string, rating: number): Promise<GameView> {
    const game = await this.views.game(gameId);
    if (!Number.isInteger(rating) || rating < RATING.min || rating > RATING.max) throw gamingErrors.invalid('rating', GAME_MESSAGES.rating);
    await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      if (!(await this.bests.best(game.id, userId, periodKey('all', this.clock.now())))) throw gamingErrors.playFirst();
      await this.ratings.rate(game.id, userId, rating);
    });
    const [view] = await this.views.views([await this.views.game(game.id)], userId);
    return view!;
  }
}
