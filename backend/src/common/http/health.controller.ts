import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipRateLimit } from './rate-limit.guard.js';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HealthResponseDto } from './health.dto.js';
import { MaintenanceMode } from '../maintenance/maintenance-mode.js';


@ApiTags('system')
@Controller('api')
export class HealthController {
  private readonly started = Date.now();
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly maintenance: MaintenanceMode,
  ) {}

  /**
   * 200 when the server and its database answer; 503 with the same body when the database does not. Open during
   * maintenance: `maintenance` says whether the rest of the API answers 503 `SYSTEM.MAINTENANCE` now.
   */
  @Get('health')
  @SkipRateLimit()
  @ApiResponse({ status: 503, type: HealthResponseDto, description: 'Database unreachable' })
  async getHealth(@Res({ passthrough: true }) reply: Response): Promise<HealthResponseDto> {
    let database: 'up' | 'down' = 'up';
    try {
      await this.orm.em.getConnection().execute('select 1');
    } catch {
      database = 'down';
    }
    if (database === 'down') reply.status(503);
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      version: this.config.version,
      uptime_seconds: Math.floor((Date.now() - this.started) / 1000),
      maintenance: this.maintenance.isOn,
    };
  }
}
