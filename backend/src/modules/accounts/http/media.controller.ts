import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';

const PHOTO_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Profile photos. Each upload gets a new unguessable key, so a URL's content never changes: cached for a year. */
@ApiTags('accounts')
@Controller('api/media')
export class MediaController {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  @MediaRateLimit()
  @Get('photos/:file')
  @ApiProduces('image/webp')
  @ApiResponse({ status: 200, description: 'The photo (image/webp)' })
  @ApiResponse({ status: 304, description: 'Not modified' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getProfilePhoto(@Param('file') file: string, @Req() req: Request, @Res() reply: Response): Promise<void> {
    if (!PHOTO_RE.test(file)) throw new NotFoundException();
    const key = `photos/${file}`;
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException();
    const etag = `"${file.slice(0, 36)}"`;
    reply.setHeader('ETag', etag);
    reply.setHeader('Last-Modified', stat.modified.toUTCString());
    reply.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    reply.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    if (req.headers['if-none-match'] === etag) {
      reply.status(304).end();
      return;
    }
    reply.setHeader('Content-Type', 'image/webp');
    reply.setHeader('Content-Length', String(stat.size));
    await pipeline(this.storage.read(key) as NodeJS.ReadableStream, reply).catch(() => reply.destroy());
  }
}
