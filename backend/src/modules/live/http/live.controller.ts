import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { DeleteChatMessageUseCase } from '../application/delete-chat-message.use-case.js';
import { EndLiveStreamUseCase } from '../application/end-live-stream.use-case.js';
import { LiveStreamQueries } from '../application/live-stream.queries.js';
import { SendChatMessageUseCase } from '../application/send-chat-message.use-case.js';
import { SetSlowModeUseCase } from '../application/set-slow-mode.use-case.js';
import { StartLiveStreamUseCase } from '../application/start-live-stream.use-case.js';
import { TimeOutChatterUseCase } from '../application/time-out-chatter.use-case.js';
import { ToggleLiveLikeUseCase } from '../application/toggle-live-like.use-case.js';
import { ListSuperChatsQuery } from '../application/super-chat.use-cases.js';
import {
  ListLiveStreamsQueryDto,
  LiveCommentDeletedDto,
  LiveCommentDto,
  LiveCommentsDto,
  LiveJoinDto,
  LiveLikeDto,
  LiveStreamDto,
  LiveSuperChatsDto,
  LiveTimeoutDto,
  SendLiveCommentRequestDto,
  SetSlowModeRequestDto,
  StartLiveStreamRequestDto,
  TimeOutChatterRequestDto,
} from './live.dto.js';
import { liveCommentDto, liveStreamDto, superChatDto } from './live.mappers.js';

type Req = Request & { user?: Principal | null };

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;
const NOT_FOUND = { status: 404, type: ErrorResponseDto, description: "'Live stream not found'" } as const;
const NOT_OWNER = { status: 403, type: ErrorResponseDto, description: "Not the streamer's: 'Only the streamer can do this' (LIVE.NOT_OWNER)" } as const;
const ENDED = { status: 409, type: ErrorResponseDto, description: "'This live stream has ended' (LIVE.ENDED)" } as const;
const UNAUTHENTICATED = { status: 401, type: ErrorResponseDto } as const;
const BAD_TOKEN = { status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' } as const;

/**
 * Live streams (seed 002 §2.7, §7 Live): starting and ending one, the streams on now, opening one, its chat, likes,
 * and the streamer's chat moderation (slow mode, deleting a message, timeouts). Events reach open pages over the
 * realtime socket, in the stream's room (`live:<id>`).
 */
@ApiTags('live')
@RequiresFeature('live')
@Controller('api/live')
export class LiveController {
  /** Per-user like toggles (ENGAGEMENT_LIMIT_PER_MINUTE, as for video likes), on top of the per-address limit. */
  private readonly likes: ActionLimiter;

  constructor(
    private readonly queries: LiveStreamQueries,
    private readonly start: StartLiveStreamUseCase,
    private readonly end: EndLiveStreamUseCase,
    private readonly send: SendChatMessageUseCase,
    private readonly remove: DeleteChatMessageUseCase,
    private readonly slowMode: SetSlowModeUseCase,
    private readonly timeOut: TimeOutChatterUseCase,
    private readonly like: ToggleLiveLikeUseCase,
    private readonly superChats: ListSuperChatsQuery,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.likes = new ActionLimiter(config.rateLimit.engagementsPerMinute, 60_000, 'You are liking and unliking too fast. Please wait a minute.');
  }

  /** Streams on now (started and not ended: `created` before their first media, then `live`), the most watched first; `user_id`: only that user's. */
  @Get('streams')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [LiveStreamDto] })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse(BAD_TOKEN)
  async listLiveStreams(@Req() req: Req, @Query() q: ListLiveStreamsQueryDto): Promise<LiveStreamDto[]> {
    return (await this.queries.list(req.user?.userId ?? null, q.limit ?? 50, { userId: q.user_id?.toLowerCase() })).map(liveStreamDto);
  }

  /** Go Live: starts your stream. One at a time: end the one you have before starting another. */
  @Post('start')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes(...FORMS)
  @ApiBody({ type: StartLiveStreamRequestDto })
  @ApiResponse({ status: 201, type: LiveStreamDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "A blank title: 'Please enter a title'; a field too long" })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'You already have a live stream: end it before starting another' (LIVE.ALREADY_LIVE)" })
  async startLiveStream(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<LiveStreamDto> {
    const form = await formDto(req, StartLiveStreamRequestDto);
    const view = await this.start.execute(p.userId, { title: form.title, description: form.description ?? '', isVertical: form.is_vertical ?? false, superChatEnabled: form.super_chat_enabled ?? false, record: form.record ?? true });
    return liveStreamDto(view);
  }

  /** One stream, in any state. */
  @Get(':id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveStreamDto })
  @ApiResponse(BAD_TOKEN)
  @ApiResponse(NOT_FOUND)
  async getLiveStream(@Req() req: Req, @Param('id') id: string): Promise<LiveStreamDto> {
    return liveStreamDto(await this.queries.get(req.user?.userId ?? null, id));
  }

  /** Ends your stream (the streamer only); its open pages are told at once. */
  @Post(':id/end')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveStreamDto })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse(NOT_OWNER)
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "Ended already: 'This live stream has ended' (LIVE.ENDED)" })
  async endLiveStream(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<LiveStreamDto> {
    return liveStreamDto(await this.end.execute(p.userId, id));
  }

  /**
   * Opens a stream: it, with the viewers now, and the newest 50 chat messages (newest first). Being counted as a
   * viewer, and hearing the chat, is following its `room` over /api/realtime.
   */
  @Post(':id/join')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveJoinDto })
  @ApiResponse(BAD_TOKEN)
  @ApiResponse(NOT_FOUND)
  async joinLiveStream(@Req() req: Req, @Param('id') id: string): Promise<LiveJoinDto> {
    const joined = await this.queries.join(req.user?.userId ?? null, id);
    return { stream: liveStreamDto(joined.stream), messages: joined.messages.map(liveCommentDto) };
  }

  /** The newest 50 chat messages, newest first (deleted ones left out). */
  @Get(':id/comments')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveCommentsDto })
  @ApiResponse(BAD_TOKEN)
  @ApiResponse(NOT_FOUND)
  async listLiveComments(@Param('id') id: string): Promise<LiveCommentsDto> {
    return { messages: (await this.queries.recentMessages(id)).map(liveCommentDto) };
  }

  /** The stream's Super Chats (the newest 100, newest first) and its Super Chat revenue. Pages hear new ones as `super_chat` events of its room. */
  @Get(':id/super-chat')
  @RequiresFeature('super_chat')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveSuperChatsDto })
  @ApiResponse(BAD_TOKEN)
  @ApiResponse(NOT_FOUND)
  async listLiveSuperChats(@Param('id') id: string): Promise<LiveSuperChatsDto> {
    const r = await this.superChats.execute(id);
    return { super_chats: r.superChats.map(superChatDto), super_chat_revenue: r.revenueCents / 100 };
  }

  /**
   * Sends a chat message (non-blank, at most 500 characters) to a stream that has not ended; every open page gets it.
   * At most 3 messages per 2 seconds per user; slow mode holds everyone but the streamer; a timed-out user is refused.
   */
  @Post(':id/comment')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes(...FORMS)
  @ApiBody({ type: SendLiveCommentRequestDto })
  @ApiResponse({ status: 201, type: LiveCommentDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please enter a message' or 'Message must be at most 500 characters'" })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "Timed out: 'You are timed out of this chat for … more' (LIVE.TIMED_OUT)" })
  @ApiResponse(NOT_FOUND)
  @ApiResponse(ENDED)
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 3 messages in 2 seconds (LIVE.TOO_MANY_MESSAGES), or slow mode (LIVE.SLOW_MODE); Retry-After says when' })
  async sendLiveComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request): Promise<LiveCommentDto> {
    const form = await formDto(req, SendLiveCommentRequestDto);
    return liveCommentDto(await this.send.execute(p.userId, id, form.message));
  }

  /** The streamer deletes a chat message; every open page drops it. */
  @Delete(':id/comments/:commentId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveCommentDeletedDto })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse(NOT_OWNER)
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Live stream not found' or 'Message not found'" })
  async deleteLiveComment(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Param('commentId') commentId: string): Promise<LiveCommentDeletedDto> {
    return { id: await this.remove.execute(p.userId, id, commentId), deleted: true };
  }

  /** The streamer sets slow mode: seconds between one viewer's messages (0 turns it off). */
  @Put(':id/slow-mode')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveStreamDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse(NOT_OWNER)
  @ApiResponse(NOT_FOUND)
  @ApiResponse(ENDED)
  async setLiveSlowMode(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: SetSlowModeRequestDto): Promise<LiveStreamDto> {
    return liveStreamDto(await this.slowMode.execute(p.userId, id, body.seconds));
  }

  /** The streamer times a user out of the chat for 10 seconds to 24 hours (a new timeout replaces one in force). */
  @Post(':id/timeouts')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveTimeoutDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "A duration out of range, or 'You cannot time yourself out'" })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse(NOT_OWNER)
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Live stream not found' or 'User not found'" })
  @ApiResponse(ENDED)
  async timeOutLiveChatter(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: TimeOutChatterRequestDto): Promise<LiveTimeoutDto> {
    const t = await this.timeOut.execute(p.userId, id, body.user_id, body.seconds);
    return { user_id: t.userId, until: t.until.toISOString() };
  }

  /** Likes the stream, or takes the like back (one per user). */
  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveLikeDto })
  @ApiResponse(UNAUTHENTICATED)
  @ApiResponse(NOT_FOUND)
  @ApiResponse(ENDED)
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE like toggles a minute (RATE_LIMITED); Retry-After says when' })
  async toggleLiveLike(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<LiveLikeDto> {
    this.likes.hit(p.userId);
    return this.like.execute(p.userId, id);
  }
}
