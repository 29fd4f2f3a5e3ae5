import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { CommunityModerationUseCases } from './community-moderation.use-cases.js';

/**
 * Social's side of moderation's durable events for community posts: removed (hidden), restored (shown again), purged
 * (deleted for good). Moderation has usually done the same through SocialFacade already; these are the backstop,
 * idempotent, and an event older than the post's last opposite change is ignored (asOf).
 */
@Injectable()
export class CommunityModerationEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly moderation: CommunityModerationUseCases,
  ) {}

  onModuleInit(): void {
    this.durable.on('moderation.content-removed', async ({ contentType, contentId }, { createdAt }) => {
      if (contentType === 'community_post') await this.moderation.remove(contentId, createdAt);
    });
    this.durable.on('moderation.content-restored', async ({ contentType, contentId }, { createdAt }) => {
      if (contentType === 'community_post') await this.moderation.restore(contentId, createdAt);
    });
    this.durable.on('moderation.content-purge', async ({ contentType, contentId }, { createdAt }) => {
      if (contentType === 'community_post') await this.moderation.purge(contentId, createdAt);
    });
  }
}
