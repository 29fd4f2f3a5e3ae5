import { Inject, Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { RateLimitGuard } from '../../../common/http/rate-limit.guard.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { SystemAdminFacade } from '../../system-admin/system-admin.facade.js';
import { securityChecks, securityScore } from '../domain/security-checks.js';
import { FOUNDER_SECURITY_READINGS, HOST_PROBES, healthUnavailable, type FounderSecurityReadings, type HostProbes, type SecurityCheck } from '../domain/system-controls.js';

/** At most this many throttled addresses are read from the sign-in throttle (the figure is a count). */
const THROTTLED_READ_LIMIT = 10_000;

export interface PlatformHealth {
  server: { cpuUsage: number; memoryUsage: number; diskUsage: number };
  database: { pool: { inUse: number; idle: number; size: number }; queryMs: number; sizeBytes: number };
  /** No CDN can be configured today: configured false, every figure null (not measured). */
  cdn: { configured: boolean; cacheHitRate: number | null; bandwidthUsage: number | null; globalLatency: number | null };
  security: { score: number; checks: SecurityCheck[]; failedLogins24h: number; blockedAddresses: number };
  measuredAt: Date;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * GET /api/founder/platform-health: real readings. CPU is the host's share of all cores busy over the console's
 * background sample window (system-admin's status probes), or, before the first window, the 1-minute load average per
 * core; memory is the host's memory in use; disk the data directory's file system in use. The database: this process's
 * pool, a probe statement's round trip (which also reads the database's size). Security: failed sign-ins in the last
 * 24 h (users' and admins' from the sign-in throttle, the founder's refusals from its audit log), the addresses held
 * back now (over the request budget in this process's view of the shared counts, or by the sign-in throttle), and the
 * documented checks (domain/security-checks.ts).
 */
@Injectable()
export class PlatformHealthQuery {
  constructor(
    private readonly systemAdmin: SystemAdminFacade,
    private readonly identity: IdentityFacade,
    private readonly rateLimit: RateLimitGuard,
    @Inject(HOST_PROBES) private readonly host: HostProbes,
    @Inject(FOUNDER_SECURITY_READINGS) private readonly founderSecurity: FounderSecurityReadings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(now = new Date()): Promise<PlatformHealth> {
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const [database, pool, diskUsage, signIns, founderRefusals, backups, founderSetUp, secretsFolderMode] = await Promise.all([
      this.systemAdmin.databaseReading(),
      this.host.pool(),
      this.host.diskUsage(),
      this.identity.signInSecurity(now, THROTTLED_READ_LIMIT),
      this.founderSecurity.refusedSignIns(dayAgo),
      this.systemAdmin.backupsOverview(),
      this.founderSecurity.founderSetUp(),
      stat(join(this.config.dataDir, 'secrets')).then(
        (s) => s.mode,
        () => null,
      ),
    ]);
    if (database.latencyMs === null || database.sizeBytes === null) throw healthUnavailable('the database does not answer');
    if (diskUsage === null) throw healthUnavailable('the data directory’s file system cannot be read');
    const host = this.systemAdmin.hostReadings();
    const cpu = host.cpuPercent ?? Math.min(100, (loadavg()[0] / Math.max(1, host.cores)) * 100);
    const memory = host.memoryTotalBytes > 0 ? ((host.memoryTotalBytes - host.memoryAvailableBytes) / host.memoryTotalBytes) * 100 : 0;
    const blocked = new Set([...this.rateLimit.throttledAddresses(), ...signIns.throttledAddresses]);
    const checks = securityChecks(
      {
        jwtSecret: this.config.jwtSecret,
        atRestKeyBytes: this.config.money.encryptionKey.length,
        secretsFolderMode,
        lastBackupAt: backups.lastBackupAt,
        founderSetUp,
        publicUrl: this.config.publicUrlConfigured ? this.config.publicUrl : null,
      },
      now,
    );
    return {
      server: { cpuUsage: round1(cpu), memoryUsage: round1(Math.min(100, Math.max(0, memory))), diskUsage },
      database: { pool, queryMs: database.latencyMs, sizeBytes: database.sizeBytes },
      cdn: { configured: false, cacheHitRate: null, bandwidthUsage: null, globalLatency: null },
      security: { score: securityScore(checks), checks, failedLogins24h: signIns.recentFailures + founderRefusals, blockedAddresses: blocked.size },
      measuredAt: now,
    };
  }
}
