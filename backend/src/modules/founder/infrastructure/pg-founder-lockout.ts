import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LOCKOUT } from '../domain/founder-account.js';
import type { FounderLockout } from '../domain/ports.js';

const WINDOW = `make_interval(secs => ${LOCKOUT.windowSeconds})`;
const LOCK = `make_interval(secs => ${LOCKOUT.lockSeconds})`;
/** The attempts of the last 15 minutes before `at` (older ones no longer count). */
const recent = (at: string) => `array(select a from unnest(t.attempts) a where a > ${at} - ${WINDOW} order by a)`;

/**
 * The founder sign-in lockout in PostgreSQL (SQL-owned table `founder_sign_in_guard`, one row). `attempts` holds the
 * time of every failure of the last 15 minutes and of every attempt still being checked (a sliding window: any five
 * within 15 minutes, however they fall), so at most five guesses are ever in play; the fifth failure sets
 * `locked_until` 15 minutes ahead and clears the window. A success gives its own attempt back. Each change is one
 * statement under the row's lock; time is the injected clock's (tests move it), never the database's.
 */
@Injectable()
export class PgFounderLockout implements FounderLockout {
  constructor(private readonly em: EntityManager) {}

  async attempt(now: Date): Promise<{ lockedFor: number }> {
    const at = 'excluded.checked_at';
    const locked = `((t.locked_until is not null and t.locked_until > ${at}) or cardinality(${recent(at)}) >= ${LOCKOUT.failures})`;
    const [row] = await this.em.getConnection().execute<{ refused: boolean; locked_until: Date | null }[]>(
      `insert into founder_sign_in_guard as t (id, attempts, checked_at, locked_until, refused) values (1, array[?::timestamptz], ?::timestamptz, null, false)
       on conflict (id) do update set
         refused = ${locked},
         attempts = case when ${locked} then ${recent(at)} else ${recent(at)} || ${at} end,
         checked_at = ${at}
       returning refused, locked_until`,
      [now, now],
    );
    if (!row.refused) return { lockedFor: 0 };
    const until = row.locked_until ? new Date(row.locked_until).getTime() : 0;
    // Refused without a lock in force: five attempts are still being checked; the answer is a moment away.
    return { lockedFor: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  async failed(now: Date): Promise<{ locked: boolean }> {
    const full = `cardinality(${recent('?::timestamptz')}) >= ${LOCKOUT.failures}`;
    const [row] = await this.em.getConnection().execute<{ locked: boolean }[]>(
      `update founder_sign_in_guard t set
         locked_until = case when ${full} then ?::timestamptz + ${LOCK} else t.locked_until end,
         attempts = case when ${full} then '{}' else t.attempts end
       where id = 1
       returning (cardinality(t.attempts) = 0 and t.locked_until = ?::timestamptz + ${LOCK}) as locked`,
      [now, now, now, now],
    );
    return { locked: !!row?.locked };
  }

  async succeeded(): Promise<void> {
    // Gives back one attempt in play (the newest: the older ones leave the window first anyway).
    await this.em.getConnection().execute('update founder_sign_in_guard set attempts = attempts[1:cardinality(attempts) - 1] where id = 1');
  }
}
