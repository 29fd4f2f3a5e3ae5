import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { Upload } from '../../../common/http/long-running.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { pageSize } from '../../../common/keyset.js';
import { AUDIO_ONLY_LABEL, VIDEO_CONTENT_TYPES, type VideoContainer } from '../../../common/storage/sniff.js';
import { trackKindsOf } from '../../../common/storage/track-kinds.js';
import { MediaService } from '../application/media.service.js';
import { MusicPlaylists, MusicTracks } from '../application/music.use-cases.js';
import { MUSIC_MESSAGES, NoMusicFile, NotAudio, validateTrackMeta, type Playlist } from '../domain/music.js';
import { EngagementLimits } from './engagement-limits.js';
import { MediaUploads } from './media-form.js';
import { MusicPresenter } from './music-presenter.js';
import {
  MusicLikeDto,
  MusicPlayDto,
  MusicPlayRequestDto,
  MusicTrackDetailDto,
  MusicTrackListDto,
  MusicTracksQueryDto,
  MusicUploadFormDto,
  PlaylistAddTrackDto,
  PlaylistCreateDto,
  PlaylistDetailDto,
  PlaylistDto,
  PlaylistListDto,
  PlaylistReorderDto,
  PlaylistUpdateDto,
} from './music.dto.js';

type Req = Request & { user?: Principal | null };

const isVideoContainer = (label: string) => label in VIDEO_CONTENT_TYPES;

/** The music library (seed 002 §7 Music): tracks, likes, plays, streaming, and the users' playlists. */
@ApiTags('music')
@Controller('api/music')
@RequiresFeature('music')
export class MusicController {
  constructor(
    private readonly tracks: MusicTracks,
    private readonly playlists: MusicPlaylists,
    private readonly uploads: MediaUploads,
    private readonly presenter: MusicPresenter,
    private readonly service: MediaService,
    private readonly limits: EngagementLimits,
  ) {}

  /** Ready tracks of public accounts, and the signed-in caller's own in every state; newest first or `sort=popular`; `content_type` audio or video, `genre` one of the eight. */
  @Get('tracks')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listTracks(@Req() req: Req, @Query() q: MusicTracksQueryDto): Promise<MusicTrackListDto> {
    const viewer = MediaService.signedInViewer(req);
    const page = await this.tracks.list(viewer, { contentType: q.content_type ?? null, genre: q.genre ?? null }, q.sort ?? 'newest', pageSize(q.limit), q.cursor);
    return { tracks: await this.presenter.tracks(page.items, viewer), next_cursor: page.nextCursor };
  }

  /** One track, with its waveform peaks. */
  @Get('tracks/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getTrack(@Param('id') id: string, @Req() req: Req): Promise<MusicTrackDetailDto> {
    const viewer = MediaService.signedInViewer(req);
    return this.presenter.track(await this.tracks.get(id, viewer), viewer);
  }

  /**
   * Uploads a track as the active account: title and artist required, genre of the eight, content_type audio
   * (MP3, AAC/M4A, FLAC, Ogg, WAV by their bytes) or video (a music video). Processed in the background.
   */
  @Post('upload')
  @Upload()
  @RequiresFeature('uploads')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MusicUploadFormDto })
  @ApiResponse({ status: 201, type: MusicTrackDetailDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'monetization_enabled without the creator program' })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  async uploadTrack(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<MusicTrackDetailDto> {
    const m = await this.uploads.receive(req, p.userId, 'track', MusicUploadFormDto, validateTrackMeta, NoMusicFile, async (meta, file) => {
      // The label is the container its first bytes declared. A video container holding sound only is audio (an
      // MP4 or MOV is an M4A, a WebM or MKV a WebM or Matroska audio file).
      let label = file.label;
      const asAudio = AUDIO_ONLY_LABEL[label as VideoContainer];
      if (asAudio && meta.contentType === 'audio') {
        const kinds = await trackKindsOf(file.path, file.size, label);
        if (kinds && kinds.audio && !kinds.video) label = asAudio;
      }
      if (meta.contentType === 'audio' && isVideoContainer(label)) return { refuse: NotAudio(MUSIC_MESSAGES.videoAsAudio) };
      if (meta.contentType === 'video' && !isVideoContainer(label)) return { refuse: NotAudio(MUSIC_MESSAGES.audioAsVideo) };
      return { label };
    });
    return this.presenter.track(await this.tracks.get(m.id, p.userId), p.userId);
  }

  /** Likes or unlikes; returns the new state and count. */
  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async likeTrack(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<MusicLikeDto> {
    this.limits.likes.hit(p.userId);
    return this.tracks.like(id, p.userId);
  }

  /** The track's audio (the web rendition of a lossless source, else the original) with HTTP ranges and HEAD. */
  @MediaRateLimit()
  @Get('tracks/:id/stream')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The whole file' })
  @ApiResponse({ status: 206, description: 'A range of it' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async streamTrack(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.stream('track', id, req, reply, (m) => this.tracks.rendition(m));
  }

  /** A music video's HLS master playlist. */
  @MediaRateLimit()
  @Get('tracks/:id/hls/master.m3u8')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getTrackHlsMaster(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('track', id, null, 'master.m3u8', req, reply);
  }

  /** A rendition playlist or segment of a music video. */
  @MediaRateLimit()
  @Get('tracks/:id/hls/:rendition/:file')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getTrackHlsFile(@Param('id') id: string, @Param('rendition') rendition: string, @Param('file') file: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('track', id, rendition, file, req, reply);
  }

  /** Reports listening (see MusicPlayRequestDto for the counting rule); signed in or not. */
  @Post('tracks/:id/play')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE reports a minute from one listener' })
  async playTrack(@Param('id') id: string, @Req() req: Req, @Body() body: MusicPlayRequestDto): Promise<MusicPlayDto> {
    this.limits.plays.hit(MediaService.signedInViewer(req) ?? `address:${clientAddress(req)}`);
    return this.tracks.play(id, req, body?.seconds_listened);
  }

  /** The caller's playlists, newest first. */
  @Get('playlists')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listPlaylists(@CurrentPrincipal() p: Principal): Promise<PlaylistListDto> {
    return { playlists: (await this.playlists.mine(p.userId)).map((x) => this.presenter.playlist(x)) };
  }

  /** Creates a playlist (name 1-100 characters; private unless is_public); at most 200 per user. */
  @Post('playlists')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: PlaylistDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already 200 playlists' })
  async createPlaylist(@CurrentPrincipal() p: Principal, @Body() body: PlaylistCreateDto): Promise<PlaylistDto> {
    return this.presenter.playlist(await this.playlists.create(p.userId, body?.name, body?.is_public));
  }

  /** The owner's playlist, or anyone's public one, with the tracks the caller may see. */
  @Get('playlists/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getPlaylist(@Param('id') id: string, @Req() req: Req): Promise<PlaylistDetailDto> {
    const viewer = MediaService.signedInViewer(req);
    return this.detail(await this.playlists.get(id, viewer), viewer);
  }

  @Patch('playlists/:id')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async updatePlaylist(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PlaylistUpdateDto): Promise<PlaylistDto> {
    return this.presenter.playlist(await this.playlists.update(id, p.userId, { name: body?.name, isPublic: body?.is_public }));
  }

  @Delete('playlists/:id')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deletePlaylist(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    await this.playlists.remove(id, p.userId);
  }

  /** Appends a track (at most 1000 per playlist). */
  @Post('playlists/:id/tracks')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PlaylistDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already in it, or the playlist is full' })
  async addPlaylistTrack(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PlaylistAddTrackDto): Promise<PlaylistDto> {
    return this.presenter.playlist(await this.playlists.add(id, p.userId, body.track_id));
  }

  @Delete('playlists/:id/tracks/:trackId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PlaylistDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async removePlaylistTrack(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Param('trackId') trackId: string): Promise<PlaylistDto> {
    return this.presenter.playlist(await this.playlists.removeTrack(id, p.userId, trackId));
  }

  /** Reorders: track_ids must be exactly the playlist's tracks, each once. */
  @Put('playlists/:id/tracks')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PlaylistDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async reorderPlaylist(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PlaylistReorderDto): Promise<PlaylistDto> {
    return this.presenter.playlist(await this.playlists.reorder(id, p.userId, body.track_ids));
  }

  /** Others see only the tracks they may reach (no ids of private ones); the owner sees every id. */
  private async detail(p: Playlist, viewer: string | null): Promise<PlaylistDetailDto> {
    const visible = await this.tracks.visible(p.trackIds, viewer);
    const ids = p.userId === viewer ? p.trackIds : visible.map((t) => t.media.id);
    return { ...this.presenter.playlist(p, ids), tracks: await this.presenter.tracks(visible, viewer) };
  }
}
