import { randomUUID } from 'node:crypto';

/**
 * `track`: a music track (its music-only fields are in music_tracks); `episode`: a podcast episode (podcast_episodes);
 * never listed with videos, reels or movies.
 */
export type MediaKind = 'video' | 'reel' | 'movie' | 'track' | 'episode';
/** `removed`: taken down by moderation; nobody sees it, its owner included, unless moderation restores it. */
export type MediaStatus = 'processing' | 'ready' | 'failed' | 'removed';
export const MEDIA_STATUSES: readonly MediaStatus[] = ['processing', 'ready', 'failed', 'removed'];
/** The statuses anyone is ever shown: removed media is answered as missing, to everyone. */
export type ShownStatus = Exclude<MediaStatus, 'removed'>;
export const SHOWN_STATUSES: ShownStatus[] = ['processing', 'ready', 'failed'];
/** The status to show of an item someone may see (never a removed one: isListedFor/isReachableBy refuse those first). */
export function shownStatus(status: MediaStatus): ShownStatus {
  if (status === 'removed') throw new Error('removed media is never shown');
  return status;
}
export type MediaVisibility = 'public' | 'unlisted' | 'private';
export type AgeRating = 'G' | 'PG' | 'PG-13' | 'R' | 'NC-17';

export interface ProbeResult {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  container: string;
}

/** Something published: a video, a reel or a movie. Its file is processed in the background before others see it. */
export class Media {
  id: string = randomUUID();
  kind: MediaKind;
  accountId: string;
  userId: string;
  title: string;
  description: string | null = null;
  status: MediaStatus = 'processing';
  failureReason: string | null = null;
  /** Copied from the account and kept in step with it: who may see this. */
  visibility: MediaVisibility = 'public';
  originalKey: string;
  originalSize: number;
  contentType: string;
  durationSeconds: number | null = null;
  width: number | null = null;
  height: number | null = null;
  thumbnailKey: string | null = null;
  /** Renditions of the HLS ladder, e.g. [720, 360]; empty when there is none. */
  hlsRenditions: number[] = [];
  isVertical = false;
  monetizationEnabled = false;
  views = 0;
  likes = 0;
  comments = 0;
  watchSeconds = 0;
  adRevenueCents = 0;
  tags: string[] = [];
  // Movies
  year: number | null = null;
  durationMinutes: number | null = null;
  genres: string[] = [];
  ageRating: AgeRating = 'PG';
  familySafe = true;
  isPremium = false;
  cast: string[] = [];
  /** Viewers' ratings of a movie (1 to 5 stars each, one per viewer): their sum and count, kept with each change. */
  ratingSum = 0;
  ratingCount = 0;
  /** When moderation last removed it (null if never). */
  removedAt: Date | null = null;
  /** When moderation last restored it (null if never): an older removal event met later changes nothing. */
  restoredAt: Date | null = null;
  /** When moderation asked for its files to go: from then on it can never come back. */
  purgeRequestedAt: Date | null = null;
  /** When its files (original, HLS, thumbnail) were deleted. */
  filesPurgedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  /** The mean of the viewers' ratings to two decimals; null while nobody has rated it (never invented). */
  get averageRating(): number | null {
    return averageRating(this.ratingSum, this.ratingCount);
  }

  /** Others see an item once it is ready and its account is public; the owner always does, unless it was removed. */
  isListedFor(viewerUserId: string | null): boolean {
    if (this.status === 'removed') return false;
    if (viewerUserId === this.userId) return true;
    return this.status === 'ready' && this.visibility === 'public';
  }

  /** Reachable by a direct link (stream, page): ready and not private, or the owner; a removed item by nobody. */
  isReachableBy(viewerUserId: string | null): boolean {
    if (this.status === 'removed') return false;
    if (viewerUserId === this.userId) return true;
    return this.status === 'ready' && this.visibility !== 'private';
  }

  /** Moderation takes it down; false when it already was. */
  removeByModeration(now: Date = new Date()): boolean {
    if (this.status === 'removed') return false;
    this.status = 'removed';
    this.removedAt = now;
    this.updatedAt = now;
    return true;
  }

  /**
   * Moderation wants a removed item's files gone (the point of no return: it can no longer be restored). True while
   * the files are still to be deleted.
   */
  requestPurge(now: Date = new Date()): boolean {
    if (this.status !== 'removed') return false;
    this.purgeRequestedAt ??= now;
    return this.filesPurgedAt === null;
  }

  /** Removed, its purge asked for, and its files not deleted yet. */
  get purgePending(): boolean {
    return this.status === 'removed' && this.purgeRequestedAt !== null && this.filesPurgedAt === null;
  }

  markFilesPurged(now: Date = new Date()): void {
    this.filesPurgedAt = now;
    this.updatedAt = now;
  }

  /** Whether moderation may still bring it back: removed and no purge asked for (the caller checks the files are there). */
  get restorable(): boolean {
    return this.status === 'removed' && this.purgeRequestedAt === null;
  }

  /** Back as it was before its removal (only items that were ready are ever removed). */
  restoreByModeration(now: Date = new Date()): void {
    if (!this.restorable) return;
    this.status = 'ready';
    this.restoredAt = now;
    this.updatedAt = now;
  }

  /**
   * Moderation decided to restore an item that is not removed (yet): its removal's event may still be on its way (a
   * process died after the decision). Noted, so that older removal never takes the item down afterwards.
   */
  noteRestoreDecided(now: Date = new Date()): void {
    this.restoredAt = now;
  }

  markProbed(probe: ProbeResult): void {
    this.durationSeconds = Math.round(probe.durationSeconds * 100) / 100;
    this.width = probe.width;
    this.height = probe.height;
    if (this.kind === 'movie' && this.durationMinutes === null) this.durationMinutes = Math.max(1, Math.round(probe.durationSeconds / 60));
    this.updatedAt = new Date();
  }

  markReady(thumbnailKey: string | null, renditions: number[]): void {
    this.status = 'ready';
    this.failureReason = null;
    this.thumbnailKey = thumbnailKey;
    this.hlsRenditions = renditions;
    this.updatedAt = new Date();
  }

  markFailed(reason: string): void {
    this.status = 'failed';
    this.failureReason = reason;
    this.updatedAt = new Date();
  }
}

/** The HLS ladder for a source's short side: every standard rung up to it, at most 1080p; the source's own when smaller. */
export function hlsLadder(shortSide: number): number[] {
  const rungs = [1080, 720, 480, 360].filter((h) => h <= shortSide);
  return rungs.length ? rungs : [Math.max(16, Math.floor(shortSide / 2) * 2)];
}

/** The mean of `count` ratings adding up to `sum`, to two decimals; null for none. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : null;
}
