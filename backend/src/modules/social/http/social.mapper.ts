import type { ContentCardView, LiveCardView } from '../domain/ports.js';
import type { UserCardView } from '../application/social.service.js';
import type { FeedItemDto, GamingStreamSearchItemDto, LiveSearchItemDto, TournamentSearchItemDto, UserCardDto, UserSearchItemDto, VideoSearchItemDto } from './social.dto.js';

export function toUserCard(v: UserCardView): UserCardDto {
  const u = v.user;
  return {
    id: u.userId,
    user_id: u.userId,
    username: u.username,
    full_name: u.fullName,
    photo_url: u.photoUrl,
    is_premium: u.isPremium,
    creator_program: u.creatorProgram,
    followers_count: u.followersCount,
    following_count: u.followingCount,
    content_stats: { total: v.contentTotal },
    is_following: v.isFollowing,
    is_self: v.isSelf,
  };
}

export function toUserSearchItem(v: UserCardView): UserSearchItemDto {
  const u = v.user;
  return {
    id: u.userId,
    user_id: u.userId,
    username: u.username,
    full_name: u.fullName,
    followers_count: u.followersCount,
    photo_url: u.photoUrl,
    is_premium: u.isPremium,
    creator_program: u.creatorProgram,
    is_following: v.isFollowing,
    is_self: v.isSelf,
  };
}

export function toFeedItem(c: ContentCardView): FeedItemDto {
  return {
    id: c.id,
    // Feeds hold no tournaments (their source has no feed type).
    content_type: c.contentType as FeedItemDto['content_type'],
    kind: c.kind,
    creator_name: c.username,
    username: c.username,
    user_id: c.userId,
    title: c.title,
    description: c.description,
    views: c.views,
    likes: c.likes,
    timestamp: c.createdAt.toISOString(),
    thumbnail_url: c.thumbnailUrl,
    is_vertical: c.isVertical,
    duration_seconds: c.durationSeconds,
  };
}

export function toVideoSearchItem(c: ContentCardView): VideoSearchItemDto {
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    username: c.username,
    user_id: c.userId,
    views: c.views,
    likes: c.likes,
    thumbnail_url: c.thumbnailUrl,
    is_vertical: c.isVertical,
    duration_seconds: c.durationSeconds,
    created_at: c.createdAt.toISOString(),
  };
}

/** A podcast card (its source sets `podcast`) as the podcasts tab shows it: a video item with show_name and plays. */
export function toPodcastSearchItem(c: ContentCardView): VideoSearchItemDto[] {
  if (!c.podcast) return [];
  return [{ ...toVideoSearchItem(c), show_name: c.podcast.showName, plays: c.views }];
}

/** A music card (its source sets `music`) as the music tab shows it: a video item with the track's fields. */
export function toMusicSearchItem(c: ContentCardView): VideoSearchItemDto[] {
  if (!c.music) return [];
  return [{ ...toVideoSearchItem(c), artist: c.music.artist, album: c.music.album, plays: c.views, content_type: c.music.contentType }];
}

export function toLiveSearchItem(c: LiveCardView): LiveSearchItemDto {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    game: c.game,
    status: c.status,
    username: c.username,
    user_id: c.userId,
    viewer_count: c.viewerCount,
    likes: c.likes,
    is_vertical: c.isVertical,
    super_chat_enabled: c.superChatEnabled,
    created_at: c.createdAt.toISOString(),
  };
}

/** A tournament card (its source sets `tournament`) as the gaming tab shows it. */
export function toTournamentSearchItem(c: ContentCardView): TournamentSearchItemDto[] {
  if (!c.tournament) return [];
  return [{ kind: 'tournament', id: c.id, name: c.title, game: c.tournament.game, prize_pool: c.tournament.prizePool, status: c.tournament.status }];
}

export function toGamingStreamSearchItem(c: LiveCardView): GamingStreamSearchItemDto {
  return { kind: 'stream', id: c.id, title: c.title, game_name: c.game ?? '', viewers: c.viewerCount, username: c.username, user_id: c.userId };
}
