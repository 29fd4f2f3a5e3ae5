import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { CLOCK, type Clock, type LoginThrottle, type SignInAttempt } from '../domain/ports.js';
import { CAP_WINDOW_SECONDS, KNOWN_ADDRESS_SECONDS, PAIR_MEMORY_SECONDS, pairDelaySeconds, throttlePolicy, type ThrottlePolicy } from '../domain/sign-in-throttle.js';

/** Rows in `login_throttle` (see sign-in-throttle.ts for the policy), by the prefix of their key. */
const pairKey = (a: SignInAttempt) => `pair:${a.person}@${a.address}`;
const addressKey = (a: SignInAttempt) => `addr:${a.address}`;
const personKey = (a: SignInAttempt) => `person:${a.person}`;
const knownKey = (userId: string, address: string) => `known:${userId}@${address}`;

interface Counted {
  key: string;
  failures: number;
  windowStart: Date;
  expiresAt: Date;
}

/**
 * The sign-in throttle in PostgreSQL: each counter is one atomic upsert, so every server process and every concurrent
 * request sees the same counts. Time comes from the injected clock (not the database's), so tests can move it.
 * Every row has an expiry and a sweeper deletes expired rows, so the table holds at most: a row per pair that failed
 * in the last 24 h (and an address can fail on at most `addressFailuresPerHour` pairs an hour), a row per address and
 * per person that failed in the last hour, and a row per (user, address) that signed in within 30 days.
 */
@Injectable()
export class PgLoginThrottle implements LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');
  private readonly policy: ThrottlePolicy;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.policy = throttlePolicy(config.rateLimit.loginFailures, config.rateLimit.loginWindowMinutes);
  }

  async attempt(a: SignInAttempt): Promise<number> {
    const now = this.clock.now();
    // The caps first: an attempt they refuse does not touch the pair.
    const counted = [await this.countInWindow(addressKey(a), now), await this.countInWindow(personKey(a), now)];
    const over = counted.filter((c, i) => c.failures > (i === 0 ? this.policy.addressFailuresPerHour : this.policy.personFailuresPerHour));
    if (over.length && !(a.userId && (await this.isKnown(a.userId, a.address, now)))) {
      await this.giveBack(counted);
      return Math.max(...over.map((c) => secondsUntil(c.expiresAt, now)));
    }
    const pair = await this.countPair(pairKey(a), now);
    if (pair.refused) {
      await this.giveBack(counted);
      return secondsUntil(pair.blockedUntil!, now);
    }
    return 0;
  }

  async succeeded(a: SignInAttempt, userId: string): Promise<void> {
    const now = this.clock.now();
    const conn = this.em.getConnection();
    await conn.execute('delete from login_throttle where key in (?, ?)', [pairKey(a), pairKey({ ...a, person: `user:${userId}` })]);
    await conn.execute('update login_throttle set failures = greatest(failures - 1, 0) where key in (?, ?) and expires_at > ?::timestamptz', [addressKey(a), personKey(a), now]);
    await conn.execute(
      `insert into login_throttle as t (key, failures, window_start, expires_at) values (?, 0, ?::timestamptz, ?::timestamptz)
       on conflict (key) do update set expires_at = excluded.expires_at`,
      [knownKey(userId, a.address), now, after(now, KNOWN_ADDRESS_SECONDS)],
    );
  }

  /** Deletes expired rows (their state is already treated as absent). */
  @Interval('login-throttle-sweeper', 10 * 60_000)
  async sweep(): Promise<number> {
    try {
      const rows = await this.em.getConnection().execute<{ key: string }[]>(
        'delete from login_throttle where key in (select key from login_throttle where expires_at <= ?::timestamptz limit 10000) returning key',
        [this.clock.now()],
      );
      return rows.length;
    } catch (e) {
      this.logger.warn(`sweeping login_throttle failed: ${(e as Error).message}`);
      return 0;
    }
  }

  /** A failure counted in the key's current hour window (a new window when the last one has ended). */
  private async countInWindow(key: string, now: Date): Promise<Counted> {
    const [row] = await this.em.getConnection().execute<{ failures: number; window_start: Date; expires_at: Date }[]>(
      `insert into login_throttle as t (key, failures, window_start, expires_at) values (?, 1, ?::timestamptz, ?::timestamptz)
       on conflict (key) do update set
         failures = case when t.expires_at <= excluded.window_start then 1 else t.failures + 1 end,
         window_start = case when t.expires_at <= excluded.window_start then excluded.window_start else t.window_start end,
         expires_at = case when t.expires_at <= excluded.window_start then excluded.expires_at else t.expires_at end
       returning failures, window_start, expires_at`,
      [key, now, after(now, CAP_WINDOW_SECONDS)],
    );
    return { key, failures: row.failures, windowStart: new Date(row.window_start), expiresAt: new Date(row.expires_at) };
  }

  /** Gives back failures counted in windows that are still the same ones. */
  private async giveBack(counted: Counted[]): Promise<void> {
    for (const c of counted) {
      await this.em.getConnection().execute('update login_throttle set failures = greatest(failures - 1, 0) where key = ? and window_start = ?::timestamptz', [c.key, c.windowStart]);
    }
  }

  /**
   * One statement, under the row's lock: while the pair waits (blocked_until ahead) the attempt is refused and
   * nothing changes; otherwise it is its next failure and sets how long the following one waits. `refused` is
   * written by every statement, so what it returns is this attempt's outcome.
   */
  private async countPair(key: string, now: Date): Promise<{ refused: boolean; blockedUntil: Date | null }> {
    const { freeFailures: free, maxDelaySeconds: cap } = this.policy;
    const first = pairDelaySeconds(1, this.policy);
    const at = 'excluded.window_start';
    const expired = `t.expires_at <= ${at}`;
    const waiting = `(t.expires_at > ${at} and t.blocked_until is not null and t.blocked_until > ${at})`;
    const nth = `(case when ${expired} then 1 else t.failures + 1 end)`;
    const [row] = await this.em.getConnection().execute<{ refused: boolean; blocked_until: Date | null }[]>(
      `insert into login_throttle as t (key, failures, window_start, blocked_until, refused, expires_at)
       values (?, 1, ?::timestamptz, ?::timestamptz, false, ?::timestamptz)
       on conflict (key) do update set
         refused = ${waiting},
         failures = case when ${waiting} then t.failures else ${nth} end,
         blocked_until = case when ${waiting} then t.blocked_until
                              when ${nth} >= ${free} then ${at} + make_interval(secs => least(${cap}, power(2, least(${nth} - ${free}, 30))))
                              else null end,
         window_start = case when ${waiting} or not ${expired} then t.window_start else ${at} end,
         expires_at = case when ${waiting} then t.expires_at else excluded.expires_at end
       returning refused, blocked_until`,
      [key, now, first > 0 ? after(now, first) : null, after(now, PAIR_MEMORY_SECONDS)],
    );
    return { refused: row.refused, blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null };
  }

  private async isKnown(userId: string, address: string, now: Date): Promise<boolean> {
    const rows = await this.em.getConnection().execute('select 1 from login_throttle where key = ? and expires_at > ?::timestamptz', [knownKey(userId, address), now]);
    return rows.length > 0;
  }
}

const after = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);
const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));
