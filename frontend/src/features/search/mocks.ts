import { accountsOf, mockDb, type MockUser } from '../../mocks/db';
import { liveDb } from '../../mocks/liveDb';
import { tournamentsDb } from '../gaming/tournaments/mocks';
import { roomMemberCount } from '../../mocks/realtimeRooms';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, settle, type MockReel, type MockVideo } from '../../mocks/mediaDb';
import { caller, isVisible, ownerDto } from '../../mocks/mediaHelpers';
import { popularPrefixed, recordSearch, trendingSearches } from '../../mocks/searchDb';
import { followersOf, isFollowing } from '../../mocks/socialDb';
import { ALL_TAB_PER_KIND, MAX_QUERY_LENGTH, SEARCH_KINDS } from './rules';
import type { GamingSearchItem, LiveSearchItem, SearchKind, SearchResults, UserSearchItem, VideoSearchItem } from './types';

/** The kinds that exist on the server today; music and podcasts are always empty. */
const AVAILABLE: SearchKind[] = ['videos', 'live', 'users', 'gaming'];
const SUGGESTIONS = 8;
const TRENDING = 10;

const badQuery = (code: string, detail: string) => errorBody(400, code, detail, [{ field: 'q', message: detail }]);

/** As the server cleans a query: spaces collapsed and trimmed; blank or over 100 characters is refused. */
function cleanQuery(raw: string | null): { query: string } | { error: ReturnType<typeof errorBody> } {
  const query = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!query) return { error: badQuery('SEARCH.EMPTY_QUERY', 'Enter something to search for') };
  if (query.length > MAX_QUERY_LENGTH) return { error: badQuery('SEARCH.QUERY_TOO_LONG', 'Searches are at most 100 characters') };
  return { query };
}

/** Lower case, without accents: what the server compares. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Where the query matches `title` and `body`: 2 in the title, 1 elsewhere, 0 not at all. Every word must match, the last as a prefix. */
function score(queryWords: string[], title: string, body: string): number {
  const matchIn = (text: string) => {
    const words = wordsOf(fold(text));
    return queryWords.every((word, index) => words.some((w) => (index === queryWords.length - 1 ? w.startsWith(word) : w === word)));
  };
  if (matchIn(title)) return 2;
  return matchIn(`${title} ${body}`) ? 1 : 0;
}

interface Hit<T> {
  item: T;
  score: number;
  popularity: number;
  at: string;
}

function ranked<T>(hits: Hit<T>[], limit: number): T[] {
  return hits
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || b.popularity - a.popularity || b.at.localeCompare(a.at))
    .slice(0, limit)
    .map((hit) => hit.item);
}

/** Videos and reels others may see: ready, of a public account. */
function publicMedia(): { item: MockVideo | MockReel; kind: 'video' | 'reel' }[] {
  return [
    ...mediaDb.videos.map((item) => ({ item: settle(item) as MockVideo | MockReel, kind: 'video' as const })),
    ...mediaDb.reels.map((item) => ({ item: settle(item) as MockVideo | MockReel, kind: 'reel' as const })),
  ].filter(({ item }) => isVisible(item, undefined));
}

function videoItem(item: MockVideo | MockReel, kind: 'video' | 'reel'): VideoSearchItem | undefined {
  const owner = ownerDto(item.accountId);
  if (!owner) return undefined;
  return {
    id: item.id,
    kind,
    title: item.title,
    username: owner.display_name,
    user_id: item.userId,
    views: item.views,
    likes: item.baseLikes + item.likedBy.length,
    thumbnail_url: item.thumbnail_url,
    is_vertical: kind === 'reel' || ('is_vertical' in item && item.is_vertical),
    duration_seconds: item.duration_seconds,
    created_at: item.created_at,
  };
}

/** Listed in the directory: an active user whose primary account's profile is public. */
function isListed(entry: MockUser): boolean {
  const primary = accountsOf(entry.user).find((account) => account.is_primary);
  return entry.status === 'active' && primary?.privacy_settings.profile_visibility === 'public';
}

function userItem(entry: MockUser, viewerId: string | undefined): UserSearchItem {
  const { user } = entry;
  const primary = accountsOf(user).find((account) => account.is_primary);
  return {
    id: user.id,
    user_id: user.id,
    username: user.display_name,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    followers_count: followersOf(user.id).length,
    photo_url: primary?.profile_photo_url ?? null,
    is_premium: user.is_premium,
    creator_program: user.creator_program,
    is_following: viewerId !== undefined && isFollowing(viewerId, user.id),
    is_self: viewerId === user.id,
  };
}

function searchVideos(words: string[], limit: number): VideoSearchItem[] {
  const hits = publicMedia().map(({ item, kind }) => ({
    item: { item, kind },
    score: score(words, item.title, [item.description ?? '', ...('tags' in item ? item.tags : [])].join(' ')),
    popularity: item.views,
    at: item.created_at,
  }));
  return ranked(hits, limit).flatMap(({ item, kind }) => videoItem(item, kind) ?? []);
}

function searchUsers(words: string[], limit: number, viewerId: string | undefined): UserSearchItem[] {
  const hits = [...mockDb.users.values()].filter(isListed).map((entry) => ({
    item: entry,
    score: score(words, entry.user.display_name, `${entry.user.first_name} ${entry.user.last_name}`),
    popularity: followersOf(entry.user.id).length,
    at: entry.user.created_at,
  }));
  return ranked(hits, limit).map((entry) => userItem(entry, viewerId));
}

/** Streams on now (not ended) of listed people, by title, game, description or the streamer's name; most watched first. */
/** Gaming (seed 002 §3 Gaming items): tournaments (not cancelled), then gaming streams on now, up to `limit` each. */
function searchGaming(words: string[], limit: number): GamingSearchItem[] {
  const tournaments = ranked(
    tournamentsDb()
      .filter((t) => t.status !== 'cancelled')
      .map((t) => ({ item: t, score: score(words, `${t.name} ${t.game}`, t.description), popularity: t.participants.length, at: t.created_at })),
    limit,
  ).map((t): GamingSearchItem => ({ kind: 'tournament', id: t.id, name: t.name, game: t.game, prize_pool: t.prize_pool, status: t.status }));
  const streams = ranked(
    liveDb.streams
      .filter((s) => s.status !== 'ended' && s.game)
      .flatMap((s) => {
        const owner = mockDb.users.get(s.userId);
        if (!owner || !isListed(owner)) return [];
        const viewers = s.baseViewers + roomMemberCount(`live:${s.id}`);
        return [{ item: { s, owner, viewers }, score: score(words, `${s.title} ${s.game ?? ''}`, s.description), popularity: viewers, at: s.created_at }];
      }),
    limit,
  ).map(({ s, owner, viewers }): GamingSearchItem => ({ kind: 'stream', id: s.id, title: s.title, game_name: s.game ?? '', viewers, username: owner.user.display_name, user_id: s.userId }));
  return [...tournaments, ...streams];
}

function searchLive(words: string[], limit: number): LiveSearchItem[] {
  const hits = liveDb.streams
    .filter((s) => s.status !== 'ended')
    .flatMap((s) => {
      const owner = mockDb.users.get(s.userId);
      if (!owner || !isListed(owner)) return [];
      const viewers = s.baseViewers + roomMemberCount(`live:${s.id}`);
      const text = score(words, `${s.title} ${s.game ?? ''}`, s.description);
      const byName = score(words, owner.user.display_name, '') > 0 ? 1 : 0;
      return [{ item: { s, owner, viewers }, score: Math.max(text, byName), popularity: viewers, at: s.created_at }];
    });
  return ranked(hits, limit).map(({ s, owner, viewers }) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    game: s.game,
    status: s.status === 'live' ? ('live' as const) : ('created' as const),
    username: owner.user.display_name,
    user_id: s.userId,
    viewer_count: viewers,
    likes: s.likedBy.length,
    is_vertical: s.is_vertical,
    super_chat_enabled: s.super_chat_enabled,
    created_at: s.created_at,
  }));
}

function limitOf(url: URL, fallback: number): number {
  return Math.min(100, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '', 10) || fallback));
}

/** The server's answers for search (seed 002 §7): results per kind, suggestions and trending. Anyone may search. */
export const searchHandlers = [
  http.get('/api/search', ({ request, response }) => {
    const url = new URL(request.url);
    const cleaned = cleanQuery(url.searchParams.get('q'));
    if ('error' in cleaned) return response(400).json(cleaned.error);
    const type = url.searchParams.get('content_type') ?? '';
    let tab: SearchKind | null = null;
    if (type !== '' && type !== 'all') {
      const kind = SEARCH_KINDS.find((entry) => entry === type);
      if (!kind) {
        const detail = `content_type must be one of ${SEARCH_KINDS.join(', ')}`;
        return response(400).json(errorBody(400, 'SOCIAL.BAD_CHOICE', detail, [{ field: 'content_type', message: detail }]));
      }
      tab = kind;
    }
    const me = caller(request);
    const viewerId = me?.user.id;
    const limit = tab ? limitOf(url, 20) : ALL_TAB_PER_KIND;
    const words = wordsOf(fold(cleaned.query)).slice(0, 8);
    const wanted = (kind: SearchKind) => tab === null || tab === kind;
    const results: SearchResults = {
      videos: words.length && wanted('videos') ? searchVideos(words, limit) : [],
      users: words.length && wanted('users') ? searchUsers(words, limit, viewerId) : [],
      music: [],
      live: words.length && wanted('live') ? searchLive(words, limit) : [],
      podcasts: [],
      gaming: (words.length && wanted('gaming') ? searchGaming(words, limit) : []) as unknown as SearchResults['gaming'],
    };
    const total = Object.values(results).reduce((n, list) => n + list.length, 0);
    if (total > 0) recordSearch(fold(cleaned.query).slice(0, MAX_QUERY_LENGTH), viewerId ? `u:${viewerId}` : 'a:visitor');
    return response(200).json({ query: cleaned.query, total_results: total, available: AVAILABLE, results });
  }),

  http.get('/api/search/suggestions', ({ request, response }) => {
    const cleaned = cleanQuery(new URL(request.url).searchParams.get('q'));
    if ('error' in cleaned) return response(400).json(cleaned.error);
    const prefix = fold(cleaned.query);
    const titles = [
      ...publicMedia().map(({ item }) => item.title),
      ...[...mockDb.users.values()].filter(isListed).map((entry) => entry.user.display_name),
    ]
      .filter((title) => fold(title).startsWith(prefix))
      .sort((a, b) => fold(a).localeCompare(fold(b)));
    const seen = new Set<string>();
    const suggestions: string[] = [];
    for (const entry of [...popularPrefixed(prefix, 4), ...titles]) {
      const key = entry.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      suggestions.push(entry);
      if (suggestions.length === SUGGESTIONS) break;
    }
    return response(200).json({ suggestions });
  }),

  http.get('/api/search/trending', ({ response }) => response(200).json({ trending: trendingSearches(TRENDING) })),
];
