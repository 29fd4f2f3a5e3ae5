import { Inject, Injectable } from '@nestjs/common';
import type { PostInput } from '../domain/community-post.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { AddCommunityCommentUseCase } from './add-community-comment.use-case.js';
import { CreateCommunityPostUseCase } from './create-community-post.use-case.js';
import { ToggleCommunityPostLikeUseCase } from './toggle-community-post-like.use-case.js';

/**
 * The demo's community post, resumable: a stop halfway (the process killed between a post and its likes or
 * comments) and a restart leave one post, liked once by each liker, with each comment once. The post is found again
 * by its author and title (made with every rule of the create route otherwise); a like is added only when missing
 * (a toggle would take it back); a comment only when its author has not written that text there yet.
 */
@Injectable()
export class PublishDemoCommunityPostUseCase {
  constructor(
    @Inject(COMMUNITY_POSTS) private readonly posts: CommunityPosts,
    private readonly create: CreateCommunityPostUseCase,
    private readonly like: ToggleCommunityPostLikeUseCase,
    private readonly comment: AddCommunityCommentUseCase,
  ) {}

  async execute(authorId: string, input: PostInput & { title: string }, likers: string[], comments: { userId: string; text: string }[]): Promise<string> {
    const existing = await this.posts.findByAuthorTitle(authorId, input.title.trim());
    // Taken down by moderation meanwhile: left as it is.
    if (existing?.removedAt) return existing.id;
    const id = existing?.id ?? (await this.create.execute(authorId, input)).post.id;
    for (const userId of likers) {
      if (!(await this.posts.likedAmong(userId, [id])).has(id)) await this.like.execute(userId, id);
    }
    const written = existing ? await this.posts.comments(id, null, 10_000) : [];
    for (const c of comments) {
      if (written.some((w) => w.authorId === c.userId && w.content === c.text.trim())) continue;
      await this.comment.execute(c.userId, id, c.text);
    }
    return id;
  }
}
