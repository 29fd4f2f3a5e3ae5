import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { DecidePartnerApplicationUseCase } from '../application/decide-partner-application.use-case.js';
import { DecidePayoutUseCase } from '../application/decide-payout.use-case.js';
import { ListPartnerApplicationsQuery } from '../application/list-partner-applications.query.js';
import { ListPendingPayoutsQuery } from '../application/list-pending-payouts.query.js';
import { moneyErrors } from '../domain/rules.js';
import { AdminDecision, checkId, reasonOf } from './money-http.js';
import { applicationDto, payoutDto } from './monetization.mappers.js';
import {
  AdminPayoutsResponseDto,
  DecisionRequestDto,
  PartnerApplicationDto,
  PartnerApplicationsQueryDto,
  PartnerApplicationsResponseDto,
  PayoutDto,
  PayoutsQueryDto,
} from './monetization.dto.js';

/** Admins (the admin console): creator payouts and partner program applications, and their decisions. */
@ApiTags('monetization')
@Controller('api')
export class AdminMoneyController {
  constructor(
    private readonly pendingPayouts: ListPendingPayoutsQuery,
    private readonly decidePayout: DecidePayoutUseCase,
    private readonly applications: ListPartnerApplicationsQuery,
    private readonly decideApplication: DecidePartnerApplicationUseCase,
  ) {}

  /** Creator payouts for the admin console (pending ones by default, oldest first). */
  @Get('admin/payouts')
  @AdminConsole()
  @ApiResponse({ status: 200, type: AdminPayoutsResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listPendingPayouts(@Query() query: PayoutsQueryDto): Promise<AdminPayoutsResponseDto> {
    const rows = await this.pendingPayouts.execute(pageSize(query.limit, 50));
    return { payouts: rows.map(({ payout: r, username }) => ({ ...payoutDto(r), user_id: r.userId, username, bank_details: r.bankDetails })) };
  }

  @Post('admin/payouts/:id/complete')
  @HttpCode(200)
  @AdminDecision(PayoutDto)
  async completePayout(@Param('id') id: string): Promise<PayoutDto> {
    return payoutDto(await this.decidePayout.execute(checkId(id, moneyErrors.payoutNotFound), 'completed', null));
  }

  /** Marks a payout failed: the funds return to the creator's available balance. */
  @Post('admin/payouts/:id/fail')
  @HttpCode(200)
  @AdminDecision(PayoutDto)
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Reason longer than 500 characters' })
  async failPayout(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PayoutDto> {
    return payoutDto(await this.decidePayout.execute(checkId(id, moneyErrors.payoutNotFound), 'failed', reasonOf(body)));
  }

  /** Partner program applications for the admin console (`status`: pending by default, or approved, rejected, suspended, all). */
  @Get('admin/partner-applications')
  @AdminConsole()
  @ApiResponse({ status: 200, type: PartnerApplicationsResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listPartnerApplications(@Query() query: PartnerApplicationsQueryDto): Promise<PartnerApplicationsResponseDto> {
    const rows = await this.applications.execute(query.status ?? 'pending', pageSize(query.limit, 50));
    return { applications: rows.map((a) => applicationDto(a.application, a.username)) };
  }

  @Post('admin/partner-applications/:id/approve')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Reason longer than 500 characters' })
  async approvePartnerApplication(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.decideApplication.execute(checkId(id, moneyErrors.applicationNotFound), 'approved', reasonOf(body)));
  }

  @Post('admin/partner-applications/:id/reject')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Reason longer than 500 characters' })
  async rejectPartnerApplication(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.decideApplication.execute(checkId(id, moneyErrors.applicationNotFound), 'rejected', reasonOf(body)));
  }

  /** Suspends an approved partner: they leave the creator program. */
  @Post('admin/partner-applications/:id/suspend')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Reason longer than 500 characters' })
  async suspendPartner(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.decideApplication.execute(checkId(id, moneyErrors.applicationNotFound), 'suspended', reasonOf(body)));
  }
}
