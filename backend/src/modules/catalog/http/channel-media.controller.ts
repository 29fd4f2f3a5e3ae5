import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { ChannelMediaQuery } from '../application/channel-media.query.js';
import { ReelListDto, VideoResponseDto } from './catalog.dto.js';
import { ChannelMediaQueryDto } from './channel-media.dto.js';
import { MediaPresenter } from './media-presenter.js';

type Req = Request & { user?: Principal | null };

/**
 * A channel's videos and reels tabs, by its handle (any case), answered like GET /api/videos and GET /api/reels:
 * others see ready items of a public channel, the owner every item in every state; a private channel is a 404 to
 * anyone but its owner.
 */
@ApiTags('channels')
@Controller('api/channels')
export class ChannelMediaController {
  constructor(
    private readonly channels: ChannelMediaQuery,
    private readonly presenter: MediaPresenter,
  ) {}

  /** The channel's videos, newest (default) or most viewed first. The next page's cursor is in X-Next-Cursor. */
  @Get(':handle/videos')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [VideoResponseDto], headers: { 'X-Next-Cursor': { description: 'Cursor of the next page, when there is one', schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "No such handle, not a handle at all, or a private channel that is not the caller's" })
  async listChannelVideos(@Param('handle') handle: string, @Req() req: Req, @Res({ passthrough: true }) reply: Response, @Query() q: ChannelMediaQueryDto): Promise<VideoResponseDto[]> {
    const viewer = req.user?.userId ?? null;
    const page = await this.channels.list(handle, 'video', viewer, q.sort ?? 'newest', pageSize(q.limit), q.cursor);
    if (page.nextCursor) reply.setHeader('X-Next-Cursor', page.nextCursor);
    return this.presenter.videos(page.items, viewer);
  }

  /** The channel's reels, newest (default) or most viewed first: `{ reels, next_cursor }`. */
  @Get(':handle/reels')
  @RequiresFeature('reels')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: ReelListDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "No such handle, not a handle at all, or a private channel that is not the caller's" })
  async listChannelReels(@Param('handle') handle: string, @Req() req: Req, @Query() q: ChannelMediaQueryDto): Promise<ReelListDto> {
    const viewer = req.user?.userId ?? null;
    const page = await this.channels.list(handle, 'reel', viewer, q.sort ?? 'newest', pageSize(q.limit), q.cursor);
    return { reels: await this.presenter.reels(page.items, viewer), next_cursor: page.nextCursor };
  }
}
