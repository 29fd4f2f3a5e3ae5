import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  async getProfilePhoto(@Param('file') file: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!PHOTO_RE.test(file)) throw new NotFoundException();
    const key = `photos/${file}`;
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException();
    const etag = `"${file.slice(0, 36)}"`;
    void reply
      .header('ETag', etag)
      .header('Last-Modified', stat.modified.toUTCString())
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Cross-Origin-Resource-Policy', 'same-site');
    if (req.headers['if-none-match'] === etag) {
      await reply.status(304).send();
      return;
    }
    await reply.type('image/webp').header('Content-Length', String(stat.size)).send(this.storage.read(key));
  }
}
