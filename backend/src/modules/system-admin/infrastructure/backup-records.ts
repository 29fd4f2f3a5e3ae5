import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_BACKUP_SETTINGS, type Backup, type BackupKind, type BackupRecords, type BackupSettings, type VerifyStatus } from '../domain/backup.js';

interface Row {
  name: string;
  path: string;
  size_bytes: string;
  created_at: Date;
  created_by: string | null;
  kind: BackupKind;
  verify_status: VerifyStatus;
  verify_error: string | null;
  verified_at: Date | null;
}

const toBackup = (r: Row): Backup => ({
  name: r.name,
  path: r.path,
  sizeBytes: Number(r.size_bytes),
  createdAt: new Date(r.created_at),
  createdBy: r.created_by,
  kind: r.kind,
  verifyStatus: r.verify_status,
  verifyError: r.verify_error,
  verifiedAt: r.verified_at ? new Date(r.verified_at) : null,
});

const SETTINGS_KEY = 'backup_settings';
const DAILY_ATTEMPT_KEY = 'backup_daily_attempt';

/** The `backups` table and the backup settings (a `system_state` row), in SQL. */
@Injectable()
export class PgBackupRecords implements BackupRecords {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<Backup[]> {
    return (await this.em.execute<Row[]>('select * from backups order by created_at desc, name desc')).map(toBackup);
  }

  async find(name: string): Promise<Backup | null> {
    const [row] = await this.em.execute<Row[]>('select * from backups where name = ?', [name]);
    return row ? toBackup(row) : null;
  }

  async add(b: Backup): Promise<void> {
    await this.em.execute(
      'insert into backups (name, path, size_bytes, created_at, created_by, kind, verify_status, verify_error, verified_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [b.name, b.path, b.sizeBytes, b.createdAt, b.createdBy, b.kind, b.verifyStatus, b.verifyError, b.verifiedAt],
    );
  }

  async remove(name: string): Promise<void> {
    await this.em.execute('delete from backups where name = ?', [name]);
  }

  async setVerified(name: string, status: Exclude<VerifyStatus, 'pending'>, error: string | null, at: Date): Promise<void> {
    await this.em.execute('update backups set verify_status = ?, verify_error = ?, verified_at = ? where name = ?', [status, error, at, name]);
  }

  async settings(): Promise<BackupSettings> {
    const [row] = await this.em.execute<{ value: Partial<BackupSettings> }[]>('select value from system_state where key = ?', [SETTINGS_KEY]);
    return { ...DEFAULT_BACKUP_SETTINGS, ...(row?.value ?? {}) };
  }

  async saveSettings(s: BackupSettings): Promise<void> {
    await this.em.execute(
      'insert into system_state (key, value, updated_at) values (?, ?, now()) on conflict (key) do update set value = excluded.value, updated_at = now()',
      [SETTINGS_KEY, JSON.stringify(s)],
    );
  }

  async lastScheduledDay(): Promise<string | null> {
    const [row] = await this.em.execute<{ created_at: Date }[]>("select created_at from backups where kind = 'scheduled' order by created_at desc limit 1");
    return row ? new Date(row.created_at).toISOString().slice(0, 10) : null;
  }

  async lastDailyAttempt(): Promise<{ at: Date; error: string | null } | null> {
    const [row] = await this.em.execute<{ value: { at?: string; error?: string | null } }[]>('select value from system_state where key = ?', [DAILY_ATTEMPT_KEY]);
    return row?.value?.at ? { at: new Date(row.value.at), error: row.value.error ?? null } : null;
  }

  async recordDailyAttempt(at: Date, error: string | null): Promise<void> {
    await this.em.execute(
      'insert into system_state (key, value, updated_at) values (?, ?, now()) on conflict (key) do update set value = excluded.value, updated_at = now()',
      [DAILY_ATTEMPT_KEY, JSON.stringify({ at: at.toISOString(), error })],
    );
  }
}
