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
 * Retention: the backups to remove so that the newest `keepLast` stay, never one that is held (being verified,
 * or the one an update stands on). `backups` in any order.
 */
export function beyondRetention(backups: Backup[], keepLast: number, held: (name: string) => boolean): Backup[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  return newestFirst.slice(keepLast).filter((b) => !held(b.name));
}

/** Whether the daily backup of `now`'s UTC day is due: switched on, the hour reached, and none made that day yet. */
export function dailyBackupDue(settings: BackupSettings, now: Date, lastScheduledDay: string | null): boolean {
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
  remove(name: string): Promise<void>;
  /** Restores into a scratch database and compares the row counts with the manifest; the reason when it does not hold. */
  verify(name: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Runs fn while holding the backup (retention and deletion leave it alone, in every process); null when another holds it. */
  hold<T>(name: string, fn: () => Promise<T>): Promise<T | null>;
  /** Whether some process holds the backup now. */
  isHeld(name: string): Promise<boolean>;
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
}

export const BACKUP_ARCHIVE = Symbol('BackupArchive');
export const BACKUP_RECORDS = Symbol('BackupRecords');
