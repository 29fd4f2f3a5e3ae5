import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { COMMUNITY_CLOCK, COMMUNITY_POSTS, type CommunityClock, type CommunityPosts } from '../domain/community-ports.js';
import { findCommunityPost } from './find-community-post.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/**
 * A signed-in user likes a post or takes the like back (one per user). Under the post's row lock: simultaneous
 * toggles run one after the other, so the answer and the count are always those of the rows.
 */
@Injectable()
export class ToggleCommunityPostLikeUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(COMMUNITY_CLOCK) private readonly clock: CommunityClock,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: string, postId: string): Promise<{ liked: boolean; likes: number }> {
    return this.uow.inTransaction(async () => {
      const post = await findCommunityPost(this.posts, postId, { lock: true });
      return this.posts.toggleLike(post.id, userId, this.clock.now());
    });
  }
}
