import { Injectable } from '@nestjs/common';
import { ModerationFacade } from '../../moderation/moderation.facade.js';
import type { ActiveStrike } from '../domain/partner-application.js';
import type { GuidelineStanding } from '../domain/ports.js';

/** The guidelines requirement and the payout hold read moderation's strikes through its facade. */
@Injectable()
export class ModerationGuidelineStanding implements GuidelineStanding {
  constructor(private readonly moderation: ModerationFacade) {}

  activeStrike(userId: string): Promise<ActiveStrike | null> {
    return this.moderation.activeStrike(userId);
  }
}
