import { Inject, Injectable } from '@nestjs/common';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import type { PostType } from '../domain/community-post.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { CommunityViews, type CommunityPostView } from './community-views.js';

/** The Community tab: newest first, optionally one game's (any case) or one type's, a keyset page at a time. */
@Injectable()
export class ListCommunityPostsQuery {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    private readonly views: CommunityViews,
  ) {}

  async execute(
    filter: { game: string | null; type: PostType | null; before: string | undefined },
    limit: number,
    viewerId: string | null,
  ): Promise<{ items: CommunityPostView[]; nextCursor: string | null }> {
    const before = decodeCursor(filter.before);
    const game = filter.game?.trim() || null;
    const rows = await this.posts.list({ game, type: filter.type, before }, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: await this.views.many(page, viewerId), nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }
}
