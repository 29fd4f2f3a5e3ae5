import type { Media, ShownStatus } from '../domain/media.js';

/** Who published an item, as it is shown beside it. */
export interface MediaOwnerView {
  account_id: string;
  user_id: string;
  display_name: string;
  handle: string;
  profile_photo_url: string | null;
}

/** A video as the API shows it to a viewer (the upload's completion answers with it too). */
export interface VideoView {
  id: string;
  title: string;
  description: string | null;
  is_vertical: boolean;
  monetization_enabled: boolean;
  views: number;
  likes: number;
  liked: boolean;
  ad_revenue: number;
  status: ShownStatus;
  failure_reason: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  thumbnail_url: string | null;
  stream_url: string;
  hls_url: string | null;
  created_at: string;
  owner: MediaOwnerView;
  is_owner: boolean;
}

/** Builds what a viewer is shown of items (access tokens in their addresses, owners, the viewer's likes). */
export interface MediaViews {
  /** A video the viewer may reach, or null. */
  videoById(id: string, viewer: string): Promise<VideoView | null>;
  videos(items: Media[], viewer: string | null): Promise<VideoView[]>;
  thumbnailUrl(m: Media, viewer: string | null): string | null;
  /** Where the item plays and its thumbnail as its owner is given them (the moderation queue's preview). */
  ownerPlayback(m: Media): { streamUrl: string; thumbnailUrl: string | null };
}

export const MEDIA_VIEWS = Symbol('MediaViews');
