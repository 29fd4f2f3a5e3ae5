import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { DemoStopped, SeedDemoUseCase } from './seed-demo.use-case.js';

/** A moment after start, so that seeding never delays readiness. */
const START_DELAY_MS = 1000;

/**
 * When DEMO_DATA is on, decides during the start whether the instance is new (quick), then seeds in the background
 * (never awaited by the start), and stops the seeding when the app closes (a generation in progress is killed; the
 * next start resumes).
 */
@Injectable()
export class DemoStarter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Demo');
  private readonly abort = new AbortController();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly seed: SeedDemoUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoData) return;
    try {
      if (!(await this.seed.begin())) return;
    } catch (e) {
      this.logger.warn(`The demo data was not seeded: ${(e as Error).message}`);
      return;
    }
    this.timer = setTimeout(() => {
      this.running = this.seed.execute(this.abort.signal).then(
        () => undefined,
        (e: Error) => {
          if (e instanceof DemoStopped) this.logger.log(`Demo seeding stopped: ${e.message}`);
          else this.logger.warn(`The demo data was not seeded completely (the next start carries on): ${e.message}`);
        },
      );
    }, START_DELAY_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }
}
