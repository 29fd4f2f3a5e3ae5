import type { Account } from '../domain/account.js';
import { bannerUrls, linksOf, photoUrl, toAccountView } from '../application/account-view.js';
import type { ChannelPage } from '../application/channel-page.query.js';
import type { AccountResponseDto, ChannelDto } from './accounts.dto.js';

export { photoUrl } from '../application/account-view.js';

export function toAccountResponse(a: Account): AccountResponseDto {
  return toAccountView(a);
}

export function toChannelResponse(page: ChannelPage): ChannelDto {
  const a = page.account;
  return {
    id: a.id,
    user_id: a.userId,
    handle: a.handle,
    display_name: a.displayName,
    bio: a.bio,
    location: a.location,
    website: a.website,
    avatar_url: photoUrl(a),
    ...bannerUrls(a),
    links: linksOf(a),
    account_type: a.accountType,
    created_at: a.createdAt.toISOString(),
    follower_count: page.followers,
    following_count: page.following,
    video_count: page.videos,
    reel_count: page.reels,
    total_views: page.totalViews,
    is_following: page.isFollowing,
    is_own: page.isOwn,
  };
}
