import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaService } from '../application/media.service.js';
import { NoVideoFile } from '../domain/catalog.errors.js';
import { validateVideoMeta } from '../domain/media-rules.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { HeartbeatRequestDto, LikeStateDto, VideoResponseDto, VideosQueryDto, VideoUploadFormDto, ViewCountDto } from './catalog.dto.js';
import { MediaPresenter } from './media-presenter.js';
import { MediaUploads } from './media-form.js';
import { pageSize } from '../../../common/keyset.js';
import { EngagementLimits } from './engagement-limits.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { Upload } from '../../../common/http/long-running.js';

type Req = Request & { user?: Principal | null };


@ApiTags('videos')
@Controller('api/videos')
export class VideosController {
  constructor(
    private readonly service: MediaService,
    private readonly uploads: MediaUploads,
    private readonly presenter: MediaPresenter,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    private readonly limits: EngagementLimits,
  ) {}

  /** Newest first. Others see ready videos of public accounts; the owner also sees their own in every state. The next page's cursor is in X-Next-Cursor. */
  @Get()
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [VideoResponseDto], headers: { 'X-Next-Cursor': { description: 'Cursor of the next page, when there is one', schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'mine=true without a user token' })
  async listVideos(@Req() req: Req, @Res({ passthrough: true }) reply: Response, @Query() q: VideosQueryDto): Promise<VideoResponseDto[]> {
    const viewer = req.user?.userId ?? null;
    if (q.mine === 'true' && !viewer) throw new UnauthorizedException();
    const filter = { ...(q.is_vertical === 'true' ? { isVertical: true } : q.is_vertical === 'false' ? { isVertical: false } : {}), ownerOnly: q.mine === 'true' };
    const page = await this.media.list('video', viewer, pageSize(q.limit), q.cursor, filter);
    if (page.nextCursor) reply.setHeader('X-Next-Cursor', page.nextCursor);
    return this.presenter.videos(page.items, viewer);
  }

  /** Uploads a video in one request (up to MAX_VIDEO_UPLOAD_BYTES; larger files use the chunked upload). */
  @Post('upload')
  @Upload()
  @RequiresFeature('uploads')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: VideoUploadFormDto })
  @ApiResponse({ status: 201, type: VideoResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  async uploadVideo(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<VideoResponseDto> {
    const m = await this.uploads.receive(req, p.userId, 'video', VideoUploadFormDto, validateVideoMeta, NoVideoFile);
    return (await this.presenter.videos([m], p.userId))[0];
  }

  /** One video. */
  @Get(':id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getVideo(@Param('id') id: string, @Req() req: Req): Promise<VideoResponseDto> {
    const viewer = MediaService.signedInViewer(req);
    const m = await this.service.reachable('video', id, viewer);
    return (await this.presenter.videos([m], viewer))[0];
  }

  /** The original file with HTTP ranges (206, 416), ETag and conditional requests. */
  @MediaRateLimit()
  @Get(':id/stream')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The video' })
  @ApiResponse({ status: 206, description: 'A range of it' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async streamVideo(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.stream('video', id, req, reply);
  }


  /** The HLS master playlist of a ready video. */
  @MediaRateLimit()
  @Get(':id/hls/master.m3u8')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getVideoHlsMaster(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('video', id, null, 'master.m3u8', req, reply);
  }

  /** A rendition playlist or segment of a ready video. */
  @MediaRateLimit()
  @Get(':id/hls/:rendition/:file')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getVideoHlsFile(@Param('id') id: string, @Param('rendition') rendition: string, @Param('file') file: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('video', id, rendition, file, req, reply);
  }

  /** Counts a view: one per viewer per 30 minutes. */
  @Post(':id/view')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async countVideoView(@Param('id') id: string, @Req() req: Req): Promise<ViewCountDto> {
    return this.service.view('video', id, req);
  }

  /** Seconds actually watched since the last heartbeat (signed-in viewers; feeds watch hours and Trending), and where playback is (Continue watching). */
  @Post(':id/heartbeat')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async recordWatchTime(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: HeartbeatRequestDto): Promise<void> {
    await this.service.heartbeat('video', id, p.userId, body?.seconds, body?.position);
  }

  /** Likes or unlikes; returns the new state and count. */
  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE likes a minute' })
  async likeVideo(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<LikeStateDto> {
    this.limits.likes.hit(p.userId);
    return this.service.like('video', id, p.userId);
  }
}
