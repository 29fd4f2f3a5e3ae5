import { Controller, Get, Header } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { SystemStatusQuery } from '../application/status.query.js';
import { SystemStatusDto, VersionDto } from './status.dto.js';
import { systemStatusDto, versionDto } from './status.mappers.js';

/** The admin console's Status tab (seed 000 §7: GET /system/status, re-polled every 30 seconds; GET /system/version). */
@ApiTags('system')
@Controller('api/system')
@AdminConsole()
export class SystemStatusController {
  constructor(private readonly status: SystemStatusQuery) {}

  /** Real readings of the platform: version, active users, uptime, CPU, memory, storage and each service's state. */
  @Get('status')
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, type: SystemStatusDto })
  async getSystemStatus(): Promise<SystemStatusDto> {
    return systemStatusDto(await this.status.execute());
  }

  /** The installed version, and the version of the build that runs. */
  @Get('version')
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, type: VersionDto })
  async getSystemVersion(): Promise<VersionDto> {
    return versionDto(await this.status.version());
  }
}
