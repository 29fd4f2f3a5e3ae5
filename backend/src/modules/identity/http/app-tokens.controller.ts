import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { AppTokens } from '../application/app-tokens.use-cases.js';
import type { AppToken } from '../domain/app-token.js';
import { AppTokenCreateDto, AppTokenCreatedDto, AppTokenDto, AppTokenListDto } from './app-tokens.dto.js';

const toDto = (t: AppToken): AppTokenDto => ({ id: t.id, name: t.name, created_at: t.createdAt.toISOString(), last_used_at: t.lastUsedAt?.toISOString() ?? null });

/** Creating tokens, per user, a minute. */
const CREATIONS_PER_MINUTE = 10;

/** The signed-in user's app tokens: what music apps sign in to the Subsonic API (/rest) with, never the account password. */
@ApiTags('identity')
@Controller('api/me/app-tokens')
@UseGuards(UserAuthGuard)
@ApiBearerAuth()
export class AppTokensController {
  private readonly creations = new ActionLimiter(CREATIONS_PER_MINUTE, 60_000, 'You are creating app tokens too fast. Please wait a minute.');

  constructor(private readonly tokens: AppTokens) {}

  @Get()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listAppTokens(@CurrentPrincipal() p: Principal): Promise<AppTokenListDto> {
    return { items: (await this.tokens.list(p.userId)).map(toDto) };
  }

  /** Creates a token (at most 20 per user); the answer is the only time the token is shown. */
  @Post()
  @ApiResponse({ status: 201, type: AppTokenCreatedDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A name of 1 to 60 characters is needed, or the user already has 20 tokens' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async createAppToken(@CurrentPrincipal() p: Principal, @Body() body: AppTokenCreateDto): Promise<AppTokenCreatedDto> {
    this.creations.hit(p.userId);
    const { appToken, token } = await this.tokens.create(p.userId, body?.name);
    return { id: appToken.id, name: appToken.name, created_at: appToken.createdAt.toISOString(), token };
  }

  /** Revokes one of the caller's tokens: apps using it are signed out at once. */
  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deleteAppToken(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    await this.tokens.revoke(p.userId, id);
  }
}
