import { DomainError, ValidationError } from '../../../common/errors/domain-error.js';

/**
 * Backups: a consistent database dump, the instance's secret files and a manifest of the media files with their
 * checksums, in a folder of DATA_DIR/backups. Each is verified by restoring it into a scratch database.
 */

export type BackupKind = 'manual' | 'scheduled' | 'pre_update';
export type VerifyStatus = 'pending' | 'verified' | 'failed';

export interface Backup {
  name: string;
  path: string;
  sizeBytes: number;
  createdAt: Date;
  createdBy: string | null;
  kind: BackupKind;
  verifyStatus: VerifyStatus;
  verifyError: string | null;
  verifiedAt: Date | null;
}

export interface BackupSettings {
  keepLast: number;
  dailyEnabled: boolean;
  dailyHourUtc: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { keepLast: 7, dailyEnabled: false, dailyHourUtc: 3 };
export const KEEP_LAST_MIN = 1;
export const KEEP_LAST_MAX = 100;

/** Seed 000 §9: "Backup name is 'manual_backup_' followed by the current date." */
export const MANUAL_BACKUP_PREFIX = 'manual_backup_';
export const SCHEDULED_BACKUP_PREFIX = 'scheduled_backup_';
export const PRE_UPDATE_BACKUP_PREFIX = 'pre_update_';

/** A backup's name is its folder's: letters, digits, `_`, `.` and `-`, never `..`, at most 100 characters. */
export const BACKUP_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export const BACKUP_MESSAGES = {
  name: 'backup_name must be 1 to 100 letters, digits, underscores, dots or dashes, without ".."',
  keepLast: `keep_last must be a whole number from ${KEEP_LAST_MIN} to ${KEEP_LAST_MAX}`,
  dailyEnabled: 'daily_enabled must be true or false',
  dailyHour: 'daily_hour_utc must be a whole number from 0 to 23',
} as const;

export function isValidBackupName(name: string): boolean {
  return BACKUP_NAME_PATTERN.test(name) && !name.includes('..') && !name.startsWith('.');
}

export function assertBackupName(name: string): string {
  if (!isValidBackupName(name)) throw new ValidationError([{ field: 'backup_name', message: BACKUP_MESSAGES.name }]);
  return name;
}

/** The date part of default names: YYYY-MM-DD in UTC. */
export function backupDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** `base`, or `base_2`, `base_3`… : the first that `taken` does not hold. */
export function firstFreeName(base: string, taken: (name: string) => boolean): string {
  if (!taken(base)) return base;
  for (let i = 2; ; i++) if (!taken(`${base}_${i}`)) return `${base}_${i}`;
}

/**
 * Retention: the backups to remove so that the newest `keepLast` good ones stay (a backup whose verification failed
 * does not count toward N: it is removed with the old ones once N newer good ones exist). The newest verified backup
 * is never removed, whatever its age. `backups` in any order; the caller skips any that is in use.
 */
export function beyondRetention(backups: Backup[], keepLast: number): Backup[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  const newestVerified = newestFirst.find((b) => b.verifyStatus === 'verified')?.name;
  let good = 0;
  const out: Backup[] = [];
  for (const b of newestFirst) {
    if (good >= keepLast) {
      if (b.name !== newestVerified) out.push(b);
    } else if (b.verifyStatus !== 'failed') good++;
  }
  return out;
}

/** After a daily backup fails, the next attempt waits this long (the schedule is checked every minute). */
export const DAILY_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Whether the daily backup of `now`'s UTC day is due: switched on, the hour reached, none made that day yet, and no
 * attempt in the last hour (a failing backup is tried again hourly, not every minute).
 */
export function dailyBackupDue(settings: BackupSettings, now: Date, lastScheduledDay: string | null, lastAttemptAt: Date | null = null): boolean {
  if (lastAttemptAt && now.getTime() - lastAttemptAt.getTime() < DAILY_RETRY_AFTER_MS) return false;
  return settings.dailyEnabled && now.getUTCHours() >= settings.dailyHourUtc && lastScheduledDay !== backupDate(now);
}

export class BackupError extends DomainError {}

export const backupErrors = {
  notFound: () => new BackupError('not_found', 'SYSTEM.BACKUP_NOT_FOUND', 'Backup not found'),
  exists: (name: string) => new BackupError('conflict', 'SYSTEM.BACKUP_EXISTS', `A backup named "${name}" already exists`),
  running: () => new BackupError('conflict', 'SYSTEM.BACKUP_RUNNING', 'A backup is already running'),
  held: (name: string) => new BackupError('conflict', 'SYSTEM.BACKUP_IN_USE', `The backup "${name}" is in use (being verified or restored); try again later`),
};

/** What a backup folder holds (manifest.json). */
export interface BackupManifest {
  format: 1;
  name: string;
  created_at: string;
  app_version: string;
  kind: BackupKind;
  /** The database's applied migrations, in order: a restore runs these, then loads the rows. */
  migrations: string[];
  tables: { name: string; rows: number; file: string; bytes: number; sha256: string }[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
  /** Files copied from DATA_DIR/secrets (secrets given by environment variables are not in the backup). */
  secrets: string[];
  media: { file: string; objects: number; bytes: number; sha256: string };
  /** What a backup leaves out, and why. */
  skipped: string[];
}

/** Where backups are made, read and restored (infrastructure/backup-archive.ts). */
export interface BackupArchive {
  /** Dumps into DATA_DIR/backups/<name> (written to a temporary folder, renamed when complete). */
  create(name: string, kind: BackupKind, appVersion: string): Promise<{ path: string; sizeBytes: number; manifest: BackupManifest }>;
  exists(name: string): boolean;
  /**
   * Deletes the backup's folder crash-safe: renamed aside, `commit` (removing its entry) run, then removed; when commit
   * fails the folder is put back. The caller holds the backup alone.
   */
  remove(name: string, commit: () => Promise<void>): Promise<void>;
  /** Restores into a scratch database and compares the row counts with the manifest; the reason when it does not hold. */
  verify(name: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Runs fn while reading the backup (verify, an update standing on it): shared with other readers, in every process; null while it is being deleted. */
  hold<T>(name: string, fn: () => Promise<T>): Promise<T | null>;
  /** Runs fn holding the backup alone (to delete it); null while anyone reads it. */
  holdAlone<T>(name: string, fn: () => Promise<T>): Promise<T | null>;
  /** Runs fn for each of `names` that nobody holds now, holding it alone meanwhile (one connection); the names done. */
  eachUnheld(names: string[], fn: (name: string) => Promise<void>): Promise<string[]>;
  /** Whether a backup is being made now (the lock `exclusive` takes is held, in any process). */
  running(): Promise<boolean>;
  /** Runs fn as the one backup being made (in every process); null when another is running. */
  exclusive<T>(fn: () => Promise<T>): Promise<T | null>;
}

export interface BackupRecords {
  list(): Promise<Backup[]>;
  find(name: string): Promise<Backup | null>;
  add(b: Backup): Promise<void>;
  remove(name: string): Promise<void>;
  setVerified(name: string, status: Exclude<VerifyStatus, 'pending'>, error: string | null, at: Date): Promise<void>;
  settings(): Promise<BackupSettings>;
  saveSettings(s: BackupSettings): Promise<void>;
  lastScheduledDay(): Promise<string | null>;
  /** The last attempt at a daily backup (made or failed). */
  lastDailyAttempt(): Promise<{ at: Date; error: string | null } | null>;
  recordDailyAttempt(at: Date, error: string | null): Promise<void>;
}

export const BACKUP_ARCHIVE = Symbol('BackupArchive');
export const BACKUP_RECORDS = Symbol('BackupRecords');
