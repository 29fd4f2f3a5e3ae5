import { Injectable } from '@nestjs/common';
import type { Clock } from '../domain/ports.js';

/** The machine's time. Tests replace it (`app.get(CLOCK)` of moderation's ports) to move time without sleeping. */
@Injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
