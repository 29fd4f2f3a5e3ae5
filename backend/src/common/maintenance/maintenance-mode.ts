import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PgNotifier } from '../database/pg-notifier.js';
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
export class MaintenanceMode implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Maintenance');
  private state: MaintenanceState = { on: false, since: null };
  /** Bumped by every read started and every change applied: a read that finishes after a newer one (or a change) is dropped. */
  private generation = 0;
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly orm: MikroORM,
    private readonly notifier: PgNotifier,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.notifier.on(MAINTENANCE_TOPIC, (payload) => this.onNotice(payload));
    this.notifier.onConnect(() => void this.reload());
    await this.reload();
    this.timer = setInterval(() => void this.reload(), MAINTENANCE_RELOAD_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get isOn(): boolean {
    return this.state.on;
  }

  current(): MaintenanceState {
    return { ...this.state };
  }

  /** Re-reads the switch from the database; keeps the last known state when the read fails. */
  async reload(): Promise<void> {
    const mine = ++this.generation;
    try {
      const rows = await this.orm.em
        .getConnection()
        .execute<{ value: MaintenanceValue | string }[]>('select value from system_controls where name = ?', [MAINTENANCE_CONTROL]);
      if (mine !== this.generation) return;
      this.state = rows.length ? parse(rows[0].value) : { on: false, since: null };
    } catch (e) {
      this.logger.warn(`could not read the maintenance switch: ${(e as Error).message}`);
    }
  }

  /** The switch was written (call after its transaction committed): applied here at once, and told to every process. */
  async changed(state: MaintenanceState): Promise<void> {
    this.apply(state);
    await this.notifier.publish(MAINTENANCE_TOPIC, JSON.stringify({ on: state.on, since: state.since?.toISOString() ?? null }));
  }

  private apply(state: MaintenanceState): void {
    this.generation++;
    const was = this.state.on;
    this.state = { ...state };
    if (was !== state.on) this.logger.log(state.on ? 'maintenance mode is on: the API answers 503 to everyone but the admins and the founder' : 'maintenance mode is off');
  }

  private onNotice(payload: string): void {
    try {
      const notice = JSON.parse(payload) as Partial<MaintenanceValue>;
      if (typeof notice.on === 'boolean') this.apply(parse(notice as MaintenanceValue));
    } catch {
      // Not ours to read: the full reload below settles it.
    }
    void this.reload();
  }
}

function parse(raw: MaintenanceValue | string): MaintenanceState {
  const v = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<MaintenanceValue>;
  const on = v.on === true;
  const since = on && typeof v.since === 'string' && !Number.isNaN(Date.parse(v.since)) ? new Date(v.since) : null;
  return { on, since };
}
