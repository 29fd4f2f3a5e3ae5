import type { CommunityCommentView, CommunityPostView } from '../application/community-views.js';
import type { CommunityCommentDto, CommunityPostDto } from './community.dto.js';

export function toCommunityPost(v: CommunityPostView): CommunityPostDto {
  const p = v.post;
  return {
    id: p.id,
    title: p.title,
    content: p.content,
    game: p.game,
    type: p.type,
    author_id: p.authorId,
    author_name: v.authorName,
    created_at: p.createdAt.toISOString(),
    likes: p.likes,
    comments: p.comments,
    liked: v.liked,
    is_mine: v.isMine,
    video: v.video ? { id: v.video.id, title: v.video.title, thumbnail_url: v.video.thumbnailUrl, duration: v.video.durationSeconds } : null,
  };
}

export function toCommunityComment(v: CommunityCommentView): CommunityCommentDto {
  const c = v.comment;
  return { id: c.id, content: c.content, author_id: c.authorId, author_name: v.authorName, created_at: c.createdAt.toISOString(), is_mine: v.isMine };
}
