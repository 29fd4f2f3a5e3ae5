export interface CreatorStats {
  totalVideos: number;
  totalViews: number;
  /** Seconds watched by signed-in viewers (not the creator) of the creator's items, in the window asked for. */
  watchSeconds: number;
  /** Average seconds watched per view, over all time. */
  avgViewSeconds: number;
  monetizedVideos: number;
}

/** Figures about a creator's catalogue that the money side reads (partner requirements, the premium pool, ad revenue). */
export interface CreatorStatsReader {
  stats(userId: string, watchSince: Date): Promise<CreatorStats>;
  /** Seconds watched per creator by viewers inside their premium periods, over days [from, to). */
  premiumWatchByCreator(periods: { userId: string; startsAt: Date; endsAt: Date }[], from: Date, to: Date): Promise<Map<string, number>>;
  /** Monetized, ready items of the given creators with their counted views, a page at a time in id order. */
  monetizedViews(creatorIds: string[], afterId: string | null, limit: number): Promise<{ mediaId: string; userId: string; views: number }[]>;
  /**
   * The platform's catalogue (items moderation removed left out): items per kind, their counted views, likes and
   * comments, and the uploads per calendar month (UTC, 'YYYY-MM') and kind since `since`.
   */
  platformContent(since: Date): Promise<PlatformContent>;
  /** Records the creator's share of ad revenue on the item (the video's ad_revenue). */
  addAdRevenue(mediaId: string, cents: number): Promise<void>;
}

export interface PlatformContent {
  /** Items per kind, not removed (`track`: music tracks). */
  items: Record<'video' | 'reel' | 'movie' | 'track', number>;
  views: number;
  likes: number;
  comments: number;
  uploadsByMonth: { month: string; kind: 'video' | 'reel' | 'movie' | 'track'; count: number }[];
}

export const CREATOR_STATS = Symbol('CreatorStatsReader');
