import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { BooleanText, EmptyAsAbsent, NotAfterYearsAhead, Trimmed, WholeNumberText, lengthMessage } from '../../../common/http/dto-rules.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { COMMENT_MAX, COMMENT_MESSAGES } from '../domain/comment.js';
import { AGE_RATINGS, MEDIA_LIMITS, MEDIA_MESSAGES } from '../domain/media-rules.js';
import { RATING_MESSAGES, STARS } from '../domain/movie-rating.js';
import { CastList } from './cast-list.rule.js';
import { SHOWN_STATUSES, type ShownStatus } from '../domain/media.js';

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
  /** Media removed by moderation is never shown: such an item answers 404 to everyone, its owner included. */
  @ApiProperty({ enum: SHOWN_STATUSES })
  status: ShownStatus;
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
  /** Media removed by moderation is never shown: such an item answers 404 to everyone, its owner included. */
  @ApiProperty({ enum: SHOWN_STATUSES })
  status: ShownStatus;
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
  /** The mean of viewers' ratings (1 to 5 stars, two decimals); null while nobody has rated it. */
  rating: number | null;
  /** How many viewers rated it. */
  @ApiProperty({ type: 'integer' })
  rating_count: number;
  /** The signed-in viewer's own rating (1 to 5); null when they have not rated it, and for visitors. */
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 5 })
  my_rating: number | null;
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
  /** Media removed by moderation is never shown: such an item answers 404 to everyone, its owner included. */
  @ApiProperty({ enum: SHOWN_STATUSES })
  status: ShownStatus;
  failure_reason: string | null;
  /** The original file, with HTTP ranges; carries the signed-in viewer's access token. */
  stream_url: string;
  /** The HLS master playlist once the movie's ladder is ready (with the same access token); null for movies without one, which play stream_url. */
  hls_url: string | null;
  /** Where the signed-in viewer stopped, in whole seconds (from their heartbeats); null for visitors and movies they have not played. */
  @ApiProperty({ type: 'integer', nullable: true })
  position_seconds: number | null;
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
  /** The signed-in caller wrote it (under any of their channels); false for visitors. */
  is_mine: boolean;
}

export class ReelCommentListDto {
  comments: ReelCommentDto[];
  /** Continues after the last comment of this page; null at the end. */
  next_cursor: string | null;
}

export class CreateCommentRequestDto {
  /** 1-500 characters, not blank (spaces around it are dropped). */
  @Trimmed()
  @Length(1, COMMENT_MAX, { message: lengthMessage(COMMENT_MESSAGES.empty, COMMENT_MESSAGES.tooLong) })
  content: string;
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
  @ApiProperty({ type: 'integer' })
  @WholeNumberText()
  @Max(60, { message: MEDIA_MESSAGES.heartbeat })
  @Min(1, { message: MEDIA_MESSAGES.heartbeat })
  @IsInt({ message: MEDIA_MESSAGES.heartbeat })
  seconds: number;

  /** Where playback is, in whole seconds from the start: feeds Continue watching and resuming on another device. */
  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @WholeNumberText()
  @Max(MEDIA_LIMITS.maxPositionSeconds, { message: MEDIA_MESSAGES.position })
  @Min(0, { message: MEDIA_MESSAGES.position })
  @IsInt({ message: MEDIA_MESSAGES.position })
  position?: number;
}

export class VideosQueryDto extends PageQueryDto {
  /** Only vertical (true) or only horizontal (false) videos. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['true', 'false'], { message: 'is_vertical must be true or false' })
  is_vertical?: 'true' | 'false';

  /** Only the signed-in user's own videos, in every state (401 without a user token). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['true', 'false'], { message: 'mine must be true or false' })
  mine?: 'true' | 'false';
}

export class ReelsQueryDto extends PageQueryDto {
  /** Only the signed-in user's own reels, in every state (401 without a user token). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['true', 'false'], { message: 'mine must be true or false' })
  mine?: 'true' | 'false';
}

/** A one-request video upload (multipart/form-data; the fields may come before or after the file). */
export class VideoUploadFormDto {
  /** The video: MP4, MOV, WebM, MKV or AVI, judged by its bytes. The field may also be named `video`. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;

  /** Required, at most 200 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, MEDIA_LIMITS.title, { message: lengthMessage(MEDIA_MESSAGES.videoTitle, MEDIA_MESSAGES.titleLength) })
  title: string;

  /** At most 5000 characters. */
  @IsOptional()
  @Trimmed()
  @MaxLength(MEDIA_LIMITS.description, { message: MEDIA_MESSAGES.descriptionLength })
  description?: string;

  /** true or false (also 1/0, on/off); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: MEDIA_MESSAGES.flag('is_vertical') })
  is_vertical?: boolean;

  /** Creator program members only (403 otherwise); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: MEDIA_MESSAGES.flag('monetization_enabled') })
  monetization_enabled?: boolean;
}

/** A reel upload (multipart/form-data): a video up to 268435456 bytes and its fields. */
export class ReelUploadFormDto {
  /** The video: MP4, MOV, WebM, MKV or AVI, judged by its bytes, at most 268435456 bytes. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;

  /** Required, at most 100 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, MEDIA_LIMITS.reelTitle, { message: lengthMessage(MEDIA_MESSAGES.reelTitle, MEDIA_MESSAGES.reelTitleLength) })
  title: string;

  /** At most 500 characters. */
  @IsOptional()
  @Trimmed()
  @MaxLength(MEDIA_LIMITS.reelDescription, { message: MEDIA_MESSAGES.reelDescriptionLength })
  description?: string;

  /** Hashtags as a JSON list of words (trimmed, # dropped, lower-cased, de-duplicated); "a, b" is read too. */
  @IsOptional()
  @IsString({ message: MEDIA_MESSAGES.tags })
  tags?: string;

  /** Creator program members only (403 otherwise); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: MEDIA_MESSAGES.flag('monetization_enabled') })
  monetization_enabled?: boolean;
}

/** A movie upload (multipart/form-data): the file and its details (seed 000 §5). */
export class MovieUploadFormDto {
  /** The movie: MP4, MOV, WebM, MKV or AVI, judged by its bytes. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;

  /** Required, at most 200 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, MEDIA_LIMITS.title, { message: lengthMessage(MEDIA_MESSAGES.movieTitle, MEDIA_MESSAGES.titleLength) })
  title: string;

  /** At most 5000 characters. */
  @IsOptional()
  @Trimmed()
  @MaxLength(MEDIA_LIMITS.description, { message: MEDIA_MESSAGES.descriptionLength })
  description?: string;

  /** A JSON list of at most 3 of Action, Adventure, Animation, Comedy, Crime, Documentary, Drama, Family, Fantasy, Horror, Musical, Mystery, Romance, Sci-Fi, Thriller, War, Western (any case). */
  @IsOptional()
  @IsString({ message: MEDIA_MESSAGES.genres })
  genre?: string;

  /** 1900 to the current year + 5, as digits. */
  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @WholeNumberText()
  @NotAfterYearsAhead(5, { message: () => MEDIA_MESSAGES.year(new Date().getUTCFullYear() + 5) })
  @Min(1900, { message: () => MEDIA_MESSAGES.year(new Date().getUTCFullYear() + 5) })
  @IsInt({ message: () => MEDIA_MESSAGES.year(new Date().getUTCFullYear() + 5) })
  year?: number;

  /** Minutes, 1 to 1000, as digits. */
  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @WholeNumberText()
  @Max(1000, { message: MEDIA_MESSAGES.duration })
  @Min(1, { message: MEDIA_MESSAGES.duration })
  @IsInt({ message: MEDIA_MESSAGES.duration })
  duration?: number;

  /** Default PG. */
  @ApiProperty({ enum: ['G', 'PG', 'PG-13', 'R', 'NC-17'], required: false })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(AGE_RATINGS, { message: MEDIA_MESSAGES.ageRating })
  age_rating?: 'G' | 'PG' | 'PG-13' | 'R' | 'NC-17';

  /** Default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: MEDIA_MESSAGES.flag('is_premium') })
  is_premium?: boolean;

  /** Default true. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: MEDIA_MESSAGES.flag('family_safe') })
  family_safe?: boolean;

  /** The cast, as a JSON list of names (as genre): at most 30, each at most 100 characters, no control characters; blanks and repeats are dropped. */
  @IsOptional()
  @IsString({ message: MEDIA_MESSAGES.cast })
  @CastList()
  cast?: string;
}

/** A viewer's rating of a movie. */
export class RateMovieRequestDto {
  /** 1 to 5 stars, a whole number. */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 })
  @WholeNumberText()
  @Max(STARS.max, { message: RATING_MESSAGES.stars })
  @Min(STARS.min, { message: RATING_MESSAGES.stars })
  @IsInt({ message: RATING_MESSAGES.stars })
  stars: number;
}

/** A movie's rating after a change: the new average and count, and the caller's own rating. */
export class MovieRatingDto {
  /** The mean of viewers' ratings (two decimals); null when nobody has rated it. */
  rating: number | null;
  @ApiProperty({ type: 'integer' })
  rating_count: number;
  /** The caller's rating; null after they removed it. */
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 5 })
  my_rating: number | null;
}
