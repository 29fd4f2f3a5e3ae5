import { LiveStreamDto } from './live.dto.js';

/**
 * A gaming stream: a live stream (every LiveStreamDto field, `game` set) with seed 002 §3's Gaming stream fields
 * (id, title, game, description, streamer_name, viewers) under their own names.
 */
export class GamingStreamDto extends LiveStreamDto {
  /** The streamer's display name (the same as `username`). */
  streamer_name: string;
  /** Pages with the stream open now (the same as `viewer_count`). */
  viewers: number;
}
