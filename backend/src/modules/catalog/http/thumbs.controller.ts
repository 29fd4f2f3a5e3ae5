import { Controller, Get, Inject, NotFoundException, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { serveStored } from '../../../common/http/serve-file.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { MediaService } from '../application/media.service.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';

const THUMB_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/**
 * Thumbnails and posters, under the same access rule as their item (a now-private item's thumbnail is gone for
 * others). A new name per processing run, so public ones are cached; others only privately.
 */
@ApiTags('videos')
@Controller('api/media')
export class ThumbsController {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    private readonly service: MediaService,
  ) {}

  @MediaRateLimit()
  @Get('thumbs/:file')
  @UseGuards(OptionalUserAuthGuard)
  @ApiProduces('image/jpeg')
  @ApiResponse({ status: 404, description: 'Not found' })
  async getThumbnail(@Param('file') file: string, @Req() req: Request & { user?: Principal | null }, @Res() reply: Response): Promise<void> {
    if (!THUMB_RE.test(file)) throw new NotFoundException();
    const key = `thumbs/${file}`;
    const m = await this.media.findByThumbnail(key);
    if (!m) throw new NotFoundException();
    const viewer = this.service.viewerOf(req, m.id);
    // Movie posters too: visitors browse the Cinema room (only a movie's stream needs a signed-in viewer).
    if (!m.isReachableBy(viewer)) throw new NotFoundException();
    const open = m.kind !== 'movie' && m.status === 'ready' && m.visibility === 'public';
    await serveStored(req, reply, this.storage, key, { contentType: 'image/jpeg', cacheControl: open ? 'public, max-age=86400' : 'private, max-age=3600' });
  }
}
