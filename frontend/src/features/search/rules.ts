import type { SearchKind, SearchTab } from './types';

/** Seed 002 §9. */
export const TRENDING_SHOWN = 6;
export const SUGGESTION_PAUSE_MS = 300;
export const HISTORY_MAX = 10;
export const ALL_TAB_PER_KIND = 3;
/** Results asked for on a kind's own tab (the server's default). */
export const TAB_LIMIT = 20;
/** The server refuses longer searches (400). */
export const MAX_QUERY_LENGTH = 100;
/** localStorage key of the recent searches (seed 002 §4: "History is kept locally"). */
export const HISTORY_KEY = 'scriven.searchHistory';

/** Every kind, in the order of the tabs (seed 002 §2.11). */
export const SEARCH_KINDS: readonly SearchKind[] = ['videos', 'music', 'live', 'users', 'podcasts', 'gaming'];

export const TAB_LABELS: Record<SearchTab, string> = {
  all: 'All',
  videos: 'Videos',
  music: 'Music',
  live: 'Live',
  users: 'Users',
  podcasts: 'Podcasts',
  gaming: 'Gaming',
};

export const SEARCH_MESSAGES = {
  noResults: (query: string) => `No results for "${query}"`,
  trendingHeading: 'Trending searches',
  recentHeading: 'Recent searches',
  suggestionsHeading: 'Suggestions',
} as const;

/**
 * The query as it is run: trimmed, runs of spaces collapsed (as the server does), cut at 100 characters; null for an
 * empty or blank one, which is never run (seed 002 §5).
 */
export function cleanQuery(text: string): string | null {
  const clean = text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
  return clean === '' ? null : clean;
}

/** Recent searches with `query` first: distinct (ignoring case; the newest spelling stays), at most 10. */
export function withRecent(history: readonly string[], query: string): string[] {
  const key = query.toLowerCase();
  return [query, ...history.filter((entry) => entry.toLowerCase() !== key)].slice(0, HISTORY_MAX);
}
