import { Injectable } from '@nestjs/common';
import { GameViews, type GameView } from './game-views.js';

/** One game (404 GAMING.GAME_NOT_FOUND). */
@Injectable()
export class GetGameQuery {
  constructor(private readonly views: GameViews) {}

  async execute(gameId: string, viewerId: string | null): Promise<GameView> {
    const [view] = await this.views.views([await this.views.game(gameId)], viewerId);
    return view!;
  }
}
