import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { AddCommunityCommentUseCase } from '../application/add-community-comment.use-case.js';
import { CreateCommunityPostUseCase } from '../application/create-community-post.use-case.js';
import { DeleteCommunityCommentUseCase } from '../application/delete-community-comment.use-case.js';
import { DeleteCommunityPostUseCase } from '../application/delete-community-post.use-case.js';
import { GetCommunityPostQuery } from '../application/get-community-post.query.js';
import { ListCommunityCommentsQuery } from '../application/list-community-comments.query.js';
import { ListCommunityPostsQuery } from '../application/list-community-posts.query.js';
import { ToggleCommunityPostLikeUseCase } from '../application/toggle-community-post-like.use-case.js';
import { POSTS_PAGE_DEFAULT } from '../domain/community-post.js';
import {
  AddCommunityCommentRequestDto,
  CommunityCommentDto,
  CommunityPostDto,
  CommunityPostLikeDto,
  CreateCommunityPostRequestDto,
  ListCommunityCommentsQueryDto,
  ListCommunityPostsQueryDto,
} from './community.dto.js';
import { toCommunityComment, toCommunityPost } from './community.mapper.js';

type Req = Request & { user?: Principal | null };

const NEXT_CURSOR = { 'X-Next-Cursor': { description: 'Cursor of the next page, when there is one', schema: { type: 'string' } } };

/**
 * The gaming hub's Community tab (seed 002 §2.10, §3 Community post): posts about games (discussions, reviews, guides,
 * clips with one of the author's videos), their likes and comments. Posts are reportable (content_type community_post).
 */
@ApiTags('gaming')
@RequiresFeature('gaming')
@Controller('api/gaming')
export class CommunityController {
  private readonly likes: ActionLimiter;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly list: ListCommunityPostsQuery,
    private readonly get: GetCommunityPostQuery,
    private readonly create: CreateCommunityPostUseCase,
    private readonly remove: DeleteCommunityPostUseCase,
    private readonly like: ToggleCommunityPostLikeUseCase,
    private readonly comments: ListCommunityCommentsQuery,
    private readonly comment: AddCommunityCommentUseCase,
    private readonly removeComment: DeleteCommunityCommentUseCase,
  ) {
    this.likes = new ActionLimiter(config.rateLimit.engagementsPerMinute, 60_000, 'You are liking and unliking too fast. Please wait a minute.');
  }

  /** Posts, newest first; `game` (whole name, any case) and `post_type` filters; the next page's cursor in X-Next-Cursor (pass it as `before`). */
  @Get('community/posts')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [CommunityPostDto], headers: NEXT_CURSOR })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async listCommunityPosts(@Req() req: Req, @Res({ passthrough: true }) reply: Response, @Query() q: ListCommunityPostsQueryDto): Promise<CommunityPostDto[]> {
    const page = await this.list.execute({ game: q.game ?? null, type: q.post_type ?? null, before: q.before }, q.limit ?? POSTS_PAGE_DEFAULT, req.user?.userId ?? null);
    if (page.nextCursor) reply.setHeader('X-Next-Cursor', page.nextCursor);
    return page.items.map(toCommunityPost);
  }

  /** Publishes a post: title, content, game, post_type (discussion by default), video_id (a clip only: one of your ready videos). */
  @Post('community/post')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: CreateCommunityPostRequestDto })
  @ApiResponse({ status: 201, type: CommunityPostDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please enter a title', 'Please enter a game', 'Please enter some content'; too long; 'post_type must be one of …'; 'Only clip posts can attach a video'" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Video not found' (not one of your ready videos)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 30 posts in an hour' })
  async createCommunityPost(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<CommunityPostDto> {
    const form = await formDto(req, CreateCommunityPostRequestDto);
    return toCommunityPost(await this.create.execute(p.userId, form));
  }

  @Get('community/post/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CommunityPostDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "SOCIAL.POST_NOT_FOUND 'Post not found'" })
  async getCommunityPost(@Req() req: Req, @Param('id') id: string): Promise<CommunityPostDto> {
    return toCommunityPost(await this.get.execute(id, req.user?.userId ?? null));
  }

  /** Its author deletes it, with its likes and comments; anyone else gets 404. */
  @Delete('community/post/:id')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deleteCommunityPost(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    await this.remove.execute(p.userId, id);
  }

  /** Likes the post or takes the like back; the answer is the new state. */
  @Post('community/post/:id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: CommunityPostLikeDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async toggleCommunityPostLike(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<CommunityPostLikeDto> {
    this.likes.hit(p.userId);
    return this.like.execute(p.userId, id);
  }

  /** The post's comments, oldest first (`limit` 1–100, default 100); the next page's cursor in X-Next-Cursor. */
  @Get('community/post/:id/comments')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [CommunityCommentDto], headers: NEXT_CURSOR })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listCommunityPostComments(@Req() req: Req, @Res({ passthrough: true }) reply: Response, @Param('id') id: string, @Query() q: ListCommunityCommentsQueryDto): Promise<CommunityCommentDto[]> {
    const page = await this.comments.execute(id, q.cursor, q.limit ?? 100, req.user?.userId ?? null);
    if (page.nextCursor) reply.setHeader('X-Next-Cursor', page.nextCursor);
    return page.items.map(toCommunityComment);
  }

  @Post('community/post/:id/comments')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: CommunityCommentDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please enter a comment'; 'Comment must be at most 2000 characters'" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 120 comments in an hour' })
  async addCommunityPostComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: AddCommunityCommentRequestDto): Promise<CommunityCommentDto> {
    return toCommunityComment(await this.comment.execute(p.userId, id, body.content));
  }

  /** The comment's author or the post's author deletes it; anyone else gets 404. */
  @Delete('community/post/:id/comments/:commentId')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deleteCommunityPostComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Param('commentId') commentId: string): Promise<void> {
    await this.removeComment.execute(p.userId, id, commentId);
  }
}
