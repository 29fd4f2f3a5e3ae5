import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { RestartService } from '../application/restart.service.js';
import { RestartAcceptedDto, RestartRequestDto, RestartStateDto } from './restart.dto.js';

/** The admin console's Services tab: restarting the frontend, the backend or all, and how the last restarts went. */
@ApiTags('system')
@Controller('api/system/restart')
@AdminConsole()
export class RestartController {
  constructor(private readonly restarts: RestartService) {}

  /**
   * Starts a restart and answers at once (202); the restart runs on (GET /api/system/restart follows it). Audited as
   * `service.restarted`. 409 when the server runs without `npm start`'s supervisor, or while another restart runs.
   */
  @Post()
  @HttpCode(202)
  @ApiResponse({ status: 202, type: RestartAcceptedDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'services is not a list of one of frontend, backend, all' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'Restarts need the supervisor (npm start)', or 'A restart is already in progress'" })
  @ApiResponse({ status: 503, type: ErrorResponseDto, description: 'The supervisor did not answer' })
  async restartServices(@CurrentPrincipal() p: Principal, @Body() body: RestartRequestDto): Promise<RestartAcceptedDto> {
    const services = await this.restarts.request(p.userId, body.services);
    return { services, status: 'restarting' };
  }

  /** Whether restarts can be asked for, and the last restart of each service: restarting, done or failed (with what failed). */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, type: RestartStateDto })
  getRestartState(): RestartStateDto {
    return this.restarts.state();
  }
}
