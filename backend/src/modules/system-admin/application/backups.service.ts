import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { UserDirectoryRef } from './user-directory.js';
import {
  BACKUP_ARCHIVE,
  BACKUP_RECORDS,
  MANUAL_BACKUP_PREFIX,
  PRE_UPDATE_BACKUP_PREFIX,
  SCHEDULED_BACKUP_PREFIX,
  assertBackupName,
  backupDate,
  backupErrors,
  beyondRetention,
  dailyBackupDue,
  firstFreeName,
  type Backup,
  type BackupArchive,
  type BackupKind,
  type BackupRecords,
  type BackupSettings,
} from '../domain/backup.js';
import { AdminAuditLog } from './admin-audit-log.js';

export const VERIFY_BACKUP_JOB = 'system.backup-verify';
export const DAILY_BACKUP_JOB = 'system.backup-daily';

/** Who asks: an admin of the console, or nobody (the schedule). */
export interface Actor {
  userId: string;
}

/**
 * Backups of the instance: made on demand (one at a time, in every process), verified by a durable job that restores
 * each into a scratch database, kept to the newest `keep_last` that did not fail verification (retention never removes
 * the newest verified one, nor one being read: verified, or stood on by an update), and made daily at the chosen UTC
 * hour when switched on (a singleton job per day: once, however many processes run the schedule; a failed attempt is
 * tried again an hour later). Readers share a backup's lock; deleting takes it alone.
 */
@Injectable()
export class BackupsService implements OnModuleInit {
  private readonly logger = new Logger('Backups');

  constructor(
    @Inject(BACKUP_ARCHIVE) private readonly archive: BackupArchive,
    @Inject(BACKUP_RECORDS) private readonly records: BackupRecords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    private readonly audit: AdminAuditLog,
    private readonly directory: UserDirectoryRef,
  ) {}

  onModuleInit(): void {
    // A backup being deleted cannot be read: verify throws, and the job is tried again later.
    this.jobs.define<{ name: string }>({ name: VERIFY_BACKUP_JOB, handler: ({ name }) => this.isolated(() => this.verify(name)).then(() => undefined), retryLimit: 5, expireInSeconds: 3600, policy: 'exclusive' });
    this.jobs.define<{ day: string }>({ name: DAILY_BACKUP_JOB, handler: () => this.isolated(() => this.runDailyIfDue(new Date())).then(() => undefined), retryLimit: 1, expireInSeconds: 3600, policy: 'exclusive' });
  }

  private isolated<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  /** The admin's display name for the audit log, through the user directory Identity registers (UserDirectoryRef). */
  async adminName(userId: string): Promise<string | null> {
    return (await this.directory.actor(userId)).username;
  }

  list(): Promise<Backup[]> {
    return this.records.list();
  }

  private async taken(name: string): Promise<boolean> {
    return this.archive.exists(name) || !!(await this.records.find(name));
  }

  /** Makes a backup; `requested` is an explicit name (an existing one is refused), else the kind's default name of the day. */
  async create(actor: Actor | null, requested: string | undefined, kind: BackupKind = 'manual', now = new Date(), onStarted?: (name: string) => void): Promise<Backup> {
    if (requested !== undefined) {
      assertBackupName(requested);
      if (await this.taken(requested)) throw backupErrors.exists(requested);
    }
    const made = await this.archive.exclusive(async () => {
      let name = requested;
      if (name === undefined) {
        const base = `${kind === 'manual' ? MANUAL_BACKUP_PREFIX : kind === 'scheduled' ? SCHEDULED_BACKUP_PREFIX : PRE_UPDATE_BACKUP_PREFIX}${backupDate(now)}`;
        const names = new Set((await this.records.list()).map((b) => b.name));
        name = firstFreeName(base, (n) => names.has(n) || this.archive.exists(n));
      } else if (await this.taken(name)) throw backupErrors.exists(name);
      onStarted?.(name);
      const started = Date.now();
      const { path, sizeBytes, manifest } = await this.archive.create(name, kind, this.config.version);
      const backup: Backup = { name, path, sizeBytes, createdAt: new Date(manifest.created_at), createdBy: actor?.userId ?? null, kind, verifyStatus: 'pending', verifyError: null, verifiedAt: null };
      const adminUsername = actor ? await this.adminName(actor.userId) : null;
      await this.em.transactional(async () => {
        await this.records.add(backup);
        if (actor) {
          await this.audit.record({ adminUserId: actor.userId, adminUsername, action: 'backup.created', target: name, detail: { kind, size_bytes: sizeBytes, tables: manifest.tables.length, media_files: manifest.media.objects } });
        }
      });
      this.logger.log(`backup ${name} (${kind}) written in ${Date.now() - started} ms: ${sizeBytes} bytes, ${manifest.tables.length} tables, ${manifest.media.objects} media files listed`);
      return backup;
    });
    if (!made) throw backupErrors.running();
    await this.jobs.send(VERIFY_BACKUP_JOB, { name: made.name }, { singletonKey: `verify:${made.name}` }).catch((e: Error) => this.logger.warn(`queueing the verification of ${made.name} failed: ${e.message}`));
    await this.applyRetention(made.name).catch((e: Error) => this.logger.warn(`retention after ${made.name} failed: ${e.message}`));
    return made;
  }

  /**
   * Starts a manual backup and answers as soon as it is the one being made (its name), leaving it to finish in the
   * background (its outcome is logged; it appears in the list when written). 409 'A backup is already running' when
   * another is being made, in any process. `by` names who asked, for the log.
   */
  start(by: string): Promise<{ name: string; finished: Promise<Backup | null> }> {
    return new Promise((resolve, reject) => {
      let begun = false;
      const finished: Promise<Backup | null> = this.isolated(() =>
        this.create(null, undefined, 'manual', new Date(), (name) => {
          begun = true;
          this.logger.log(`backup ${name} started by ${by}`);
          resolve({ name, finished });
        }),
      ).catch((e: Error) => {
        if (!begun) reject(e);
        else this.logger.warn(`the backup started by ${by} failed: ${e.message}`);
        return null;
      });
    });
  }

  /** Whether a backup is being made now (in any process). */
  running(): Promise<boolean> {
    return this.archive.running();
  }

  /**
   * Restores the backup into a scratch database and records the outcome ('verified', or 'failed' with the reason).
   * The durable job runs it after each backup; with jobs off (JOBS_ENABLED=false) nothing does, and it stays pending.
   * It reads the backup as others may (an update standing on it, another verify); null when the backup is gone, and a
   * 409 (BACKUP_IN_USE) while it is being deleted, so that the job is tried again.
   */
  async verify(name: string): Promise<Backup | null> {
    if (!(await this.records.find(name))) return null;
    const outcome = await this.archive.hold(name, () => this.archive.verify(name));
    if (!outcome) throw backupErrors.held(name);
    if (!(await this.records.find(name))) return null;
    await this.records.setVerified(name, outcome.ok ? 'verified' : 'failed', outcome.ok ? null : outcome.reason.slice(0, 2000), new Date());
    if (!outcome.ok) this.logger.warn(`backup ${name} failed verification: ${outcome.reason}`);
    return this.records.find(name);
  }

  /**
   * Removes the backups beyond keep_last (domain/backup.ts beyondRetention: failed ones do not count, the newest
   * verified one stays), except `keep` (the newest) and any that someone is reading now.
   */
  async applyRetention(keep?: string): Promise<string[]> {
    const { keepLast } = await this.records.settings();
    const names = beyondRetention(await this.records.list(), keepLast)
      .map((b) => b.name)
      .filter((n) => n !== keep);
    const removed = await this.archive.eachUnheld(names, (name) => this.archive.remove(name, () => this.records.remove(name)));
    if (removed.length) this.logger.log(`retention (keep the last ${keepLast}) removed ${removed.join(', ')}`);
    return removed;
  }

  async remove(actor: Actor, name: string): Promise<void> {
    if (!(await this.records.find(name))) throw backupErrors.notFound();
    const adminUsername = await this.adminName(actor.userId);
    const done = await this.archive.holdAlone(name, async () => {
      await this.archive.remove(name, () =>
        this.em.transactional(async () => {
          await this.records.remove(name);
          await this.audit.record({ adminUserId: actor.userId, adminUsername, action: 'backup.deleted', target: name });
        }),
      );
      return true;
    });
    if (!done) throw backupErrors.held(name);
  }

  settings(): Promise<BackupSettings> {
    return this.records.settings();
  }

  async saveSettings(actor: Actor, s: BackupSettings): Promise<BackupSettings> {
    const adminUsername = await this.adminName(actor.userId);
    await this.em.transactional(async () => {
      await this.records.saveSettings(s);
      await this.audit.record({ adminUserId: actor.userId, adminUsername, action: 'backup.settings', detail: { keep_last: s.keepLast, daily_enabled: s.dailyEnabled, daily_hour_utc: s.dailyHourUtc } });
    });
    await this.applyRetention().catch((e: Error) => this.logger.warn(`retention failed: ${e.message}`));
    return s;
  }

  /** Whether the daily backup is due now (switched on, the hour reached, none made today, no attempt in the last hour). */
  async dailyDue(now: Date): Promise<boolean> {
    const settings = await this.records.settings();
    const attempt = await this.records.lastDailyAttempt();
    return dailyBackupDue(settings, now, await this.records.lastScheduledDay(), attempt?.at ?? null);
  }

  /**
   * The daily backup, when due. Null when not due. Each attempt is recorded (system_state), so that one that fails is
   * tried again an hour later, not at every minute's check.
   */
  async runDailyIfDue(now: Date): Promise<Backup | null> {
    if (!(await this.dailyDue(now))) return null;
    await this.records.recordDailyAttempt(now, null);
    try {
      return await this.create(null, undefined, 'scheduled', now);
    } catch (e) {
      const reason = (e as Error).message.slice(0, 500);
      await this.records.recordDailyAttempt(now, reason).catch(() => undefined);
      this.logger.warn(`the daily backup failed (tried again in an hour): ${reason}`);
      throw e;
    }
  }

  /** Every minute: queue the day's backup when it is due (a singleton job per day, so once with several processes). */
  @Interval('system-daily-backup', 60_000)
  async tick(): Promise<void> {
    if (!this.jobs.running) return;
    await this.isolated(async () => {
      const now = new Date();
      if (!(await this.dailyDue(now))) return;
      await this.jobs.send(DAILY_BACKUP_JOB, { day: backupDate(now) }, { singletonKey: `daily:${backupDate(now)}` });
    }).catch((e: Error) => this.logger.warn(`the daily backup check failed: ${e.message}`));
  }
}
