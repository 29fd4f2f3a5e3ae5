import { Injectable } from '@nestjs/common';
import { ActionLimiter } from '../../../common/http/action-limiter.js';

/** Per-user limits on tournament actions, on top of the per-address request limit. */
@Injectable()
export class TournamentLimits {
  /** 10 tournaments a day per organizer. */
  readonly create = new ActionLimiter(10, 24 * 3600_000, 'You can create at most 10 tournaments a day. Please try again tomorrow.');
  readonly membership = new ActionLimiter(30, 60_000, 'You are joining and leaving tournaments too fast. Please wait a minute.');
  readonly reports = new ActionLimiter(60, 60_000, 'You are reporting matches too fast. Please wait a minute.');
}
