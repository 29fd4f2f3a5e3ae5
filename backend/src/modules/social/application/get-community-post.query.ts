import { Inject, Injectable } from '@nestjs/common';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { CommunityViews, type CommunityPostView } from './community-views.js';
import { findCommunityPost } from './find-community-post.js';

/** One post (visitors too); a removed or deleted one is 404 'Post not found'. */
@Injectable()
export class GetCommunityPostQuery {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    private readonly views: CommunityViews,
  ) {}

  async execute(postId: string, viewerId: string | null): Promise<CommunityPostView> {
    return this.views.post(await findCommunityPost(this.posts, postId), viewerId);
  }
}
