import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { isUuid } from '../domain/cursor.js';
import { assertMayDeleteComment, communityErrors } from '../domain/community-post.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { findCommunityPost } from './find-community-post.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/** The comment's author or the post's author deletes a comment (the post's count with it); to anyone else it is 404. */
@Injectable()
export class DeleteCommunityCommentUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: string, postId: string, commentId: string): Promise<void> {
    await this.uow.inTransaction(async () => {
      const post = await findCommunityPost(this.posts, postId, { lock: true });
      const comment = isUuid(commentId) ? await this.posts.findComment(post.id, commentId.toLowerCase()) : null;
      if (!comment) throw communityErrors.commentNotFound();
      assertMayDeleteComment(post, comment, userId);
      await this.posts.deleteComment(post.id, comment.id);
    });
  }
}
