import { BadChoice, EmptySearch, SearchTooLong } from './social.errors.js';

export const MAX_QUERY_LENGTH = 100;
/** Results per kind on the 'all' tab (seed 002 §9). */
export const ALL_TAB_PER_KIND = 3;
export const SEARCH_TABS = ['videos', 'music', 'live', 'users', 'podcasts', 'gaming'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const FEED_TYPES = ['all', 'videos', 'music', 'podcasts'] as const;
export type FeedType = (typeof FEED_TYPES)[number];
export const DISCOVER_SORTS = ['popular', 'newest', 'creators'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export function choice<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw BadChoice(field, allowed);
}

/** The query as typed, trimmed and with runs of spaces collapsed; blank or too long is refused. */
export function cleanQuery(q: unknown): string {
  // Control characters (a NUL would break the database's text) count as spaces.
  const text = typeof q === 'string' ? q.replace(/[\s\p{Cc}]+/gu, ' ').trim() : '';
  if (!text) throw EmptySearch();
  if (text.length > MAX_QUERY_LENGTH) throw SearchTooLong();
  return text;
}

/** Words of a folded (lower-cased, accent-free) query, letters and digits only: what a tsquery is built from. */
export function queryWords(folded: string): string[] {
  return folded
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** Every word must match; the last one may be a prefix (the user is still typing). */
export function prefixTsQuery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The smallest text greater than every text starting with `prefix` (bytewise), for an index range scan. */
export function prefixUpperBound(prefix: string): string {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last + 1);
  }
  return '\u{10ffff}';
}

/** A query becomes a suggestion for others only once this many different people searched it. */
export const POPULAR_MIN_SEARCHERS = 2;

/** How many full-text matches are ranked at most: a very broad query (a two-letter prefix) ranks a sample of them. */
export const RANKED_CANDIDATES = 500;
