import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { communityErrors, draftPost, HOUR_MS, POSTS_PER_HOUR, type CommunityPost, type PostInput } from '../domain/community-post.js';
import { CLIP_VIDEOS, COMMUNITY_CLOCK, COMMUNITY_POSTS, type ClipVideos, type CommunityClock, type CommunityPosts } from '../domain/community-ports.js';
import { UserNotFound } from '../domain/social.errors.js';
import { CommunityViews, type CommunityPostView } from './community-views.js';
import { SocialSync } from './social-sync.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/**
 * A signed-in user publishes a community post (the create form, the demo): the post's rules, a clip's video one of
 * the author's own ready videos, at most 30 posts an hour (counted under a lock per author, so concurrent requests
 * cannot pass it together).
 */
@Injectable()
export class CreateCommunityPostUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    @Inject(CLIP_VIDEOS) private readonly videos: ClipVideos,
    @Inject(COMMUNITY_CLOCK) private readonly clock: CommunityClock,
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly sync: SocialSync,
    private readonly views: CommunityViews,
  ) {}

  async execute(userId: string, input: PostInput): Promise<CommunityPostView> {
    const draft = draftPost(input);
    if (!(await this.sync.ensureUser(userId))) throw UserNotFound();
    if (draft.videoId && !(await this.videos.ownReadyVideo(userId, draft.videoId))) throw communityErrors.videoNotFound();
    const post = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(`community-posts:${userId}`);
      const now = this.clock.now();
      const recent = await this.posts.countPostsSince(userId, new Date(now.getTime() - HOUR_MS));
      if (recent.count >= POSTS_PER_HOUR) throw communityErrors.tooManyPosts(retryAfter(recent.oldest, now));
      const post: CommunityPost = { id: randomUUID(), authorId: userId, ...draft, likes: 0, comments: 0, createdAt: now, removedAt: null };
      await this.posts.insert(post);
      return post;
    });
    return this.views.post(post, userId);
  }
}

/** Seconds until the oldest counted item leaves the hour (at least 1). */
export function retryAfter(oldest: Date | null, now: Date): number {
  const freesAt = (oldest?.getTime() ?? now.getTime()) + HOUR_MS;
  return Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
}
