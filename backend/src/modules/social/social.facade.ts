import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_INDEX, SOCIAL_GRAPH, type ContentIndex, type SocialGraph } from './domain/ports.js';
import { SocialService } from './application/social.service.js';
import { AddCommunityCommentUseCase } from './application/add-community-comment.use-case.js';
import { CommunityModerationUseCases, type CommunityPostReportTarget } from './application/community-moderation.use-cases.js';
import { CreateCommunityPostUseCase } from './application/create-community-post.use-case.js';
import { PublishDemoCommunityPostUseCase } from './application/publish-demo-community-post.use-case.js';
import { ToggleCommunityPostLikeUseCase } from './application/toggle-community-post-like.use-case.js';
import type { PostInput } from './domain/community-post.js';

export type { CommunityPostReportTarget } from './application/community-moderation.use-cases.js';

/** What other contexts may ask of social (notifications fan out to followers through it). */
@Injectable()
export class SocialFacade {
  constructor(
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    private readonly social: SocialService,
    @Inject(CONTENT_INDEX) private readonly index: ContentIndex,
    private readonly createPost: CreateCommunityPostUseCase,
    private readonly togglePostLike: ToggleCommunityPostLikeUseCase,
    private readonly addComment: AddCommunityCommentUseCase,
    private readonly communityModeration: CommunityModerationUseCases,
    private readonly publishDemoPost: PublishDemoCommunityPostUseCase,
  ) {}

  // Gaming community posts (the demo publishes, likes and comments with every rule of the routes).

  /** A community post by a user (title, content, game, post_type, video_id as the create form); returns its id. */
  async createCommunityPost(userId: string, input: PostInput): Promise<string> {
    return (await this.createPost.execute(userId, input)).post.id;
  }

  /**
   * The demo's post with its likes and comments, resumable after a stop halfway: found again by author and title,
   * each like and comment made once. Returns its id.
   */
  publishDemoCommunityPost(authorId: string, input: PostInput & { title: string }, likers: string[], comments: { userId: string; text: string }[]): Promise<string> {
    return this.publishDemoPost.execute(authorId, input, likers, comments);
  }

  toggleCommunityPostLike(userId: string, postId: string): Promise<{ liked: boolean; likes: number }> {
    return this.togglePostLike.execute(userId, postId);
  }

  /** A comment on a community post; returns its id. */
  async addCommunityPostComment(userId: string, postId: string, content: string): Promise<string> {
    return (await this.addComment.execute(userId, postId, content)).comment.id;
  }

  // Moderation (content kind community_post).

  /** A post as a report names it; null unless others can see it now. */
  communityPostReportTarget(postId: string): Promise<CommunityPostReportTarget | null> {
    return this.communityModeration.reportTarget(postId);
  }

  /** Whether each post is removed now (the moderation queue); posts that no longer exist are left out. */
  communityPostsRemoved(postIds: string[]): Promise<Map<string, boolean>> {
    return this.communityModeration.removedStates(postIds);
  }

  /** Hidden from every list, its page and its comments (idempotent). */
  removeCommunityPostByModeration(postId: string): Promise<void> {
    return this.communityModeration.remove(postId);
  }

  /** Shown again; false when the post no longer exists. */
  restoreCommunityPostByModeration(postId: string): Promise<boolean> {
    return this.communityModeration.restore(postId);
  }

  /** A removed post deleted for good (once it can no longer come back). */
  purgeRemovedCommunityPost(postId: string): Promise<void> {
    return this.communityModeration.purge(postId);
  }

  /** The newest public items of `kinds` from the users `userId` follows, as ids (the feed's index; Home's Following). */
  async followedItemIds(userId: string, kinds: string[], limit: number): Promise<string[]> {
    return this.index.followedItems(userId, kinds, limit);
  }

  /** One user follows another as the follow button does (the same rules and events); already following stays so. */
  async follow(followerId: string, followeeId: string): Promise<void> {
    if (await this.graph.isFollowing(followerId, followeeId)) return;
    await this.social.toggleFollow(followerId, followeeId);
  }

  /** Follower ids of a user in id order, a page at a time (a fan-out to 100,000 followers pages through them). */
  followerIdsPage(userId: string, afterId: string | null, limit: number): Promise<string[]> {
    return this.graph.followerIdsPage(userId, afterId, limit);
  }

  isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return this.graph.isFollowing(followerId, followeeId);
  }

  /** How many people follow a user (the partner program's subscribers requirement). */
  async followersCount(userId: string): Promise<number> {
    return (await this.graph.findUser(userId))?.followersCount ?? 0;
  }

  /** Both of a user's follow counts (listed users only, as user cards show them); zero for a user not in the directory. */
  async followCounts(userId: string): Promise<{ followers: number; following: number }> {
    const u = await this.graph.findUser(userId);
    return { followers: u?.followersCount ?? 0, following: u?.followingCount ?? 0 };
  }

  /** The name a user is shown by, or null when they are gone or hidden. */
  async visibleName(userId: string): Promise<string | null> {
    const u = await this.graph.findUser(userId);
    return u && u.listed ? u.username : null;
  }
}
