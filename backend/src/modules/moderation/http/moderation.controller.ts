import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { AppealStrikeUseCase } from '../application/appeal-strike.use-case.js';
import { ListStrikesQuery } from '../application/list-strikes.query.js';
import { ReportContentUseCase } from '../application/report-content.use-case.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { checkId } from './moderation-http.js';
import { reportDto, strikeDto } from './moderation.mappers.js';
import { AppealRequestDto, ReportContentRequestDto, ReportDto, StrikeDto, StrikesResponseDto } from './moderation.dto.js';
import { ReportAuthGuard } from './report-auth.guard.js';

/** Signed-in users: reporting content, and their own guideline strikes and appeals. */
@ApiTags('moderation')
@Controller('api')
export class ModerationController {
  constructor(
    private readonly report: ReportContentUseCase,
    private readonly strikes: ListStrikesQuery,
    private readonly appeal: AppealStrikeUseCase,
  ) {}

  /**
   * Reports content (seed 000's Report Content dialog): a form as multipart (as the seed sends it), urlencoded or
   * JSON. Once per content and person, at most 20 an hour, never your own; the content must be one you can see.
   */
  @Post('content/report')
  @UseGuards(ReportAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ReportContentRequestDto })
  @ApiResponse({ status: 201, type: ReportDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "Invalid form, your own content, or 'You have already reported this content' (MODERATION.ALREADY_REPORTED)" })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: "'Please login to report content'" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Content not found': it does not exist or you cannot see it" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 20 reports in an hour' })
  @ApiResponse({ status: 503, type: ErrorResponseDto, description: 'A live_stream or live_chat_message while the "live" feature is switched off, a community_post while "gaming" is, a track while "music" is, an episode while "podcasts" is (SYSTEM.FEATURE_DISABLED)' })
  async reportContent(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<ReportDto> {
    // Read here rather than by the global pipe, which never sees a multipart body: one validation for every encoding.
    const form = await formDto(req, ReportContentRequestDto);
    const report = await this.report.execute(p.userId, {
      contentType: form.content_type,
      contentId: form.content_id,
      reason: form.reason,
      description: form.description ?? null,
      timestampSeconds: form.timestamp_seconds ?? null,
    });
    return reportDto(report);
  }

  /** Your guideline strikes, newest first, each with its appeal. */
  @Get('moderation/strikes')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: StrikesResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listMyStrikes(@CurrentPrincipal() p: Principal): Promise<StrikesResponseDto> {
    return { strikes: (await this.strikes.mine(p.userId)).map(strikeDto) };
  }

  /** Appeals one of your strikes: once, within 20 days of it, while it is active. */
  @Post('moderation/strikes/:id/appeal')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: StrikeDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'No such strike of yours' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already appealed, the appeal window has closed, or the strike is no longer active' })
  async appealStrike(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: AppealRequestDto): Promise<StrikeDto> {
    return strikeDto(await this.appeal.execute(p.userId, checkId(id, moderationErrors.strikeNotFound), body.message));
  }
}
