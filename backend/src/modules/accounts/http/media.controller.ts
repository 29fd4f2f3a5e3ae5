import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';

const PHOTO_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Profile photos and channel banners. Each upload gets a new unguessable key, so a URL's content never changes: cached for a year. */
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
    await this.serve(`photos/${file}`, file, req, reply);
  }

  /** A channel banner: size `wide` (2048×512) or `small` (1024×256, for phones). */
  @MediaRateLimit()
  @Get('banners/:size/:file')
  @ApiParam({ name: 'size', enum: ['wide', 'small'] })
  @ApiProduces('image/webp')
  @ApiResponse({ status: 200, description: 'The banner (image/webp)' })
  @ApiResponse({ status: 304, description: 'Not modified' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getBanner(@Param('size') size: string, @Param('file') file: string, @Req() req: Request, @Res() reply: Response): Promise<void> {
    if ((size !== 'wide' && size !== 'small') || !PHOTO_RE.test(file)) throw new NotFoundException();
    await this.serve(`banners/${size}/${file}`, `${size}-${file}`, req, reply);
  }

  private async serve(key: string, file: string, req: Request, reply: Response): Promise<void> {
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException();
    const etag = `"${file.replace(/\.webp$/, '')}"`;
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
