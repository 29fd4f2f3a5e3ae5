import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { LivePlaybackQuery } from '../application/live-playback.query.js';
import { StreamKeyUseCases } from '../application/stream-key.use-cases.js';
import { LivePlaylistQueryDto, LiveStreamKeyDto } from './live.dto.js';

const UNAUTHENTICATED = { status: 401, type: ErrorResponseDto } as const;
const PLAYBACK_ERRORS = [
  { status: 404, type: ErrorResponseDto, description: "'Live stream not found'; 'This live stream has not started yet' (LIVE.NOT_STARTED, no media yet)" },
  { status: 410, type: ErrorResponseDto, description: "'This live stream has ended' (LIVE.ENDED); its recording becomes a video of the streamer" },
] as const;

/**
 * Going live from OBS or ffmpeg (your RTMP stream key and the server to send to), and watching: a stream's
 * low-latency HLS (LL-HLS: ~200 ms parts, ~1 s segments, blocking playlist reloads), for anyone while it is live.
 * Registered before LiveController, so that `key` is not taken for a stream id.
 */
@ApiTags('live')
@RequiresFeature('live')
@Controller('api/live')
export class LiveIngestController {
  constructor(
    private readonly keys: StreamKeyUseCases,
    private readonly playback: LivePlaybackQuery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Your stream key (made the first time you ask) and OBS's server URL. Publishing with it feeds your open stream. */
  @Get('key')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveStreamKeyDto })
  @ApiResponse(UNAUTHENTICATED)
  @Header('Cache-Control', 'no-store')
  async getLiveStreamKey(@CurrentPrincipal() p: Principal): Promise<LiveStreamKeyDto> {
    return this.keyDto(await this.keys.keyOf(p.userId));
  }

  /** A new stream key: the old one is refused from now on (a publisher connected with it goes on until it stops). */
  @Post('key/regenerate')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: LiveStreamKeyDto })
  @ApiResponse(UNAUTHENTICATED)
  @Header('Cache-Control', 'no-store')
  async regenerateLiveStreamKey(@CurrentPrincipal() p: Principal): Promise<LiveStreamKeyDto> {
    return this.keyDto(await this.keys.regenerate(p.userId));
  }

  /**
   * The stream's LL-HLS playlist (hls.js with lowLatencyMode). With `_HLS_msn` (and `_HLS_part`) the answer waits,
   * a few seconds at most, until the playlist holds that segment (or part).
   */
  @MediaRateLimit()
  @Get(':id/hls/index.m3u8')
  @ApiProduces('application/vnd.apple.mpegurl')
  @ApiResponse({ status: 200, description: 'The playlist (application/vnd.apple.mpegurl)', content: { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse(PLAYBACK_ERRORS[0])
  @ApiResponse(PLAYBACK_ERRORS[1])
  async getLivePlaylist(@Param('id') id: string, @Query() q: LivePlaylistQueryDto, @Res() reply: Response): Promise<void> {
    const text = await this.playback.playlist(id, { msn: q._HLS_msn, part: q._HLS_part });
    reply.setHeader('Content-Type', 'application/vnd.apple.mpegurl');
    reply.setHeader('Cache-Control', 'no-cache');
    reply.status(200).end(text);
  }

  /** An init (`init-<n>.mp4`), part (`p<msn>.<i>.m4s`, waited for briefly when announced) or segment (`s<msn>.m4s`). */
  @MediaRateLimit()
  @Get(':id/hls/:file')
  @ApiProduces('video/mp4')
  @ApiResponse({ status: 200, description: 'fMP4 bytes (video/mp4)', content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Live stream not found', 'This live stream has not started yet', or no such file ('Not found')" })
  @ApiResponse(PLAYBACK_ERRORS[1])
  async getLiveHlsFile(@Param('id') id: string, @Param('file') file: string, @Res() reply: Response): Promise<void> {
    const body = await this.playback.file(id, file);
    reply.setHeader('Content-Type', 'video/mp4');
    // A file's name is never reused within a stream; a short life keeps caches from holding a stream's media long.
    reply.setHeader('Cache-Control', 'public, max-age=60');
    reply.status(200).end(body);
  }

  private keyDto(key: string): LiveStreamKeyDto {
    const port = this.config.live.rtmpPort;
    const host = new URL(this.config.publicUrl).hostname;
    return { stream_key: key, server_url: port > 0 ? `rtmp://${host}${port === 1935 ? '' : `:${port}`}/live` : null };
  }
}
