import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../errors/domain-error.js';

const SKIP = 'scriven:skip-rate-limit';
/** Exempts a route from the per-address request limit (health checks). */
export const SkipRateLimit = () => SetMetadata(SKIP, true);

/**
 * A per-address limit on requests per minute (RATE_LIMIT_PER_MINUTE), counted in fixed one-minute windows in
 * this process. Abusable actions (sign-in) have their own database-backed limits on top.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(SKIP, [context.getHandler(), context.getClass()])) return true;
    const now = Date.now();
    const window = Math.floor(now / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const http = context.switchToHttp();
    const ip = http.getRequest<FastifyRequest>().ip;
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    const limit = this.config.rateLimit.perMinute;
    if (count > limit) {
      const retry = Math.ceil(((window + 1) * 60_000 - now) / 1000);
      throw new DomainError('rate_limited', 'RATE_LIMITED', 'Too many requests. Please slow down.', undefined, retry);
    }
    return true;
  }
}
