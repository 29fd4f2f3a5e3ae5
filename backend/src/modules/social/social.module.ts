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
import { PgContentIndex, PgSearchLog } from './infrastructure/pg-content-index.js';
import { PgSocialGraph } from './infrastructure/pg-social-graph.js';
import { SocialUnitOfWork } from './infrastructure/social-unit-of-work.js';
import { SocialFacade } from './social.facade.js';

/**
 * Following, the feed, discovery and search. Content kinds plug in here, in CONTENT_SOURCES: each source names its
 * index kinds, search tab and feed filter, and hydrates its own cards.
 */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, LiveModule],
  controllers: [SocialController, SearchController],
  providers: [
    { provide: SOCIAL_GRAPH, useClass: PgSocialGraph },
    { provide: CONTENT_INDEX, useClass: PgContentIndex },
    { provide: SEARCH_LOG, useClass: PgSearchLog },
    { provide: SOCIAL_UNIT_OF_WORK, useClass: SocialUnitOfWork },
    CatalogContentSource,
    { provide: CONTENT_SOURCES, inject: [CatalogContentSource], useFactory: (...sources: ContentSource[]) => sources },
    // Live streams are searched in live's own table (they come and go too often for the index).
    { provide: LIVE_SEARCH, useClass: FacadeLiveSearchSource },
    SocialSync,
    SocialService,
    SearchService,
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
