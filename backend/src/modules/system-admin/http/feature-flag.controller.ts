import { Controller, Get, Header, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { ListFeatureFlagsQuery, SetFeatureFlagUseCase } from '../application/feature-flag.use-cases.js';
import type { FeatureFlagView } from '../domain/feature-flag.js';
import { FEATURE_FLAG_MAP_SCHEMA, FeatureFlagDto, FeatureFlagResultDto, PUBLIC_FEATURES_SCHEMA, SetFeatureFlagQueryDto } from './feature-flag.dto.js';

const toDto = (f: FeatureFlagView): FeatureFlagDto => ({
  enabled: f.enabled,
  description: f.description,
  created_by: f.createdByUsername,
  built_in: f.createdBy === null,
  created_at: f.createdAt.toISOString(),
});

/** Feature flags: the admin console's list and switches, and the app's read of which features are on. */
@ApiTags('features')
@ApiExtraModels(FeatureFlagDto)
@Controller('api')
export class FeatureFlagController {
  constructor(
    private readonly list: ListFeatureFlagsQuery,
    private readonly set: SetFeatureFlagUseCase,
    private readonly flags: FeatureFlags,
  ) {}

  /**
   * Every feature flag keyed by name (sorted by name): enabled, description, created_by (the creating admin's name;
   * null for built-in flags and when that admin's account is gone), built_in, created_at.
   */
  @Get('system/features')
  @AdminConsole()
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, schema: FEATURE_FLAG_MAP_SCHEMA })
  async listFeatureFlags(): Promise<Record<string, FeatureFlagDto>> {
    return Object.fromEntries((await this.list.execute()).map((f) => [f.name, toDto(f)]));
  }

  /**
   * Creates the flag when it does not exist (enabled unless `enabled=false`), or changes it: `enabled` and/or
   * `description`, what is omitted stays. Every server process applies the change within a second.
   */
  @Post('system/features/:name')
  @HttpCode(200)
  @AdminConsole()
  @ApiResponse({ status: 200, type: FeatureFlagResultDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Feature flag name is required', a name off the pattern, or a bad enabled/description" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'There are already as many flags as allowed' })
  async setFeatureFlag(@CurrentPrincipal() p: Principal, @Param('name') name: string, @Query() q: SetFeatureFlagQueryDto): Promise<FeatureFlagResultDto> {
    const enabled = q.enabled === undefined ? undefined : q.enabled === 'true';
    const { flag, created } = await this.set.execute(p.userId, name, { enabled, description: q.description });
    return { name: flag.name, ...toDto(flag), created };
  }

  /** Which features are on, for the app (it hides what is off): `{ "<name>": true | false }`. Open to visitors. */
  @Get('features')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @Header('Cache-Control', 'no-store')
  @ApiResponse({ status: 200, schema: PUBLIC_FEATURES_SCHEMA })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  getFeatures(): Record<string, boolean> {
    return this.flags.snapshot();
  }
}
