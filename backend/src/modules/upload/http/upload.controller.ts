import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isMultipart, MultipartLimit, multipartParts } from '../../../common/http/multipart.js';
import type { Readable } from 'node:stream';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto, validateDto } from '../../../common/http/validate-dto.js';
import { VideoResponseDto } from '../../catalog/catalog.module.js';
import {
  CancelUploadUseCase,
  CompleteUploadUseCase,
  InitUploadUseCase,
  ReceiveChunkUseCase,
  UploadSessions,
} from '../application/chunked-upload.use-cases.js';
import { UploadErrors, type UploadSession } from '../domain/upload-session.js';
import { ChunkFormDto, ChunkReceivedDto, InitUploadRequestDto, UploadSessionDto } from './upload.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { Upload } from '../../../common/http/long-running.js';

function toDto(s: UploadSession): UploadSessionDto {
  return {
    session_id: s.id,
    upload_id: s.id,
    filename: s.filename,
    title: s.title,
    total_size: Number(s.totalSize),
    chunk_size: s.chunkSize,
    total_chunks: s.totalChunks,
    uploaded_chunks: s.receivedIndexes(),
    status: s.status === 'active' && new Date() > s.expiresAt ? 'expired' : s.status,
    video_id: s.videoId,
    expires_at: s.expiresAt.toISOString(),
  };
}

/**
 * A chunk_index as its DTO reads it (a whole number, as digits), from the query string or the form. Anything else is
 * left for the session to refuse: the valid range is the session's, and so is the message naming its last index.
 */
async function chunkIndex(raw: unknown): Promise<number> {
  try {
    return (await validateDto(ChunkFormDto, { chunk_index: raw })).chunk_index ?? Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function received(r: { session: UploadSession; index: number; count: number }): ChunkReceivedDto {
  return { session_id: r.session.id, chunk_index: r.index, uploaded_chunks: r.count, total_chunks: r.session.totalChunks };
}

/** Large videos in chunks: init, send chunks (any order, repeatable), complete; status to resume; cancel. */
@ApiTags('upload')
@ApiBearerAuth()
@UseGuards(UserAuthGuard)
@ApiResponse({ status: 401, type: ErrorResponseDto })
@Controller('api/videos/upload')
export class UploadController {
  constructor(
    private readonly init: InitUploadUseCase,
    private readonly receive: ReceiveChunkUseCase,
    private readonly complete: CompleteUploadUseCase,
    private readonly cancel: CancelUploadUseCase,
    private readonly sessions: UploadSessions,
  ) {}

  /** Opens a session (JSON, or a urlencoded or multipart form): filename, total_size, title, description, is_vertical, monetization_enabled. */
  @Post('init')
  @RequiresFeature('uploads')
  @ApiBody({ type: InitUploadRequestDto })
  @ApiResponse({ status: 201, type: UploadSessionDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'Too many uploads in progress' })
  @ApiResponse({ status: 507, type: ErrorResponseDto, description: 'Not enough disk space' })
  async initUpload(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<UploadSessionDto> {
    // Read here rather than by the global pipe, which never sees a multipart body: one validation for every encoding.
    const fields = await formDto(req, InitUploadRequestDto);
    return toDto(await this.init.execute(p.userId, { ...fields }));
  }

  /**
   * One chunk: multipart (chunk_index, then file) as the seed's client sends it, or the raw bytes as
   * application/octet-stream with chunk_index in the query (no form parsing: the fast path).
   */
  @MediaRateLimit()
  @Post('chunk/:sessionId')
  @Upload()
  @RequiresFeature('uploads')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/octet-stream')
  @ApiQuery({ name: 'chunk_index', required: false, schema: { type: 'string', pattern: '^\\d+$' }, description: "The chunk's index, as digits (required with application/octet-stream)" })
  @ApiBody({ type: ChunkFormDto })
  @ApiResponse({ status: 200, type: ChunkReceivedDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Wrong size, index out of range, or not a video' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'The upload is already complete, or being completed' })
  @ApiResponse({ status: 410, type: ErrorResponseDto, description: 'Expired or cancelled' })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'Too many chunks of this upload at once' })
  @ApiResponse({ status: 507, type: ErrorResponseDto, description: 'Not enough disk space' })
  async uploadChunk(@CurrentPrincipal() p: Principal, @Param('sessionId') sessionId: string, @Req() req: Request, @Query('chunk_index') queryIndex?: string): Promise<ChunkReceivedDto> {
    if (req.headers['content-type']?.startsWith('application/octet-stream')) {
      if (queryIndex === undefined) throw UploadErrors.noChunk();
      return received(await this.receive.execute(p.userId, sessionId, await chunkIndex(queryIndex), req));
    }
    if (!isMultipart(req)) throw UploadErrors.noChunk();
    let index: unknown = queryIndex;
    let result: Awaited<ReturnType<ReceiveChunkUseCase['execute']>> | undefined;
    try {
      for await (const part of multipartParts(req, { fileSize: 64 * 1024 * 1024 + 1, files: 1, fields: 5, fieldSize: 100, parts: 6 })) {
        if (part.type === 'field') {
          if (part.fieldname === 'chunk_index' && index === undefined) index = part.value;
          continue;
        }
        if (part.fieldname !== 'file' && part.fieldname !== 'chunk') {
          part.file.resume();
          continue;
        }
        if (index === undefined || result) {
          part.file.resume();
          throw UploadErrors.noChunk();
        }
        result = await this.receive.execute(p.userId, sessionId, await chunkIndex(index), part.file as Readable);
      }
    } catch (e) {
      if (e instanceof MultipartLimit) throw UploadErrors.noChunk();
      throw e;
    }
    if (!result) throw UploadErrors.noChunk();
    return received(result);
  }

  /** Finishes: every chunk must be there; the file becomes a video being processed. Repeating it returns the same video. */
  @Post('complete/:uploadId')
  @RequiresFeature('uploads')
  @ApiResponse({ status: 201, type: VideoResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Chunks missing' })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'Monetization without the creator program' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 410, type: ErrorResponseDto })
  async completeUpload(@CurrentPrincipal() p: Principal, @Param('uploadId') uploadId: string): Promise<VideoResponseDto> {
    return this.complete.execute(p.userId, uploadId);
  }

  /** Abandons the upload and deletes what arrived. */
  @Delete('cancel/:uploadId')
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async cancelUpload(@CurrentPrincipal() p: Principal, @Param('uploadId') uploadId: string): Promise<MessageResponseDto> {
    await this.cancel.execute(p.userId, uploadId);
    return { message: 'Upload cancelled' };
  }

  /** Which chunks arrived, to resume after a reload, a network cut or a server restart. */
  @Get('status/:id')
  @ApiResponse({ status: 200, type: UploadSessionDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getUploadStatus(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<UploadSessionDto> {
    return toDto(await this.sessions.owned(id, p.userId));
  }
}
