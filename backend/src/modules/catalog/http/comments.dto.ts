import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Length } from 'class-validator';
import { EmptyAsAbsent, Trimmed, lengthMessage } from '../../../common/http/dto-rules.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { COMMENT_MAX, COMMENT_MESSAGES } from '../domain/comment.js';

export const COMMENT_DTO_MESSAGES = {
  order: 'order must be newest or top',
  parentId: 'parent_id must be the id of a comment',
} as const;

/** A comment on a video, movie or reel, as the caller sees it. */
export class CommentDto {
  id: string;
  /** The video, movie or reel it is on. */
  media_id: string;
  /** The top-level comment this reply answers; null for a top-level comment. */
  parent_id: string | null;
  /** The handle of the account that wrote it. */
  username: string;
  /** That account's display name. */
  display_name: string;
  /** That account's profile photo, or null. */
  avatar_url: string | null;
  content: string;
  created_at: string;
  /** When its author last changed it; null if never. */
  edited_at: string | null;
  like_count: number;
  /** Whether the caller likes it (false for visitors). */
  liked: boolean;
  /** How many replies it has (always 0 for a reply). */
  reply_count: number;
  /** The caller wrote it. */
  can_edit: boolean;
  /** The caller wrote it, or owns the item it is on. */
  can_delete: boolean;
}

export class CommentListDto {
  comments: CommentDto[];
  /** Continues after the last comment of this page; null at the end. */
  next_cursor: string | null;
}

export class CommentsQueryDto extends PageQueryDto {
  /** newest (default): newest first; top: most liked first, then newest. */
  @ApiProperty({ enum: ['newest', 'top'], required: false })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['newest', 'top'], { message: COMMENT_DTO_MESSAGES.order })
  order?: 'newest' | 'top';
}

export class PostCommentRequestDto {
  /** 1-500 characters, not blank (spaces around it are dropped). */
  @Trimmed()
  @Length(1, COMMENT_MAX, { message: lengthMessage(COMMENT_MESSAGES.empty, COMMENT_MESSAGES.tooLong) })
  content: string;

  /** Makes it a reply: the id of a top-level comment on the same item (replies cannot be answered). */
  @ApiProperty({ type: 'string', format: 'uuid', required: false, nullable: true })
  @IsOptional()
  @EmptyAsAbsent()
  @IsUUID('all', { message: COMMENT_DTO_MESSAGES.parentId })
  parent_id?: string | null;
}

export class UpdateCommentRequestDto {
  /** 1-500 characters, not blank (spaces around it are dropped). */
  @Trimmed()
  @Length(1, COMMENT_MAX, { message: lengthMessage(COMMENT_MESSAGES.empty, COMMENT_MESSAGES.tooLong) })
  content: string;
}

export class CommentLikeStateDto {
  liked: boolean;
  like_count: number;
}
