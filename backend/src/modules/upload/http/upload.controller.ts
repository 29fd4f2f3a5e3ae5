import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { formFields } from '../../../common/http/form-fields.js';
import { VideoResponseDto } from '../../catalog/catalog.facade.js';
import {
  CancelUploadUseCase,
  CompleteUploadUseCase,
  InitUploadUseCase,
  ReceiveChunkUseCase,
  UploadSessions,
} from '../application/chunked-upload.use-cases.js';
import { UploadErrors, type UploadSession } from '../domain/upload-session.js';
import { ChunkReceivedDto, InitUploadRequestDto, UploadSessionDto } from './upload.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';

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

  /** Opens a session (JSON or form): filename, total_size, title, description, is_vertical, monetization_enabled. */
  @Post('init')
  @ApiResponse({ status: 201, type: UploadSessionDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'Too many uploads in progress' })
  @ApiResponse({ status: 507, type: ErrorResponseDto, description: 'Not enough disk space' })
  async initUpload(@CurrentPrincipal() p: Principal, @Body() body: InitUploadRequestDto, @Req() req: FastifyRequest): Promise<UploadSessionDto> {
    return toDto(await this.init.execute(p.userId, await formFields(req, body)));
  }

  /**
   * One chunk: multipart (chunk_index, then file) as the seed's client sends it, or the raw bytes as
   * application/octet-stream with chunk_index in the query (no form parsing: the fast path).
   */
  @MediaRateLimit()
  @Post('chunk/:sessionId')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/octet-stream')
  @ApiQuery({ name: 'chunk_index', required: false, description: 'Required with application/octet-stream' })
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { chunk_index: { type: 'integer' }, file: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 200, type: ChunkReceivedDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Wrong size, index out of range, or not a video' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'The upload is already complete, or being completed' })
  @ApiResponse({ status: 410, type: ErrorResponseDto, description: 'Expired or cancelled' })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'Too many chunks of this upload at once' })
  @ApiResponse({ status: 507, type: ErrorResponseDto, description: 'Not enough disk space' })
  async uploadChunk(@CurrentPrincipal() p: Principal, @Param('sessionId') sessionId: string, @Req() req: FastifyRequest, @Query('chunk_index') queryIndex?: string): Promise<ChunkReceivedDto> {
    if (req.headers['content-type']?.startsWith('application/octet-stream')) {
      if (queryIndex === undefined) throw UploadErrors.noChunk();
      return received(await this.receive.execute(p.userId, sessionId, queryIndex, req.body as Readable));
    }
    if (!req.isMultipart()) throw UploadErrors.noChunk();
    let index: unknown = queryIndex;
    let result: Awaited<ReturnType<ReceiveChunkUseCase['execute']>> | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: 64 * 1024 * 1024 + 1, files: 1, fields: 5, fieldSize: 100, parts: 6 } })) {
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
        result = await this.receive.execute(p.userId, sessionId, index, part.file as Readable);
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw UploadErrors.noChunk();
      throw e;
    }
    if (!result) throw UploadErrors.noChunk();
    return received(result);
  }

  /** Finishes: every chunk must be there; the file becomes a video being processed. Repeating it returns the same video. */
  @Post('complete/:uploadId')
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
