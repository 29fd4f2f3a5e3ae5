import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import type { Game } from '../domain/game.js';
import { gamingErrors } from '../domain/game.errors.js';
import { GAME_BESTS, GAME_RATINGS, GAMES, type GameBests, type GameRatings, type GameRepository } from '../domain/game.ports.js';

/** A game as a viewer sees it: with their rating and all-time best (null for visitors and for what they have not done). */
export interface GameView extends Game {
  myRating: number | null;
  myBest: number | null;
}

/** Reads games with the viewer's own rating and best. */
@Injectable()
export class GameViews {
  constructor(
    @Inject(GAMES) private readonly games: GameRepository,
    @Inject(GAME_BESTS) private readonly bests: GameBests,
    @Inject(GAME_RATINGS) private readonly ratings: GameRatings,
  ) {}

  /** The game or 404 GAMING.GAME_NOT_FOUND (an id that is not one matches nothing). */
  async game(id: string): Promise<Game> {
    const game = isUuid(id) ? await this.games.find(id.toLowerCase()) : null;
    if (!game) throw gamingErrors.gameNotFound();
    return game;
  }

  async views(games: Game[], viewerId: string | null): Promise<GameView[]> {
    const ids = games.map((g) => g.id);
    const [ratings, bests] = viewerId ? await Promise.all([this.ratings.ratingsOf(viewerId, ids), this.bests.bestsOf(viewerId, ids)]) : [new Map<string, number>(), new Map<string, number>()];
    return games.map((g) => ({ ...g, myRating: ratings.get(g.id) ?? null, myBest: bests.get(g.id) ?? null }));
  }
}
