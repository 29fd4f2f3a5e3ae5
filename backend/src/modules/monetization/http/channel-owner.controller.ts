import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { toDollars } from '../../../common/money.js';
import { CreateMembershipTierUseCase } from '../application/create-membership-tier.use-case.js';
import { ListChannelMembersQuery } from '../application/list-channel-members.query.js';
import { RetireMembershipTierUseCase } from '../application/retire-membership-tier.use-case.js';
import { TierDraft } from '../domain/membership.js';
import { moneyErrors } from '../domain/rules.js';
import { checkId } from './money-http.js';
import { tierDto } from './monetization.mappers.js';
import { ChannelMembersQueryDto, ChannelMembersResponseDto, CreateTierRequestDto, MembershipTierDto } from './monetization.dto.js';

/** Channel owners: the membership tiers of their channels, and who their members are. */
@ApiTags('monetization')
@Controller('api')
export class ChannelOwnerController {
  constructor(
    private readonly createTier: CreateMembershipTierUseCase,
    private readonly retireTier: RetireMembershipTierUseCase,
    private readonly members: ListChannelMembersQuery,
  ) {}

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
    // The tier is checked (by the DTO, then the domain) before the channel is looked up: a bad tier is a 400 whatever the channel.
    const draft = TierDraft.parse(body);
    return tierDto(await this.createTier.execute(p.userId, checkId(channelId, moneyErrors.channelNotFound), draft));
  }

  /** Retires one of your tiers: nobody new can join it; members keep their time. */
  @Delete('membership-tiers/:tierId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async retireMembershipTier(@CurrentPrincipal() p: Principal, @Param('tierId') tierId: string): Promise<MessageResponseDto> {
    await this.retireTier.execute(p.userId, checkId(tierId, moneyErrors.tierNotFound));
    return { message: 'Tier retired' };
  }

  /** The members of one of your channels, newest first (`include_lapsed=true` adds those whose time ran out). */
  @Get('channels/:channelId/members')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: ChannelMembersResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listChannelMembers(@CurrentPrincipal() p: Principal, @Param('channelId') channelId: string, @Query() query: ChannelMembersQueryDto): Promise<ChannelMembersResponseDto> {
    const rows = await this.members.execute(p.userId, checkId(channelId, moneyErrors.channelNotFound), { limit: pageSize(query.limit, 50), includeLapsed: query.include_lapsed === 'true' });
    return {
      members: rows.map((r) => ({
        user_id: r.userId,
        username: r.username,
        tier_name: r.tierName,
        price: toDollars(r.priceCents),
        started_at: r.startedAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
        active: r.active,
      })),
    };
  }
}
