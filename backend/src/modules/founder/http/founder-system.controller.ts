import { Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FounderOnly } from '../../../common/auth/founder-only.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { EmergencyActionUseCase } from '../application/emergency-action.use-case.js';
import { PlatformHealthQuery, type PlatformHealth } from '../application/platform-health.query.js';
import { SystemControlsQuery } from '../application/system-controls.query.js';
import { EmergencyActionRequestDto, EmergencyActionResponseDto, PlatformHealthDto, SystemControlsDto } from './founder-system.dto.js';

/** Health readings per minute (each probes the database and reads the disk): 429 beyond. */
export const HEALTH_READS_PER_MINUTE = 60;
/** Emergency actions per minute (a backup, a switch every process follows): 429 beyond. */
export const EMERGENCY_ACTIONS_PER_MINUTE = 30;

const healthDto = (h: PlatformHealth): PlatformHealthDto => ({
  server_metrics: { cpu_usage: h.server.cpuUsage, memory_usage: h.server.memoryUsage, disk_usage: h.server.diskUsage },
  database_metrics: {
    connection_pool: { in_use: h.database.pool.inUse, idle: h.database.pool.idle, size: h.database.pool.size },
    query_performance: h.database.queryMs,
    storage_size: h.database.sizeBytes,
  },
  cdn_metrics: { configured: h.cdn.configured, cache_hit_rate: h.cdn.cacheHitRate, bandwidth_usage: h.cdn.bandwidthUsage, global_latency: h.cdn.globalLatency },
  security_status: {
    security_score: h.security.score,
    checks: h.security.checks.map((c) => ({ name: c.name, passed: c.passed, detail: c.detail })),
    failed_login_attempts: h.security.failedLogins24h,
    blocked_ips: h.security.blockedAddresses,
  },
  measured_at: h.measuredAt.toISOString(),
});

/** The founder's System and Controls tabs (seed 001 §2, product.md §11): health, the controls map, emergency actions. */
@ApiTags('founder')
@FounderOnly()
@Controller('api/founder')
export class FounderSystemController {
  private readonly healthReads = new ActionLimiter(HEALTH_READS_PER_MINUTE, 60_000, 'Too many health readings. Please wait a minute.');
  private readonly emergencies = new ActionLimiter(EMERGENCY_ACTIONS_PER_MINUTE, 60_000, 'Too many emergency actions. Please wait a minute.');

  constructor(
    private readonly health: PlatformHealthQuery,
    private readonly controls: SystemControlsQuery,
    private readonly emergency: EmergencyActionUseCase,
  ) {}

  /**
   * Real readings: the server (CPU, memory, the data directory's disk), the database (this process's pool, a probe's
   * round trip, its size), the CDN (none can be configured: not measured) and security (the documented checks and
   * their score, failed sign-ins in the last 24 h, addresses held back now).
   */
  @Get('platform-health')
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, type: PlatformHealthDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: `More than ${HEALTH_READS_PER_MINUTE} readings in a minute` })
  @ApiResponse({ status: 503, type: ErrorResponseDto, description: 'The database or the data directory’s disk cannot be read (FOUNDER.HEALTH_UNAVAILABLE)' })
  async platformHealth(): Promise<PlatformHealthDto> {
    this.healthReads.hit('founder');
    return healthDto(await this.health.execute());
  }

  /** The controls map: maintenance, the feature switches, the backups. */
  @Get('system-controls')
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, type: SystemControlsDto })
  async systemControls(): Promise<SystemControlsDto> {
    return this.controls.execute();
  }

  /**
   * An emergency action, with its reason (form, urlencoded or JSON). MAINTENANCE_MODE and DISABLE_UPLOADS toggle
   * (each call switches it the other way); FORCE_BACKUP starts a backup in the background. Every process follows a
   * switch within a second; each action is in the founder's audit log with its reason.
   */
  @Post('emergency-action')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: EmergencyActionRequestDto })
  @ApiResponse({ status: 200, type: EmergencyActionResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'An unknown action, or no reason (or one over 500 characters)' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "FORCE_BACKUP while a backup is being made: 'A backup is already running' (SYSTEM.BACKUP_RUNNING)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: `More than ${EMERGENCY_ACTIONS_PER_MINUTE} actions in a minute` })
  async emergencyAction(@Req() req: Request): Promise<EmergencyActionResponseDto> {
    const form = await formDto(req, EmergencyActionRequestDto);
    this.emergencies.hit('founder');
    const done = await this.emergency.execute(form.action, form.reason, clientAddress(req));
    return { success: true, message: done.message, action: done.action, state: done.state, controls: done.controls };
  }
}
