import { Inject, Injectable } from '@nestjs/common';
import type { CommunityComment, CommunityPost } from '../domain/community-post.js';
import { CLIP_VIDEOS, COMMUNITY_POSTS, type ClipVideo, type ClipVideos, type CommunityPosts } from '../domain/community-ports.js';
import { SOCIAL_GRAPH, type SocialGraph } from '../domain/ports.js';

/** A post as a viewer sees it: its author's name, whether the viewer liked it, its video while others may watch it. */
export interface CommunityPostView {
  post: CommunityPost;
  authorName: string;
  liked: boolean;
  isMine: boolean;
  video: ClipVideo | null;
}

export interface CommunityCommentView {
  comment: CommunityComment;
  authorName: string;
  isMine: boolean;
}

/** The name shown for an author who is no longer in the directory (their posts go with them; a race shows this). */
export const GONE_AUTHOR = 'Deleted user';

/** Hydrates posts and comments for a viewer: names from social's user directory, likes, clip videos (one query each). */
@Injectable()
export class CommunityViews {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    @Inject(CLIP_VIDEOS) private readonly videos: ClipVideos,
  ) {}

  private async names(userIds: string[]): Promise<Map<string, string>> {
    const users = await this.graph.usersByIds([...new Set(userIds)]);
    return new Map(users.map((u) => [u.userId, u.username]));
  }

  async many(list: CommunityPost[], viewerId: string | null): Promise<CommunityPostView[]> {
    const ids = list.map((p) => p.id);
    const [names, liked, videos] = await Promise.all([
      this.names(list.map((p) => p.authorId)),
      this.posts.likedAmong(viewerId, ids),
      this.videos.shown(list.flatMap((p) => (p.videoId ? [p.videoId] : [])), viewerId),
    ]);
    return list.map((post) => ({
      post,
      authorName: names.get(post.authorId) ?? GONE_AUTHOR,
      liked: liked.has(post.id),
      isMine: post.authorId === viewerId,
      video: post.videoId ? (videos.get(post.videoId) ?? null) : null,
    }));
  }

  async post(post: CommunityPost, viewerId: string | null): Promise<CommunityPostView> {
    return (await this.many([post], viewerId))[0];
  }

  async comments(list: CommunityComment[], viewerId: string | null): Promise<CommunityCommentView[]> {
    const names = await this.names(list.map((c) => c.authorId));
    return list.map((comment) => ({ comment, authorName: names.get(comment.authorId) ?? GONE_AUTHOR, isMine: comment.authorId === viewerId }));
  }
}
