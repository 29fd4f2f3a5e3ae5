/**
 * What can be reported, in one place: a kind of content is one line here (what a report and a decision may do with
 * it) and one resolver in infrastructure/content-directory.ts (how to find it, show it, remove and restore it).
 */
export const CONTENT_KINDS = {
  video: { timestamps: true, removable: true, files: true, noun: 'video' },
  reel: { timestamps: true, removable: true, files: true, noun: 'reel' },
  movie: { timestamps: true, removable: true, files: true, noun: 'movie' },
  /** A music track (audio or a music video). */
  track: { timestamps: true, removable: true, files: true, noun: 'track', feature: 'music' },
  /** A podcast episode. */
  episode: { timestamps: true, removable: true, files: true, noun: 'episode', feature: 'podcasts' },
  comment: { timestamps: false, removable: true, files: false, noun: 'comment' },
  /** A channel (profile, /c/:handle), reported by its account id: its owner can be struck, never removed. */
  user: { timestamps: false, removable: false, files: false, noun: 'profile' },
  /** A live stream (open or ended): removing it ends it at once and for good, and its recording is never published (or its video is taken down too). */
  live_stream: { timestamps: false, removable: true, files: false, noun: 'live stream', feature: 'live' },
  /** A message of a live stream's chat: removing it deletes it from the chat. */
  live_chat_message: { timestamps: false, removable: true, files: false, noun: 'live chat message', feature: 'live' },
  /**
   * A gaming community post: removing it hides it from every list, its page and its comments. It is kept while a
   * strike can be appealed (overturning brings it back), then deleted for good: `files` is that keeping, as for media.
   */
  community_post: { timestamps: false, removable: true, files: true, noun: 'community post', feature: 'gaming' },
} as const satisfies Record<string, ContentKindTraits>;

export interface ContentKindTraits {
  /** A report may point at a moment of it (timestamp_seconds). */
  timestamps: boolean;
  /** A decision may take it down. */
  removable: boolean;
  /** It has files (original, HLS, thumbnail) kept while a strike can be appealed, then purged. */
  files: boolean;
  noun: string;
  /**
   * The feature flag the kind belongs to: while it is off nobody can report the kind (the refusal every switched-off
   * route gives); cases already open are still decided.
   */
  feature?: 'live' | 'gaming' | 'music' | 'podcasts';
}

export type ContentType = keyof typeof CONTENT_KINDS;
export const CONTENT_TYPES = Object.keys(CONTENT_KINDS) as ContentType[];

export const isContentType = (v: unknown): v is ContentType => typeof v === 'string' && Object.hasOwn(CONTENT_KINDS, v);

/** Why something is reported (seed 000 §5). */
export const REPORT_REASONS = ['sexual_content', 'nudity', 'inappropriate', 'spam', 'violence', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * The content as it was when first reported (the queue shows this, whatever was edited since), and whose it is.
 * Fields a kind does not have are null: a video has a title, description and thumbnail; a comment its text and the
 * title of the item it is on (a live chat message: of its stream); a community post its title and text; a profile its channel name, handle, bio (as description) and photo (as thumbnail).
 */
export interface ContentSnapshot {
  ownerUserId: string;
  title: string | null;
  description: string | null;
  text: string | null;
  channelName: string | null;
  handle: string | null;
  thumbnailUrl: string | null;
  /** The media item it is (video, reel, movie) or is on (a comment's). */
  mediaKind: string | null;
  mediaId: string | null;
  /** Seconds, for media whose length is known (a report's timestamp may not be past it). */
  durationSeconds: number | null;
}

/** What the queue's preview plays now: null URLs when it cannot be played (removed, deleted, not ready). */
export interface ContentPreview {
  streamUrl: string | null;
  thumbnailUrl: string | null;
  removed: boolean;
}

/** The one line that names the content in a strike and a notification: a title, a comment's text, a channel's name. */
export function contentTitle(type: ContentType, s: Pick<ContentSnapshot, 'title' | 'text' | 'channelName'>): string | null {
  if (type === 'comment' || type === 'live_chat_message') return s.text;
  if (type === 'user') return s.channelName ?? s.title;
  return s.title;
}
