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
import { BrowserIngest } from './infrastructure/ingest/browser-ingest.js';
import { BrowserIngestUseCases } from './application/browser-ingest.use-cases.js';
import { PgStreamKeyRepository } from './infrastructure/pg-stream-keys.repository.js';
import { IdentityUserDirectory } from './infrastructure/identity-user-directory.js';
import { LiveRealtime } from './infrastructure/live-realtime.js';
import { LiveUnitOfWork } from './infrastructure/live-unit-of-work.js';
import { PgLiveChatRepository } from './infrastructure/pg-live-chat.repository.js';
import { PgLivePresence } from './infrastructure/pg-live-presence.js';
import { PgLiveStreamRepository } from './infrastructure/pg-live-streams.repository.js';
import { SystemClock } from './infrastructure/system-clock.js';
import { LiveFacade } from './live.facade.js';
import { LiveContentUseCases } from './application/live-content.use-cases.js';
import { LiveDemoSupport } from './application/live-demo-support.js';
import { LiveModerationEvents } from './application/live-moderation-events.js';
import { LIVE_CONTENT, LIVE_INGEST_ENDPOINT } from './domain/live-content.js';
import { PgLiveContentStore } from './infrastructure/pg-live-content.js';
import { SuperChatRevenue } from './application/super-chat-revenue.js';
import { AnnounceSuperChatUseCase, ListSuperChatsQuery, PrepareSuperChatUseCase, RecordSuperChatUseCase } from './application/super-chat.use-cases.js';
import { GamingController } from './http/gaming.controller.js';
import { PgSuperChatRepository } from './infrastructure/pg-super-chats.repository.js';
import { LIVE_SUPER_CHATS } from './domain/ports.js';
import { GamingLeaderboardsQuery } from './application/gaming-leaderboards.query.js';
import { LIVE_CHAMPIONS, LIVE_GAMING_STATS } from './domain/gaming-ports.js';
import { CatalogTournamentChampions } from './infrastructure/catalog-champions.js';
import { PgGamingStats } from './infrastructure/pg-gaming-stats.js';

/**
 * Live streams: their lifecycle (created → live on first media → ended), presence from the realtime rooms
 * (`live:<id>`), likes, and the chat with its limits and the streamer's moderation; RTMP ingest with per-user stream
 * keys (in the jobs worker), LL-HLS playback from the data directory (any process), and the recording published as a
 * video through the catalog's facade; Super Chat (paid through monetization, which calls LiveFacade) and gaming
 * streams (live streams with a game).
 */
@Module({
  imports: [IdentityModule, CatalogModule],
  // LiveIngestController first: its `GET key` must not be taken for `GET :id`.
  controllers: [LiveIngestController, LiveController, GamingController],
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
    BrowserIngestUseCases,
    BrowserIngest,
    LiveFinishJob,
    { provide: LIVE_INGEST, useExisting: LiveFinishJob },
    StreamKeyUseCases,
    LiveIngestUseCases,
    LivePlaybackQuery,
    // Super Chat (monetization charges it through LiveFacade and registers the revenue reader)
    { provide: LIVE_SUPER_CHATS, useClass: PgSuperChatRepository },
    SuperChatRevenue,
    PrepareSuperChatUseCase,
    RecordSuperChatUseCase,
    AnnounceSuperChatUseCase,
    ListSuperChatsQuery,
    // Gaming leaderboards: live's own figures, the ledger's Super Chats, the catalog's tournament champions
    { provide: LIVE_GAMING_STATS, useClass: PgGamingStats },
    { provide: LIVE_CHAMPIONS, useClass: CatalogTournamentChampions },
    GamingLeaderboardsQuery,
    // Live as content: search (social), reports (moderation), the demo's stream (demo)
    { provide: LIVE_CONTENT, useClass: PgLiveContentStore },
    { provide: LIVE_INGEST_ENDPOINT, useExisting: RtmpIngest },
    LiveContentUseCases,
    LiveDemoSupport,
    LiveModerationEvents,
    LiveFacade,
  ],
  exports: [LiveFacade],
})
export class LiveModule {}
