import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { PurgeClosedAppealWindowsUseCase } from '../application/purge-closed-appeal-windows.use-case.js';
import { MODERATION_UNIT_OF_WORK, type ModerationUnitOfWork } from '../domain/ports.js';

/**
 * Moderation's periodic work, in its own context: the files of media removed with a strike whose appeal window
 * closed unappealed are purged. Safe with several processes (rows claimed with SKIP LOCKED, each purge ordered once).
 */
@Injectable()
export class ModerationScheduler {
  private readonly logger = new Logger('ModerationSchedules');

  constructor(
    private readonly purge: PurgeClosedAppealWindowsUseCase,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Interval(15 * 60_000)
  purgeClosedAppealWindows(): Promise<void> {
    if (!this.config.jobsEnabled) return Promise.resolve();
    return this.uow.isolated(async () => {
      try {
        const n = await this.purge.execute();
        if (n) this.logger.log(`ordered the purge of ${n} removed item(s) whose appeal window closed`);
      } catch (e) {
        this.logger.warn(`purging after closed appeal windows failed: ${(e as Error).message}`);
      }
    });
  }
}
