import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MAINTENANCE_CONTROL, type MaintenanceValue } from '../../../common/maintenance/maintenance-mode.js';
import type { FounderSecurityReadings, SystemControlsStore } from '../domain/system-controls.js';

/** The `system_controls` table (the founder context owns and writes it; every process reads the maintenance row). */
@Injectable()
export class PgSystemControlsStore implements SystemControlsStore {
  constructor(private readonly em: EntityManager) {}

  async lockMaintenance(): Promise<{ on: boolean }> {
    const off: MaintenanceValue = { on: false, since: null };
    await this.em.execute('insert into system_controls (name, value, updated_at) values (?, ?, now()) on conflict (name) do nothing', [MAINTENANCE_CONTROL, JSON.stringify(off)]);
    const [row] = await this.em.execute<{ value: MaintenanceValue | string }[]>('select value from system_controls where name = ? for update', [MAINTENANCE_CONTROL]);
    const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as MaintenanceValue;
    return { on: value.on === true };
  }

  async setMaintenance(on: boolean, since: Date | null, now: Date): Promise<void> {
    const value: MaintenanceValue = { on, since: since?.toISOString() ?? null };
    await this.em.execute(
      'insert into system_controls (name, value, updated_at) values (?, ?, ?) on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at',
      [MAINTENANCE_CONTROL, JSON.stringify(value), now],
    );
  }
}

/** The founder's refused sign-ins, as its sign-in writes them to `founder_audit_log`. */
export const REFUSED_SIGN_IN_ACTIONS = ['founder.sign_in_refused'];

@Injectable()
export class PgFounderSecurityReadings implements FounderSecurityReadings {
  constructor(private readonly em: EntityManager) {}

  async refusedSignIns(since: Date): Promise<number> {
    const [row] = await this.em.execute<{ n: string }[]>('select count(*) as n from founder_audit_log where action in (?) and created_at > ?', [REFUSED_SIGN_IN_ACTIONS, since]);
    return Number(row?.n ?? 0);
  }

  async founderSetUp(): Promise<boolean> {
    const rows = await this.em.execute<{ one: number }[]>('select 1 as one from founder_account limit 1');
    return rows.length > 0;
  }
}
