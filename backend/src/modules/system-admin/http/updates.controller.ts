import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { LongRunning } from '../../../common/http/long-running.js';
import { UpdatesService } from '../application/updates.service.js';
import { UpdateFailedError, VERSION_PATTERN, updateErrors, type Release, type StepLog } from '../domain/release.js';
import { ApplyUpdateQueryDto, UpdateCheckDto, UpdateDto, UpdateFailedDto, UpdateResultDto, type UpdateStepDto } from './updates.dto.js';

const updateDto = (r: Release): UpdateDto => ({ version: r.version, description: r.description, features: r.features, bug_fixes: r.bugFixes, release_date: r.releaseDate, size_mb: r.sizeMb });
const stepDto = (s: StepLog): UpdateStepDto => ({ name: s.name, status: s.status, detail: s.detail, duration_ms: s.durationMs });

/**
 * The admin console's updates: the releases this build ships that are newer than the installed version, and installing
 * one. Scriven never downloads code: a new build is put on the machine by its operator (docs/operations.md).
 */
@ApiTags('system')
@Controller('api/updates')
@AdminConsole()
export class UpdatesController {
  constructor(private readonly updates: UpdatesService) {}

  /** The installed version, this build's, and the releases that can be installed. */
  @Get('check')
  @ApiResponse({ status: 200, type: UpdateCheckDto })
  @ApiResponse({ status: 503, type: ErrorResponseDto, description: 'The release manifest cannot be read' })
  async checkForUpdates(): Promise<UpdateCheckDto> {
    const c = await this.updates.check();
    return { current_version: c.current, build_version: c.build, updates: c.updates.map(updateDto) };
  }

  /**
   * Installs a release (and any between the installed version and it): a backup first when asked, then the
   * migrations, the releases' data steps, a health check and the version recorded, in one transaction. A failure rolls
   * everything back and answers 409 with the log.
   */
  @Post('apply/:version')
  @LongRunning()
  @HttpCode(200)
  @ApiResponse({ status: 200, type: UpdateResultDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'Not a release this build contains' })
  @ApiResponse({ status: 409, type: UpdateFailedDto, description: 'Not newer than the installed version, another update is running, or the update failed and was rolled back (then with its steps)' })
  @ApiResponse({ status: 503, type: ErrorResponseDto, description: 'The release manifest cannot be read' })
  async applyUpdate(
    @CurrentPrincipal() p: Principal,
    @Param('version') version: string,
    @Query() q: ApplyUpdateQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UpdateResultDto | UpdateFailedDto> {
    if (!VERSION_PATTERN.test(version)) throw updateErrors.notFound(version.slice(0, 60));
    try {
      const done = await this.updates.apply({ userId: p.userId }, version, q.backup_first ?? false);
      return { version: done.version, success: true, steps: done.steps.map(stepDto) };
    } catch (e) {
      if (!(e instanceof UpdateFailedError)) throw e;
      res.status(409);
      return { statusCode: 409, code: e.code, detail: e.message, message: e.message, steps: e.steps.map(stepDto) };
    }
  }
}
