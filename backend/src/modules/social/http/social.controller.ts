import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { SocialService } from '../application/social.service.js';
import { choice, DISCOVER_SORTS, FEED_TYPES } from '../domain/search-rules.js';
import { DiscoverQueryDto, DiscoverResponseDto, FeedQueryDto, FeedResponseDto, FollowersResponseDto, FollowingResponseDto, FollowResponseDto, UserCardDto } from './social.dto.js';
import { toFeedItem, toUserCard } from './social.mapper.js';

type Req = Request & { user?: Principal | null };

@ApiTags('social')
@Controller('api')
export class SocialController {
  private readonly follows: ActionLimiter;

  constructor(
    private readonly social: SocialService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.follows = new ActionLimiter(config.rateLimit.followsPerMinute, 60_000, 'You are following and unfollowing too fast. Please wait a minute.');
  }

  /** Follows or unfollows a user; the answer is the new state. Following yourself is a 400, a hidden user a 404. */
  @Post('users/:id/follow')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: FollowResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async toggleFollow(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<FollowResponseDto> {
    this.follows.hit(p.userId);
    const r = await this.social.toggleFollow(p.userId, id);
    return { following: r.following, message: r.message, followers_count: r.followersCount };
  }

  /** Users to follow: most followed (popular), newest, or creator-program members (creators). Hidden users never appear. */
  @Get('users/discover')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async discoverUsers(@Req() req: Req, @Query() q: DiscoverQueryDto): Promise<DiscoverResponseDto> {
    const sort = choice('sort_by', q.sort_by, DISCOVER_SORTS, 'popular');
    return { users: (await this.social.discover(sort, pageSize(q.limit, 20), req.user?.userId ?? null)).map(toUserCard) };
  }

  /** One user's card (404 for a hidden user, except to themselves). */
  @Get('users/:id/profile')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async userProfile(@Req() req: Req, @Param('id') id: string): Promise<UserCardDto> {
    return toUserCard(await this.social.profile(id, req.user?.userId ?? null));
  }

  /** Who follows a user, newest first (50 by default), and how many visible followers there are. */
  @Get('users/:id/followers')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listFollowers(@Req() req: Req, @Param('id') id: string, @Query() q: PageQueryDto): Promise<FollowersResponseDto> {
    const r = await this.social.connections(id, 'followers', pageSize(q.limit, 50), q.cursor, req.user?.userId ?? null);
    return { followers: r.users.map(toUserCard), total: r.total, next_cursor: r.nextCursor };
  }

  /** Whom a user follows, newest first (50 by default), and how many visible ones there are. */
  @Get('users/:id/following')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listFollowing(@Req() req: Req, @Param('id') id: string, @Query() q: PageQueryDto): Promise<FollowingResponseDto> {
    const r = await this.social.connections(id, 'following', pageSize(q.limit, 50), q.cursor, req.user?.userId ?? null);
    return { following: r.users.map(toUserCard), total: r.total, next_cursor: r.nextCursor };
  }

  /** What followed users published, newest first, every kind or one (videos, music, podcasts); keyset pages. */
  @Get('feed/following')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async followingFeed(@CurrentPrincipal() p: Principal, @Query() q: FeedQueryDto): Promise<FeedResponseDto> {
    const page = await this.social.feed(p.userId, choice('content_type', q.content_type, FEED_TYPES, 'all'), pageSize(q.limit, 20), q.cursor);
    return { content: page.items.map(toFeedItem), next_cursor: page.nextCursor };
  }
}
