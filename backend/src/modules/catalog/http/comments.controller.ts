import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { CommentsUseCases } from '../application/comments.use-cases.js';
import { MediaService } from '../application/media.service.js';
import type { MediaKind } from '../domain/media.js';
import { CommentDto, CommentLikeStateDto, CommentListDto, CommentsQueryDto, PostCommentRequestDto, UpdateCommentRequestDto } from './comments.dto.js';
import { toCommentDto, toCommentListDto } from './comments.mapper.js';
import { EngagementLimits } from './engagement-limits.js';

type Req = Request & { user?: Principal | null };

/** A list of comments (top-level ones, or a comment's replies): open to visitors who may see the item. */
const ListComments = () =>
  applyDecorators(
    UseGuards(OptionalUserAuthGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 200, type: CommentListDto }),
    ApiResponse({ status: 400, type: ErrorResponseDto }),
    ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' }),
    ApiResponse({ status: 404, type: ErrorResponseDto }),
  );

/** A route on any comment: a reel's comment answers 503 while the `reels` feature is off. */
const ReelCommentsOff = () => ApiResponse({ status: 503, type: ErrorResponseDto, description: 'The comment is on a short and "reels" is switched off (SYSTEM.FEATURE_DISABLED)' });

/** Posting a comment or a reply on a `kind`: signed-in users, within the channel's comment_permissions and the rate. */
const PostComment = (kind: 'video' | 'movie') =>
  applyDecorators(
    UseGuards(UserAuthGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 201, type: CommentDto }),
    ApiResponse({ status: 400, type: ErrorResponseDto, description: `Blank or too long; parent_id not a top-level comment of this ${kind}` }),
    ApiResponse({ status: 401, type: ErrorResponseDto }),
    ApiResponse({ status: 403, type: ErrorResponseDto, description: "The channel's comment_permissions: comments off, or followers only" }),
    ApiResponse({ status: 404, type: ErrorResponseDto }),
    ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE comments a minute' }),
  );

/**
 * Comments on videos and movies, and what works on any comment (reels' too): replies, edit, delete, like. Reels keep
 * their own list and post routes (ReelsController), over the same comments; while the `reels` feature is off, a reel's
 * comment answers its 503 here too.
 */
@ApiTags('comments')
@Controller('api')
export class CommentsController {
  constructor(
    private readonly comments: CommentsUseCases,
    private readonly limits: EngagementLimits,
  ) {}

  private list(kind: MediaKind, id: string, req: Req, q: CommentsQueryDto): Promise<CommentListDto> {
    const viewer = MediaService.signedInViewer(req);
    return this.comments.list(kind, id, viewer, q.order ?? 'newest', pageSize(q.limit), q.cursor).then(toCommentListDto);
  }

  private async post(kind: MediaKind, p: Principal, id: string, body: PostCommentRequestDto): Promise<CommentDto> {
    this.limits.comments.hit(p.userId);
    return toCommentDto(await this.comments.post(kind, id, p.userId, body?.content, body?.parent_id));
  }

  /**
   * Top-level comments, `order` newest (default) or top (most liked, then newest), `limit` (default 20, at most 100)
   * at a time; `cursor` is the previous page's `next_cursor` (of the same order).
   */
  @Get('videos/:id/comments')
  @ListComments()
  listVideoComments(@Param('id') id: string, @Req() req: Req, @Query() q: CommentsQueryDto): Promise<CommentListDto> {
    return this.list('video', id, req, q);
  }

  /** Top-level comments of a movie, as for videos (whoever may open the movie's page may read them). */
  @Get('movies/:id/comments')
  @ListComments()
  listMovieComments(@Param('id') id: string, @Req() req: Req, @Query() q: CommentsQueryDto): Promise<CommentListDto> {
    return this.list('movie', id, req, q);
  }

  /** Comments (1-500 characters) as the active account; with `parent_id`, a reply to a top-level comment of the same video. */
  @Post('videos/:id/comments')
  @PostComment('video')
  createVideoComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PostCommentRequestDto): Promise<CommentDto> {
    return this.post('video', p, id, body);
  }

  /** As for videos. */
  @Post('movies/:id/comments')
  @PostComment('movie')
  createMovieComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PostCommentRequestDto): Promise<CommentDto> {
    return this.post('movie', p, id, body);
  }

  /** Replies to a comment, oldest first, `limit` (default 20, at most 100) and `cursor`; open to whoever may see its item. */
  @Get('comments/:id/replies')
  @ListComments()
  @ReelCommentsOff()
  async listCommentReplies(@Param('id') id: string, @Req() req: Req, @Query() q: PageQueryDto): Promise<CommentListDto> {
    return toCommentListDto(await this.comments.replies(id, MediaService.signedInViewer(req), pageSize(q.limit), q.cursor));
  }

  /** Changes the text (1-500 characters) and sets `edited_at`. Its author only: anyone else gets 404. */
  @Patch('comments/:id')
  @ReelCommentsOff()
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CommentDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE comments a minute' })
  async updateComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: UpdateCommentRequestDto): Promise<CommentDto> {
    this.limits.comments.hit(p.userId);
    return toCommentDto(await this.comments.edit(id, p.userId, body?.content));
  }

  /** Deletes it, with its replies when it is a top-level comment. Its author or the item's owner: anyone else gets 404. */
  @Delete('comments/:id')
  @ReelCommentsOff()
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deleteComment(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    await this.comments.remove(id, p.userId);
  }

  /** Likes or unlikes; returns the new state and count. */
  @Post('comments/:id/like')
  @ReelCommentsOff()
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CommentLikeStateDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE likes a minute' })
  async likeComment(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<CommentLikeStateDto> {
    this.limits.likes.hit(p.userId);
    const state = await this.comments.like(id, p.userId);
    return { liked: state.liked, like_count: state.likeCount };
  }
}
