import type { components } from '../../api/schema';

export type SearchResponse = components['schemas']['SearchResponseDto'];
export type SearchResults = components['schemas']['SearchResultsDto'];
export type VideoSearchItem = components['schemas']['VideoSearchItemDto'];
export type UserSearchItem = components['schemas']['UserSearchItemDto'];
export type LiveSearchItem = components['schemas']['LiveSearchItemDto'];
export type TrendingItem = components['schemas']['TrendingItemDto'];

/** A kind of result, and the tab that shows only it (the API's `content_type`). */
export type SearchKind = SearchResponse['available'][number];

/** The result tabs of seed 002 §2.11: 'all' (3 per kind) and one per kind. */
export type SearchTab = 'all' | SearchKind;

/**
 * Search's gaming items (seed 002 §3 Gaming items): tournament-like and stream-like, told apart by `kind`. The schema's
 * discriminator has no mapping, so the generated types name each `kind` after its schema; the API sends 'tournament'
 * and 'stream'.
 */
export type TournamentSearchItem = Omit<components['schemas']['TournamentSearchItemDto'], 'kind'> & { kind: 'tournament' };
export type GamingStreamSearchItem = Omit<components['schemas']['GamingStreamSearchItemDto'], 'kind'> & { kind: 'stream' };
export type GamingSearchItem = TournamentSearchItem | GamingStreamSearchItem;
