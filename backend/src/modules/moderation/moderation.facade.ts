import { Injectable } from '@nestjs/common';
import { ListStrikesQuery } from './application/list-strikes.query.js';
import { PurgeClosedAppealWindowsUseCase } from './application/purge-closed-appeal-windows.use-case.js';

/** What other contexts (monetization), the CLI and tests may ask of moderation. */
@Injectable()
export class ModerationFacade {
  constructor(
    private readonly strikes: ListStrikesQuery,
    private readonly purge: PurgeClosedAppealWindowsUseCase,
  ) {}

  /**
   * The user's guideline strike in force now (not overturned, not expired), the one that runs the longest; null when
   * there is none. While there is one, payout requests are held and the partner program's guidelines requirement fails.
   */
  activeStrike(userId: string): Promise<{ reason: string; expiresAt: Date } | null> {
    return this.strikes.active(userId);
  }

  /**
   * Orders the purge of the files of media removed with a strike whose 20-day appeal window closed unappealed (the
   * scheduler runs it every 15 minutes). Returns how many purges were ordered.
   */
  purgeClosedAppealWindows(): Promise<number> {
    return this.purge.execute();
  }
}
