import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CatalogFacade } from '../catalog/catalog.facade.js';
import { AccountsFacade } from '../accounts/accounts.facade.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LiveModule } from '../live/live.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { SearchService } from './application/search.service.js';
import { SocialSync } from './application/social-sync.js';
import { SocialService } from './application/social.service.js';
import { SOCIAL_UNIT_OF_WORK } from './application/tokens.js';
import { CONTENT_INDEX, CONTENT_SOURCES, LIVE_SEARCH, SEARCH_LOG, SOCIAL_GRAPH, type ContentSource, type SocialGraph } from './domain/ports.js';
import { SearchController } from './http/search.controller.js';
import { SocialController } from './http/social.controller.js';
import { CatalogContentSource } from './infrastructure/catalog-content-source.js';
import { FacadeLiveSearchSource } from './infrastructure/live-search-source.js';
import { TournamentContentSource } from './infrastructure/tournament-content-source.js';
import { MusicContentSource, PodcastContentSource } from './infrastructure/audio-content-source.js';
import { PgContentIndex, PgSearchLog } from './infrastructure/pg-content-index.js';
import { PgSocialGraph } from './infrastructure/pg-social-graph.js';
import { SocialUnitOfWork } from './infrastructure/social-unit-of-work.js';
import { SocialFacade } from './social.facade.js';
import { AddCommunityCommentUseCase } from './application/add-community-comment.use-case.js';
import { CommunityModerationEvents } from './application/community-moderation-events.js';
import { CommunityModerationUseCases } from './application/community-moderation.use-cases.js';
import { CommunityViews } from './application/community-views.js';
import { CreateCommunityPostUseCase } from './application/create-community-post.use-case.js';
import { PublishDemoCommunityPostUseCase } from './application/publish-demo-community-post.use-case.js';
import { DeleteCommunityCommentUseCase } from './application/delete-community-comment.use-case.js';
import { DeleteCommunityPostUseCase } from './application/delete-community-post.use-case.js';
import { GetCommunityPostQuery } from './application/get-community-post.query.js';
import { ListCommunityCommentsQuery } from './application/list-community-comments.query.js';
import { ListCommunityPostsQuery } from './application/list-community-posts.query.js';
import { ToggleCommunityPostLikeUseCase } from './application/toggle-community-post-like.use-case.js';
import { CLIP_VIDEOS, COMMUNITY_CLOCK, COMMUNITY_POSTS } from './domain/community-ports.js';
import { CommunityController } from './http/community.controller.js';
import { CatalogClipVideos } from './infrastructure/catalog-clip-videos.js';
import { PgCommunityPosts } from './infrastructure/pg-community-posts.repository.js';
import { SystemClock } from './infrastructure/system-clock.js';

/**
 * Following, the feed, discovery and search. Content kinds plug in here, in CONTENT_SOURCES: each source names its
 * index kinds, search tab and feed filter, and hydrates its own cards.
 */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, LiveModule],
  controllers: [SocialController, SearchController, CommunityController],
  providers: [
    { provide: SOCIAL_GRAPH, useClass: PgSocialGraph },
    { provide: CONTENT_INDEX, useClass: PgContentIndex },
    { provide: SEARCH_LOG, useClass: PgSearchLog },
    { provide: SOCIAL_UNIT_OF_WORK, useClass: SocialUnitOfWork },
    CatalogContentSource,
    TournamentContentSource,
    MusicContentSource,
    PodcastContentSource,
    { provide: CONTENT_SOURCES, inject: [CatalogContentSource, TournamentContentSource, MusicContentSource, PodcastContentSource], useFactory: (...sources: ContentSource[]) => sources },
    // Live streams are searched in live's own table (they come and go too often for the index).
    { provide: LIVE_SEARCH, useClass: FacadeLiveSearchSource },
    SocialSync,
    SocialService,
    SearchService,
    // Gaming community posts (the gaming hub's Community tab).
    { provide: COMMUNITY_POSTS, useClass: PgCommunityPosts },
    { provide: CLIP_VIDEOS, useClass: CatalogClipVideos },
    { provide: COMMUNITY_CLOCK, useClass: SystemClock },
    CommunityViews,
    CreateCommunityPostUseCase,
    PublishDemoCommunityPostUseCase,
    ListCommunityPostsQuery,
    GetCommunityPostQuery,
    DeleteCommunityPostUseCase,
    ToggleCommunityPostLikeUseCase,
    ListCommunityCommentsQuery,
    AddCommunityCommentUseCase,
    DeleteCommunityCommentUseCase,
    CommunityModerationUseCases,
    CommunityModerationEvents,
    SocialFacade,
  ],
  exports: [SocialFacade],
})
export class SocialModule implements OnModuleInit {
  constructor(
    private readonly catalog: CatalogFacade,
    private readonly accounts: AccountsFacade,
    private readonly social: SocialFacade,
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
  ) {}

  /**
   * Channels that take comments from followers only ask the follow graph, channel pages show their owner's follows,
   * and Home's Following reads the feed's index, through this context's facade (neither the catalog nor accounts
   * can import social).
   */
  onModuleInit(): void {
    this.catalog.useFollowChecker((follower, followee) => this.graph.isFollowing(follower, followee));
    this.accounts.useChannelAudience(this.social);
    this.catalog.useFollowedVideos((userId, limit) => this.social.followedItemIds(userId, ['video'], limit));
  }
}
