import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min } from 'class-validator';
import { BooleanText, EmptyAsAbsent, lengthMessage, Trimmed, WholeNumberText } from '../../../common/http/dto-rules.js';
import { LIVE_MESSAGES as M } from '../domain/live.errors.js';
import type { LiveStatus } from '../domain/live-stream.js';
import { SUPER_CHAT_COLORS, SUPER_CHAT_PACKAGE_IDS, type SuperChatColor, type SuperChatPackageId } from '../domain/super-chat.js';
import { DESCRIPTION_MAX, GAME_MAX, MESSAGE_MAX, SLOW_MODE_MAX_SECONDS, TIMEOUT_MAX_SECONDS, TIMEOUT_MIN_SECONDS, TITLE_MAX } from '../domain/live.rules.js';

const LIVE_STATUSES: LiveStatus[] = ['created', 'live', 'ended'];

/** Go Live (seed 002 §2.7): JSON, urlencoded or multipart, read with formDto. */
export class StartLiveStreamRequestDto {
  /** Required, non-blank, at most 100 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: M.titleRequired })
  @Length(1, TITLE_MAX, { message: lengthMessage(M.titleRequired, M.titleTooLong) })
  title: string;

  /** Optional, at most 5000 characters. */
  @IsOptional()
  @Trimmed()
  @IsString({ message: M.descriptionTooLong })
  @MaxLength(DESCRIPTION_MAX, { message: M.descriptionTooLong })
  description?: string | null;

  /** true or false (also 1/0, on/off); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('is_vertical') })
  is_vertical?: boolean;

  /** Whether viewers may send Super Chats; default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('super_chat_enabled') })
  super_chat_enabled?: boolean;

  /** Whether the recording becomes a video of yours when the stream ends (processed like an upload); default true. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('record') })
  record?: boolean;
}

/** Go Live with a game (a gaming stream): JSON, urlencoded or multipart, read with formDto. */
export class StartGamingStreamRequestDto {
  /** Required, non-blank, at most 100 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: M.titleRequired })
  @Length(1, TITLE_MAX, { message: lengthMessage(M.titleRequired, M.titleTooLong) })
  title: string;

  /** The game being played: required, non-blank, at most 100 characters. */
  @Trimmed()
  @IsString({ message: M.gameRequired })
  @Length(1, GAME_MAX, { message: lengthMessage(M.gameRequired, M.gameTooLong) })
  game: string;

  /** Optional, at most 5000 characters. */
  @IsOptional()
  @Trimmed()
  @IsString({ message: M.descriptionTooLong })
  @MaxLength(DESCRIPTION_MAX, { message: M.descriptionTooLong })
  description?: string | null;

  /** true or false (also 1/0, on/off); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('is_vertical') })
  is_vertical?: boolean;

  /** Whether viewers may send Super Chats; default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('super_chat_enabled') })
  super_chat_enabled?: boolean;

  /** Whether the recording becomes a video of yours when the stream ends; default true. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: M.flag('record') })
  record?: boolean;
}

/** A chat message: JSON, urlencoded or multipart (the seed's form field `message`). */
export class SendLiveCommentRequestDto {
  /** Non-blank, at most 500 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: M.messageRequired })
  @Length(1, MESSAGE_MAX, { message: lengthMessage(M.messageRequired, M.messageTooLong) })
  message: string;
}

export class SetSlowModeRequestDto {
  /** Seconds between one viewer's messages: 0 turns slow mode off; at most 3600. The streamer is never slowed. */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: SLOW_MODE_MAX_SECONDS })
  @WholeNumberText()
  @IsInt({ message: M.slowMode })
  @Min(0, { message: M.slowMode })
  @Max(SLOW_MODE_MAX_SECONDS, { message: M.slowMode })
  seconds: number;
}

export class TimeOutChatterRequestDto {
  /** The user to time out (a comment's `user_id`). */
  @Trimmed()
  @IsUUID('all', { message: M.userId })
  user_id: string;

  /** How long: 10 seconds to 24 hours. */
  @ApiProperty({ type: 'integer', minimum: TIMEOUT_MIN_SECONDS, maximum: TIMEOUT_MAX_SECONDS })
  @WholeNumberText()
  @IsInt({ message: M.timeoutSeconds })
  @Min(TIMEOUT_MIN_SECONDS, { message: M.timeoutSeconds })
  @Max(TIMEOUT_MAX_SECONDS, { message: M.timeoutSeconds })
  seconds: number;
}

export class ListLiveStreamsQueryDto {
  /** How many streams, 1 to 100 (default 50). */
  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 100 })
  @IsOptional()
  @EmptyAsAbsent()
  @WholeNumberText()
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;

  /** Only this user's stream on now (none or one): how a creator's page finds their own open stream again. */
  @ApiProperty({ required: false, format: 'uuid' })
  @IsOptional()
  @EmptyAsAbsent()
  @IsUUID('all', { message: M.userId })
  user_id?: string;
}

/** A live stream (seed 002 §3: id, title, description, is_vertical, super_chat_enabled, super_chat_revenue, viewer_count, likes, username). */
export class LiveStreamDto {
  id: string;
  title: string;
  description: string;
  is_vertical: boolean;
  super_chat_enabled: boolean;
  /** Gross Super Chat revenue in dollars (what viewers paid in Super Chats to this stream), from the ledger. */
  super_chat_revenue: number;
  /** Pages with the stream open now: each signed-in user once, each visitor's page once; the streamer not counted. */
  viewer_count: number;
  likes: number;
  /** The streamer's display name. */
  username: string;
  /** The streamer's user id. */
  user_id: string;
  /** created (started, no media yet), live (media arriving), ended. */
  @ApiProperty({ enum: LIVE_STATUSES })
  status: LiveStatus;
  /** Whether the caller likes it (false for visitors). */
  liked: boolean;
  /** Seconds between one viewer's chat messages; 0 when slow mode is off. */
  slow_mode_seconds: number;
  created_at: string;
  /** Whether the recording becomes a video of the streamer when the stream ends. */
  record: boolean;
  /** The video the recording became, once the stream ended and it was published; null before or without recording. */
  recording_video_id: string | null;
  /** When its first media arrived; null before. */
  live_at: string | null;
  ended_at: string | null;
  /** The realtime room its pages follow over /api/realtime (`live:<id>`): chat, viewers, likes, moderation, Super Chats. */
  room: string;
  /** The game of a gaming stream (POST /api/gaming/start-stream); null for other streams. */
  @ApiProperty({ type: 'string', nullable: true })
  game: string | null;
}

/** A live chat message (seed 002 §3 Live comment: id, username, message). */
export class LiveCommentDto {
  id: string;
  /** The sender's display name when they sent it. */
  username: string;
  message: string;
  /** The sender (what the streamer times out). */
  user_id: string;
  created_at: string;
}

export class LiveJoinDto {
  stream: LiveStreamDto;
  /** The newest 50 chat messages, newest first. */
  @ApiProperty({ type: [LiveCommentDto] })
  messages: LiveCommentDto[];
}

export class LiveCommentsDto {
  /** The newest 50 chat messages, newest first. */
  @ApiProperty({ type: [LiveCommentDto] })
  messages: LiveCommentDto[];
}

/** A paid Super Chat (seed 002 §3 Super chat), highlighted in its package's colour and pinned until `pinned_until`. */
export class SuperChatDto {
  id: string;
  /** The sender's display name when they paid. */
  username: string;
  /** What was paid, in dollars (1.99, 4.99, 9.99 or 24.99). */
  amount: number;
  message: string;
  /** small blue, medium green, large red, mega gold. */
  @ApiProperty({ enum: SUPER_CHAT_COLORS })
  color: SuperChatColor;
  @ApiProperty({ enum: SUPER_CHAT_PACKAGE_IDS })
  package_id: SuperChatPackageId;
  /** The sender. */
  user_id: string;
  /** When it was paid. */
  created_at: string;
  /** Until when it stays pinned at the top of the chat: 60 s (small), 120 s (medium), 300 s (large), 600 s (mega) after it was paid. */
  pinned_until: string;
}

export class LiveSuperChatsDto {
  /** The newest 100, newest first. */
  @ApiProperty({ type: [SuperChatDto] })
  super_chats: SuperChatDto[];
  /** Gross Super Chat revenue of the stream in dollars, from the ledger. */
  super_chat_revenue: number;
}

export class LiveLikeDto {
  liked: boolean;
  likes: number;
}

export class LiveCommentDeletedDto {
  id: string;
  deleted: boolean;
}

export class LiveTimeoutDto {
  user_id: string;
  /** When the timeout ends. */
  until: string;
}

/** Your RTMP stream key and where OBS (or ffmpeg) sends to: `<server_url>/<stream_key>`. */
export class LiveStreamKeyDto {
  /** Paste into OBS's Stream key. Secret: anyone with it can stream as you (regenerate it if it leaked). */
  stream_key: string;
  /** OBS's Server (rtmp://<host>:<port>/live); null while RTMP ingest is off (LIVE_RTMP_PORT=0). */
  @ApiProperty({ type: 'string', nullable: true })
  server_url: string | null;
}

/** A blocking playlist reload (LL-HLS): answered once the playlist holds segment `_HLS_msn` (and part `_HLS_part`). */
export class LivePlaylistQueryDto {
  @ApiProperty({ required: false, type: 'integer', minimum: 0 })
  @IsOptional()
  @WholeNumberText()
  @IsInt({ message: '_HLS_msn must be a whole number' })
  @Min(0, { message: '_HLS_msn must be a whole number' })
  _HLS_msn?: number;

  @ApiProperty({ required: false, type: 'integer', minimum: 0 })
  @IsOptional()
  @WholeNumberText()
  @IsInt({ message: '_HLS_part must be a whole number' })
  @Min(0, { message: '_HLS_part must be a whole number' })
  _HLS_part?: number;
}
