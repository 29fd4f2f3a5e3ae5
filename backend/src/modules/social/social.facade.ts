import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_INDEX, SOCIAL_GRAPH, type ContentIndex, type SocialGraph } from './domain/ports.js';
import { SocialService } from './application/social.service.js';

/** What other contexts may ask of social (notifications fan out to followers through it). */
@Injectable()
export class SocialFacade {
  constructor(
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    private readonly social: SocialService,
    @Inject(CONTENT_INDEX) private readonly index: ContentIndex,
  ) {}

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
