import type { components } from '../../api/schema';

export type UserCard = components['schemas']['UserCardDto'];
export type FeedItem = components['schemas']['FeedItemDto'];
export type FollowResult = components['schemas']['FollowResponseDto'];

/** The Social section's tabs (seed 002 §2.11). */
export type SocialTab = 'following' | 'discover' | 'connections' | 'notifications';

/** The feed's kinds (seed 002 §7, GET /feed/following). */
export type FeedType = 'all' | 'videos' | 'music' | 'podcasts';

/** Discover's orders (seed 002 §7, GET /users/discover). */
export type DiscoverSort = 'popular' | 'newest' | 'creators';

/** The Connections tab's sub-tabs: 'Your Followers' and 'Following'. */
export type ConnectionKind = 'followers' | 'following';
