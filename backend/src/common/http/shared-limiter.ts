import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createClient, type RedisClientType } from 'redis';
import { DomainError } from '../errors/domain-error.js';

/** Adds hits to counters shared by every server process; answers each counter's total in its window. */
export interface SharedCounterStore {
  readonly name: 'postgres' | 'redis';
  add(hits: { key: string; window: number; hits: number }[]): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** PostgreSQL (the unlogged table `rate_limit_counters`): one statement per batch; windows older than the last swept once a minute. */
export class PgCounterStore implements SharedCounterStore {
  readonly name = 'postgres' as const;
  private swept = 0;

  constructor(private readonly orm: MikroORM) {}

  async add(hits: { key: string; window: number; hits: number }[]): Promise<Map<string, number>> {
    const conn = this.orm.em.getConnection();
    const rows = await conn.execute<{ key: string; window_start: string; hits: number }[]>(
      `insert into rate_limit_counters as c (key, window_start, hits)
       select key, window_start, hits from jsonb_to_recordset(?::jsonb) as u(key text, window_start bigint, hits int)
       on conflict (key, window_start) do update set hits = c.hits + excluded.hits
       returning key, window_start, hits`,
      [JSON.stringify(hits.map((h) => ({ key: h.key, window_start: h.window, hits: h.hits })))],
    );
    const oldest = Math.min(...hits.map((h) => h.window));
    if (oldest > this.swept) {
      this.swept = oldest;
      await conn.execute('delete from rate_limit_counters where window_start < ?', [oldest - 1]);
    }
    return new Map(rows.map((r) => [`${r.window_start}|${r.key}`, Number(r.hits)]));
  }

  async close(): Promise<void> {}
}

/** Redis (REDIS_URL): INCRBY per counter with a two-window expiry, in one MULTI. */
export class RedisCounterStore implements SharedCounterStore {
  readonly name = 'redis' as const;
  private readonly client: RedisClientType;
  private connecting?: Promise<unknown>;

  constructor(url: string, logger: Logger) {
    this.client = createClient({ url });
    this.client.on('error', (e: Error) => logger.warn(`redis: ${e.message}`));
  }

  async add(hits: { key: string; window: number; hits: number }[]): Promise<Map<string, number>> {
    this.connecting ??= this.client.connect();
    await this.connecting;
    const multi = this.client.multi();
    for (const h of hits) {
      const key = `scriven:rl:${h.window}:${h.key}`;
      multi.incrBy(key, h.hits);
      multi.pExpire(key, 180_000);
    }
    const replies = (await multi.exec()) as unknown[];
    return new Map(hits.map((h, i) => [`${h.window}|${h.key}`, Number(replies[i * 2])]));
  }

  async close(): Promise<void> {
    if (this.connecting) await this.client.close().catch(() => undefined);
  }
}

/**
 * A per-key limit in fixed windows counted across every server process. The check itself never waits for the store:
 * each hit is counted here at once and checked against the total of every process as of the last sync; the hits
 * counted here since then are sent in one batch every `SYNC_MS` (200 ms), which answers the new totals. A burst
 * spread over N processes can therefore pass the limit by at most what the other processes let through within one
 * sync (documented in docs/operations.md); one process alone is exact. When the store cannot be reached the hits
 * stay counted here (the limit holds per process) and are sent at the next sync.
 */
export class SharedLimiter {
  private window = 0;
  /** Hits counted here and not yet sent. */
  private pending = new Map<string, number>();
  /** Every process's hits in this window, as of the last sync (this process's sent hits included). */
  private known = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  hit(key: string): void {
    const now = Date.now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.pending = new Map();
      this.known = new Map();
    }
    const n = (this.pending.get(key) ?? 0) + 1;
    this.pending.set(key, n);
    if ((this.known.get(key) ?? 0) + n > this.max) throw new DomainError('rate_limited', 'RATE_LIMITED', this.message, undefined, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
  }

  /** The keys over the limit in the current window (every process's hits as of the last sync, and this one's since). */
  overLimit(now = Date.now()): string[] {
    if (Math.floor(now / this.windowMs) !== this.window) return [];
    const keys = new Set([...this.known.keys(), ...this.pending.keys()]);
    return [...keys].filter((k) => (this.known.get(k) ?? 0) + (this.pending.get(k) ?? 0) > this.max);
  }

  /** The hits to send (taken out of `pending`). */
  take(): { key: string; window: number; hits: number }[] {
    if (!this.pending.size) return [];
    const out = [...this.pending].map(([key, hits]) => ({ key: `${this.name}:${key}`, window: this.window, hits }));
    this.pending = new Map();
    return out;
  }

  /** The store's totals after a sync (or, when it failed, the hits given back). */
  learn(sent: { key: string; window: number; hits: number }[], totals: Map<string, number> | null): void {
    for (const s of sent) {
      if (s.window !== this.window) continue;
      const key = s.key.slice(this.name.length + 1);
      if (totals) this.known.set(key, Math.max(this.known.get(key) ?? 0, totals.get(`${s.window}|${s.key}`) ?? 0));
      else this.pending.set(key, (this.pending.get(key) ?? 0) + s.hits);
    }
  }
}

/** Syncs limiters with a store every `intervalMs`, one batch at a time. */
export class LimiterSync {
  private readonly logger = new Logger('RateLimit');
  private timer?: NodeJS.Timeout;
  private running = false;
  private warnedAt = 0;

  constructor(
    private readonly store: SharedCounterStore,
    private readonly limiters: SharedLimiter[],
    intervalMs: number,
  ) {
    this.timer = setInterval(() => void this.sync(), intervalMs);
    this.timer.unref();
  }

  async sync(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const batches = this.limiters.map((l) => [l, l.take()] as const).filter(([, b]) => b.length);
    try {
      if (!batches.length) return;
      const totals = await this.store.add(batches.flatMap(([, b]) => b));
      for (const [l, b] of batches) l.learn(b, totals);
    } catch (e) {
      for (const [l, b] of batches) l.learn(b, null);
      if (Date.now() - this.warnedAt > 60_000) {
        this.warnedAt = Date.now();
        this.logger.warn(`the shared request counts (${this.store.name}) could not be updated: ${(e as Error).message}; counting in this process meanwhile`);
      }
    } finally {
      this.running = false;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.store.close();
  }
}
