import { Injectable } from '@nestjs/common';
import type { CommunityClock } from '../domain/community-ports.js';

@Injectable()
export class SystemClock implements CommunityClock {
  now(): Date {
    return new Date();
  }
}
