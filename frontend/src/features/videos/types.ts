import type { components } from '../../api/schema';

export type VideoDto = components['schemas']['VideoResponseDto'];
export type LikeStateDto = components['schemas']['LikeStateDto'];
export type ViewCountDto = components['schemas']['ViewCountDto'];
export type MediaOwnerDto = components['schemas']['MediaOwnerDto'];

/** Which videos a list shows: every kind, horizontal only (`is_vertical=false`) or vertical only. */
export type VideoListKind = 'all' | 'horizontal' | 'vertical';

/** What the upload forms send (seed 002 §3, Video upload form). */
export interface VideoUploadInput {
  file: File | null;
  title: string;
  description: string;
  /** The home form leaves it out (seed 002 §7). */
  is_vertical?: boolean;
  monetization_enabled: boolean;
}
