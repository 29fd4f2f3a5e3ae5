import { Inject, Injectable, Logger, SetMetadata, type CanActivate, type ExecutionContext, type OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { clientAddress } from './client-address.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { LimiterSync, PgCounterStore, RedisCounterStore, SharedLimiter } from './shared-limiter.js';

/** How often each process sends its hits and learns every process's totals (RATE_LIMIT_SYNC_MS, 20 to 5000 ms; 200). */
const SYNC_MS = Math.min(5000, Math.max(20, Number(process.env.RATE_LIMIT_SYNC_MS) || 200));

const SKIP = 'scriven:skip-rate-limit';
const MEDIA = 'scriven:media-rate-limit';
/** Exempts a route from the per-address request limit (health checks). */
export const SkipRateLimit = () => SetMetadata(SKIP, true);
/**
 * Counts a route in the per-address media budget (MEDIA_RATE_LIMIT_PER_MINUTE) instead of the general one: byte
 * ranges, HLS segments, thumbnails and upload chunks come many to a page or a second, and a fast network would
 * otherwise hit the general limit while doing nothing wrong.
 */
export const MediaRateLimit = () => SetMetadata(MEDIA, true);

/**
 * A per-address limit on requests per minute (RATE_LIMIT_PER_MINUTE), counted in fixed one-minute windows across
 * every server process: in PostgreSQL (`rate_limit_counters`), or in Redis when REDIS_URL is set, synced in batches
 * (SharedLimiter: a request never waits for the store). Abusable actions (sign-in) have their own database-backed
 * limits on top.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly limiter: SharedLimiter;
  private readonly media: SharedLimiter;
  private readonly sync: LimiterSync;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
    orm: MikroORM,
  ) {
    this.limiter = new SharedLimiter('req', config.rateLimit.perMinute, 60_000, 'Too many requests. Please slow down.');
    this.media = new SharedLimiter('media', config.rateLimit.mediaPerMinute, 60_000, 'Too many requests. Please slow down.');
    const store = config.redisUrl ? new RedisCounterStore(config.redisUrl, new Logger('RateLimit')) : new PgCounterStore(orm);
    this.sync = new LimiterSync(store, [this.limiter, this.media], SYNC_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sync.close();
  }

  /** The client addresses over their request budget (general or media) now, as this process knows the counts. */
  throttledAddresses(): string[] {
    return [...new Set([...this.limiter.overLimit(), ...this.media.overLimit()])];
  }

  /** Each handler's budget, read from its metadata once. */
  private readonly budgets = new WeakMap<object, SharedLimiter | null>();

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let budget = this.budgets.get(handler);
    if (budget === undefined) {
      const targets = [handler, context.getClass()];
      budget = this.reflector.getAllAndOverride<boolean>(SKIP, targets) ? null : this.reflector.getAllAndOverride<boolean>(MEDIA, targets) ? this.media : this.limiter;
      this.budgets.set(handler, budget);
    }
    budget?.hit(clientAddress(context.switchToHttp().getRequest<Request>()));
    return true;
  }
}
