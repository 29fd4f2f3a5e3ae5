import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { PurgeUnscoredGameSessionsUseCase } from '../application/purge-unscored-game-sessions.use-case.js';

/** Every hour (where jobs run): play sessions without a score a day after they started are purged. */
@Injectable()
export class GameScheduler {
  private readonly logger = new Logger('GameScheduler');

  constructor(
    private readonly purge: PurgeUnscoredGameSessionsUseCase,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Interval('games-purge-unscored-sessions', 3_600_000)
  run(): Promise<void> {
    if (!this.config.jobsEnabled) return Promise.resolve();
    return RequestContext.create(this.orm.em, async () => {
      try {
        const removed = await this.purge.execute();
        if (removed) this.logger.log(`purged ${removed} unscored game sessions`);
      } catch (e) {
        this.logger.warn(`purging unscored game sessions failed: ${(e as Error).message}`);
      }
    });
  }
}
