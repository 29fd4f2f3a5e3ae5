import { randomUUID } from 'node:crypto';

export type MediaKind = 'video' | 'reel' | 'movie';
export type MediaStatus = 'processing' | 'ready' | 'failed';
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
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  /** The mean of the viewers' ratings to two decimals; null while nobody has rated it (never invented). */
  get averageRating(): number | null {
    return averageRating(this.ratingSum, this.ratingCount);
  }

  /** Others see an item once it is ready and its account is public; the owner always does. */
  isListedFor(viewerUserId: string | null): boolean {
    if (viewerUserId === this.userId) return true;
    return this.status === 'ready' && this.visibility === 'public';
  }

  /** Reachable by a direct link (stream, page): ready and not private, or the owner. */
  isReachableBy(viewerUserId: string | null): boolean {
    if (viewerUserId === this.userId) return true;
    return this.status === 'ready' && this.visibility !== 'private';
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
