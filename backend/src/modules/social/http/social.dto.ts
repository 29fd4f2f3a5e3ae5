import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional, Matches } from 'class-validator';
import { EmptyAsAbsent } from '../../../common/http/dto-rules.js';
import { PAGE_QUERY_MESSAGES, PageQueryDto } from '../../../common/http/page-query.dto.js';
import { DISCOVER_SORTS, FEED_TYPES, SEARCH_TABS } from '../domain/search-rules.js';
import { choiceMessage } from '../domain/social.errors.js';

export class DiscoverQueryDto {
  /** popular (most followed, the default), newest, or creators (creator program members). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(DISCOVER_SORTS, { message: choiceMessage('sort_by', DISCOVER_SORTS) })
  sort_by?: 'popular' | 'newest' | 'creators';

  /** How many users, as digits: 1 to 100 (a larger number gives 100; 0 or none gives 20). */
  @IsOptional()
  @Matches(/^\d+$/, { message: PAGE_QUERY_MESSAGES.limit })
  limit?: string;
}

export class FeedQueryDto extends PageQueryDto {
  /** all (the default), videos, music or podcasts. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(FEED_TYPES, { message: choiceMessage('content_type', FEED_TYPES) })
  content_type?: 'all' | 'videos' | 'music' | 'podcasts';
}

export class SearchQueryDto {
  /** What to search for: 1 to 100 characters once spaces around and repeated inside are dropped (else SEARCH.EMPTY_QUERY or SEARCH.QUERY_TOO_LONG). */
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @Allow() // checked by the search rules, which answer with their own codes
  q: string;

  /** One kind (up to `limit` results), or all (3 of each kind, the default). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['all', ...SEARCH_TABS], { message: choiceMessage('content_type', SEARCH_TABS) })
  content_type?: 'all' | 'videos' | 'music' | 'live' | 'users' | 'podcasts' | 'gaming';

  /** Results of one kind, as digits: 1 to 100 (a larger number gives 100; 0 or none gives 20). */
  @IsOptional()
  @Matches(/^\d+$/, { message: PAGE_QUERY_MESSAGES.limit })
  limit?: string;
}

export class SuggestionsQueryDto {
  /** What is being typed: 1 to 100 characters once spaces are dropped (else SEARCH.EMPTY_QUERY or SEARCH.QUERY_TOO_LONG). */
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @Allow() // checked by the search rules, which answer with their own codes
  q: string;
}

export class ContentStatsDto {
  /** Items others can see (videos and shorts now; music and podcasts as they arrive). */
  total: number;
}

export class UserCardDto {
  id: string;
  /** The same as id (seed 002 §3 names either). */
  user_id: string;
  username: string;
  full_name: string;
  photo_url: string | null;
  is_premium: boolean;
  creator_program: boolean;
  followers_count: number;
  following_count: number;
  content_stats: ContentStatsDto;
  /** Whether the signed-in viewer follows this user. */
  is_following: boolean;
  /** The card is the viewer's own. */
  is_self: boolean;
}

export class FollowResponseDto {
  following: boolean;
  message: string;
  followers_count: number;
}

export class DiscoverResponseDto {
  users: UserCardDto[];
}

export class FollowersResponseDto {
  followers: UserCardDto[];
  total: number;
  next_cursor: string | null;
}

export class FollowingResponseDto {
  following: UserCardDto[];
  total: number;
  next_cursor: string | null;
}

export class FeedItemDto {
  id: string;
  @ApiProperty({ enum: ['video', 'music', 'podcast'] })
  content_type: 'video' | 'music' | 'podcast';
  /** The item's kind in its own context: video or reel, track (a music track: `views` are its plays). */
  kind: string;
  creator_name: string;
  username: string;
  user_id: string;
  title: string;
  description: string;
  views: number;
  likes: number;
  /** When it was published (ISO 8601). */
  timestamp: string;
  thumbnail_url: string | null;
  is_vertical: boolean;
  duration_seconds: number | null;
}

export class FeedResponseDto {
  content: FeedItemDto[];
  next_cursor: string | null;
}

export class VideoSearchItemDto {
  id: string;
  /** video or reel; `track` for a music track (the music tab); `episode` for a podcast episode (the podcasts tab). */
  @ApiProperty({ enum: ['video', 'reel', 'track', 'episode'] })
  kind: string;
  title: string;
  username: string;
  user_id: string;
  /** Counted views (a music track's plays). */
  views: number;
  likes: number;
  /** The thumbnail (a music track's cover art). */
  thumbnail_url: string | null;
  is_vertical: boolean;
  duration_seconds: number | null;
  created_at: string;
  /** A music track's artist (music tab only). */
  artist?: string;
  /** A music track's album (music tab only). */
  album?: string | null;
  /** A music track's plays, as `views` (music tab only). */
  plays?: number;
  /** A music track's content type (music tab only). */
  @ApiProperty({ enum: ['audio', 'video'], required: false })
  content_type?: 'audio' | 'video';
  /** A podcast episode's show (podcasts tab only; seed 002 §2.11 Podcasts item: title, show_name, username, plays, likes). */
  show_name?: string;
}

export class UserSearchItemDto {
  id: string;
  user_id: string;
  username: string;
  full_name: string;
  followers_count: number;
  photo_url: string | null;
  is_premium: boolean;
  creator_program: boolean;
  is_following: boolean;
  is_self: boolean;
}

/** A live stream on now (seed 002 §3 Live item: title, username, viewer_count); opens at /live/{id}. */
export class LiveSearchItemDto {
  id: string;
  title: string;
  description: string;
  /** The game of a gaming stream, else null. */
  game: string | null;
  /** `created` until its first media arrives, then `live`; ended streams are never found. */
  @ApiProperty({ enum: ['created', 'live'] })
  status: 'created' | 'live';
  username: string;
  user_id: string;
  /** People watching now. */
  viewer_count: number;
  likes: number;
  is_vertical: boolean;
  super_chat_enabled: boolean;
  /** When it was started (ISO 8601). */
  created_at: string;
}

/** A tournament in the gaming tab (seed 002 §3 Gaming items, tournament-like: name, game, prize_pool). */
export class TournamentSearchItemDto {
  @ApiProperty({ enum: ['tournament'] })
  kind: 'tournament';
  id: string;
  name: string;
  game: string;
  /** The prize pool its organizer declared, in dollars with 2 decimals (Scriven collects and pays nothing). */
  @ApiProperty({ type: 'string', pattern: '^\\d+\\.\\d{2}$', example: '100.00' })
  prize_pool: string;
  @ApiProperty({ enum: ['open', 'in_progress', 'completed', 'cancelled'] })
  status: string;
}

/** A gaming stream on now in the gaming tab (seed 002 §3 Gaming items, stream-like: game_name, viewers); opens at /live/{id}. */
export class GamingStreamSearchItemDto {
  @ApiProperty({ enum: ['stream'] })
  kind: 'stream';
  id: string;
  title: string;
  /** Its game. */
  game_name: string;
  /** People watching now. */
  viewers: number;
  /** The streamer's display name. */
  username: string;
  user_id: string;
}

/** Empty lists are the kinds this server does not have yet (see `available`). */
@ApiExtraModels(TournamentSearchItemDto, GamingStreamSearchItemDto)
export class SearchResultsDto {
  videos: VideoSearchItemDto[];
  users: UserSearchItemDto[];
  /** Music tracks (kind `track`), with their music fields (seed 002 §2.11 Music item: title, artist, plays, likes, content_type). */
  music: VideoSearchItemDto[];
  live: LiveSearchItemDto[];
  /** Podcast episodes (kind `episode`), with show_name and plays. */
  podcasts: VideoSearchItemDto[];
  /** Tournaments (`kind` tournament), then gaming streams on now (`kind` stream): up to the limit of each (3 each in the 'all' tab). */
  @ApiProperty({ type: 'array', items: { oneOf: [{ $ref: getSchemaPath(TournamentSearchItemDto) }, { $ref: getSchemaPath(GamingStreamSearchItemDto) }], discriminator: { propertyName: 'kind', mapping: { tournament: getSchemaPath(TournamentSearchItemDto), stream: getSchemaPath(GamingStreamSearchItemDto) } } } })
  gaming: Array<TournamentSearchItemDto | GamingStreamSearchItemDto>;
}

export class SearchResponseDto {
  query: string;
  total_results: number;
  @ApiProperty({ enum: ['videos', 'music', 'live', 'users', 'podcasts', 'gaming'], isArray: true })
  available: string[];
  results: SearchResultsDto;
}

export class SuggestionsResponseDto {
  suggestions: string[];
}

export class TrendingItemDto {
  query: string;
  /** How many people searched it in the last 24 hours. */
  count: number;
}

export class TrendingResponseDto {
  trending: TrendingItemDto[];
}
