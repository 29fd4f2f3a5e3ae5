import { EngagementLimits } from './http/engagement-limits.js';
import { PgCreatorStats } from './infrastructure/pg-creator-stats.js';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { CatalogEvents } from './application/catalog-events.js';
import { CommentAudience } from './application/comment-audience.js';
import { MediaAccess } from './application/media-access.js';
import { MediaService } from './application/media.service.js';
import { ProcessMediaJob } from './application/process-media.job.js';
import { PublishMediaUseCase } from './application/publish-media.use-case.js';
import { ReelCommentsUseCases } from './application/reel-comments.use-cases.js';
import { CATALOG_UNIT_OF_WORK } from './application/tokens.js';
import { MEDIA_VIEWS } from './application/media-views.port.js';
import { CatalogFacade } from './catalog.facade.js';
import { CREATOR_STATS } from './domain/creator-stats.port.js';
import { ENGAGEMENT, MEDIA_PROCESSOR, MEDIA_REPOSITORY, VIEWER_ENTITLEMENTS } from './domain/ports.js';
import { IdentityEntitlements } from './infrastructure/identity-entitlements.js';
import { MediaPresenter } from './http/media-presenter.js';
import { MediaUploads } from './http/media-form.js';
import { MoviesController } from './http/movies.controller.js';
import { ReelsController } from './http/reels.controller.js';
import { ThumbsController } from './http/thumbs.controller.js';
import { VideosController } from './http/videos.controller.js';
import { CatalogUnitOfWork } from './infrastructure/catalog-unit-of-work.js';
import { FfmpegProcessor } from './infrastructure/ffmpeg-processor.js';
import { MikroMediaRepository } from './infrastructure/mikro-media.repository.js';
import { PgEngagement } from './infrastructure/pg-engagement.js';

/** The video response's OpenAPI class, for contexts that answer with a catalog video (the chunked upload's completion). */
export { VideoResponseDto } from './http/catalog.dto.js';

@Module({
  imports: [AccountsModule, IdentityModule],
  controllers: [VideosController, ReelsController, MoviesController, ThumbsController],
  providers: [
    { provide: MEDIA_REPOSITORY, useClass: MikroMediaRepository },
    { provide: MEDIA_PROCESSOR, useClass: FfmpegProcessor },
    { provide: ENGAGEMENT, useClass: PgEngagement },
    { provide: VIEWER_ENTITLEMENTS, useClass: IdentityEntitlements },
    { provide: CATALOG_UNIT_OF_WORK, useClass: CatalogUnitOfWork },
    MediaAccess,
    CommentAudience,
    PgCreatorStats,
    { provide: CREATOR_STATS, useExisting: PgCreatorStats },
    MediaService,
    MediaPresenter,
    { provide: MEDIA_VIEWS, useExisting: MediaPresenter },
    MediaUploads,
    PublishMediaUseCase,
    ProcessMediaJob,
    ReelCommentsUseCases,
    EngagementLimits,
    CatalogEvents,
    CatalogFacade,
  ],
  exports: [CatalogFacade],
})
export class CatalogModule {}
