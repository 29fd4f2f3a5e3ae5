import type { Media, MediaKind, ProbeResult } from './media.js';

export interface MediaPage {
  items: Media[];
  nextCursor: string | null;
}

export interface MediaRepository {
  find(id: string): Promise<Media | null>;
  /** The item read afresh and locked until the current transaction ends (inside a transaction); null when absent. */
  findForUpdate(id: string): Promise<Media | null>;
  /** Removed items whose purge was asked for before `olderThan` and whose files are still there (the purge's sweeper). */
  awaitingPurge(olderThan: Date, limit: number): Promise<string[]>;
  findMany(ids: string[]): Promise<Media[]>;
  findByThumbnail(key: string): Promise<Media | null>;
  /** Newest first; what viewer may see (ready items of public accounts, plus viewer's own in every state but removed). */
  list(kind: MediaKind, viewerUserId: string | null, limit: number, cursor: string | undefined, filter?: { isVertical?: boolean; ownerOnly?: boolean }): Promise<MediaPage>;
  add(media: Media): void;
  setVisibilityOfAccount(accountId: string, visibility: Media['visibility']): Promise<void>;
  listOfAccount(accountId: string): Promise<Media[]>;
  remove(media: Media): void;
  /** Likes, comments, view marks and watch time of these items. */
  removeEngagementOf(mediaIds: string[]): Promise<void>;
}

/** ffprobe and ffmpeg. */
export interface MediaProcessor {
  /** null when the file holds no playable video stream. */
  probe(path: string): Promise<ProbeResult | null>;
  thumbnail(path: string, atSeconds: number, outFile: string): Promise<void>;
  /** Writes master.m3u8 and <h>p/index.m3u8 + seg_NNNNN.ts under outDir for the given heights. */
  hls(path: string, heights: number[], hasAudio: boolean, outDir: string, source: { width: number; height: number }): Promise<void>;
  /** A music file's audio: null when it holds no decodable audio stream. */
  probeAudio(path: string): Promise<AudioProbe | null>;
  /** The attached picture (cover art) as a JPEG. */
  coverArt(path: string, outFile: string): Promise<void>;
  /** A web-friendly AAC rendition in an .m4a file. */
  audioRendition(path: string, outFile: string): Promise<void>;
  /** The audio decoded to mono 16-bit samples at a low rate (for waveform peaks). */
  lowRateSamples(path: string): Promise<Int16Array>;
}

export interface AudioProbe {
  durationSeconds: number;
  codec: string;
  /** Tags of the file (format or stream tags), lower-cased names. */
  tags: { title?: string; artist?: string; album?: string; genre?: string };
  hasCover: boolean;
  /** A real video stream (not a cover picture). */
  hasVideo: boolean;
}

export interface Engagement {
  toggleLike(mediaId: string, userId: string): Promise<{ liked: boolean; likes: number }>;
  likedBy(mediaIds: string[], userId: string | null): Promise<Set<string>>;
  /** Counts a view unless this viewer was counted in the last 30 minutes. */
  countView(mediaId: string, viewerKey: string): Promise<{ views: number; counted: boolean }>;
  /** Adds watched seconds, never more than the time since the viewer's last heartbeat, nor past dailyCap a day. */
  addWatchTime(mediaId: string, userId: string, seconds: number, dailyCap: number): Promise<number>;
  /** Where a signed-in viewer is in an item (Continue watching, resume on another device). */
  saveProgress(mediaId: string, userId: string, positionSeconds: number): Promise<void>;
  /** Where a signed-in viewer stopped in each of these items (from their heartbeats); items never played are absent. */
  progressOf(mediaIds: string[], userId: string | null): Promise<Map<string, number>>;
}

/** The newest public videos of the users `userId` follows, as ids newest first (answered by the social context). */
export type FollowedVideos = (userId: string, limit: number) => Promise<string[]>;

/** Home's sections, as ids in order; the caller loads, checks and presents the items. */
export interface HomeFeed {
  /** Public ready videos by views since `since`, each view weighted by how much of the video was watched. */
  trending(since: Date, limit: number): Promise<string[]>;
  /** The videos and movies `userId` stopped part-way through, most recent first. */
  continueWatching(userId: string, limit: number): Promise<{ mediaId: string; positionSeconds: number }[]>;
  /** Removes everything a viewer watched part-way (their account is deleted). */
  forgetViewer(userId: string): Promise<void>;
  /** Removes an item from the viewer's Continue watching; false when it was not there. */
  forgetProgress(userId: string, mediaId: string): Promise<boolean>;
  /** Drops hourly activity older than `before`; the number of rows removed. */
  pruneActivity(before: Date): Promise<number>;
}

export const MEDIA_REPOSITORY = Symbol('MediaRepository');
export const MEDIA_PROCESSOR = Symbol('MediaProcessor');
export const ENGAGEMENT = Symbol('Engagement');
export const HOME_FEED = Symbol('HomeFeed');

/** What a viewer is entitled to beyond reaching an item (premium movies), answered by the identity context. */
export interface ViewerEntitlements {
  hasPremiumAccess(userId: string): Promise<boolean>;
  /** Whether the user still exists (a deleted viewer's traces are removed). */
  exists(userId: string): Promise<boolean>;
}

export const VIEWER_ENTITLEMENTS = Symbol('ViewerEntitlements');

/** Whether one user follows another: answered by the social context, which registers itself (it depends on catalog). */
export type FollowChecker = (followerId: string, followeeId: string) => Promise<boolean>;
