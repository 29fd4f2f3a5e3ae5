import { Inject, Injectable } from '@nestjs/common';
import { SOCIAL_GRAPH, type SocialGraph } from './domain/ports.js';

/** What other contexts may ask of social (notifications fan out to followers through it). */
@Injectable()
export class SocialFacade {
  constructor(@Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph) {}

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

  /** The name a user is shown by, or null when they are gone or hidden. */
  async visibleName(userId: string): Promise<string | null> {
    const u = await this.graph.findUser(userId);
    return u && u.listed ? u.username : null;
  }
}
