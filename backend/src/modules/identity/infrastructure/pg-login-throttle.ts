import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { LoginThrottle } from '../domain/ports.js';

/** One atomic upsert per key, so every server process and every concurrent request sees the same counts. */
@Injectable()
export class PgLoginThrottle implements LoginThrottle {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async attempt(keys: { key: string; limit: number }[]): Promise<number> {
    const window = this.config.rateLimit.loginWindowMinutes * 60;
    let wait = 0;
    for (const { key, limit } of keys) {
      const [row] = await this.em.getConnection().execute<{ attempts: number; remaining: number }[]>(
        `insert into login_throttle as t (key, attempts, window_start) values (?, 1, now())
         on conflict (key) do update set
           attempts = case when t.window_start <= now() - make_interval(secs => ?) then 1 else t.attempts + 1 end,
           window_start = case when t.window_start <= now() - make_interval(secs => ?) then now() else t.window_start end
         returning attempts, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as remaining`,
        [key, window, window, window],
      );
      if (row.attempts > limit) wait = Math.max(wait, Math.max(1, row.remaining));
    }
    return wait;
  }

  async succeeded(subjectKey: string, addressKey: string): Promise<void> {
    const conn = this.em.getConnection();
    await conn.execute('delete from login_throttle where key = ?', [subjectKey]);
    await conn.execute('update login_throttle set attempts = greatest(attempts - 1, 0) where key = ?', [addressKey]);
  }
}
