import type { CommentView, CommentViewPage } from '../application/comments.use-cases.js';
import type { CommentDto, CommentListDto } from './comments.dto.js';
import type { ReelCommentDto, ReelCommentListDto } from './catalog.dto.js';

export function toCommentDto(v: CommentView): CommentDto {
  const c = v.comment;
  return {
    id: c.id,
    media_id: c.mediaId,
    parent_id: c.parentId,
    username: v.author?.handle ?? c.username,
    display_name: v.author?.displayName ?? c.username,
    avatar_url: v.author?.photoUrl ?? null,
    content: c.content,
    created_at: c.createdAt.toISOString(),
    edited_at: c.editedAt ? c.editedAt.toISOString() : null,
    like_count: c.likeCount,
    liked: v.liked,
    reply_count: c.replyCount,
    can_edit: v.canEdit,
    can_delete: v.canDelete,
  };
}

export function toCommentListDto(page: CommentViewPage): CommentListDto {
  return { comments: page.items.map(toCommentDto), next_cursor: page.nextCursor };
}

/** The reel routes' shape (unchanged): the handle the comment was written under. */
export function toReelCommentDto(v: CommentView): ReelCommentDto {
  return { id: v.comment.id, username: v.comment.username, content: v.comment.content, created_at: v.comment.createdAt.toISOString(), is_mine: v.canEdit };
}

export function toReelCommentListDto(page: CommentViewPage): ReelCommentListDto {
  return { comments: page.items.map(toReelCommentDto), next_cursor: page.nextCursor };
}
