import { Injectable } from '@nestjs/common';
import { MediaService } from './application/media.service.js';
import { PublishMediaUseCase, type ReceivedMedia } from './application/publish-media.use-case.js';
import type { VideoMeta } from './domain/media-rules.js';
import { MediaPresenter } from './http/media-presenter.js';
import type { VideoResponseDto } from './http/catalog.dto.js';

/** The video shape other contexts answer with (the chunked upload's completion). */
export { VideoResponseDto } from './http/catalog.dto.js';

/** What other contexts may ask of the catalog (the chunked upload hands its assembled file over here). */
@Injectable()
export class CatalogFacade {
  constructor(
    private readonly publish: PublishMediaUseCase,
    private readonly presenter: MediaPresenter,
  ) {}

  async publishVideo(userId: string, meta: VideoMeta, file: { path: string; size: number; container: string }): Promise<{ id: string; response: VideoResponseDto }> {
    const received: ReceivedMedia = { ...file, contentType: MediaService.contentTypeOf(file.container) };
    const m = await this.publish.execute(userId, { kind: 'video', meta }, received, { keepFileOnError: true });
    return { id: m.id, response: (await this.presenter.videos([m], userId))[0] };
  }

  async video(userId: string, mediaId: string): Promise<VideoResponseDto | null> {
    return this.presenter.videoById(mediaId, userId);
  }
}
