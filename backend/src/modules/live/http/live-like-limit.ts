import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';

/** Per-user limit on live like toggles (ENGAGEMENT_LIMIT_PER_MINUTE, as for video likes), on top of the per-address limit. */
@Injectable()
export class LiveLikeLimit {
  readonly likes: ActionLimiter;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.likes = new ActionLimiter(config.rateLimit.engagementsPerMinute, 60_000, 'You are liking and unliking too fast. Please wait a minute.');
  }
}
