import { Body, Controller, Get, HttpCode, Inject, Injectable, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { serveStored } from '../../../common/http/serve-file.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { EditorUseCases, FILMSTRIP, type DraftView, type TempFile } from '../application/editor.use-cases.js';
import { editedDuration, type EditDocument, type EditExport } from '../domain/edit.js';
import {
  EditBodyDto,
  EditDto,
  EditExportDto,
  EditExportListDto,
  EditorSessionDto,
  FrameQueryDto,
  PreviewRequestDto,
  SaveDraftDto,
  StartExportDto,
} from './editor.dto.js';
import { MediaPresenter } from './media-presenter.js';

/** At most `max` renders of one user at once: each holds an ffmpeg process (on all cores) until it ends. */
export class RunningLimiter {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly message: string,
  ) {}

  /** Takes one of the user's slots (429 RATE_LIMITED when all are taken); the function returned gives it back. */
  take(key: string): () => void {
    const n = this.running.get(key) ?? 0;
    if (n >= this.max) throw new DomainError('rate_limited', 'RATE_LIMITED', this.message, undefined, 5);
    this.running.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }
}

/** A user's previews rendering at once. */
export const PREVIEWS_AT_ONCE = 2;

/** Per-user limits on the editor's renders, on top of the per-address limit (ENGAGEMENT_LIMIT_PER_MINUTE each). */
@Injectable()
export class EditorLimits {
  /** Previews: each is an ffmpeg render of up to 30 s. */
  readonly previews: ActionLimiter;
  /** Previews rendering at once (a rate alone would let a minute's worth run side by side). */
  readonly previewsRunning = new RunningLimiter(PREVIEWS_AT_ONCE, `You have ${PREVIEWS_AT_ONCE} previews rendering: wait for one to finish.`);
  /** Frames for the filter tiles: nine at a time (None and the eight filters at the playhead). */
  readonly frames: ActionLimiter;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const n = config.rateLimit.engagementsPerMinute;
    this.previews = new ActionLimiter(n, 60_000, 'You are asking for previews too fast. Please wait a minute.');
    this.frames = new ActionLimiter(n * 8, 60_000, 'You are asking for frames too fast. Please wait a minute.');
  }
}

const toDocument = (b: EditBodyDto): EditDocument => ({
  clips: (b.clips ?? []).map((c) => ({ start: c.start, end: c.end })),
  filter: b.filter,
  transition: b.transition,
  texts: (b.texts ?? []).map((t) => ({ kind: t.kind, text: t.text, start: t.start, end: t.end, position: t.position })),
  volume: b.volume,
  speed: b.speed,
  music: b.music ? { trackId: b.music.track_id, volume: b.music.volume } : null,
});

export function editDto(d: DraftView): EditDto {
  const e = d.edit;
  return {
    clips: e.clips.map((c) => ({ start: c.start, end: c.end })),
    filter: e.filter,
    transition: e.transition,
    texts: e.texts.map((t) => ({ kind: t.kind, text: t.text, start: t.start, end: t.end, position: t.position })),
    volume: e.volume,
    speed: e.speed,
    music: e.music ? { track_id: e.music.trackId, volume: e.music.volume } : null,
    version: d.version,
    updated_at: d.updatedAt ? d.updatedAt.toISOString() : null,
    duration_seconds: editedDuration(e),
  };
}

export function exportDto(e: EditExport): EditExportDto {
  return {
    id: e.id,
    video_id: e.mediaId,
    resolution: e.resolution,
    height: e.height,
    status: e.status,
    progress: e.progress,
    result_video_id: e.resultMediaId,
    error: e.error,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/**
 * The editor studio (seed 002 §2.14, issue 19): only the signed-in owner of a ready video edits it (anyone else, admins
 * included, gets 404 EDITOR.NOT_EDITABLE; a video still processing 409 EDITOR.NOT_READY). Drafts are saved on the
 * server with a version; previews and frames are rendered on demand; exports are durable jobs that publish a new video.
 */
@ApiTags('editor')
@Controller('api/editor')
@RequiresFeature('editor')
@UseGuards(UserAuthGuard)
@ApiBearerAuth()
export class EditorController {
  constructor(
    private readonly editor: EditorUseCases,
    private readonly presenter: MediaPresenter,
    private readonly limits: EditorLimits,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /** A video's editing session: its facts, the saved draft (or the whole video, version 0), the tiles it allows, its filmstrip and waveform. */
  @Get('videos/:id')
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'Not the caller\'s own ready video (EDITOR.NOT_EDITABLE)' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Still processing (EDITOR.NOT_READY)' })
  async getEditorSession(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<EditorSessionDto> {
    const s = await this.editor.session(id, p.userId);
    return {
      video: {
        id: s.media.id,
        title: s.media.title,
        duration_seconds: s.facts.durationSeconds,
        width: s.facts.width,
        height: s.facts.height,
        has_audio: s.facts.hasAudio,
        thumbnail_url: this.presenter.thumbnailUrl(s.media, p.userId),
      },
      draft: editDto(s.draft),
      allowed_resolutions: s.allowedResolutions,
      filmstrip: { url: `/api/editor/videos/${s.media.id}/filmstrip`, frames: FILMSTRIP.frames, frame_width: FILMSTRIP.frameWidth },
      peaks: s.peaks,
    };
  }

  /** Saves the draft from the version it was read at (0 when none is saved); the answer carries the new version. */
  @Put('videos/:id/draft')
  @ApiResponse({ status: 200, type: EditDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A wrong shape (VALIDATION_FAILED) or wrong operations (EDITOR.INVALID_EDIT), every field named' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'The draft was saved elsewhere since (EDITOR.VERSION_CONFLICT), or the video is processing' })
  async saveEditorDraft(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: SaveDraftDto): Promise<EditDto> {
    return editDto(await this.editor.saveDraft(id, p.userId, body.version, toDocument(body.edit)));
  }

  /** The filmstrip: 10 frames of 160 px side by side in one JPEG, made on first use and kept. */
  @MediaRateLimit()
  @Get('videos/:id/filmstrip')
  @ApiProduces('image/jpeg')
  @ApiResponse({ status: 200, description: 'A JPEG' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async getEditorFilmstrip(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request, @Res() reply: Response): Promise<void> {
    const key = await this.editor.filmstrip(id, p.userId);
    await serveStored(req, reply, this.storage, key, { contentType: 'image/jpeg', cacheControl: 'private, max-age=3600' });
  }

  /** One frame, 320 px wide, at `at` seconds with a filter (or none): the filter tiles' previews. */
  @MediaRateLimit()
  @Get('videos/:id/frame')
  @ApiProduces('image/jpeg')
  @ApiResponse({ status: 200, description: 'A JPEG' })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async getEditorFrame(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Query() q: FrameQueryDto, @Res() reply: Response): Promise<void> {
    this.limits.frames.hit(p.userId);
    const file = await this.editor.frame(id, p.userId, q.at, q.filter ?? null);
    await this.send(reply, file, 'image/jpeg');
  }

  /**
   * A 360p MP4 of the edited range [from, to) of an edit (saved or not; 0.5 to 30 s within the edited video), checked
   * as a save is. Stopped when the client goes away.
   */
  @MediaRateLimit()
  @Post('videos/:id/preview')
  @HttpCode(200)
  @ApiBody({ type: PreviewRequestDto })
  @ApiProduces('video/mp4')
  @ApiResponse({ status: 200, description: 'An MP4 (H.264/AAC)' })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async previewEdit(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PreviewRequestDto, @Res() reply: Response): Promise<void> {
    this.limits.previews.hit(p.userId);
    const release = this.limits.previewsRunning.take(p.userId);
    const abort = new AbortController();
    const gone = () => {
      if (!reply.writableFinished) abort.abort();
    };
    reply.once('close', gone);
    try {
      const file = await this.editor.preview(id, p.userId, toDocument(body.edit), body.from, body.to, abort.signal);
      await this.send(reply, file, 'video/mp4');
    } finally {
      reply.off('close', gone);
      release();
    }
  }

  /** Exports the saved draft of `version` at a tile (never above the video's height): a job that publishes a new video. */
  @Post('videos/:id/exports')
  @HttpCode(202)
  @ApiResponse({ status: 202, type: EditExportDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A tile above the video\'s height (EDITOR.UPSCALE), or the draft no longer valid' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Not the stored version (EDITOR.VERSION_CONFLICT), or the video is processing' })
  async startEditorExport(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: StartExportDto): Promise<EditExportDto> {
    return exportDto(await this.editor.startExport(id, p.userId, body.resolution, body.version));
  }

  /** The video's exports by the caller, newest first (at most 20). */
  @Get('videos/:id/exports')
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async listEditorExports(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<EditExportListDto> {
    return { exports: (await this.editor.exportsOf(id, p.userId)).map(exportDto) };
  }

  /** One export of the caller's (its progress, its new video). */
  @Get('exports/:id')
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'Not the caller\'s (EDITOR.EXPORT_NOT_FOUND)' })
  async getEditorExport(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<EditExportDto> {
    return exportDto(await this.editor.getExport(id, p.userId));
  }

  /** Cancels an export still queued or rendering: it ends 'cancelled' and publishes nothing. */
  @Post('exports/:id/cancel')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: EditExportDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already done, failed or cancelled (EDITOR.EXPORT_FINISHED)' })
  async cancelEditorExport(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<EditExportDto> {
    return exportDto(await this.editor.cancelExport(id, p.userId));
  }

  /** Sends a file made for this response, then removes it (also when the client went away). */
  private async send(reply: Response, file: TempFile, contentType: string): Promise<void> {
    try {
      const { size } = await stat(file.path);
      reply.status(200);
      reply.setHeader('Content-Type', contentType);
      reply.setHeader('Content-Length', String(size));
      reply.setHeader('Cache-Control', 'private, no-store');
      await pipeline(createReadStream(file.path), reply).catch(() => undefined);
    } finally {
      await file.done();
    }
  }
}
