import type { components } from '../../api/schema';

export type VideoDto = components['schemas']['VideoResponseDto'];
export type LikeStateDto = components['schemas']['LikeStateDto'];
export type ViewCountDto = components['schemas']['ViewCountDto'];
export type MediaOwnerDto = components['schemas']['MediaOwnerDto'];

/** Which videos a list shows: every kind, horizontal only (`is_vertical=false`) or vertical only. */
export type VideoListKind = 'all' | 'horizontal' | 'vertical';

/**
 * A list the store keeps: the public list of one kind (what everyone may see, plus the user's own in every state),
 * or `mine:<kind>`, only the signed-in user's own videos in every state (`mine=true`).
 */
export type VideoListKey = VideoListKind | `mine:${VideoListKind}`;

/** The key of the user's own videos of `kind` ("Your videos", the editor's recent uploads). */
export function mineList(kind: VideoListKind): VideoListKey {
  return `mine:${kind}`;
}

/** What the upload forms send (seed 002 §3, Video upload form). */
export interface VideoUploadInput {
  file: File | null;
  title: string;
  description: string;
  /** The home form leaves it out (seed 002 §7). */
  is_vertical?: boolean;
  monetization_enabled: boolean;
}
