import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LiveModule } from '../live/live.module.js';
import { MonetizationModule } from '../monetization/monetization.module.js';
import { SocialModule } from '../social/social.module.js';
import { DemoLiveBroadcast } from './application/demo-live-broadcast.js';
import { DemoStarter } from './application/demo-starter.js';
import { RemoveDemoUseCase } from './application/remove-demo.use-case.js';
import { SeedDemoUseCase } from './application/seed-demo.use-case.js';
import { DemoFacade } from './demo.facade.js';
import { DEMO_LIVE_PUBLISHER, DEMO_MARKS, DEMO_MEDIA_MAKER } from './domain/ports.js';
import { FfmpegDemoMedia } from './infrastructure/ffmpeg-demo-media.js';
import { FfmpegLivePublisher } from './infrastructure/ffmpeg-live-publisher.js';
import { PgDemoMarks } from './infrastructure/pg-demo-marks.js';

/**
 * The demo platform (product.md §13, DEMO_DATA): seeded in the background on a new instance through the other
 * contexts' facades (their use cases), with one creator live (DemoLiveBroadcast, in the ingest's process), removable with `npm run cli -- demo:remove`. It has no routes.
 */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, SocialModule, MonetizationModule, LiveModule],
  providers: [
    { provide: DEMO_MARKS, useClass: PgDemoMarks },
    { provide: DEMO_MEDIA_MAKER, useClass: FfmpegDemoMedia },
    { provide: DEMO_LIVE_PUBLISHER, useClass: FfmpegLivePublisher },
    SeedDemoUseCase,
    RemoveDemoUseCase,
    DemoStarter,
    DemoLiveBroadcast,
    DemoFacade,
  ],
  exports: [DemoFacade],
})
export class DemoModule {}
