import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { BooleanText, EmptyAsAbsent, Trimmed } from '../../../common/http/dto-rules.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { MUSIC_CONTENT_TYPES, MUSIC_GENRES, MUSIC_LIMITS, MUSIC_MESSAGES, type MusicContentType, type MusicGenre, TRACK_SORTS, type TrackSort } from '../domain/music.js';
import { SHOWN_STATUSES, type ShownStatus } from '../domain/media.js';

export class MusicTracksQueryDto extends PageQueryDto {
  /** Only audio tracks, or only music videos. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(MUSIC_CONTENT_TYPES, { message: MUSIC_MESSAGES.contentType })
  content_type?: MusicContentType;

  /** Only tracks of this genre (Discover's by-genre lists). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(MUSIC_GENRES, { message: MUSIC_MESSAGES.genre })
  genre?: MusicGenre;

  /** newest (the default) or popular (most played first; Discover). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(TRACK_SORTS, { message: 'sort must be newest or popular' })
  sort?: TrackSort;
}

export class MusicOwnerDto {
  handle: string;
  display_name: string;
}

/** Seed 002 §3 "Music track", plus what a player and a card need. */
export class MusicTrackDto {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  @ApiProperty({ enum: MUSIC_GENRES })
  genre: string;
  @ApiProperty({ enum: MUSIC_CONTENT_TYPES })
  content_type: MusicContentType;
  monetization_enabled: boolean;
  /** Counted plays (once per listener per 30 s of listening). */
  plays: number;
  likes: number;
  /** Whether the signed-in caller likes it. */
  liked: boolean;
  duration_seconds: number | null;
  /** The cover art (a picture in the file), or a music video's frame; null when there is none. */
  cover_url: string | null;
  /** The audio (the web rendition of a lossless source, else the original), with ranges. */
  stream_url: string;
  /** A music video's HLS ladder; null for audio. */
  hls_url: string | null;
  @ApiProperty({ enum: SHOWN_STATUSES })
  status: ShownStatus;
  /** Why processing failed (the owner only). */
  failure_reason: string | null;
  created_at: string;
  owner: MusicOwnerDto;
  is_owner: boolean;
}

export class MusicTrackDetailDto extends MusicTrackDto {
  /** About 200 waveform peaks, 0 to 100, computed once when processed; null before. */
  @ApiProperty({ type: [Number], nullable: true })
  peaks: number[] | null;
}

export class MusicTrackListDto {
  tracks: MusicTrackDto[];
  next_cursor: string | null;
}

/** The music upload (multipart/form-data; the fields may come before or after the file). */
export class MusicUploadFormDto {
  /** Audio (MP3, AAC/M4A, FLAC, Ogg/Opus, WAV) or, with content_type video, a video (MP4, MOV, WebM, MKV, AVI), judged by its bytes. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;

  /** Required, at most 200 characters. */
  @IsOptional()
  @IsString()
  @Trimmed()
  @MaxLength(MUSIC_LIMITS.title, { message: MUSIC_MESSAGES.titleLength })
  title?: string;

  /** Required, at most 200 characters. */
  @IsOptional()
  @IsString()
  @Trimmed()
  @MaxLength(MUSIC_LIMITS.artist, { message: MUSIC_MESSAGES.artistLength })
  artist?: string;

  /** Optional; when empty, the file's album tag fills it once processed. */
  @IsOptional()
  @IsString()
  @Trimmed()
  @MaxLength(MUSIC_LIMITS.album, { message: MUSIC_MESSAGES.albumLength })
  album?: string;

  /** One of Pop, Rock, Electronic, Hip-Hop, Classical, Jazz, Country, R&B; default Pop. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(MUSIC_GENRES, { message: MUSIC_MESSAGES.genre })
  genre?: string;

  /** audio (default) or video (a music video). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(MUSIC_CONTENT_TYPES, { message: MUSIC_MESSAGES.contentType })
  content_type?: MusicContentType;

  /** Creator program members only (403 otherwise); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: 'monetization_enabled must be true or false' })
  monetization_enabled?: boolean;
}

export class MusicLikeDto {
  liked: boolean;
  likes: number;
}

/**
 * Listening reported by the player: the seconds heard since its last report (1 to 60; credited at most the time since
 * the previous report, plus 2 s). Rule: a play counts once the listener (the signed-in user, else the visitor's address
 * as for video views) has heard 30 seconds of the track, once per play-through: their next play of it counts when the
 * track's length (at least 30 s) has passed since their last counted one. Seconds beyond 30 before a play can count are
 * not banked. (Navidrome counts at the earlier of half the track or 4 minutes; 30 s counts short tracks and long
 * mixes alike.) A monetized track's listening by a signed-in listener (not its owner) is watch time, which feeds the
 * premium pool as videos' does. At most ENGAGEMENT_LIMIT_PER_MINUTE reports a minute per listener (429).
 */
export class MusicPlayRequestDto {
  @ApiProperty({ minimum: 1, maximum: 60 })
  @Allow()
  seconds_listened: number;
}

export class MusicPlayDto {
  plays: number;
  /** Whether this report counted a play. */
  counted: boolean;
}

export class PlaylistCreateDto {
  /** 1 to 100 characters. */
  @ApiProperty({ minLength: 1, maxLength: MUSIC_LIMITS.playlistName })
  @IsString({ message: MUSIC_MESSAGES.playlistName })
  @Trimmed()
  @Length(1, MUSIC_LIMITS.playlistName, { message: MUSIC_MESSAGES.playlistName })
  name: string;

  /** Default false (private). */
  @IsOptional()
  @IsBoolean({ message: 'is_public must be true or false' })
  is_public?: boolean;
}

export class PlaylistUpdateDto {
  /** 1 to 100 characters. */
  @ApiProperty({ required: false, minLength: 1, maxLength: MUSIC_LIMITS.playlistName })
  @IsOptional()
  @IsString({ message: MUSIC_MESSAGES.playlistName })
  @Trimmed()
  @Length(1, MUSIC_LIMITS.playlistName, { message: MUSIC_MESSAGES.playlistName })
  name?: string;

  @IsOptional()
  @IsBoolean({ message: 'is_public must be true or false' })
  is_public?: boolean;
}

export class PlaylistAddTrackDto {
  @IsUUID('all', { message: 'track_id must be a track id' })
  track_id: string;
}

export class PlaylistReorderDto {
  /** Exactly the playlist's track ids, each once, in the new order. */
  @IsArray({ message: MUSIC_MESSAGES.notPermutation })
  @ArrayMaxSize(MUSIC_LIMITS.playlistTracks, { message: MUSIC_MESSAGES.notPermutation })
  @IsUUID('all', { each: true, message: MUSIC_MESSAGES.notPermutation })
  @Type(() => String)
  track_ids: string[];
}

/** Seed 002 §3 "Playlist". */
export class PlaylistDto {
  id: string;
  name: string;
  track_ids: string[];
  is_public: boolean;
  created_at: string;
  updated_at: string;
}

export class PlaylistDetailDto extends PlaylistDto {
  /** The tracks the caller may see, in the playlist's order. */
  tracks: MusicTrackDto[];
}

export class PlaylistListDto {
  playlists: PlaylistDto[];
}
