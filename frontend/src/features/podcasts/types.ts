import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type PodcastEpisode = Schemas['PodcastEpisodeDto'];
export type PodcastShow = Schemas['PodcastShowDto'];
export type PodcastShowDetail = Schemas['PodcastShowDetailDto'];
export type PodcastCategoryCount = Schemas['PodcastCategoryDto'];
export type PodcastAnalytics = Schemas['PodcastAnalyticsDto'];
export type PodcastDay = Schemas['PodcastDayDto'];

/** The tabs of the podcasts section (seed 002 §2.9). */
export type PodcastTab = 'discover' | 'shows' | 'upload' | 'subscriptions' | 'analytics';

/** Where a listener stopped in an episode (GET/PUT /api/podcasts/episode/{id}/progress). */
export type EpisodeProgress = Schemas['PodcastProgressDto'];

/** One entry of "Continue listening" (GET /api/podcasts/progress), newest first. */
export type ContinueItem = Schemas['PodcastContinueItemDto'];
