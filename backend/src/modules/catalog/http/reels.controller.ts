import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaService } from '../application/media.service.js';
import { CommentsUseCases } from '../application/comments.use-cases.js';
import { NoVideoFile } from '../domain/catalog.errors.js';
import { validateReelMeta } from '../domain/media-rules.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { CreateCommentRequestDto, LikeStateDto, ReelCommentDto, ReelCommentListDto, ReelListDto, ReelResponseDto, ReelsQueryDto, ReelUploadFormDto, ViewCountDto } from './catalog.dto.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { MediaPresenter } from './media-presenter.js';
import { toReelCommentDto, toReelCommentListDto } from './comments.mapper.js';
import { MediaUploads } from './media-form.js';
import { pageSize } from '../../../common/keyset.js';
import { EngagementLimits } from './engagement-limits.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { Upload } from '../../../common/http/long-running.js';

type Req = Request & { user?: Principal | null };

@ApiTags('reels')
@Controller('api/reels')
@RequiresFeature('reels')
export class ReelsController {
  constructor(
    private readonly service: MediaService,
    private readonly uploads: MediaUploads,
    private readonly presenter: MediaPresenter,
    private readonly comments: CommentsUseCases,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    private readonly limits: EngagementLimits,
  ) {}

  /** Newest first; others see ready reels of public accounts, the owner all of theirs. */
  @Get()
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'mine=true without a user token' })
  async listReels(@Req() req: Req, @Query() q: ReelsQueryDto): Promise<ReelListDto> {
    const viewer = req.user?.userId ?? null;
    if (q.mine === 'true' && !viewer) throw new UnauthorizedException();
    const page = await this.media.list('reel', viewer, pageSize(q.limit), q.cursor, { ownerOnly: q.mine === 'true' });
    return { reels: await this.presenter.reels(page.items, viewer), next_cursor: page.nextCursor };
  }

  /** Uploads a reel: a video file up to 256MB, title up to 100 characters, description up to 500, tags as JSON text. */
  @Post('upload')
  @Upload()
  @RequiresFeature('uploads')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ReelUploadFormDto })
  @ApiResponse({ status: 201, type: ReelResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  async uploadReel(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<ReelResponseDto> {
    const m = await this.uploads.receive(req, p.userId, 'reel', ReelUploadFormDto, validateReelMeta, NoVideoFile);
    return (await this.presenter.reels([m], p.userId))[0];
  }

  /** One reel (what a shared link {origin}/reels/{id} opens). */
  @Get(':id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getReel(@Param('id') id: string, @Req() req: Req): Promise<ReelResponseDto> {
    const viewer = MediaService.signedInViewer(req);
    const m = await this.service.reachable('reel', id, viewer);
    return (await this.presenter.reels([m], viewer))[0];
  }

  /** The reel's file with HTTP ranges. */
  @MediaRateLimit()
  @Get(':id/stream')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The whole file' })
  @ApiResponse({ status: 206, description: 'A range of it' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async streamReel(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.stream('reel', id, req, reply);
  }


  /** Likes or unlikes; returns the new state and count. */
  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE likes a minute' })
  async likeReel(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<LikeStateDto> {
    this.limits.likes.hit(p.userId);
    return this.service.like('reel', id, p.userId);
  }

  @Post(':id/view')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async countReelView(@Param('id') id: string, @Req() req: Req): Promise<ViewCountDto> {
    return this.service.view('reel', id, req);
  }

  /** Top-level comments, oldest first, `limit` (default 20, at most 100) at a time; `cursor` is the previous page's `next_cursor`. */
  @Get(':id/comments')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, type: ReelCommentListDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listReelComments(@Param('id') id: string, @Req() req: Req, @Query() q: PageQueryDto): Promise<ReelCommentListDto> {
    return toReelCommentListDto(await this.comments.list('reel', id, req.user?.userId ?? null, 'oldest', pageSize(q.limit), q.cursor));
  }

  /** Adds a comment (1-500 characters) as the active account. */
  @Post(':id/comments')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: ReelCommentDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "The channel's comment_permissions: comments off, or followers only" })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE comments a minute' })
  async createReelComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: CreateCommentRequestDto): Promise<ReelCommentDto> {
    this.limits.comments.hit(p.userId);
    return toReelCommentDto(await this.comments.post('reel', id, p.userId, body?.content));
  }
}
