import { Injectable } from '@nestjs/common';
import type { FounderClock } from '../domain/ports.js';

/** The machine's time. Tests replace `now` (`app.get(FOUNDER_CLOCK)`) to move time without sleeping. */
@Injectable()
export class SystemFounderClock implements FounderClock {
  now(): Date {
    return new Date();
  }
}
