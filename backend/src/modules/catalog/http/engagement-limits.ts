import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';

/** Per-user limits on likes, comments, ratings and listening reports (ENGAGEMENT_LIMIT_PER_MINUTE each), on top of the per-address limit. */
@Injectable()
export class EngagementLimits {
  readonly likes: ActionLimiter;
  readonly comments: ActionLimiter;
  readonly ratings: ActionLimiter;
  /** Listening reports of music tracks, per listener (the user, or a visitor's address). */
  readonly plays: ActionLimiter;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const n = config.rateLimit.engagementsPerMinute;
    this.likes = new ActionLimiter(n, 60_000, 'You are liking and unliking too fast. Please wait a minute.');
    this.comments = new ActionLimiter(n, 60_000, 'You are commenting too fast. Please wait a minute.');
    this.ratings = new ActionLimiter(n, 60_000, 'You are changing ratings too fast. Please wait a minute.');
    this.plays = new ActionLimiter(n, 60_000, 'You are reporting plays too fast. Please wait a minute.');
  }
}
