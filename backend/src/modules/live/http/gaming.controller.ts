import { Controller, Get, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { GamingLeaderboardsQuery } from '../application/gaming-leaderboards.query.js';
import { LiveStreamQueries } from '../application/live-stream.queries.js';
import { StartLiveStreamUseCase } from '../application/start-live-stream.use-case.js';
import type { LiveStreamView } from '../application/live-views.js';
import { GamingLeaderboardsDto, GamingStreamDto } from './gaming.dto.js';
import { ListLiveStreamsQueryDto, StartGamingStreamRequestDto } from './live.dto.js';
import { liveStreamDto } from './live.mappers.js';

type Req = Request & { user?: Principal | null };

/** A live stream with seed 002 §3's Gaming stream names of its streamer and viewers. */
function gamingStreamDto(v: LiveStreamView): GamingStreamDto {
  const dto = liveStreamDto(v);
  return { ...dto, streamer_name: dto.username, viewers: dto.viewer_count };
}

/** Cents as dollars with 2 decimals ("24.99"). */
function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Gaming streams (seed 002 §2.7 Gaming, Streams tab): live streams with a game. They share everything with other live
 * streams (ingest, player, chat, Super Chat, /api/live/{id}/...); only starting one (the game is required) and the list
 * (open streams that have a game) are their own; they need both the `live` and `gaming` features. The leaderboards
 * (gaming only) are here too: Top Streamers is live's data, Tournament Champions the catalog's (through its facade).
 */
@ApiTags('gaming')
@RequiresFeature('gaming')
@Controller('api/gaming')
export class GamingController {
  constructor(
    private readonly queries: LiveStreamQueries,
    private readonly start: StartLiveStreamUseCase,
    private readonly leaderboards: GamingLeaderboardsQuery,
    private readonly flags: FeatureFlags,
  ) {}

  /** Gaming streams on now (started and not ended, with a game), the most watched first. */
  @Get('streams')
  @RequiresFeature('live')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [GamingStreamDto] })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async listGamingStreams(@Req() req: Req, @Query() q: ListLiveStreamsQueryDto): Promise<GamingStreamDto[]> {
    return (await this.queries.list(req.user?.userId ?? null, q.limit ?? 50, { gaming: true })).map(gamingStreamDto);
  }

  /**
   * The gaming hub's leaderboards, 10 of each: Top Streamers (their gaming streams' total viewers, count and the Super
   * Chats they received) and Tournament Champions (completed tournaments won, and their declared prize pools). While
   * the `live` feature is off, nobody sees streams, so Top Streamers is empty.
   */
  @Get('leaderboards')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: GamingLeaderboardsDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async getGamingLeaderboards(): Promise<GamingLeaderboardsDto> {
    const r = await this.leaderboards.execute({ streamers: this.flags.isEnabled('live') });
    return {
      top_streamers: r.topStreamers.map((s) => ({ _id: s.userId, username: s.username, total_viewers: s.totalViewers, stream_count: s.streamCount, total_donations: centsText(s.donationsCents) })),
      top_tournament_winners: r.tournamentWinners.map((c) => ({ user_id: c.userId, username: c.username, tournaments_won: c.tournamentsWon, total_winnings: c.totalWinnings })),
    };
  }

  /** Go Live with a game: starts your stream (one live stream at a time, gaming or not). Then stream to it as to any live stream. */
  @Post('start-stream')
  @RequiresFeature('live')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: StartGamingStreamRequestDto })
  @ApiResponse({ status: 201, type: GamingStreamDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please enter a title', 'Please enter a game'; a field too long" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'You already have a live stream: end it before starting another' (LIVE.ALREADY_LIVE)" })
  async startGamingStream(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<GamingStreamDto> {
    const form = await formDto(req, StartGamingStreamRequestDto);
    const view = await this.start.execute(p.userId, {
      title: form.title,
      game: form.game,
      description: form.description ?? '',
      isVertical: form.is_vertical ?? false,
      superChatEnabled: form.super_chat_enabled ?? false,
      record: form.record ?? true,
    });
    return gamingStreamDto(view);
  }
}
