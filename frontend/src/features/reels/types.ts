import type { components } from '../../api/schema';

export type ReelDto = components['schemas']['ReelResponseDto'];
export type ReelCommentDto = components['schemas']['ReelCommentDto'];

/**
 * One of the built-in samples (never sent to the server): it has no likes to count, so it carries no like count
 * (never an invented one).
 */
export type SampleReel = Omit<ReelDto, 'likes'> & { likes: null; sample: true };

/** A reel as the screens show it: from the server, or one of the built-in samples. */
export type Reel = (ReelDto & { sample?: undefined }) | SampleReel;
export type ReelComment = ReelCommentDto & { sample?: true };

/** What the Upload tab sends (seed 002 §7 Reels). */
export interface ReelUploadInput {
  file: File | null;
  title: string;
  description: string;
  tags: string[];
  monetization_enabled: boolean;
}
