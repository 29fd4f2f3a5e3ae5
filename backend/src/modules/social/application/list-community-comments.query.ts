import { Inject, Injectable } from '@nestjs/common';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { CommunityViews, type CommunityCommentView } from './community-views.js';
import { findCommunityPost } from './find-community-post.js';

/** A post's comments, oldest first, a keyset page at a time (visitors too); a removed post's are 404 with it. */
@Injectable()
export class ListCommunityCommentsQuery {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    private readonly views: CommunityViews,
  ) {}

  async execute(postId: string, cursor: string | undefined, limit: number, viewerId: string | null): Promise<{ items: CommunityCommentView[]; nextCursor: string | null }> {
    const post = await findCommunityPost(this.posts, postId);
    const rows = await this.posts.comments(post.id, decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: await this.views.comments(page, viewerId), nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }
}
