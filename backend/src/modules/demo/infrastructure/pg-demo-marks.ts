import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DemoMarks } from '../domain/ports.js';

const LEASE = 'demo:lease';
/** A lease not renewed for this long is taken to belong to a process that died. */
const LEASE_SECONDS = 90;

/**
 * The demo's marks in the SQL-owned table `seed_marks` (name, done_at). The lease is a row of its own whose done_at is
 * its expiry; the expiry this process last wrote (to the millisecond) proves that it holds it (compare-and-set on
 * renewal and release).
 */
@Injectable()
export class PgDemoMarks implements DemoMarks {
  private held: Date | null = null;

  constructor(private readonly em: EntityManager) {}

  async has(name: string): Promise<boolean> {
    const rows = await this.em.execute<{ name: string }[]>('select name from seed_marks where name = ?', [name]);
    return rows.length > 0;
  }

  async mark(name: string): Promise<void> {
    await this.em.execute('insert into seed_marks (name) values (?) on conflict do nothing', [name]);
  }

  async claimLease(): Promise<boolean> {
    const rows = await this.em.execute<{ done_at: Date }[]>(
      `insert into seed_marks (name, done_at) values (?, date_trunc('milliseconds', now() + make_interval(secs => ?)))
       on conflict (name) do update set done_at = excluded.done_at where seed_marks.done_at < now()
       returning done_at`,
      [LEASE, LEASE_SECONDS],
    );
    this.held = rows[0] ? new Date(rows[0].done_at) : null;
    return this.held !== null;
  }

  async renewLease(): Promise<boolean> {
    if (!this.held) return false;
    const rows = await this.em.execute<{ done_at: Date }[]>(
      `update seed_marks set done_at = date_trunc('milliseconds', now() + make_interval(secs => ?)) where name = ? and done_at = ? returning done_at`,
      [LEASE_SECONDS, LEASE, this.held],
    );
    this.held = rows[0] ? new Date(rows[0].done_at) : null;
    return this.held !== null;
  }

  async releaseLease(): Promise<void> {
    if (!this.held) return;
    await this.em.execute('delete from seed_marks where name = ? and done_at = ?', [LEASE, this.held]);
    this.held = null;
  }

  async leaseHeld(): Promise<boolean> {
    const rows = await this.em.execute<{ held: boolean }[]>('select exists (select 1 from seed_marks where name = ? and done_at >= now()) as held', [LEASE]);
    return rows[0]?.held === true;
  }
}
