import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { throttlePolicy, type ThrottlePolicy } from '../domain/sign-in-throttle.js';
import type { SignInReadings } from '../domain/sign-in-readings.js';

/**
 * Reads `login_throttle` (pg-login-throttle.ts writes it): `pair:<person>@<address>` rows count a pair's failures
 * (deleted at a success, forgotten 24 h after the last failure: `expires_at`), `addr:<address>` rows an address's
 * failures in its hour. The person may contain '@'; the address never does, so it is what follows the last '@'.
 */
@Injectable()
export class PgSignInReadings implements SignInReadings {
  private readonly policy: ThrottlePolicy;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = throttlePolicy(config.rateLimit.loginFailures, config.rateLimit.loginWindowMinutes);
  }

  async recentFailures(now: Date): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<{ n: string | null }[]>(`select coalesce(sum(failures), 0) as n from login_throttle where key like 'pair:%' and expires_at > ?::timestamptz`, [now]);
    return Number(row?.n ?? 0);
  }

  async throttledAddresses(now: Date, limit: number): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ address: string }[]>(
      `select distinct address from (
         select substring(key from '@([^@]*)$') as address from login_throttle
          where key like 'pair:%' and blocked_until is not null and blocked_until > ?::timestamptz and expires_at > ?::timestamptz
         union all
         select substring(key from 6) as address from login_throttle
          where key like 'addr:%' and expires_at > ?::timestamptz and failures > ?
       ) blocked where address is not null and address <> '' order by address limit ?`,
      [now, now, now, this.policy.addressFailuresPerHour, limit],
    );
    return rows.map((r) => r.address);
  }
}
