import { Injectable } from '@nestjs/common';
import type { Clock } from '../domain/ports.js';

/** The machine's time. Tests replace it (`app.get(LIVE_CLOCK)`) to move time without sleeping. */
@Injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
