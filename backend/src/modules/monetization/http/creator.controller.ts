import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { toDollars } from '../../../common/money.js';
import { ApplyToPartnerProgramUseCase } from '../application/apply-to-partner-program.use-case.js';
import { GetCreatorEarningsQuery } from '../application/get-creator-earnings.query.js';
import { GetPartnerStatusQuery } from '../application/get-partner-status.query.js';
import { RequestPayoutUseCase } from '../application/request-payout.use-case.js';
import { CREATOR_MIN_PAYOUT_CENTS, PARTNER } from '../domain/rules.js';
import { payoutDto } from './monetization.mappers.js';
import {
  CreatorEarningsResponseDto,
  PartnerApplyRequestDto,
  PartnerApplyResponseDto,
  PartnerProgramStatusDto,
  PayoutRequestDto,
  PayoutResponseDto,
} from './monetization.dto.js';

/** Creators: their earnings and payout requests, and the partner program. */
@ApiTags('monetization')
@Controller('api')
export class CreatorController {
  constructor(
    private readonly earnings: GetCreatorEarningsQuery,
    private readonly payout: RequestPayoutUseCase,
    private readonly partnerStatus: GetPartnerStatusQuery,
    private readonly apply: ApplyToPartnerProgramUseCase,
  ) {}

  /** Each payout request locks a balance. */
  private readonly payoutRequests = new ActionLimiter(30, 60_000, 'Too many payout requests. Please wait a minute.');

  /** A creator's balances, this month's revenue and payouts, from the ledger. Yours only (admins may read anyone's). */
  @Get('revenue/creator/:userId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CreatorEarningsResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getCreatorRevenue(@CurrentPrincipal() p: Principal, @Param('userId') userId: string): Promise<CreatorEarningsResponseDto> {
    const { balances: b, revenue, payouts, activeStrike } = await this.earnings.execute(p.userId, userId);
    return {
      earnings: {
        available_balance: toDollars(b.availableCents),
        pending_balance: toDollars(b.pendingCents),
        lifetime_earnings: toDollars(b.lifetimeCents),
        total_withdrawn: toDollars(b.paidOutCents),
        in_transit: toDollars(b.inTransitCents),
        minimum_payout: toDollars(CREATOR_MIN_PAYOUT_CENTS),
      },
      can_request_payout: b.availableCents >= CREATOR_MIN_PAYOUT_CENTS && !activeStrike,
      payouts_on_hold_until: activeStrike?.expiresAt.toISOString() ?? null,
      current_month_revenue: revenue.map((l) => ({ revenue_type: l.kind, payment_date: l.createdAt.toISOString(), creator_share: toDollars(l.creatorCents), platform_fee: toDollars(l.platformCents) })),
      payout_history: payouts.map(payoutDto),
    };
  }

  /** Requests a payout of available earnings: at least $50, at most the available balance. */
  @Post('payout/request')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PayoutResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Payouts are on hold while the channel has an active guideline strike' })
  async requestPayout(@CurrentPrincipal() p: Principal, @Body() body: PayoutRequestDto): Promise<PayoutResponseDto> {
    this.payoutRequests.hit(p.userId);
    const payout = await this.payout.execute(p.userId, { amount: body.amount, paymentMethod: body.payment_method, bankDetails: body.bank_details });
    return { success: true, message: 'Payout request submitted successfully! Payouts take 3-5 business days.', payout: payoutDto(payout) };
  }

  /** Your partner program status, with each requirement computed now. */
  @Get('creator/partner-program-status')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PartnerProgramStatusDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async getPartnerProgramStatus(@CurrentPrincipal() p: Principal): Promise<PartnerProgramStatusDto> {
    const v = await this.partnerStatus.execute(p.userId);
    return {
      status: v.status,
      eligible: v.eligible,
      requirements_met: v.requirementsMet,
      requirements: {
        subscribers: { current: v.followers, required: PARTNER.followers, met: v.followers >= PARTNER.followers },
        watch_hours: { current: v.watchHours, required: PARTNER.watchHours, met: v.watchHours >= PARTNER.watchHours },
        guidelines_compliant: v.guidelinesCompliant,
        guidelines_strike: v.activeStrike ? { reason: v.activeStrike.reason, expires_at: v.activeStrike.expiresAt.toISOString() } : null,
        original_content: v.originalContent,
      },
      stats: { total_videos: v.stats.totalVideos, total_views: v.stats.totalViews, subscriber_count: v.stats.subscriberCount, avg_view_duration: v.stats.avgViewSeconds },
      monthly_earnings: toDollars(v.monthlyEarningsCents),
      lifetime_earnings: toDollars(v.lifetimeEarningsCents),
      revenue_share: v.revenueShare,
      monetized_videos: v.monetizedVideos,
      applied_at: v.application?.submittedAt.toISOString() ?? null,
      decided_at: v.application?.decidedAt?.toISOString() ?? null,
      decision_reason: v.application?.reason ?? null,
    };
  }

  /** Applies (or reapplies) to the partner program; only when eligible, attesting that the content is original. */
  @Post('creator/partner-program/apply')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PartnerApplyResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async applyToPartnerProgram(@CurrentPrincipal() p: Principal, @Body() body: PartnerApplyRequestDto): Promise<PartnerApplyResponseDto> {
    const a = await this.apply.execute(p.userId, body.original_content);
    return { success: true, message: `Application submitted! We review applications within ${PARTNER.reviewDays} days.`, status: a.status };
  }
}
