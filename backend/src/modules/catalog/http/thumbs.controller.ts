import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serveStored } from '../../../common/http/serve-file.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';

const THUMB_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** Thumbnails and posters: a new unguessable name per processing run, so cached for a year. */
@ApiTags('videos')
@Controller('api/media')
export class ThumbsController {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  @Get('thumbs/:file')
  @ApiProduces('image/jpeg')
  @ApiResponse({ status: 404, description: 'Not found' })
  async getThumbnail(@Param('file') file: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!THUMB_RE.test(file)) throw new NotFoundException();
    await serveStored(req, reply, this.storage, `thumbs/${file}`, { contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
  }
}
