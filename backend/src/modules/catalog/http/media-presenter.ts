import { Inject, Injectable } from '@nestjs/common';
import { AccountsFacade, type AccountSummary } from '../../accounts/accounts.facade.js';
import { MediaAccess } from '../application/media-access.js';
import { shownStatus, type Media } from '../domain/media.js';
import { MOVIE_RATINGS, type MovieRatings } from '../domain/movie-rating.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, type Engagement, type MediaRepository } from '../domain/ports.js';
import type { MediaOwnerDto, MovieResponseDto, ReelResponseDto, VideoResponseDto } from './catalog.dto.js';

const GONE_OWNER: MediaOwnerDto = { account_id: '', user_id: '', display_name: 'Deleted account', handle: 'deleted', profile_photo_url: null };

/** Builds responses for a page of items in one pass: owners in one query, the viewer's likes in one query. */
@Injectable()
export class MediaPresenter {
  constructor(
    private readonly accounts: AccountsFacade,
    private readonly access: MediaAccess,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MOVIE_RATINGS) private readonly ratings: MovieRatings,
  ) {}

  async videoById(id: string, viewer: string): Promise<VideoResponseDto | null> {
    const m = await this.media.find(id);
    return m && m.kind === 'video' && m.isReachableBy(viewer) ? (await this.videos([m], viewer))[0] : null;
  }

  private async context(items: Media[], viewer: string | null) {
    const [owners, liked] = await Promise.all([this.accounts.summaries(items.map((m) => m.accountId)), this.engagement.likedBy(items.map((m) => m.id), viewer)]);
    return { owners, liked };
  }

  /** `?t=` for viewers who need a capability: non-public items for their owner, and every movie for signed-in viewers. */
  query(m: Media, viewer: string | null): string {
    const open = m.kind !== 'movie' && m.status === 'ready' && m.visibility !== 'private';
    return open || !viewer ? '' : `?t=${this.access.sign(m.id, viewer)}`;
  }

  private owner(m: Media, owners: Map<string, AccountSummary>): MediaOwnerDto {
    const o = owners.get(m.accountId);
    return o ? { account_id: o.accountId, user_id: o.userId, display_name: o.displayName, handle: o.handle, profile_photo_url: o.photoUrl } : GONE_OWNER;
  }

  thumbnailUrl(m: Media, viewer: string | null): string | null {
    return m.thumbnailKey ? `/api/media/${m.thumbnailKey}${this.query(m, viewer)}` : null;
  }

  ownerPlayback(m: Media): { streamUrl: string; thumbnailUrl: string | null } {
    const path = m.kind === 'track' ? `/api/music/tracks/${m.id}` : m.kind === 'episode' ? `/api/podcasts/episode/${m.id}` : `/api/${m.kind}s/${m.id}`;
    return { streamUrl: `${path}/stream${this.query(m, m.userId)}`, thumbnailUrl: this.thumbnailUrl(m, m.userId) };
  }

  async videos(items: Media[], viewer: string | null): Promise<VideoResponseDto[]> {
    const { owners, liked } = await this.context(items, viewer);
    return items.map((m) => {
      const q = this.query(m, viewer);
      const mine = m.userId === viewer;
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        is_vertical: m.isVertical,
        monetization_enabled: m.monetizationEnabled,
        views: Number(m.views),
        likes: m.likes,
        liked: liked.has(m.id),
        ad_revenue: Number(m.adRevenueCents) / 100,
        status: shownStatus(m.status),
        failure_reason: mine ? m.failureReason : null,
        duration_seconds: m.durationSeconds,
        width: m.width,
        height: m.height,
        thumbnail_url: this.thumbnailUrl(m, viewer),
        stream_url: `/api/${m.kind}s/${m.id}/stream${q}`,
        hls_url: m.status === 'ready' && m.hlsRenditions.length ? `/api/${m.kind}s/${m.id}/hls/master.m3u8${q}` : null,
        created_at: m.createdAt.toISOString(),
        owner: this.owner(m, owners),
        is_owner: mine,
      };
    });
  }

  async reels(items: Media[], viewer: string | null): Promise<ReelResponseDto[]> {
    const { owners, liked } = await this.context(items, viewer);
    return items.map((m) => {
      const owner = this.owner(m, owners);
      const mine = m.userId === viewer;
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        created_by: owner.handle,
        username: owner.handle,
        tags: m.tags,
        likes: m.likes,
        liked: liked.has(m.id),
        comments: m.comments,
        views: Number(m.views),
        created_at: m.createdAt.toISOString(),
        status: shownStatus(m.status),
        failure_reason: mine ? m.failureReason : null,
        duration_seconds: m.durationSeconds,
        thumbnail_url: this.thumbnailUrl(m, viewer),
        stream_url: `/api/reels/${m.id}/stream${this.query(m, viewer)}`,
        monetization_enabled: m.monetizationEnabled,
        owner,
        is_owner: mine,
      };
    });
  }

  async movies(items: Media[], viewer: string | null): Promise<MovieResponseDto[]> {
    const ids = items.map((m) => m.id);
    const [stars, positions] = await Promise.all([this.ratings.starsBy(ids, viewer), this.engagement.progressOf(ids, viewer)]);
    return items.map((m) => {
      const mine = m.userId === viewer;
      const q = this.query(m, viewer);
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        year: m.year,
        duration: m.durationMinutes,
        rating: m.averageRating,
        rating_count: m.ratingCount,
        my_rating: stars.get(m.id) ?? null,
        genre: m.genres,
        age_rating: m.ageRating,
        family_safe: m.familySafe,
        is_premium: m.isPremium,
        poster_url: this.thumbnailUrl(m, viewer),
        backdrop_url: this.thumbnailUrl(m, viewer),
        video_url: null,
        cast: m.cast,
        views: Number(m.views),
        status: shownStatus(m.status),
        failure_reason: mine ? m.failureReason : null,
        stream_url: `/api/movies/${m.id}/stream${q}`,
        hls_url: m.status === 'ready' && m.hlsRenditions.length ? `/api/movies/${m.id}/hls/master.m3u8${q}` : null,
        position_seconds: positions.get(m.id) ?? null,
        created_at: m.createdAt.toISOString(),
        is_owner: mine,
      };
    });
  }
}
