import { Inject, Injectable } from '@nestjs/common';
import { GAMES, type GameRepository } from '../domain/game.ports.js';
import { GameViews, type GameView } from './game-views.js';

/** The games, the most played first. */
@Injectable()
export class ListGamesQuery {
  constructor(
    @Inject(GAMES) private readonly games: GameRepository,
    private readonly views: GameViews,
  ) {}

  async execute(viewerId: string | null): Promise<GameView[]> {
    return this.views.views(await this.games.list(), viewerId);
  }
}
