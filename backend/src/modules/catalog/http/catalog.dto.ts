import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class MediaOwnerDto {
  account_id: string;
  /** The user behind the account (whom a Follow button follows); empty for a deleted account. */
  user_id: string;
  display_name: string;
  handle: string;
  profile_photo_url: string | null;
}

export class VideoResponseDto {
  id: string;
  title: string;
  description: string | null;
  is_vertical: boolean;
  monetization_enabled: boolean;
  views: number;
  likes: number;
  /** Whether the signed-in viewer likes it. */
  liked: boolean;
  /** Ad earnings in dollars (two decimals). */
  ad_revenue: number;
  @ApiProperty({ enum: ['processing', 'ready', 'failed'] })
  status: 'processing' | 'ready' | 'failed';
  /** Why processing failed; shown to the owner only. */
  failure_reason: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  thumbnail_url: string | null;
  /** The original file, with HTTP ranges; carries an access token when the viewer needs one. */
  stream_url: string;
  /** The HLS master playlist once the ladder is ready. */
  hls_url: string | null;
  created_at: string;
  owner: MediaOwnerDto;
  is_owner: boolean;
}

export class ReelResponseDto {
  id: string;
  title: string;
  description: string | null;
  /** The handle of the account that published it. */
  created_by: string;
  username: string;
  tags: string[];
  likes: number;
  liked: boolean;
  comments: number;
  views: number;
  created_at: string;
  @ApiProperty({ enum: ['processing', 'ready', 'failed'] })
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  duration_seconds: number | null;
  thumbnail_url: string | null;
  stream_url: string;
  monetization_enabled: boolean;
  owner: MediaOwnerDto;
  is_owner: boolean;
}

export class ReelListDto {
  reels: ReelResponseDto[];
  next_cursor: string | null;
}

export class MovieResponseDto {
  id: string;
  title: string;
  description: string | null;
  year: number | null;
  /** Minutes. */
  duration: number | null;
  /** Average rating; null while nobody has rated it. */
  rating: number | null;
  genre: string[];
  @ApiProperty({ enum: ['G', 'PG', 'PG-13', 'R', 'NC-17'] })
  age_rating: 'G' | 'PG' | 'PG-13' | 'R' | 'NC-17';
  family_safe: boolean;
  is_premium: boolean;
  poster_url: string | null;
  backdrop_url: string | null;
  video_url: string | null;
  cast: string[];
  views: number;
  @ApiProperty({ enum: ['processing', 'ready', 'failed'] })
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  stream_url: string;
  created_at: string;
  is_owner: boolean;
}

export class MovieListDto {
  movies: MovieResponseDto[];
  next_cursor: string | null;
}

export class MovieUploadResponseDto {
  success: boolean;
  movie: MovieResponseDto;
}

export class ReelCommentDto {
  id: string;
  username: string;
  content: string;
  created_at: string;
}

export class ReelCommentListDto {
  comments: ReelCommentDto[];
  /** Continues after the last comment of this page; null at the end. */
  next_cursor: string | null;
}

export class CreateCommentRequestDto {
  /** 1-500 characters. */
  @Allow() content: string;
}

export class LikeStateDto {
  liked: boolean;
  likes: number;
}

export class ViewCountDto {
  views: number;
  /** False when this viewer was already counted in the last 30 minutes. */
  counted: boolean;
}

export class HeartbeatRequestDto {
  /** Seconds actually played since the last heartbeat, 1 to 60. */
  @Allow() seconds: number;
}
