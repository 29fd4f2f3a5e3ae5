import { isUuid } from '../domain/cursor.js';
import { communityErrors, type CommunityPost } from '../domain/community-post.js';
import type { CommunityPosts } from '../domain/community-ports.js';

/** A post others may see (not removed by moderation), by a client-sent id: anything else is 404 'Post not found'. */
export async function findCommunityPost(posts: CommunityPosts, rawId: string, opts: { lock?: boolean } = {}): Promise<CommunityPost> {
  if (!isUuid(rawId)) throw communityErrors.postNotFound();
  const post = await posts.find(rawId.toLowerCase(), { lock: opts.lock });
  if (!post) throw communityErrors.postNotFound();
  return post;
}
