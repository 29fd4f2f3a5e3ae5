import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { commentText, COMMENTS_PER_HOUR, communityErrors, HOUR_MS, type CommunityComment } from '../domain/community-post.js';
import { COMMUNITY_CLOCK, COMMUNITY_POSTS, type CommunityClock, type CommunityPosts } from '../domain/community-ports.js';
import { UserNotFound } from '../domain/social.errors.js';
import { CommunityViews, type CommunityCommentView } from './community-views.js';
import { retryAfter } from './create-community-post.use-case.js';
import { findCommunityPost } from './find-community-post.js';
import { SocialSync } from './social-sync.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/**
 * A signed-in user comments on a post (1 to 2000 characters), at most 120 comments an hour (counted under a lock per
 * author); the post's count moves with it, under the post's row lock.
 */
@Injectable()
export class AddCommunityCommentUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(COMMUNITY_CLOCK) private readonly clock: CommunityClock,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly sync: SocialSync,
    private readonly views: CommunityViews,
  ) {}

  async execute(userId: string, postId: string, rawContent: unknown): Promise<CommunityCommentView> {
    const content = commentText(rawContent);
    await findCommunityPost(this.posts, postId);
    if (!(await this.sync.ensureUser(userId))) throw UserNotFound();
    const comment = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(`community-comments:${userId}`);
      const now = this.clock.now();
      const recent = await this.posts.countCommentsSince(userId, new Date(now.getTime() - HOUR_MS));
      if (recent.count >= COMMENTS_PER_HOUR) throw communityErrors.tooManyComments(retryAfter(recent.oldest, now));
      const post = await findCommunityPost(this.posts, postId, { lock: true });
      const comment: CommunityComment = { id: randomUUID(), postId: post.id, authorId: userId, content, createdAt: now };
      await this.posts.addComment(comment);
      return comment;
    });
    return (await this.views.comments([comment], userId))[0];
  }
}
