import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { BACKUP_ARCHIVE, type BackupArchive } from '../domain/backup.js';
import {
  INSTALLED_VERSION,
  RELEASE_SOURCE,
  UpdateFailedError,
  availableReleases,
  compareVersions,
  updateErrors,
  type InstalledVersion,
  type Release,
  type ReleaseSource,
  type StepLog,
} from '../domain/release.js';
import { AdminAuditLog } from './admin-audit-log.js';
import { BackupsService, type Actor } from './backups.service.js';

/** A step that failed: its name and why (the transaction is rolled back). */
class StepFailure extends Error {
  constructor(
    readonly step: string,
    readonly reason: string,
  ) {
    super(`${step} failed: ${reason}`);
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 500);

/**
 * Updates: the releases of the manifest this build ships that are newer than the installed version; applying one
 * takes a backup first when asked, then in ONE database transaction runs the pending migrations, each release's data
 * steps in order (every release between the installed version and the chosen one), a health check, and records the
 * version. A failed step or health check rolls the transaction back: the database is as it was before the update
 * (nothing is restored from the backup, which is kept), and the log says so. Only one update at a time in every
 * process (an advisory lock held from before the backup to the end; the installed version is read under it). Nothing is
 * downloaded: a new build reaches the machine by the operator's hand (docs/operations.md, Updates).
 */
@Injectable()
export class UpdatesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Updates');

  constructor(
    @Inject(RELEASE_SOURCE) private readonly source: ReleaseSource,
    @Inject(INSTALLED_VERSION) private readonly installed: InstalledVersion,
    @Inject(BACKUP_ARCHIVE) private readonly archive: BackupArchive,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    private readonly backups: BackupsService,
    private readonly audit: AdminAuditLog,
  ) {}

  /** A fresh install counts as up to date: the installed version starts as the build's. */
  async onApplicationBootstrap(): Promise<void> {
    await RequestContext.create(this.orm.em, () => this.installed.initialise(this.config.version)).catch((e: Error) => this.logger.warn(`recording the installed version failed: ${e.message}`));
  }

  async currentVersion(): Promise<string> {
    return (await this.installed.get()) ?? this.config.version;
  }

  async check(): Promise<{ current: string; build: string; updates: Release[] }> {
    const current = await this.currentVersion();
    return { current, build: this.config.version, updates: availableReleases(await this.source.releases(), current, this.config.version) };
  }

  async apply(actor: Actor, version: string, backupFirst: boolean): Promise<{ version: string; steps: StepLog[] }> {
    const releases = await this.source.releases();
    const target = releases.find((r) => r.version === version);
    if (!target || compareVersions(version, this.config.version) > 0) throw updateErrors.notFound(version);
    // One update at a time in every process, from before its backup to its end; the installed version is read under
    // the lock, so an update another process just installed is not installed twice.
    const done = await this.installed.exclusive(async () => {
      const current = await this.currentVersion();
      if (compareVersions(version, current) <= 0) throw updateErrors.notNewer(version, current);
      return this.run(actor, current, version, availableReleases(releases, current, version), backupFirst);
    });
    if (!done) throw updateErrors.running();
    return done;
  }

  private async run(actor: Actor, from: string, version: string, releases: Release[], backupFirst: boolean): Promise<{ version: string; steps: StepLog[] }> {
    const steps: StepLog[] = [];
    const adminUsername = await this.backups.adminName(actor.userId);
    const timed = async (name: string, fn: () => Promise<string>): Promise<void> => {
      const started = Date.now();
      try {
        const detail = await fn();
        steps.push({ name, status: 'ok', detail, durationMs: Date.now() - started });
      } catch (e) {
        const reason = e instanceof StepFailure ? e.reason : reasonOf(e);
        steps.push({ name, status: 'failed', detail: reason, durationMs: Date.now() - started });
        throw new StepFailure(name, reason);
      }
    };
    const fail = async (f: StepFailure, rolledBack: string): Promise<never> => {
      this.logger.warn(`update to ${version} failed: ${f.message}; ${rolledBack}`);
      await this.em.transactional(() => this.audit.record({ adminUserId: actor.userId, adminUsername, action: 'update.failed', target: version, detail: { from, step: f.step, reason: f.reason } }));
      throw new UpdateFailedError(`${f.message}; ${rolledBack}`, steps);
    };

    let backupName: string | null = null;
    if (backupFirst) {
      try {
        await timed('backup', async () => {
          const b = await this.backups.create(actor, undefined, 'pre_update');
          backupName = b.name;
          return `Backup ${b.name} written (${b.sizeBytes} bytes)`;
        });
      } catch (e) {
        return fail(e as StepFailure, 'nothing was changed');
      }
    } else {
      steps.push({ name: 'backup', status: 'skipped', detail: 'No backup was asked for', durationMs: 0 });
    }

    const install = async (): Promise<void> => {
      await this.em.transactional(async (em) => {
        await timed('migrations', async () => {
          const ran = await this.orm.migrator.up({ transaction: em.getTransactionContext() });
          const brought = releases.flatMap((r) => r.migrations);
          if (ran.length) return `Ran ${ran.map((m) => m.name).join(', ')}`;
          return brought.length ? `No pending migrations: ${brought.join(', ')} ran when this build started` : 'No pending migrations';
        });
        for (const r of releases) {
          if (!r.steps.length) steps.push({ name: `${r.version}: data steps`, status: 'skipped', detail: 'This release has no data steps', durationMs: 0 });
          for (const step of r.steps) await timed(`${r.version}: ${step.name}`, () => this.source.execute(step, em));
        }
        await timed('health check', () => this.health(em));
        await timed('record version', async () => {
          await this.installed.set(version);
          await this.audit.record({ adminUserId: actor.userId, adminUsername, action: 'update.applied', target: version, detail: { from, backup: backupName, steps: steps.length } });
          return `Installed version ${from} → ${version}`;
        });
      });
    };

    try {
      if (backupName) await this.archive.hold(backupName, install).then((r) => (r === null ? Promise.reject(new StepFailure('backup', `the backup ${backupName} is held by another process`)) : r));
      else await install();
    } catch (e) {
      const f = e instanceof StepFailure ? e : new StepFailure('update', reasonOf(e));
      if (!steps.some((s) => s.status === 'failed')) steps.push({ name: f.step, status: 'failed', detail: f.reason, durationMs: 0 });
      // The update's transaction was rolled back: nothing was restored from the backup, which is kept.
      const rolledBack = backupName ? `rolled back (the database is unchanged); backup ${backupName} was kept` : 'rolled back (the database is unchanged; no backup was taken)';
      const back = backupName ? `The update's transaction was rolled back: the database is unchanged. Backup ${backupName} was kept` : "The update's transaction was rolled back: the database is unchanged";
      steps.push({ name: 'rollback', status: 'ok', detail: back, durationMs: 0 });
      return fail(f, rolledBack);
    }
    this.logger.log(`updated ${from} → ${version} (${steps.length} steps)`);
    return { version, steps };
  }

  /** The health check before the version is recorded: the database answers, storage is writable, jobs run when enabled. */
  private async health(em: EntityManager): Promise<string> {
    await em.execute('select 1');
    const dir = join(this.config.dataDir, 'tmp');
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `update-probe-${randomUUID()}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
    if (this.config.jobsEnabled && !this.jobs.running) throw new Error('the job queue is not running');
    return `Database answers, storage is writable, jobs ${this.config.jobsEnabled ? 'are running' : 'are off on this instance (JOBS_ENABLED=false)'}`;
  }
}
