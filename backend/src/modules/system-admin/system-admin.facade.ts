import { Inject, Injectable } from '@nestjs/common';
import type { AdminAuditInput } from './domain/admin-audit.js';
import { STATUS_PROBES, type HostReadings, type StatusProbes } from './domain/status.js';
import { BackupsService } from './application/backups.service.js';
import { SetFeatureFlagUseCase } from './application/feature-flag.use-cases.js';
import type { UserDirectory } from './domain/admins.js';
import { AdminAuditLog } from './application/admin-audit-log.js';
import { UserDirectoryRef } from './application/user-directory.js';
import { DetachUserFeedbackUseCase } from './application/detach-user-feedback.use-case.js';
import { UserFeedbackQuery } from './application/user-feedback.query.js';

/** What other contexts may ask of System administration. Writes join the caller's unit of work. */
@Injectable()
export class SystemAdminFacade {
  constructor(
    private readonly feedback: UserFeedbackQuery,
    private readonly detach: DetachUserFeedbackUseCase,
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
    @Inject(STATUS_PROBES) private readonly probes: StatusProbes,
    private readonly backups: BackupsService,
    private readonly setFlag: SetFeatureFlagUseCase,
  ) {}

  /** This process's host readings, as the console's Status tab shows them (CPU sampled in the background, memory, load). */
  hostReadings(): HostReadings {
    return this.probes.host();
  }

  /** The database's round trip for a probe statement (ms) and its size (bytes); nulls when it does not answer. */
  async databaseReading(): Promise<{ up: boolean; latencyMs: number | null; sizeBytes: number | null }> {
    const { health, sizeBytes } = await this.probes.database();
    const latency = health.figures.latency_ms;
    return { up: health.state !== 'down', latencyMs: typeof latency === 'number' ? latency : null, sizeBytes };
  }

  /** The backups as the founder's controls show them: the newest one's time, whether one is being made, and the daily schedule. */
  async backupsOverview(): Promise<{ lastBackupAt: Date | null; running: boolean; dailyEnabled: boolean }> {
    const [list, running, settings] = await Promise.all([this.backups.list(), this.backups.running(), this.backups.settings()]);
    const last = list.reduce<Date | null>((at, b) => (!at || b.createdAt > at ? b.createdAt : at), null);
    return { lastBackupAt: last, running, dailyEnabled: settings.dailyEnabled };
  }

  /**
   * Starts a backup now (it appears in the console's list when written) and answers with its name once it is the one
   * being made; 409 'A backup is already running' when another is. `by` names who asked, for the log.
   */
  async startBackup(by: string): Promise<{ name: string }> {
    const { name } = await this.backups.start(by);
    return { name };
  }

  /**
   * Switches a feature flag as the console's toggle does (every process follows within a second), for someone who is
   * not an admin of the console (the founder): the console's audit log names them, with `detail` (their reason).
   */
  async setFeatureEnabled(name: string, enabled: boolean, by: { name: string; detail?: Record<string, unknown> }): Promise<{ enabled: boolean }> {
    const { flag } = await this.setFlag.executeAsOther(by, name, { enabled });
    return { enabled: flag.enabled };
  }

  /** Identity registers itself at start-up: the console's admins list, grants and removals, and active users. */
  useUserDirectory(directory: UserDirectory): void {
    this.directory.use(directory);
  }

  /** Writes an admin action to the console's audit log (inside the caller's transaction when there is one), e.g. `admin.signed_in`. */
  async recordAdminAction(entry: AdminAuditInput): Promise<void> {
    await this.audit.record(entry);
  }

  feedbackOf(userId: string): Promise<{ message: string; created_at: string }[]> {
    return this.feedback.execute(userId);
  }

  /** The user is being deleted: their feedback stays for the admins, without its author. */
  detachFeedbackOf(userId: string): Promise<void> {
    return this.detach.execute(userId);
  }
}
