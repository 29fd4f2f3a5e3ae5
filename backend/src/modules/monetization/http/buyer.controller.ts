import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { ListMembershipChannelsQuery } from '../application/list-membership-channels.query.js';
import { StartMembershipCheckoutUseCase } from '../application/start-membership-checkout.use-case.js';
import { StartPremiumCheckoutUseCase } from '../application/start-premium-checkout.use-case.js';
import { moneyErrors } from '../domain/rules.js';
import { checkId, siteOrigins } from './money-http.js';
import { membershipChannelDto } from './monetization.mappers.js';
import { CheckoutResponseDto, MembershipChannelsResponseDto, MembershipCheckoutRequestDto, PremiumCheckoutRequestDto } from './monetization.dto.js';

/** Buyers: premium and channel memberships (checkout; payments reports the session's status and fulfils it). */
@ApiTags('monetization')
@Controller('api')
export class BuyerController {
  constructor(
    private readonly premiumCheckout: StartPremiumCheckoutUseCase,
    private readonly membershipCheckout: StartMembershipCheckoutUseCase,
    private readonly channels: ListMembershipChannelsQuery,
  ) {}

  /** Each checkout writes a session and calls the provider. */
  private readonly checkouts = new ActionLimiter(30, 60_000, 'Too many checkouts started. Please wait a minute.');

  /** Starts a premium checkout (monthly $6.99 or yearly $69.99); send the browser to `url`. */
  @Post('subscriptions/premium/checkout')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CheckoutResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async createPremiumCheckout(@CurrentPrincipal() p: Principal, @Body() body: PremiumCheckoutRequestDto, @Req() req: Request): Promise<CheckoutResponseDto> {
    this.checkouts.hit(p.userId);
    const r = await this.premiumCheckout.execute(p.userId, body.package_type, body.origin_url, siteOrigins(req));
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
  async createMembershipCheckout(@CurrentPrincipal() p: Principal, @Param('channelId') channelId: string, @Body() body: MembershipCheckoutRequestDto, @Req() req: Request): Promise<CheckoutResponseDto> {
    this.checkouts.hit(p.userId);
    const r = await this.membershipCheckout.execute(p.userId, checkId(channelId, moneyErrors.channelNotFound), body.package_type, body.origin_url, siteOrigins(req));
    return { url: r.url, session_id: r.sessionId };
  }

  /** Channels that offer memberships, with their tiers and your membership in each. */
  @Get('memberships/channels')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MembershipChannelsResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listMembershipChannels(@CurrentPrincipal() p: Principal): Promise<MembershipChannelsResponseDto> {
    const channels = await this.channels.execute(p.userId);
    return { channels: channels.map((c) => membershipChannelDto(c, p.userId)) };
  }
}
