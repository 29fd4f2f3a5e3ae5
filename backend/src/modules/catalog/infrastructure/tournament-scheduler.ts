import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AutoStartTournamentsUseCase } from '../application/auto-start-tournaments.use-case.js';

/** Every minute: open tournaments whose start date has passed start by themselves (or are cancelled without 2 players). */
@Injectable()
export class TournamentScheduler {
  private readonly logger = new Logger('TournamentScheduler');

  constructor(
    private readonly autoStart: AutoStartTournamentsUseCase,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Interval('tournaments-auto-start', 60_000)
  run(): Promise<void> {
    if (!this.config.jobsEnabled) return Promise.resolve();
    return RequestContext.create(this.orm.em, async () => {
      try {
        const { started, cancelled } = await this.autoStart.execute();
        if (started.length || cancelled.length) this.logger.log(`tournaments due: ${started.length} started, ${cancelled.length} cancelled`);
      } catch (e) {
        this.logger.warn(`starting due tournaments failed: ${(e as Error).message}`);
      }
    });
  }
}
