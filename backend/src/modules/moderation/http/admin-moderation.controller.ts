import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { DecideAppealUseCase } from '../application/decide-appeal.use-case.js';
import { DecideCaseUseCase } from '../application/decide-case.use-case.js';
import { ListAuditQuery } from '../application/list-audit.query.js';
import { ListCasesQuery } from '../application/list-cases.query.js';
import { ListStrikesQuery } from '../application/list-strikes.query.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { checkId } from './moderation-http.js';
import { adminStrikeDto, auditEntryDto, caseDto } from './moderation.mappers.js';
import {
  AdminStrikeDto,
  AdminStrikesResponseDto,
  AppealDecisionRequestDto,
  AuditQueryDto,
  AuditResponseDto,
  CaseDecisionRequestDto,
  CaseDto,
  CasesQueryDto,
  CasesResponseDto,
} from './moderation.dto.js';

/** Admins (the admin console): the moderation queue and its decisions, appeals, and the audit log. */
@ApiTags('moderation')
@Controller('api/admin/moderation')
@AdminConsole()
export class AdminModerationController {
  constructor(
    private readonly cases: ListCasesQuery,
    private readonly decideCase: DecideCaseUseCase,
    private readonly strikes: ListStrikesQuery,
    private readonly appealDecisions: DecideAppealUseCase,
    private readonly audit: ListAuditQuery,
  ) {}

  /** The queue: open cases (most reported first, then the longest waiting), or resolved ones (latest first). */
  @Get('cases')
  @ApiResponse({ status: 200, type: CasesResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listModerationCases(@Query() query: CasesQueryDto): Promise<CasesResponseDto> {
    const page = await this.cases.execute(query.status ?? 'open', pageSize(query.limit, 20), query.cursor ?? null);
    return { cases: page.cases.map(caseDto), next_cursor: page.next };
  }

  /** Decides an open case: every open report of it is resolved and its reporters are told the outcome. */
  @Post('cases/:id/decision')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: CaseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Invalid decision, or removing a profile' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'This case has already been decided'" })
  async decideModerationCase(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: CaseDecisionRequestDto): Promise<CaseDto> {
    return caseDto(await this.decideCase.execute(p.userId, checkId(id, moderationErrors.caseNotFound), body.action, body.reason));
  }

  /** Strikes whose appeal waits for a decision, the oldest appeal first. */
  @Get('appeals')
  @ApiResponse({ status: 200, type: AdminStrikesResponseDto })
  async listPendingAppeals(): Promise<AdminStrikesResponseDto> {
    return { strikes: (await this.strikes.pendingAppeals()).map(adminStrikeDto) };
  }

  /** Upholds or overturns a strike's pending appeal (overturning ends the strike and restores what it removed). */
  @Post('strikes/:id/appeal-decision')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: AdminStrikeDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'The appeal was decided already, or there is none' })
  async decideAppeal(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: AppealDecisionRequestDto): Promise<AdminStrikeDto> {
    return adminStrikeDto(await this.appealDecisions.execute(p.userId, checkId(id, moderationErrors.strikeNotFound), body.decision, body.reason));
  }

  /** Every decision on a case or an appeal, newest first. */
  @Get('audit')
  @ApiResponse({ status: 200, type: AuditResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listModerationAudit(@Query() query: AuditQueryDto): Promise<AuditResponseDto> {
    const page = await this.audit.execute(pageSize(query.limit, 50), query.cursor ?? null);
    return { entries: page.items.map(auditEntryDto), next_cursor: page.next };
  }
}
