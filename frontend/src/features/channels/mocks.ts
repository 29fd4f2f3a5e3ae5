import { mockDb, type MockAccount } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, settle, type MockReel, type MockVideo } from '../../mocks/mediaDb';
import { caller, isVisible } from '../../mocks/mediaHelpers';
import { followersOf, followingOf, isFollowing } from '../../mocks/socialDb';
import { reelDto } from '../reels/mocks';
import { videoDto } from '../videos/mocks';
import type { ChannelDto } from './ChannelsStore';

const SORTS = ['newest', 'popular'] as const;

const channelNotFound = () => errorBody(404, 'ACCOUNTS.CHANNEL_NOT_FOUND', 'Channel not found');
const badSort = () => errorBody(400, 'VALIDATION_FAILED', 'sort must be newest or popular', [{ field: 'sort', message: 'sort must be newest or popular' }]);

/** The account behind a handle (any case) that the viewer may see: a private one only by its owner. */
function visibleChannel(handle: string, viewerId: string | undefined): MockAccount | undefined {
  const wanted = handle.trim().replace(/^@/, '').toLowerCase();
  for (const entry of mockDb.accounts.values()) {
    if (entry.account.handle.toLowerCase() !== wanted) continue;
    const isPrivate = entry.account.privacy_settings.profile_visibility === 'private';
    return !isPrivate || entry.userId === viewerId ? entry : undefined;
  }
  return undefined;
}

/** The channel's videos or reels the viewer may see: others ready ones of a public account, the owner every one. */
function channelItems<T extends MockVideo | MockReel>(items: T[], channel: MockAccount, viewerId: string | undefined): T[] {
  return items.map((item) => settle(item)).filter((item) => item.accountId === channel.account.id && isVisible(item, viewerId));
}

/** A channel as the API shows it to `viewerId`: follows from the social data, counts of what the viewer may see. */
export function channelDto(channel: MockAccount, viewerId: string | undefined): ChannelDto {
  const { account, userId } = channel;
  const videos = channelItems(mediaDb.videos, channel, viewerId);
  const reels = channelItems(mediaDb.reels, channel, viewerId);
  const isOwn = viewerId === userId;
  return {
    id: account.id,
    user_id: userId,
    handle: account.handle,
    display_name: account.display_name,
    account_type: account.account_type,
    avatar_url: account.profile_photo_url,
    banner_url: account.banner_url,
    banner_small_url: account.banner_small_url,
    links: account.links.map((link) => ({ ...link })),
    bio: account.bio,
    location: account.location,
    website: account.website,
    created_at: account.created_at,
    follower_count: followersOf(userId).length,
    following_count: followingOf(userId).length,
    video_count: videos.length,
    reel_count: reels.length,
    total_views: [...videos, ...reels].filter((item) => item.status === 'ready').reduce((sum, item) => sum + item.views, 0),
    is_following: viewerId !== undefined && !isOwn && isFollowing(viewerId, userId),
    is_own: isOwn,
  };
}

/** One page of a channel's list: newest first, or most viewed first (then newest); the cursor is an offset. */
function sortedPage<T extends { created_at: string; id: string; views: number }>(items: T[], url: URL, sort: string) {
  const limit = Math.min(100, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '', 10) || 20));
  const offset = Math.max(0, Number(url.searchParams.get('cursor')) || 0);
  const newest = (a: T, b: T) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
  const sorted = [...items].sort(sort === 'popular' ? (a, b) => b.views - a.views || newest(a, b) : newest);
  return { items: sorted.slice(offset, offset + limit), next: offset + limit < sorted.length ? String(offset + limit) : null };
}

const sortOf = (url: URL) => url.searchParams.get('sort') ?? 'newest';
const knownSort = (sort: string) => (SORTS as readonly string[]).includes(sort);

/** The server's answers for channel pages (`/c/:handle`): the channel, its videos and its reels, open to visitors. */
export const channelsHandlers = [
  http.get('/api/channels/{handle}', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const channel = visibleChannel(params.handle, viewerId);
    if (!channel) return response(404).json(channelNotFound());
    return response(200).json(channelDto(channel, viewerId));
  }),

  http.get('/api/channels/{handle}/videos', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const sort = sortOf(url);
    if (!knownSort(sort)) return response(400).json(badSort());
    const channel = visibleChannel(params.handle, viewerId);
    if (!channel) return response(404).json(channelNotFound());
    const { items, next } = sortedPage(channelItems(mediaDb.videos, channel, viewerId), url, sort);
    const body = items.flatMap((video) => videoDto(video, viewerId) ?? []);
    return response(200).json(body, next ? { headers: { 'X-Next-Cursor': next } } : undefined);
  }),

  http.get('/api/channels/{handle}/reels', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const sort = sortOf(url);
    if (!knownSort(sort)) return response(400).json(badSort());
    const channel = visibleChannel(params.handle, viewerId);
    if (!channel) return response(404).json(channelNotFound());
    const { items, next } = sortedPage(channelItems(mediaDb.reels, channel, viewerId), url, sort);
    return response(200).json({ reels: items.flatMap((reel) => reelDto(reel, viewerId) ?? []), next_cursor: next });
  }),
];
