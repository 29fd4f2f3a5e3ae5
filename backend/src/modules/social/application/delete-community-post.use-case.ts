import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { assertPostAuthor } from '../domain/community-post.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { findCommunityPost } from './find-community-post.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/** The author deletes their post, with its likes and comments; to anyone else it does not exist (404). */
@Injectable()
export class DeleteCommunityPostUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: string, postId: string): Promise<void> {
    await this.uow.inTransaction(async () => {
      const post = await findCommunityPost(this.posts, postId, { lock: true });
      assertPostAuthor(post, userId);
      await this.posts.delete(post.id);
    });
  }
}
