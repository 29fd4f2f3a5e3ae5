import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { LoginThrottle } from '../domain/ports.js';

/** Counts failures with one atomic upsert per key, so every server process sees the same counts. */
@Injectable()
export class PgLoginThrottle implements LoginThrottle {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get windowSeconds(): number {
    return this.config.rateLimit.loginWindowMinutes * 60;
  }

  async lockedFor(keys: string[]): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ seconds: number }[]>(
        `select coalesce(max(ceil(extract(epoch from locked_until - now()))), 0)::int as seconds
           from login_throttle where key in (?) and locked_until > now()`,
        [keys],
      );
    return rows[0]?.seconds ?? 0;
  }

  async recordFailure(keys: { key: string; limit: number }[]): Promise<void> {
    const conn = this.em.getConnection();
    for (const { key, limit } of keys) {
      await conn.execute(
        `insert into login_throttle (key, failures, window_start, locked_until) values (?, 1, now(), null)
         on conflict (key) do update set
           failures = case when login_throttle.window_start < now() - make_interval(secs => ?) then 1 else login_throttle.failures + 1 end,
           window_start = case when login_throttle.window_start < now() - make_interval(secs => ?) then now() else login_throttle.window_start end,
           locked_until = case
             when login_throttle.window_start >= now() - make_interval(secs => ?) and login_throttle.failures + 1 >= ?
             then login_throttle.window_start + make_interval(secs => ?)
             else login_throttle.locked_until end`,
        [key, this.windowSeconds, this.windowSeconds, this.windowSeconds, limit, this.windowSeconds],
      );
    }
  }

  async clear(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from login_throttle where key = ?', [key]);
  }
}
