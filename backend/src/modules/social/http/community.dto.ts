import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { EmptyAsAbsent, lengthMessage, Trimmed, WholeNumberText } from '../../../common/http/dto-rules.js';
import { PAGE_QUERY_MESSAGES } from '../../../common/http/page-query.dto.js';
import { COMMENT_MAX, COMMUNITY_MESSAGES as M, POST_CONTENT_MAX, POST_GAME_MAX, POST_TITLE_MAX, POST_TYPES, POSTS_PAGE_MAX, type PostType } from '../domain/community-post.js';

/** A new community post (seed 002 §3 Community post): JSON, urlencoded or multipart, read with formDto. */
export class CreateCommunityPostRequestDto {
  /** Required, non-blank, at most 150 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: M.titleRequired })
  @Length(1, POST_TITLE_MAX, { message: lengthMessage(M.titleRequired, M.titleTooLong) })
  title: string;

  /** Required, non-blank, at most 10000 characters. */
  @Trimmed()
  @IsString({ message: M.contentRequired })
  @Length(1, POST_CONTENT_MAX, { message: lengthMessage(M.contentRequired, M.contentTooLong) })
  content: string;

  /** The game it is about: required, non-blank, at most 100 characters. */
  @Trimmed()
  @IsString({ message: M.gameRequired })
  @Length(1, POST_GAME_MAX, { message: lengthMessage(M.gameRequired, M.gameTooLong) })
  game: string;

  /** discussion (the default), review, guide or clip. */
  @ApiProperty({ required: false, enum: POST_TYPES, default: 'discussion' })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(POST_TYPES, { message: M.postType })
  post_type?: PostType;

  /**
   * Only with post_type clip ('Only clip posts can attach a video'): one of your own ready, public videos
   * (anything else is 404 'Video not found').
   */
  @ApiProperty({ required: false, format: 'uuid' })
  @IsOptional()
  @EmptyAsAbsent()
  @IsString({ message: M.videoId })
  @MaxLength(100, { message: M.videoId })
  video_id?: string;
}

export class ListCommunityPostsQueryDto {
  /** Only posts about this game (the whole name, any case). */
  @IsOptional()
  @Trimmed()
  @EmptyAsAbsent()
  @IsString({ message: M.gameTooLong })
  @MaxLength(POST_GAME_MAX, { message: M.gameTooLong })
  game?: string;

  /** Only posts of this type: discussion, review, guide or clip. */
  @ApiProperty({ required: false, enum: POST_TYPES })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(POST_TYPES, { message: M.postType })
  post_type?: PostType;

  /** The next page: the previous page's X-Next-Cursor. */
  @IsOptional()
  @EmptyAsAbsent()
  @MaxLength(200, { message: PAGE_QUERY_MESSAGES.cursor })
  before?: string;

  /** How many posts, 1 to 50 (default 20). */
  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: POSTS_PAGE_MAX })
  @IsOptional()
  @EmptyAsAbsent()
  @WholeNumberText()
  @IsInt({ message: M.limit })
  @Min(1, { message: M.limit })
  @Max(POSTS_PAGE_MAX, { message: M.limit })
  limit?: number;
}

export class ListCommunityCommentsQueryDto {
  /** The next page: the previous page's X-Next-Cursor. */
  @IsOptional()
  @EmptyAsAbsent()
  @MaxLength(200, { message: PAGE_QUERY_MESSAGES.cursor })
  cursor?: string;

  /** How many comments, 1 to 100 (default 100). */
  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 100 })
  @IsOptional()
  @EmptyAsAbsent()
  @WholeNumberText()
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}

export class AddCommunityCommentRequestDto {
  /** 1 to 2000 characters once trimmed. */
  @Trimmed()
  @IsString({ message: M.commentRequired })
  @Length(1, COMMENT_MAX, { message: lengthMessage(M.commentRequired, M.commentTooLong) })
  content: string;
}

export class CommunityPostVideoDto {
  id: string;
  title: string;
  thumbnail_url: string | null;
  /** Seconds; null while unknown. */
  duration: number | null;
}

/** Seed 002 §3 Community post. */
export class CommunityPostDto {
  id: string;
  title: string;
  content: string;
  game: string;
  @ApiProperty({ enum: POST_TYPES })
  type: PostType;
  author_id: string;
  author_name: string;
  created_at: string;
  likes: number;
  comments: number;
  /** Whether the caller likes it (false for visitors). */
  liked: boolean;
  /** The caller wrote it. */
  is_mine: boolean;
  /** A clip's video while others may watch it (null otherwise). */
  @ApiProperty({ type: CommunityPostVideoDto, nullable: true })
  video: CommunityPostVideoDto | null;
}

export class CommunityPostLikeDto {
  liked: boolean;
  likes: number;
}

export class CommunityCommentDto {
  id: string;
  content: string;
  author_id: string;
  author_name: string;
  created_at: string;
  /** The caller wrote it. */
  is_mine: boolean;
}
