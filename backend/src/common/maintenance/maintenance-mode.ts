import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PgNotifier } from '../database/pg-notifier.js';
import { ProcessReplica } from '../database/process-replica.js';
import { DomainError } from '../errors/domain-error.js';

/** PgNotifier topic: maintenance was switched (payload: JSON `{ on, since }`); every process applies it and reloads. */
export const MAINTENANCE_TOPIC = 'maintenance';
/** How often every process re-reads the switch anyway (a safety net for a missed notification). */
export const MAINTENANCE_RELOAD_MS = 30_000;
/** The `system_controls` row that holds the switch (owned and written by the founder context). */
export const MAINTENANCE_CONTROL = 'maintenance_mode';
/** What a client is told to wait before trying again (Retry-After, seconds). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 120;
export const MAINTENANCE_MESSAGE = 'Scriven is down for maintenance. Please try again soon.';

/** Every /api call but the exempt ones while maintenance is on: 503 `SYSTEM.MAINTENANCE` with Retry-After. */
export class MaintenanceError extends DomainError {
  constructor() {
    super('unavailable', 'SYSTEM.MAINTENANCE', MAINTENANCE_MESSAGE, undefined, MAINTENANCE_RETRY_AFTER_SECONDS);
  }
}

export interface MaintenanceState {
  on: boolean;
  /** When it was switched on (null while off). */
  since: Date | null;
}

/** The stored value of the `maintenance_mode` control. */
export interface MaintenanceValue {
  on: boolean;
  since: string | null;
}

/**
 * Whether the instance is in maintenance, for every process: an in-memory copy of the `maintenance_mode` row of
 * `system_controls`, read at bootstrap, on every change notice (PgNotifier, so every server process follows a switch
 * within a second), after the notice listener reconnects (notices sent meanwhile were missed) and every 30 s. Before
 * the first read, and when the row is missing or cannot be read, the last known state holds (initially off: a
 * database that cannot be read never locks everyone out).
 */
@Injectable()
export class MaintenanceMode extends ProcessReplica<MaintenanceState> {
  protected readonly what = 'the maintenance switch';

  constructor(
    private readonly orm: MikroORM,
    notifier: PgNotifier,
  ) {
    super({ on: false, since: null }, notifier, MAINTENANCE_TOPIC, MAINTENANCE_RELOAD_MS, 'Maintenance');
  }

  get isOn(): boolean {
    return this.value.on;
  }

  current(): MaintenanceState {
    return { ...this.value };
  }

  /** The switch was written (call after its transaction committed): applied here at once, and told to every process. */
  async changed(state: MaintenanceState): Promise<void> {
    await this.publish({ ...state }, { on: state.on, since: state.since?.toISOString() ?? null });
  }

  protected async read(): Promise<MaintenanceState> {
    const rows = await this.orm.em
      .getConnection()
      .execute<{ value: MaintenanceValue | string }[]>('select value from system_controls where name = ?', [MAINTENANCE_CONTROL]);
    return rows.length ? parse(rows[0].value) : { on: false, since: null };
  }

  protected fromNotice(notice: unknown): MaintenanceState | undefined {
    const n = notice as Partial<MaintenanceValue> | null;
    return n && typeof n.on === 'boolean' ? parse(n as MaintenanceValue) : undefined;
  }

  protected override replace(next: MaintenanceState): void {
    const was = this.value.on;
    super.replace(next);
    if (was !== next.on) this.logger.log(next.on ? 'maintenance mode is on: the API answers 503 to everyone but the admins and the founder' : 'maintenance mode is off');
  }
}

function parse(raw: MaintenanceValue | string): MaintenanceState {
  const v = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<MaintenanceValue>;
  const on = v.on === true;
  const since = on && typeof v.since === 'string' && !Number.isNaN(Date.parse(v.since)) ? new Date(v.since) : null;
  return { on, since };
}
