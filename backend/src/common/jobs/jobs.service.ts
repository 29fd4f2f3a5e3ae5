import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE_URL } from '../database/tokens.js';
import { processRole } from '../supervisor-link.js';

export interface JobDefinition<T extends object> {
  name: string;
  handler: (data: T, meta: { id: string; retryCount: number }) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  concurrency?: number;
  /** How long one run may take before pg-boss considers it lost (default 15 minutes). */
  expireInSeconds?: number;
  /** 'exclusive': at most one queued or active job per singletonKey (the sender must always give one). */
  policy?: 'standard' | 'exclusive';
}

/**
 * Durable jobs in PostgreSQL (pg-boss). Contexts define their jobs at module init; workers start when the
 * application has booted, and jobs left by a stopped server run after the next start. Under `npm start`'s supervisor
 * an API worker (SCRIVEN_ROLE=api) only sends jobs: its queue runs no handlers, no supervision (maintenance) and no
 * schedules; the media/jobs worker runs them.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition<any>>();
  private boss?: PgBoss;
  private started = false;

  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  define<T extends object>(def: JobDefinition<T>): void {
    this.definitions.set(def.name, def);
  }

  get running(): boolean {
    return this.started;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    const sender = processRole() === 'api';
    const boss = new PgBoss({
      connectionString: this.url,
      schema: 'pgboss',
      max: sender ? 2 : 5,
      application_name: sender ? 'scriven-api' : 'scriven-jobs',
      ...(sender ? { supervise: false, schedule: false } : {}),
    });
    boss.on('error', (e: Error) => this.logger.error(`job queue: ${e.message}`));
    await boss.start();
    for (const def of this.definitions.values()) {
      await boss.createQueue(def.name, {
        policy: def.policy ?? 'standard',
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelaySeconds ?? 10,
        retryBackoff: true,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      });
      if (sender) continue;
      await boss.work<object>(def.name, { batchSize: 1, localConcurrency: def.concurrency ?? 1 }, async ([job]) => {
        await def.handler(job.data, { id: job.id, retryCount: job.retryCount });
      });
    }
    this.boss = boss;
    this.started = true;
  }

  /** Queues a job; false when the queue is not running (tests with jobs off), so callers rely on their sweeper. */
  async send<T extends object>(name: string, data: T, options: { singletonKey?: string; startAfterSeconds?: number } = {}): Promise<boolean> {
    if (!this.boss || !this.started) return false;
    await this.boss.send(name, data, { singletonKey: options.singletonKey, startAfter: options.startAfterSeconds });
    return true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.started = false;
    await this.boss?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
  }
}
