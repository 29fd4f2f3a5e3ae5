import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsInt, Min, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { BooleanText, EmptyAsAbsent, Trimmed } from '../../../common/http/dto-rules.js';
import { PAGE_QUERY_MESSAGES } from '../../../common/http/page-query.dto.js';
import { SHOWN_STATUSES, type ShownStatus } from '../domain/media.js';
import { PODCAST_CATEGORIES, PODCAST_LIMITS, PODCAST_MESSAGES, type PodcastCategory } from '../domain/podcast.js';

export class PodcastEpisodesQueryDto {
  /** Only episodes of this category (seed 002 §9). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(PODCAST_CATEGORIES, { message: PODCAST_MESSAGES.category })
  category?: PodcastCategory;

  /** Only episodes of this show (its id). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsUUID('all', { message: 'show must be a show id' })
  show?: string;

  /** 1 to 100 (default 50; no cursor: the newest episodes). */
  @IsOptional()
  @Matches(/^\d+$/, { message: PAGE_QUERY_MESSAGES.limit })
  limit?: string;
}

export class PodcastOwnerDto {
  handle: string;
  display_name: string;
}

/** Seed 002 §3 "Podcast episode", plus what a player and a card need. */
export class PodcastEpisodeDto {
  id: string;
  title: string;
  description: string | null;
  show_id: string;
  show_name: string;
  @ApiProperty({ enum: PODCAST_CATEGORIES })
  category: string;
  /** Counted plays (once per listener per 30 s of listening, as music). */
  plays: number;
  /** IAB 2.1 downloads of the enclosure (their own figure; they do not add to plays). */
  downloads: number;
  likes: number;
  liked: boolean;
  created_at: string;
  episode_number: number | null;
  season_number: number;
  duration_seconds: number | null;
  cover_url: string | null;
  stream_url: string;
  monetization_enabled: boolean;
  @ApiProperty({ enum: SHOWN_STATUSES })
  status: ShownStatus;
  failure_reason: string | null;
  owner: PodcastOwnerDto;
  is_owner: boolean;
}

export class PodcastEpisodeListDto {
  episodes: PodcastEpisodeDto[];
}

/** Seed 002 §3 "Podcast category". */
export class PodcastCategoryDto {
  @ApiProperty({ enum: PODCAST_CATEGORIES })
  category: string;
  episode_count: number;
}

export class PodcastCategoryListDto {
  categories: PodcastCategoryDto[];
}

export class PodcastLatestEpisodeDto {
  id: string;
  title: string;
  created_at: string;
}

/** Seed 002 §3 "Podcast show", plus its id and its public RSS feed's address. */
export class PodcastShowDto {
  id: string;
  show_name: string;
  creator_name: string;
  creator_handle: string;
  @ApiProperty({ enum: PODCAST_CATEGORIES })
  category: string;
  episode_count: number;
  total_plays: number;
  latest_episode: PodcastLatestEpisodeDto | null;
  /** The public RSS 2.0 feed (absolute). */
  feed_url: string;
  is_owner: boolean;
}

export class PodcastShowListDto {
  shows: PodcastShowDto[];
}

export class PodcastShowDetailDto extends PodcastShowDto {
  /** Whether the signed-in caller is subscribed to this show's name. */
  subscribed: boolean;
  episodes: PodcastEpisodeDto[];
}

export class PodcastSubscribeRequestDto {
  /** A show's name (any creator's, ignoring case). */
  @IsString({ message: 'Please enter a show name' })
  @Trimmed()
  @MaxLength(PODCAST_LIMITS.showName, { message: PODCAST_MESSAGES.showNameLength })
  show_name: string;
}

export class PodcastSubscribeDto {
  message: string;
  subscribed: boolean;
}

export class PodcastSubscriptionsDto {
  /** The subscribed show names (normalised: lower case). */
  show_names: string[];
  /** The shows of those names. */
  shows: PodcastShowDto[];
}

export class PodcastDayDto {
  /** A UTC date, YYYY-MM-DD. */
  date: string;
  plays: number;
}

/** Seed 002 §3 "Podcast analytics" over the caller's shows, plus downloads and plays per day. */
export class PodcastAnalyticsDto {
  total_episodes: number;
  total_plays: number;
  total_likes: number;
  /** Other users subscribed to a name of the caller's shows. */
  total_subscribers: number;
  total_downloads: number;
  @ApiProperty({ minimum: 1, maximum: 10 })
  podcast_level: number;
  achievements: string[];
  /** The last 90 UTC days, oldest first, zeros included. */
  plays_per_day: PodcastDayDto[];
  shows: PodcastShowDto[];
}

/** The podcast upload (multipart/form-data; the fields may come before or after the file). */
export class PodcastUploadFormDto {
  /** Audio (MP3, AAC/M4A, Ogg/Opus, FLAC, WAV), judged by its bytes. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;

  /** Required, at most 200 characters. */
  @IsOptional()
  @IsString()
  @Trimmed()
  @MaxLength(PODCAST_LIMITS.title, { message: PODCAST_MESSAGES.titleLength })
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(PODCAST_LIMITS.description, { message: PODCAST_MESSAGES.descriptionLength })
  description?: string;

  /** Required, at most 200 characters; the creator's show of that name (made on its first episode). */
  @IsOptional()
  @IsString()
  @Trimmed()
  @MaxLength(PODCAST_LIMITS.showName, { message: PODCAST_MESSAGES.showNameLength })
  show_name?: string;

  /** One of seed 002 §9's categories; default General. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(PODCAST_CATEGORIES, { message: PODCAST_MESSAGES.category })
  category?: string;

  /** A whole number ≥ 1; default 1. */
  @IsOptional()
  @EmptyAsAbsent()
  @Matches(/^\d{1,6}$/, { message: PODCAST_MESSAGES.episodeNumber })
  episode_number?: string;

  /** A whole number ≥ 1; default 1. */
  @IsOptional()
  @EmptyAsAbsent()
  @Matches(/^\d{1,6}$/, { message: PODCAST_MESSAGES.seasonNumber })
  season_number?: string;

  /** Creator program members only (403 otherwise); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: 'monetization_enabled must be true or false' })
  monetization_enabled?: boolean;
}

export class PodcastLikeDto {
  liked: boolean;
  likes: number;
}

/** The seconds heard since the last report (1 to 60): the music rule (a play per 30 s of listening per listener). */
export class PodcastPlayRequestDto {
  @ApiProperty({ minimum: 1, maximum: 60 })
  @Allow()
  seconds_listened: number;
}

export class PodcastPlayDto {
  plays: number;
  counted: boolean;
}

/** Where the listener is in an episode (PUT /api/podcasts/episode/{id}/progress). */
export class PodcastProgressRequestDto {
  /** Whole seconds from the start, 0 to the episode's length; within 5 s of the end the episode is heard to the end. */
  @ApiProperty({ minimum: 0 })
  @IsInt({ message: PODCAST_MESSAGES.position })
  @Min(0, { message: PODCAST_MESSAGES.position })
  position_seconds: number;
}

/** The caller's resume point in an episode. */
export class PodcastProgressDto {
  @ApiProperty({ format: 'uuid' })
  episode_id: string;
  /** Where to resume (0: from the start). */
  position_seconds: number;
  /** Heard to the end, and not started again since (position_seconds is then 0). */
  completed: boolean;
  /** When it was last saved; null when the caller has never played it. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updated_at: string | null;
}

export class PodcastContinueItemDto {
  episode: PodcastEpisodeDto;
  position_seconds: number;
  @ApiProperty({ type: String, format: 'date-time' })
  updated_at: string;
}

/** Episodes the caller stopped part-way through, most recent first (at most 20). */
export class PodcastContinueListeningDto {
  @ApiProperty({ type: [PodcastContinueItemDto] })
  items: PodcastContinueItemDto[];
}
