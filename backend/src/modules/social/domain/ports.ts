import type { DiscoverSort } from './search-rules.js';

/** A user as others see them, with exact follow counts. */
export interface SocialUser {
  userId: string;
  username: string;
  fullName: string;
  photoUrl: string | null;
  isPremium: boolean;
  creatorProgram: boolean;
  listed: boolean;
  joinedAt: Date;
  followersCount: number;
  followingCount: number;
}

export interface DirectoryEntry {
  userId: string;
  username: string;
  fullName: string;
  photoUrl: string | null;
  isPremium: boolean;
  creatorProgram: boolean;
  listed: boolean;
  joinedAt: Date;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The follow graph and the directory of users it connects; counts move in the same transaction as follows. */
export interface SocialGraph {
  upsertUser(entry: DirectoryEntry): Promise<void>;
  /** A deleted user: their follows go both ways, with the counts of everyone they touched. */
  removeUser(userId: string): Promise<void>;
  findUser(userId: string): Promise<SocialUser | null>;
  /** Serialised per pair: the second of two simultaneous toggles sees the first's result. */
  toggleFollow(followerId: string, followeeId: string): Promise<{ following: boolean; followersCount: number }>;
  isFollowing(followerId: string, followeeId: string): Promise<boolean>;
  followedAmong(viewerId: string | null, userIds: string[]): Promise<Set<string>>;
  discover(sort: DiscoverSort, limit: number, viewerId: string | null): Promise<SocialUser[]>;
  /** Listed users on one side of a user's follows, newest follow first, and how many listed ones there are. */
  connections(userId: string, side: 'followers' | 'following', limit: number, cursor: string | undefined, viewerId: string | null): Promise<Page<SocialUser> & { total: number }>;
  /** Listed users a user follows (for the feed). */
  followerIdsPage(userId: string, afterId: string | null, limit: number): Promise<string[]>;
  usersByIds(ids: string[]): Promise<SocialUser[]>;
}

export interface IndexDocument {
  kind: string;
  refId: string;
  ownerUserId: string;
  accountId: string | null;
  title: string;
  body: string;
  visibility: 'public' | 'unlisted' | 'private';
  popularity: number;
  publishedAt: Date;
}

export interface IndexHit {
  kind: string;
  refId: string;
}

/** One index of everything others can find, whatever its kind: search, suggestions and feeds read it. */
export interface ContentIndex {
  upsert(doc: IndexDocument): Promise<void>;
  remove(kind: string | string[], refId: string): Promise<void>;
  /** Every item of these kinds the user owns (a deleted user's items that belong to no account: tournaments). */
  removeOwned(ownerUserId: string, kinds: string[]): Promise<void>;
  /** Every content item of an account takes the account's visibility; null (a deleted account) removes them. */
  setAccountVisibility(accountId: string, visibility: IndexDocument['visibility'] | null): Promise<void>;
  /** Newest first from the listed users a viewer follows. */
  feed(viewerId: string, kinds: string[], limit: number, cursor: string | undefined): Promise<Page<IndexHit & { publishedAt: Date }>>;
  /**
   * The newest public items of `kinds` by the users `viewerId` follows, as ids: the feed's first page without its
   * directory check (the caller checks each item itself), for Home.
   */
  followedItems(viewerId: string, kinds: string[], limit: number): Promise<string[]>;
  search(folded: string, kinds: string[], limit: number): Promise<IndexHit[]>;
  /** Titles and names starting with what was typed, leaving out the items of `hiddenKinds`. */
  suggestions(folded: string, limit: number, hiddenKinds: string[]): Promise<string[]>;
  countByOwner(userIds: string[], kinds: string[]): Promise<Map<string, number>>;
  fold(text: string): Promise<string>;
}

export interface SearchLog {
  record(query: string, display: string, searcher: string): Promise<void>;
  trending(limit: number, hours: number): Promise<{ query: string; count: number }[]>;
  popularPrefixed(prefix: string, limit: number): Promise<string[]>;
  prune(olderThanDays: number): Promise<void>;
  /** Everything one searcher searched (a deleted user). */
  forget(searcher: string): Promise<void>;
}

export const SOCIAL_GRAPH = Symbol('SocialGraph');
export const CONTENT_INDEX = Symbol('ContentIndex');
export const SEARCH_LOG = Symbol('SearchLog');

/** A content item as feeds and search results show it, whatever context owns it. */
export interface ContentCardView {
  id: string;
  kind: string;
  /** 'tournament' for the gaming tab's tournaments (never in feeds: their source has no feed type). */
  contentType: 'video' | 'music' | 'podcast' | 'tournament';
  title: string;
  description: string;
  userId: string;
  username: string;
  views: number;
  likes: number;
  thumbnailUrl: string | null;
  isVertical: boolean;
  durationSeconds: number | null;
  createdAt: Date;
  /** A tournament's own fields (`title` is its name). */
  tournament?: { game: string; prizePool: string; status: string };
  /** A music track's own fields (`views` are its plays). */
  music?: { artist: string; album: string | null; contentType: 'audio' | 'video' };
  /** A podcast episode's own fields (`views` are its plays). */
  podcast?: { showName: string };
}

/**
 * A content context seen from social: which index kinds it owns, the search tab and feed filter they belong to,
 * its index documents and its cards. Later kinds (music, podcasts, live, gaming) plug in by adding a source.
 */
export interface ContentSource {
  /** Every kind it indexes (kept in the index whatever is switched off, so that it comes back when switched on). */
  kinds: string[];
  /** The kinds others may find now: search, suggestions, feeds and counts leave out a kind whose feature is off. */
  shownKinds(): string[];
  tab: 'videos' | 'music' | 'live' | 'podcasts' | 'gaming';
  /** The feed filter its kinds belong to; null: never in feeds (tournaments). */
  feedType: 'videos' | 'music' | 'podcasts' | null;
  /** The item's index document, or null when others cannot find it (gone, not ready). */
  document(refId: string): Promise<IndexDocument | null>;
  cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]>;
}

export const CONTENT_SOURCES = Symbol('ContentSources');

/** A live stream on now (created or live) as search results show it. */
export interface LiveCardView {
  id: string;
  title: string;
  description: string;
  game: string | null;
  status: 'created' | 'live';
  userId: string;
  username: string;
  viewerCount: number;
  likes: number;
  isVertical: boolean;
  superChatEnabled: boolean;
  createdAt: Date;
}

/**
 * The `live` tab: streams come and go too often for the content index, so the live context searches its own table
 * (same folding, words and typo rule) and social adds the owners its name search found.
 */
export interface LiveSearchSource {
  /** Whether others may find live streams now (the `live` feature). */
  shown(): boolean;
  /** Whether others may find gaming streams in the gaming tab now (the `live` and `gaming` features). */
  shownGaming(): boolean;
  /** With `gaming`, gaming streams (those with a game) only, for the gaming tab. */
  search(q: { folded: string; words: string[]; ownerIds: string[] }, limit: number, opts?: { gaming?: boolean }): Promise<LiveCardView[]>;
}

export const LIVE_SEARCH = Symbol('LiveSearchSource');
