import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LiveIngestUseCases } from './application/live-ingest.use-cases.js';
import { LivePlaybackQuery } from './application/live-playback.query.js';
import { StreamKeyUseCases } from './application/stream-key.use-cases.js';
import { DeleteChatMessageUseCase } from './application/delete-chat-message.use-case.js';
import { EndLiveStreamUseCase } from './application/end-live-stream.use-case.js';
import { LiveStreamQueries } from './application/live-stream.queries.js';
import { LiveViews } from './application/live-views.js';
import { MarkLiveUseCase } from './application/mark-live.use-case.js';
import { SendChatMessageUseCase } from './application/send-chat-message.use-case.js';
import { SetSlowModeUseCase } from './application/set-slow-mode.use-case.js';
import { StartLiveStreamUseCase } from './application/start-live-stream.use-case.js';
import { TimeOutChatterUseCase } from './application/time-out-chatter.use-case.js';
import { ToggleLiveLikeUseCase } from './application/toggle-live-like.use-case.js';
import { LIVE_CHAT, LIVE_CLOCK, LIVE_EVENTS, LIVE_HLS, LIVE_INGEST, LIVE_KEYS, LIVE_PRESENCE, LIVE_RECORDINGS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, LIVE_USERS } from './domain/ports.js';
import { LiveIngestController } from './http/live-ingest.controller.js';
import { LiveController } from './http/live.controller.js';
import { CatalogLiveRecordings } from './infrastructure/catalog-recordings.js';
import { DiskLiveHlsFiles } from './infrastructure/ingest/live-hls-files.js';
import { LiveFinishJob } from './infrastructure/ingest/live-finish.job.js';
import { RtmpIngest } from './infrastructure/ingest/rtmp-ingest.js';
import { PgStreamKeyRepository } from './infrastructure/pg-stream-keys.repository.js';
import { IdentityUserDirectory } from './infrastructure/identity-user-directory.js';
import { LiveRealtime } from './infrastructure/live-realtime.js';
import { LiveUnitOfWork } from './infrastructure/live-unit-of-work.js';
import { PgLiveChatRepository } from './infrastructure/pg-live-chat.repository.js';
import { PgLivePresence } from './infrastructure/pg-live-presence.js';
import { PgLiveStreamRepository } from './infrastructure/pg-live-streams.repository.js';
import { SystemClock } from './infrastructure/system-clock.js';
import { LiveFacade } from './live.facade.js';

/**
 * Live streams: their lifecycle (created → live on first media → ended), presence from the realtime rooms
 * (`live:<id>`), likes, and the chat with its limits and the streamer's moderation; RTMP ingest with per-user stream
 * keys (in the jobs worker), LL-HLS playback from the data directory (any process), and the recording published as a
 * video through the catalog's facade. Browser ingest and Super Chat come later (issue 13).
 */
@Module({
  imports: [IdentityModule, CatalogModule],
  // LiveIngestController first: its `GET key` must not be taken for `GET :id`.
  controllers: [LiveIngestController, LiveController],
  providers: [
    { provide: LIVE_STREAMS, useClass: PgLiveStreamRepository },
    { provide: LIVE_CHAT, useClass: PgLiveChatRepository },
    PgLivePresence,
    { provide: LIVE_PRESENCE, useExisting: PgLivePresence },
    LiveRealtime,
    { provide: LIVE_EVENTS, useExisting: LiveRealtime },
    { provide: LIVE_USERS, useClass: IdentityUserDirectory },
    { provide: LIVE_CLOCK, useClass: SystemClock },
    { provide: LIVE_UNIT_OF_WORK, useClass: LiveUnitOfWork },
    LiveViews,
    LiveStreamQueries,
    StartLiveStreamUseCase,
    EndLiveStreamUseCase,
    MarkLiveUseCase,
    SendChatMessageUseCase,
    DeleteChatMessageUseCase,
    SetSlowModeUseCase,
    TimeOutChatterUseCase,
    ToggleLiveLikeUseCase,
    { provide: LIVE_KEYS, useClass: PgStreamKeyRepository },
    { provide: LIVE_RECORDINGS, useClass: CatalogLiveRecordings },
    { provide: LIVE_HLS, useClass: DiskLiveHlsFiles },
    RtmpIngest,
    LiveFinishJob,
    { provide: LIVE_INGEST, useExisting: LiveFinishJob },
    StreamKeyUseCases,
    LiveIngestUseCases,
    LivePlaybackQuery,
    LiveFacade,
  ],
  exports: [LiveFacade],
})
export class LiveModule {}
