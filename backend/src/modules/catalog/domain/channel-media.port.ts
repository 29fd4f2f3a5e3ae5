import type { Media } from './media.js';
import type { MediaPage } from './ports.js';

/** The order of a channel's tab: newest first, or most viewed first. */
export type ChannelSort = 'newest' | 'popular';
export const CHANNEL_SORTS: ChannelSort[] = ['newest', 'popular'];

/** One channel (an account of a user) and who is looking: its owner sees every item of theirs, others ready public ones. */
export interface ChannelScope {
  accountId: string;
  userId: string;
  viewerUserId: string | null;
}

/** A channel's videos and reels, and what they add up to, as one viewer may see them. */
export interface ChannelMediaReader {
  list(scope: ChannelScope, kind: Extract<Media['kind'], 'video' | 'reel'>, sort: ChannelSort, limit: number, cursor: string | undefined): Promise<MediaPage>;
  counts(scope: ChannelScope): Promise<{ videos: number; reels: number; totalViews: number }>;
}

export const CHANNEL_MEDIA = Symbol('ChannelMediaReader');
