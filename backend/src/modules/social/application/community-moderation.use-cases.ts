import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { isUuid } from '../domain/cursor.js';
import { COMMUNITY_CLOCK, COMMUNITY_POSTS, type CommunityClock, type CommunityPosts } from '../domain/community-ports.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/** A community post as a report names it. */
export interface CommunityPostReportTarget {
  ownerUserId: string;
  title: string;
  content: string;
  game: string;
}

/**
 * Moderation's side of community posts (reached through SocialFacade; every call idempotent): what a report names,
 * taking a post down (hidden from every list, its page and its comments), bringing it back, and deleting it for good
 * once it can no longer come back. `asOf`: the decision time of a durable event, which runs at least once and possibly
 * late: a removal or purge older than the post's last restoration, or a restoration older than its removal, changes
 * nothing. Direct calls (right after the decision) give none.
 */
@Injectable()
export class CommunityModerationUseCases {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(COMMUNITY_CLOCK) private readonly clock: CommunityClock,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  /** A post anyone can see now (not removed); null otherwise. */
  async reportTarget(postId: string): Promise<CommunityPostReportTarget | null> {
    if (!isUuid(postId)) return null;
    const p = await this.posts.find(postId.toLowerCase());
    return p ? { ownerUserId: p.authorId, title: p.title, content: p.content, game: p.game } : null;
  }

  /** Whether each post is removed now, for the moderation queue; posts that no longer exist are left out. */
  removedStates(postIds: string[]): Promise<Map<string, boolean>> {
    return this.posts.removedStates(postIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()));
  }

  async remove(postId: string, asOf?: Date): Promise<void> {
    if (!isUuid(postId)) return;
    await this.uow.inTransaction(() => this.posts.markRemoved(postId.toLowerCase(), this.clock.now(), asOf));
  }

  /** False when the post is gone (deleted by its author or its owner's account). */
  async restore(postId: string, asOf?: Date): Promise<boolean> {
    if (!isUuid(postId)) return false;
    return this.uow.inTransaction(() => this.posts.markRestored(postId.toLowerCase(), this.clock.now(), asOf));
  }

  async purge(postId: string, asOf?: Date): Promise<void> {
    if (!isUuid(postId)) return;
    await this.uow.inTransaction(() => this.posts.purgeRemoved(postId.toLowerCase(), asOf));
  }
}
