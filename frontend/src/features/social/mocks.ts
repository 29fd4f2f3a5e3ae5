import { accountsOf, mockDb, type MockUser } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, onPublished, settle, type MockReel, type MockVideo } from '../../mocks/mediaDb';
import { caller, isVisible, ownerDto, page, sessionInvalid } from '../../mocks/mediaHelpers';
import {
  followersOf,
  followingOf,
  isFollowing,
  notificationDrafts,
  notify,
  notifyFollowersOfUpload,
  socialDb,
} from '../../mocks/socialDb';
import type { FeedItem, UserCard } from './types';

const userNotFound = () => errorBody(404, 'SOCIAL.USER_NOT_FOUND', 'User not found');
const badChoice = (field: string, allowed: readonly string[]) => {
  const detail = `${field} must be one of ${allowed.join(', ')}`;
  return errorBody(400, 'SOCIAL.BAD_CHOICE', detail, [{ field, message: detail }]);
};

const DISCOVER_SORTS = ['popular', 'newest', 'creators'] as const;
const FEED_TYPES = ['all', 'videos', 'music', 'podcasts'] as const;

/** Listed in the directory: an active user whose primary account's profile is public (the server's rule). */
function isListed(entry: MockUser): boolean {
  const primary = accountsOf(entry.user).find((account) => account.is_primary);
  return entry.status === 'active' && primary?.privacy_settings.profile_visibility === 'public';
}

function limitOf(url: URL, fallback: number): number {
  return Math.min(100, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '', 10) || fallback));
}

/** Videos and reels others can see: ready, of a public account. */
function publicMedia(): (MockVideo | MockReel)[] {
  return [...mediaDb.videos, ...mediaDb.reels].map((item) => settle(item)).filter((item) => isVisible(item, undefined));
}

/** A user's card as the API shows it to `viewerId`. */
export function userCard(entry: MockUser, viewerId: string | undefined): UserCard {
  const { user } = entry;
  const primary = accountsOf(user).find((account) => account.is_primary);
  return {
    id: user.id,
    user_id: user.id,
    username: user.display_name,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    photo_url: primary?.profile_photo_url ?? null,
    is_premium: user.is_premium,
    creator_program: user.creator_program,
    followers_count: followersOf(user.id).length,
    following_count: followingOf(user.id).length,
    content_stats: { total: publicMedia().filter((item) => item.userId === user.id).length },
    is_following: viewerId !== undefined && isFollowing(viewerId, user.id),
    is_self: viewerId === user.id,
  };
}

function feedItem(item: MockVideo | MockReel, kind: 'video' | 'reel'): FeedItem | undefined {
  const owner = ownerDto(item.accountId);
  if (!owner) return undefined;
  return {
    id: item.id,
    content_type: 'video',
    kind,
    creator_name: owner.display_name,
    username: owner.display_name,
    user_id: item.userId,
    title: item.title,
    description: item.description ?? '',
    views: item.views,
    likes: item.baseLikes + item.likedBy.length,
    timestamp: item.created_at,
    thumbnail_url: item.thumbnail_url,
    is_vertical: kind === 'reel' || ('is_vertical' in item && item.is_vertical),
    duration_seconds: item.duration_seconds,
  };
}

/** A user a caller may see (listed, or themselves). */
function visibleUser(id: string, viewerId: string | undefined): MockUser | undefined {
  const entry = mockDb.users.get(id);
  if (!entry) return undefined;
  return isListed(entry) || entry.user.id === viewerId ? entry : undefined;
}

/** One side of a user's follows, newest follow first, listed users only (and the viewer). */
function connections(userId: string, side: 'followers' | 'following', url: URL, viewerId: string | undefined) {
  const rows = socialDb.follows
    .filter((follow) => (side === 'followers' ? follow.followeeId : follow.followerId) === userId)
    .map((follow) => ({ created_at: follow.created_at, id: side === 'followers' ? follow.followerId : follow.followeeId }))
    .map((row) => ({ ...row, entry: mockDb.users.get(row.id) }))
    .filter((row): row is typeof row & { entry: MockUser } => row.entry !== undefined && (isListed(row.entry) || row.id === viewerId));
  const params = new URL(url);
  params.searchParams.set('limit', String(limitOf(url, 50)));
  const { items, next } = page(rows, params);
  return { users: items.map((row) => userCard(row.entry, viewerId)), total: rows.length, next_cursor: next };
}

// The server tells a creator's followers once an upload is published (processing ended ready).
onPublished((item, kind) => {
  const owner = ownerDto(item.accountId);
  if (owner && isVisible(item, undefined)) notifyFollowersOfUpload(item.userId, owner.display_name, item.id, kind, item.title);
});

/** The server's answers for following, Discover, connections, profiles and the following feed. */
export const socialHandlers = [
  http.post('/api/users/{id}/follow', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    if (params.id === me.user.id) {
      return response(400).json(errorBody(400, 'SOCIAL.FOLLOW_SELF', 'You cannot follow yourself'));
    }
    const target = mockDb.users.get(params.id);
    const already = isFollowing(me.user.id, params.id);
    if (!target || (!isListed(target) && !already)) return response(404).json(userNotFound());
    if (already) {
      socialDb.follows = socialDb.follows.filter((f) => !(f.followerId === me.user.id && f.followeeId === params.id));
    } else {
      socialDb.follows.push({ followerId: me.user.id, followeeId: params.id, created_at: new Date().toISOString() });
      notify(params.id, notificationDrafts.newFollower(me.user.id, me.user.display_name));
    }
    const following = !already;
    const name = target.user.display_name;
    return response(200).json({
      following,
      message: following ? `You are now following ${name}` : `You unfollowed ${name}`,
      followers_count: followersOf(params.id).length,
    });
  }),

  http.get('/api/users/discover', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const sort = url.searchParams.get('sort_by') ?? 'popular';
    if (!(DISCOVER_SORTS as readonly string[]).includes(sort)) return response(400).json(badChoice('sort_by', DISCOVER_SORTS));
    const users = [...mockDb.users.values()]
      .filter((entry) => isListed(entry) && entry.user.id !== viewerId)
      .filter((entry) => sort !== 'creators' || entry.user.creator_program)
      .map((entry) => userCard(entry, viewerId));
    users.sort((a, b) => {
      if (sort === 'newest') {
        const created = (id: string) => mockDb.users.get(id)?.user.created_at ?? '';
        return created(b.id).localeCompare(created(a.id)) || a.id.localeCompare(b.id);
      }
      return b.followers_count - a.followers_count || a.id.localeCompare(b.id);
    });
    return response(200).json({ users: users.slice(0, limitOf(url, 20)) });
  }),

  http.get('/api/users/{id}/profile', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const entry = visibleUser(params.id, viewerId);
    if (!entry) return response(404).json(userNotFound());
    return response(200).json(userCard(entry, viewerId));
  }),

  http.get('/api/users/{id}/followers', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    if (!visibleUser(params.id, viewerId)) return response(404).json(userNotFound());
    const { users, total, next_cursor } = connections(params.id, 'followers', new URL(request.url), viewerId);
    return response(200).json({ followers: users, total, next_cursor });
  }),

  http.get('/api/users/{id}/following', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    if (!visibleUser(params.id, viewerId)) return response(404).json(userNotFound());
    const { users, total, next_cursor } = connections(params.id, 'following', new URL(request.url), viewerId);
    return response(200).json({ following: users, total, next_cursor });
  }),

  http.get('/api/feed/following', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const url = new URL(request.url);
    const type = url.searchParams.get('content_type') ?? 'all';
    if (!(FEED_TYPES as readonly string[]).includes(type)) return response(400).json(badChoice('content_type', FEED_TYPES));
    // Videos and reels are the only kinds so far: music and podcasts have nothing yet.
    if (type === 'music' || type === 'podcasts') return response(200).json({ content: [], next_cursor: null });
    const followed = new Set(followingOf(me.user.id));
    const items = publicMedia().filter((item) => followed.has(item.userId));
    const { items: shown, next } = page(items, url);
    const content = shown.flatMap((item) => feedItem(item, mediaDb.reels.includes(item as MockReel) ? 'reel' : 'video') ?? []);
    return response(200).json({ content, next_cursor: next });
  }),
];
