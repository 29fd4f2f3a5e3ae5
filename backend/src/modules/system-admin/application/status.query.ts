import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ACTIVE_USER_WINDOW_MS } from '../domain/admins.js';
import { STATUS_PROBES, type StatusProbes, type SystemStatus, type Unavailable, type VersionInfo } from '../domain/status.js';
import { INSTALLED_VERSION, type InstalledVersion } from '../domain/release.js';
import { UserDirectoryRef } from './user-directory.js';

/**
 * GET /api/system/status: real readings only. Slow figures (CPU over a window, the media folder's size) come from
 * background sampling; the rest is read now, in parallel, in a statement or less each. A reading that cannot be had
 * is null, and `unavailable` says why.
 */
@Injectable()
export class SystemStatusQuery {
  constructor(
    @Inject(STATUS_PROBES) private readonly probes: StatusProbes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: UserDirectoryRef,
    @Inject(INSTALLED_VERSION) private readonly installed: InstalledVersion,
  ) {}

  /** The installed version (what the Updates tab shows, recorded by each update), else this build's. */
  private async installedVersion(): Promise<string> {
    return (await this.installed.get().catch(() => null)) ?? this.config.version;
  }

  async execute(): Promise<SystemStatus> {
    const unavailable: Unavailable[] = [];
    const [database, storage, jobs, mail, activeUsers, platformVersion] = await Promise.all([
      this.probes.database(),
      this.probes.storage(),
      this.probes.jobs(),
      this.probes.mail(),
      this.directory
        .get()
        .activeUsersSince(new Date(Date.now() - ACTIVE_USER_WINDOW_MS))
        .catch((e: Error) => {
          unavailable.push({ reading: 'active_users', reason: `Users could not be counted: ${e.message}` });
          return null;
        }),
      this.installedVersion(),
    ]);
    const host = this.probes.host();
    const media = this.probes.media();
    if (host.cpuPercent === null) unavailable.push({ reading: 'cpu_usage', reason: 'The first CPU sample is not complete yet (a window of at least 0.2 s is needed)' });
    if (media.bytes === null) unavailable.push({ reading: 'storage.media_bytes', reason: media.note });
    if (database.sizeBytes === null) unavailable.push({ reading: 'storage.database_bytes', reason: database.health.detail });
    if (storage.freeBytes === null) unavailable.push({ reading: 'storage.data_dir_free_bytes', reason: 'The data directory’s file system could not be read' });
    return {
      platformVersion,
      activeUsers,
      activeWindowMinutes: ACTIVE_USER_WINDOW_MS / 60_000,
      host,
      media,
      databaseBytes: database.sizeBytes,
      dataDirFreeBytes: storage.freeBytes,
      dataDirTotalBytes: storage.totalBytes,
      services: {
        database: database.health,
        storage: storage.health,
        jobs,
        realtime: this.probes.realtime(),
        payments: this.probes.payments(),
        mail,
      },
      workers: this.probes.workers(),
      unavailable,
      checkedAt: new Date(),
    };
  }

  /** The installed version, and the build's (they differ until an update to this build is installed). */
  async version(): Promise<VersionInfo> {
    return { version: await this.installedVersion(), buildVersion: this.config.version, nodeVersion: process.versions.node, commit: this.probes.commit() };
  }
}
