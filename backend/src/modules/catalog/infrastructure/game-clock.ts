import { Injectable } from '@nestjs/common';
import type { GameClock } from '../domain/game.ports.js';

/** The machine's time. Tests replace it (`app.get(GAME_CLOCK)`) to move time without sleeping. */
@Injectable()
export class SystemGameClock implements GameClock {
  now(): Date {
    return new Date();
  }
}
