import { DomainError } from '../errors/domain-error.js';

/**
 * A per-key limit in fixed windows, in this process: the per-address request limit (RateLimitGuard) and, on top of
 * it, abusable actions (follow toggles, searches). The message says what to do.
 */
export class ActionLimiter {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  hit(key: string): void {
    const now = Date.now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    if (n > this.max) throw new DomainError('rate_limited', 'RATE_LIMITED', this.message, undefined, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
  }
}
