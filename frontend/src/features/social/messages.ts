import type { ConnectionKind } from './types';

/** Texts of seed 002 (§8, Social) used verbatim, and the section's own. */
export const SOCIAL_MESSAGES = {
  followFailed: 'Failed to update follow status',
  usersLoadFailed: 'Failed to load users',
  feedLoadFailed: 'Failed to load feed',
  /** 'Failed to load followers' or 'Failed to load following'. */
  connectionsLoadFailed: (kind: ConnectionKind) => `Failed to load ${kind}`,
} as const;

/** Seed 002 §9: Discover and the feed ask for 20, the connections for 50. */
export const DISCOVER_LIMIT = 20;
export const FEED_LIMIT = 20;
export const CONNECTIONS_LIMIT = 50;
