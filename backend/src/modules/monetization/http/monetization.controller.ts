import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminAuthGuard, CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { isUuid, pageSize } from '../../../common/keyset.js';
import { Money, toDollars } from '../../../common/money.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { CheckoutService } from '../application/checkout.service.js';
import { EarningsService, type Payout } from '../application/earnings.service.js';
import { MembershipsService } from '../application/memberships.service.js';
import { PartnerService, type PartnerApplication } from '../application/partner.service.js';
import { PlatformService } from '../application/platform.service.js';
import { CREATOR_MIN_PAYOUT_CENTS, moneyErrors, OWNER_MIN_WITHDRAWAL_CENTS, PARTNER } from '../domain/rules.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import {
  AdminPayoutsResponseDto,
  BankAccountRequestDto,
  BankAccountResponseDto,
  ChannelMembersResponseDto,
  CheckoutRequestDto,
  CheckoutResponseDto,
  CreateTierRequestDto,
  CreatorEarningsResponseDto,
  DecisionRequestDto,
  MembershipChannelsResponseDto,
  MembershipTierDto,
  PartnerApplicationDto,
  PartnerApplicationsResponseDto,
  PartnerApplyRequestDto,
  PartnerApplyResponseDto,
  PartnerProgramStatusDto,
  PayoutDto,
  PayoutRequestDto,
  PayoutResponseDto,
  PlatformEarningsResponseDto,
  WithdrawRequestDto,
  WithdrawResponseDto,
} from './monetization.dto.js';

/**
 * An admin's decision on one item: the item as it now is, 404 for an unknown id, 409 when already decided. (@HttpCode(200)
 * stays beside it on each route, where the OpenAPI generator sees it.)
 */
function AdminDecision(type: new () => unknown) {
  return applyDecorators(
    UseGuards(AdminAuthGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 200, type }),
    ApiResponse({ status: 404, type: ErrorResponseDto }),
    ApiResponse({ status: 409, type: ErrorResponseDto }),
  );
}

/** The addresses this site is reached at, for checking a checkout's return address. */
function siteOrigins(req: FastifyRequest): string[] {
  const host = req.headers.host;
  return host ? [`${req.protocol}://${host}`] : [];
}

const payoutDto = (p: Payout): PayoutDto => ({
  id: p.id,
  amount: toDollars(p.amountCents),
  requested_date: p.requestedAt.toISOString(),
  payment_method: p.method,
  status: p.status,
  failure_reason: p.failureReason,
});

const applicationDto = (a: PartnerApplication & { username?: string | null }): PartnerApplicationDto => ({
  id: a.id,
  user_id: a.userId,
  username: a.username ?? null,
  status: a.status,
  followers: a.followers,
  watch_hours: a.watchHours,
  original_content: a.originalContent,
  submitted_at: a.submittedAt.toISOString(),
  decided_at: a.decidedAt?.toISOString() ?? null,
  reason: a.reason,
});

function reasonOf(body: DecisionRequestDto | undefined): string | null {
  const r = typeof body?.reason === 'string' ? body.reason.trim() : '';
  if (r.length > 500) throw new ValidationError([{ field: 'reason', message: 'Reason must be at most 500 characters' }]);
  return r || null;
}

function checkId(id: string, notFound: () => Error): string {
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

@ApiTags('monetization')
@Controller('api')
export class MonetizationController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly memberships: MembershipsService,
    private readonly earnings: EarningsService,
    private readonly partner: PartnerService,
    private readonly platform: PlatformService,
    private readonly identity: IdentityFacade,
  ) {}

  /** Each checkout writes a session and calls the provider; each payout request locks a balance. */
  private readonly checkouts = new ActionLimiter(30, 60_000, 'Too many checkouts started. Please wait a minute.');
  private readonly payoutRequests = new ActionLimiter(30, 60_000, 'Too many payout requests. Please wait a minute.');

  /** Starts a premium checkout (monthly $6.99 or yearly $69.99); send the browser to `url`. */
  @Post('subscriptions/premium/checkout')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CheckoutResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async createPremiumCheckout(@CurrentPrincipal() p: Principal, @Body() body: CheckoutRequestDto, @Req() req: FastifyRequest): Promise<CheckoutResponseDto> {
    this.checkouts.hit(p.userId);
    const r = await this.checkout.premiumCheckout(p.userId, body?.package_type, String(body?.origin_url ?? ''), siteOrigins(req));
    return { url: r.url, session_id: r.sessionId };
  }

  /** Starts a membership checkout for one of a channel's tiers (`package_type`: the tier's name or id). */
  @Post('subscriptions/channel/:channelId/checkout')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CheckoutResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async createMembershipCheckout(@CurrentPrincipal() p: Principal, @Param('channelId') channelId: string, @Body() body: CheckoutRequestDto, @Req() req: FastifyRequest): Promise<CheckoutResponseDto> {
    this.checkouts.hit(p.userId);
    const r = await this.checkout.membershipCheckout(p.userId, checkId(channelId, moneyErrors.channelNotFound), body?.package_type, String(body?.origin_url ?? ''), siteOrigins(req));
    return { url: r.url, session_id: r.sessionId };
  }

  /** Channels that offer memberships, with their tiers and your membership in each. */
  @Get('memberships/channels')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MembershipChannelsResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listMembershipChannels(@CurrentPrincipal() p: Principal): Promise<MembershipChannelsResponseDto> {
    const channels = await this.memberships.channels(p.userId);
    return {
      channels: channels.map((c) => ({
        channel_id: c.accountId,
        channel_name: c.channelName,
        handle: c.handle,
        photo_url: c.photoUrl,
        member_count: c.memberCount,
        tiers: c.tiers.map((t) => ({ id: t.id, name: t.name, description: t.description, price: toDollars(t.priceCents) })),
        my_membership: c.mine ? { tier_name: c.mine.tierName, expires_at: c.mine.expiresAt.toISOString(), active: c.mine.active } : null,
        is_owner: c.ownerUserId === p.userId,
      })),
    };
  }

  /** Adds a membership tier to one of your channels. */
  @Post('channels/:channelId/membership-tiers')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: MembershipTierDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async createMembershipTier(@CurrentPrincipal() p: Principal, @Param('channelId') channelId: string, @Body() body: CreateTierRequestDto): Promise<MembershipTierDto> {
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    const description = typeof body?.description === 'string' ? body.description.trim() : '';
    const price = Money.parsePositive(body?.price);
    const problems = [];
    if (!name || name.length > 50) problems.push({ field: 'name', message: 'Tier name must be 1 to 50 characters' });
    if (!price || price.cents < 99 || price.cents > 49999) problems.push({ field: 'price', message: 'Price must be between $0.99 and $499.99 a month' });
    if (description.length > 300) problems.push({ field: 'description', message: 'Description must be at most 300 characters' });
    if (problems.length) throw new ValidationError(problems);
    const t = await this.memberships.createTier(p.userId, checkId(channelId, moneyErrors.channelNotFound), { name, priceCents: price!.cents, description });
    return { id: t.id, name: t.name, description: t.description, price: toDollars(t.priceCents) };
  }

  /** Retires one of your tiers: nobody new can join it; members keep their time. */
  @Delete('membership-tiers/:tierId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async retireMembershipTier(@CurrentPrincipal() p: Principal, @Param('tierId') tierId: string): Promise<MessageResponseDto> {
    await this.memberships.retireTier(p.userId, checkId(tierId, moneyErrors.tierNotFound));
    return { message: 'Tier retired' };
  }

  /** The members of one of your channels, newest first (`include_lapsed=true` adds those whose time ran out). */
  @Get('channels/:channelId/members')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiQuery({ name: 'limit', required: false })
  @ApiQuery({ name: 'include_lapsed', required: false })
  @ApiResponse({ status: 200, type: ChannelMembersResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listChannelMembers(@CurrentPrincipal() p: Principal, @Param('channelId') channelId: string, @Query('limit') limit?: string, @Query('include_lapsed') lapsed?: string): Promise<ChannelMembersResponseDto> {
    const rows = await this.memberships.members(p.userId, checkId(channelId, moneyErrors.channelNotFound), { limit: pageSize(limit, 50), includeLapsed: lapsed === 'true' });
    const names = await this.identity.usernames(rows.map((r) => r.userId));
    return {
      members: rows.map((r) => ({
        user_id: r.userId,
        username: names.get(r.userId) ?? null,
        tier_name: r.tierName,
        price: toDollars(r.priceCents),
        started_at: r.startedAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
        active: r.active,
      })),
    };
  }

  /** A creator's balances, this month's revenue and payouts, from the ledger. Yours only (admins may read anyone's). */
  @Get('revenue/creator/:userId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CreatorEarningsResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getCreatorRevenue(@CurrentPrincipal() p: Principal, @Param('userId') userId: string): Promise<CreatorEarningsResponseDto> {
    const id = isUuid(userId) ? userId.toLowerCase() : '';
    if (id !== p.userId && !(await this.identity.isAdmin(p.userId))) throw moneyErrors.notYours();
    if (!id || !(await this.identity.exists(id))) throw moneyErrors.userNotFound();
    const [b, lines, payouts] = await Promise.all([this.earnings.balances(id), this.earnings.revenueThisMonth(id), this.earnings.payouts(id)]);
    return {
      earnings: {
        available_balance: toDollars(b.availableCents),
        pending_balance: toDollars(b.pendingCents),
        lifetime_earnings: toDollars(b.lifetimeCents),
        total_withdrawn: toDollars(b.paidOutCents),
        in_transit: toDollars(b.inTransitCents),
        minimum_payout: toDollars(CREATOR_MIN_PAYOUT_CENTS),
      },
      can_request_payout: b.availableCents >= CREATOR_MIN_PAYOUT_CENTS,
      current_month_revenue: lines.map((l) => ({ revenue_type: l.kind, payment_date: l.createdAt.toISOString(), creator_share: toDollars(l.creatorCents), platform_fee: toDollars(l.platformCents) })),
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
  async requestPayout(@CurrentPrincipal() p: Principal, @Body() body: PayoutRequestDto): Promise<PayoutResponseDto> {
    this.payoutRequests.hit(p.userId);
    const payout = await this.earnings.requestPayout(p.userId, { amount: body?.amount, paymentMethod: body?.payment_method, bankDetails: body?.bank_details });
    return { success: true, message: 'Payout request submitted successfully! Payouts take 3-5 business days.', payout: payoutDto(payout) };
  }

  /** Your partner program status, with each requirement computed now. */
  @Get('creator/partner-program-status')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PartnerProgramStatusDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async getPartnerProgramStatus(@CurrentPrincipal() p: Principal): Promise<PartnerProgramStatusDto> {
    const v = await this.partner.status(p.userId);
    return {
      status: v.status,
      eligible: v.eligible,
      requirements_met: v.requirementsMet,
      requirements: {
        subscribers: { current: v.followers, required: PARTNER.followers, met: v.followers >= PARTNER.followers },
        watch_hours: { current: v.watchHours, required: PARTNER.watchHours, met: v.watchHours >= PARTNER.watchHours },
        guidelines_compliant: v.guidelinesCompliant,
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
    const a = await this.partner.apply(p.userId, body?.original_content);
    return { success: true, message: `Application submitted! We review applications within ${PARTNER.reviewDays} days.`, status: a.status };
  }

  private async requireAdmin(p: Principal): Promise<void> {
    if (!(await this.identity.isAdmin(p.userId))) throw moneyErrors.adminOnly();
  }

  /** The platform's own earnings (Owner): admins only. */
  @Get('platform/earnings')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PlatformEarningsResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  async getPlatformEarnings(@CurrentPrincipal() p: Principal): Promise<PlatformEarningsResponseDto> {
    await this.requireAdmin(p);
    const e = await this.platform.earnings();
    return {
      earnings: {
        available_balance: toDollars(e.availableCents),
        pending_balance: toDollars(e.pendingCents),
        total_revenue: toDollars(e.totalRevenueCents),
        total_withdrawn: toDollars(e.withdrawnCents),
        premium_revenue: toDollars(e.bySource.premium),
        ad_revenue: toDollars(e.bySource.ads),
        membership_fees: toDollars(e.bySource.membership),
        super_chat_fees: toDollars(e.bySource.super_chat),
        minimum_payout: toDollars(OWNER_MIN_WITHDRAWAL_CENTS),
      },
      monthly_revenue: toDollars(e.monthCents),
      bank_account: e.bank ? { bank_name: e.bank.bankName, account_last_4: e.bank.accountLast4, account_holder: e.bank.accountHolder, is_verified: e.bank.isVerified } : null,
      can_withdraw: !!e.bank && e.availableCents >= OWNER_MIN_WITHDRAWAL_CENTS,
    };
  }

  /** Saves the platform's bank account (admins only); the numbers are encrypted at rest. */
  @Post('platform/bank-account')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: BankAccountResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  async savePlatformBankAccount(@CurrentPrincipal() p: Principal, @Body() body: BankAccountRequestDto): Promise<BankAccountResponseDto> {
    await this.requireAdmin(p);
    const b = await this.platform.saveBankAccount(body ?? {});
    return { success: true, message: 'Bank account added successfully!', bank_account: { bank_name: b.bankName, account_last_4: b.accountLast4, account_holder: b.accountHolder, is_verified: b.isVerified } };
  }

  /** Withdraws platform earnings to the bank account (admins only): at least $100, at most the available balance. */
  @Post('platform/withdraw')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: WithdrawResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async withdrawPlatformEarnings(@CurrentPrincipal() p: Principal, @Body() body: WithdrawRequestDto): Promise<WithdrawResponseDto> {
    await this.requireAdmin(p);
    const w = await this.platform.withdraw(p.userId, body?.amount);
    return { success: true, message: 'Withdrawal request submitted successfully!', amount: toDollars(w.amountCents) };
  }

  /** Creator payouts for the admin console (pending ones by default, oldest first). */
  @Get('admin/payouts')
  @UseGuards(AdminAuthGuard)
  @ApiBearerAuth()
  @ApiQuery({ name: 'limit', required: false })
  @ApiResponse({ status: 200, type: AdminPayoutsResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listPendingPayouts(@Query('limit') limit?: string): Promise<AdminPayoutsResponseDto> {
    const rows = await this.earnings.pendingPayouts(pageSize(limit, 50));
    const names = await this.identity.usernames(rows.map((r) => r.userId));
    return { payouts: rows.map((r) => ({ ...payoutDto(r), user_id: r.userId, username: names.get(r.userId) ?? null, bank_details: r.bankDetails })) };
  }

  @Post('admin/payouts/:id/complete')
  @HttpCode(200)
  @AdminDecision(PayoutDto)
  async completePayout(@Param('id') id: string): Promise<PayoutDto> {
    return payoutDto(await this.earnings.decidePayout(checkId(id, moneyErrors.payoutNotFound), 'completed', null));
  }

  /** Marks a payout failed: the funds return to the creator's available balance. */
  @Post('admin/payouts/:id/fail')
  @HttpCode(200)
  @AdminDecision(PayoutDto)
  async failPayout(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PayoutDto> {
    return payoutDto(await this.earnings.decidePayout(checkId(id, moneyErrors.payoutNotFound), 'failed', reasonOf(body)));
  }

  /** Partner program applications for the admin console (`status`: pending by default, or approved, rejected, suspended, all). */
  @Get('admin/partner-applications')
  @UseGuards(AdminAuthGuard)
  @ApiBearerAuth()
  @ApiQuery({ name: 'status', required: false })
  @ApiQuery({ name: 'limit', required: false })
  @ApiResponse({ status: 200, type: PartnerApplicationsResponseDto })
  async listPartnerApplications(@Query('status') status?: string, @Query('limit') limit?: string): Promise<PartnerApplicationsResponseDto> {
    const s = ['pending', 'approved', 'rejected', 'suspended', 'all'].includes(status ?? '') ? (status as 'pending') : 'pending';
    return { applications: (await this.partner.applications(s, pageSize(limit, 50))).map(applicationDto) };
  }

  @Post('admin/partner-applications/:id/approve')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  async approvePartnerApplication(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.partner.decide(checkId(id, moneyErrors.applicationNotFound), 'approved', reasonOf(body)));
  }

  @Post('admin/partner-applications/:id/reject')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  async rejectPartnerApplication(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.partner.decide(checkId(id, moneyErrors.applicationNotFound), 'rejected', reasonOf(body)));
  }

  /** Suspends an approved partner: they leave the creator program. */
  @Post('admin/partner-applications/:id/suspend')
  @HttpCode(200)
  @AdminDecision(PartnerApplicationDto)
  async suspendPartner(@Param('id') id: string, @Body() body: DecisionRequestDto): Promise<PartnerApplicationDto> {
    return applicationDto(await this.partner.decide(checkId(id, moneyErrors.applicationNotFound), 'suspended', reasonOf(body)));
  }
}
