import { MovieUpNextQuery } from './application/up-next.js';
import { EngagementLimits } from './http/engagement-limits.js';
import { PgCreatorStats } from './infrastructure/pg-creator-stats.js';
import { Module, type OnModuleInit } from '@nestjs/common';
import { AccountsFacade } from '../accounts/accounts.facade.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { CatalogEvents } from './application/catalog-events.js';
import { ChannelMediaQuery } from './application/channel-media.query.js';
import { CommentAudience } from './application/comment-audience.js';
import { MediaAccess } from './application/media-access.js';
import { MediaService } from './application/media.service.js';
import { ProcessMediaJob } from './application/process-media.job.js';
import { PublishMediaUseCase } from './application/publish-media.use-case.js';
import { PublishLocalFileUseCase } from './application/publish-local-file.use-case.js';
import { CommentsUseCases } from './application/comments.use-cases.js';
import { CATALOG_UNIT_OF_WORK } from './application/tokens.js';
import { MEDIA_VIEWS } from './application/media-views.port.js';
import { CatalogFacade } from './catalog.facade.js';
import { CHANNEL_MEDIA } from './domain/channel-media.port.js';
import { CREATOR_STATS } from './domain/creator-stats.port.js';
import { HomeController } from './http/home.controller.js';
import { SharePagesController } from './http/share-pages.controller.js';
import { HomeFeedQuery } from './application/home-feed.query.js';
import { PgHomeFeed } from './infrastructure/pg-home-feed.js';
import { ENGAGEMENT, HOME_FEED, MEDIA_PROCESSOR, MEDIA_REPOSITORY, VIEWER_ENTITLEMENTS } from './domain/ports.js';
import { IdentityEntitlements } from './infrastructure/identity-entitlements.js';
import { ChannelMediaController } from './http/channel-media.controller.js';
import { MediaPresenter } from './http/media-presenter.js';
import { MediaUploads } from './http/media-form.js';
import { MoviesController } from './http/movies.controller.js';
import { ReelsController } from './http/reels.controller.js';
import { CommentsController } from './http/comments.controller.js';
import { ThumbsController } from './http/thumbs.controller.js';
import { VideosController } from './http/videos.controller.js';
import { MusicController } from './http/music.controller.js';
import { MusicPresenter } from './http/music-presenter.js';
import { MusicPlaylists, MusicTracks } from './application/music.use-cases.js';
import { PgMusicRepository } from './infrastructure/pg-music.repository.js';
import { MUSIC_REPOSITORY } from './domain/music.js';
import { SubsonicController } from './http/subsonic.controller.js';
import { SubsonicPresenter } from './http/subsonic-presenter.js';
import { SUBSONIC_READS, SubsonicLibrary } from './application/subsonic.use-cases.js';
import { PgSubsonicReads } from './infrastructure/pg-subsonic-reads.js';
import { PodcastsController } from './http/podcasts.controller.js';
import { PodcastPresenter } from './http/podcast-presenter.js';
import { PodcastArtwork } from './http/podcast-feed.js';
import { PodcastEpisodes } from './application/podcast.use-cases.js';
import { PgPodcastRepository } from './infrastructure/pg-podcast.repository.js';
import { LISTENING_PROGRESS, PODCAST_REPOSITORY } from './domain/podcast.js';
import { PgListeningProgress } from './infrastructure/pg-listening-progress.js';
import { PruneListeningMarks } from './application/prune-listening-marks.job.js';
import { CatalogUnitOfWork } from './infrastructure/catalog-unit-of-work.js';
import { FfmpegProcessor } from './infrastructure/ffmpeg-processor.js';
import { MikroChannelMedia } from './infrastructure/mikro-channel-media.js';
import { MikroMediaRepository } from './infrastructure/mikro-media.repository.js';
import { PgEngagement } from './infrastructure/pg-engagement.js';
import { PgMovieRatings } from './infrastructure/pg-movie-ratings.js';
import { MovieRatingsUseCases } from './application/movie-ratings.use-cases.js';
import { MOVIE_RATINGS } from './domain/movie-rating.js';
import { PgCommentRepository } from './infrastructure/pg-comment-repository.js';
import { COMMENT_REPOSITORY } from './domain/comment.js';
import { ModerationEvents } from './application/moderation-events.js';
import { ModerationRemovalUseCases } from './application/moderation-removal.use-cases.js';
import { PurgeRemovedMediaJob } from './application/purge-removed-media.job.js';
import { ReportTargetsQuery } from './application/report-targets.query.js';
import { GamesController, GameLimits } from './http/games.controller.js';
import { GameViews } from './application/game-views.js';
import { ListGamesQuery } from './application/list-games.query.js';
import { GetGameQuery } from './application/get-game.query.js';
import { StartGameSessionUseCase } from './application/start-game-session.use-case.js';
import { SubmitGameScoreUseCase } from './application/submit-game-score.use-case.js';
import { RateGameUseCase } from './application/rate-game.use-case.js';
import { GameLeaderboardQuery } from './application/game-leaderboard.query.js';
import { GAME_BESTS, GAME_CLOCK, GAME_RATINGS, GAME_SESSIONS, GAMES, PLAYER_NAMES } from './domain/game.ports.js';
import { PgGameRepository, PgGameSessionRepository } from './infrastructure/pg-games.repository.js';
import { PgGameBests } from './infrastructure/pg-game-bests.js';
import { PgGameRatings } from './infrastructure/pg-game-ratings.js';
import { IdentityPlayerNames } from './infrastructure/identity-player-names.js';
import { SystemGameClock } from './infrastructure/game-clock.js';

import { TournamentsController } from './http/tournaments.controller.js';
import { TournamentLimits } from './http/tournament-limits.js';
import { TournamentViews } from './application/tournament-views.js';
import { TournamentBracket } from './application/tournament-bracket.js';
import { CreateTournamentUseCase } from './application/create-tournament.use-case.js';
import { JoinTournamentUseCase } from './application/join-tournament.use-case.js';
import { LeaveTournamentUseCase } from './application/leave-tournament.use-case.js';
import { StartTournamentUseCase } from './application/start-tournament.use-case.js';
import { CancelTournamentUseCase } from './application/cancel-tournament.use-case.js';
import { ReportTournamentMatchUseCase } from './application/report-tournament-match.use-case.js';
import { ListTournamentsQuery } from './application/list-tournaments.query.js';
import { GetTournamentQuery } from './application/get-tournament.query.js';
import { AutoStartTournamentsUseCase } from './application/auto-start-tournaments.use-case.js';
import { TournamentDirectoryQuery } from './application/tournament-directory.query.js';
import { BRACKET_ENGINE } from './domain/bracket.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENT_PLAYER_NAMES, TOURNAMENTS } from './domain/tournament.ports.js';
import { PgTournamentRepository } from './infrastructure/pg-tournaments.repository.js';
import { BracketsManagerEngine } from './infrastructure/brackets-manager-engine.js';
import { DurableTournamentChanges, IdentityTournamentNames, SystemTournamentClock } from './infrastructure/tournament-support.js';
import { TournamentScheduler } from './infrastructure/tournament-scheduler.js';
import { TournamentUserEvents } from './application/tournament-user-events.js';
import { GameUserEvents } from './application/game-user-events.js';
import { PurgeUnscoredGameSessionsUseCase } from './application/purge-unscored-game-sessions.use-case.js';
import { GameScheduler } from './infrastructure/game-scheduler.js';
import { EditorController, EditorLimits } from './http/editor.controller.js';
import { EditorSources, EditorUseCases } from './application/editor.use-cases.js';
import { EditorExportJob, STALE_EXPORTS } from './application/editor-export.job.js';
import { EDIT_RENDERER, EDIT_REPOSITORY } from './domain/edit.js';
import { PgEditRepository } from './infrastructure/pg-edits.repository.js';
import { FfmpegEditRenderer } from './infrastructure/ffmpeg-editor.js';

/** The video response's OpenAPI class, for contexts that answer with a catalog video (the chunked upload's completion). */
export { VideoResponseDto } from './http/catalog.dto.js';

@Module({
  imports: [AccountsModule, IdentityModule],
  controllers: [VideosController, ReelsController, MoviesController, ThumbsController, CommentsController, ChannelMediaController, HomeController, SharePagesController, GamesController, TournamentsController, MusicController, PodcastsController, SubsonicController, EditorController],
  providers: [
    { provide: MEDIA_REPOSITORY, useClass: MikroMediaRepository },
    { provide: MUSIC_REPOSITORY, useClass: PgMusicRepository },
    MusicTracks,
    MusicPlaylists,
    MusicPresenter,
    SubsonicLibrary,
    SubsonicPresenter,
    { provide: SUBSONIC_READS, useClass: PgSubsonicReads },
    { provide: PODCAST_REPOSITORY, useClass: PgPodcastRepository },
    { provide: LISTENING_PROGRESS, useClass: PgListeningProgress },
    PodcastEpisodes,
    PodcastPresenter,
    PodcastArtwork,
    { provide: CHANNEL_MEDIA, useClass: MikroChannelMedia },
    ChannelMediaQuery,
    { provide: MEDIA_PROCESSOR, useClass: FfmpegProcessor },
    { provide: ENGAGEMENT, useClass: PgEngagement },
    { provide: MOVIE_RATINGS, useClass: PgMovieRatings },
    MovieRatingsUseCases,
    MovieUpNextQuery,
    { provide: HOME_FEED, useClass: PgHomeFeed },
    HomeFeedQuery,
    PruneListeningMarks,
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
    PublishLocalFileUseCase,
    ProcessMediaJob,
    { provide: COMMENT_REPOSITORY, useClass: PgCommentRepository },
    CommentsUseCases,
    EngagementLimits,
    CatalogEvents,
    PurgeRemovedMediaJob,
    ModerationRemovalUseCases,
    ModerationEvents,
    ReportTargetsQuery,
    // Browser games (issue 15).
    { provide: GAMES, useClass: PgGameRepository },
    { provide: GAME_SESSIONS, useClass: PgGameSessionRepository },
    { provide: GAME_BESTS, useClass: PgGameBests },
    { provide: GAME_RATINGS, useClass: PgGameRatings },
    { provide: PLAYER_NAMES, useClass: IdentityPlayerNames },
    { provide: GAME_CLOCK, useClass: SystemGameClock },
    GameViews,
    ListGamesQuery,
    GetGameQuery,
    StartGameSessionUseCase,
    SubmitGameScoreUseCase,
    RateGameUseCase,
    GameLeaderboardQuery,
    GameLimits,
    GameUserEvents,
    PurgeUnscoredGameSessionsUseCase,
    GameScheduler,
    // Tournaments (issue 15).
    { provide: TOURNAMENTS, useClass: PgTournamentRepository },
    { provide: BRACKET_ENGINE, useClass: BracketsManagerEngine },
    { provide: TOURNAMENT_PLAYER_NAMES, useClass: IdentityTournamentNames },
    { provide: TOURNAMENT_CLOCK, useClass: SystemTournamentClock },
    { provide: TOURNAMENT_CHANGES, useClass: DurableTournamentChanges },
    TournamentViews,
    TournamentBracket,
    CreateTournamentUseCase,
    JoinTournamentUseCase,
    LeaveTournamentUseCase,
    StartTournamentUseCase,
    CancelTournamentUseCase,
    ReportTournamentMatchUseCase,
    ListTournamentsQuery,
    GetTournamentQuery,
    AutoStartTournamentsUseCase,
    TournamentDirectoryQuery,
    TournamentScheduler,
    TournamentUserEvents,
    TournamentLimits,
    // The editor studio (issue 19).
    PgEditRepository,
    { provide: EDIT_REPOSITORY, useExisting: PgEditRepository },
    { provide: STALE_EXPORTS, useExisting: PgEditRepository },
    { provide: EDIT_RENDERER, useClass: FfmpegEditRenderer },
    EditorSources,
    EditorUseCases,
    EditorExportJob,
    EditorLimits,
    CatalogFacade,
  ],
  exports: [CatalogFacade],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsFacade,
    private readonly catalog: CatalogFacade,
  ) {}

  /** Channel pages count their videos and reels through this facade (accounts cannot import the catalog). */
  onModuleInit(): void {
    this.accounts.useChannelContent(this.catalog);
  }
}
