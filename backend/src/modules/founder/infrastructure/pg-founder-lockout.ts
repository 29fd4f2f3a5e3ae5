import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LOCKOUT } from '../domain/founder-account.js';
import type { FounderLockout } from '../domain/ports.js';

const WINDOW = `make_interval(secs => ${LOCKOUT.windowSeconds})`;

/**
 * The founder sign-in lockout in PostgreSQL (SQL-owned table `founder_sign_in_guard`, one row): `failures` counts the
 * failures of the current 15-minute window plus the attempts still being checked, so at most five guesses are ever in
 * play; the fifth failure sets `locked_until` 15 minutes ahead and starts a fresh window. Each change is one statement
 * under the row's lock; time is the injected clock's (tests move it), never the database's.
 */
@Injectable()
export class PgFounderLockout implements FounderLockout {
  constructor(private readonly em: EntityManager) {}

  async attempt(now: Date): Promise<{ lockedFor: number }> {
    const at = 'excluded.window_start';
    const locked = `((t.locked_until is not null and t.locked_until > ${at}) or (t.window_start > ${at} - ${WINDOW} and t.failures >= ${LOCKOUT.failures}))`;
    const expired = `(t.window_start <= ${at} - ${WINDOW})`;
    const [row] = await this.em.getConnection().execute<{ refused: boolean; locked_until: Date | null }[]>(
      `insert into founder_sign_in_guard as t (id, failures, window_start, locked_until, refused) values (1, 1, ?::timestamptz, null, false)
       on conflict (id) do update set
         refused = ${locked},
         failures = case when ${locked} then t.failures when ${expired} then 1 else t.failures + 1 end,
         window_start = case when ${locked} or not ${expired} then t.window_start else ${at} end
       returning refused, locked_until`,
      [now],
    );
    if (!row.refused) return { lockedFor: 0 };
    const until = row.locked_until ? new Date(row.locked_until).getTime() : 0;
    // Refused without a lock in force: five attempts are still being checked; the answer is a moment away.
    return { lockedFor: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  async failed(now: Date): Promise<{ locked: boolean }> {
    const full = `failures >= ${LOCKOUT.failures}`;
    const [row] = await this.em.getConnection().execute<{ locked: boolean }[]>(
      `update founder_sign_in_guard set
         locked_until = case when ${full} then ?::timestamptz + make_interval(secs => ${LOCKOUT.lockSeconds}) else locked_until end,
         window_start = case when ${full} then ?::timestamptz else window_start end,
         failures = case when ${full} then 0 else failures end
       where id = 1
       returning (failures = 0 and locked_until = ?::timestamptz + make_interval(secs => ${LOCKOUT.lockSeconds})) as locked`,
      [now, now, now],
    );
    return { locked: !!row?.locked };
  }

  async succeeded(): Promise<void> {
    await this.em.getConnection().execute('update founder_sign_in_guard set failures = greatest(failures - 1, 0) where id = 1');
  }
}
