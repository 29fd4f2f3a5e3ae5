import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { clientAddress } from './client-address.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ActionLimiter } from './action-limiter.js';

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
 * A per-address limit on requests per minute (RATE_LIMIT_PER_MINUTE), counted in fixed one-minute windows in
 * this process. Abusable actions (sign-in) have their own database-backed limits on top.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: ActionLimiter;
  private readonly media: ActionLimiter;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limiter = new ActionLimiter(config.rateLimit.perMinute, 60_000, 'Too many requests. Please slow down.');
    this.media = new ActionLimiter(config.rateLimit.mediaPerMinute, 60_000, 'Too many requests. Please slow down.');
  }

  /** Each handler's budget, read from its metadata once. */
  private readonly budgets = new WeakMap<object, ActionLimiter | null>();

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
