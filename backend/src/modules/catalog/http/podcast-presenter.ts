import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { absoluteUrl } from '../../../common/http/spa.js';
import type { EpisodeView } from '../application/podcast.use-cases.js';
import { shownStatus } from '../domain/media.js';
import type { ShowSummary } from '../domain/podcast.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, type Engagement, type MediaRepository } from '../domain/ports.js';
import { PODCAST_REPOSITORY, type PodcastRepository } from '../domain/podcast.js';
import { MediaPresenter } from './media-presenter.js';
import type { PodcastEpisodeDto, PodcastShowDto } from './podcast.dto.js';

const DELETED = { handle: 'deleted', display_name: 'Deleted account' };

/** Episode and show responses: owners, likes and downloads in one query each per page. */
@Injectable()
export class PodcastPresenter {
  constructor(
    private readonly accounts: AccountsFacade,
    private readonly media: MediaPresenter,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    @Inject(PODCAST_REPOSITORY) private readonly podcasts: PodcastRepository,
    @Inject(MEDIA_REPOSITORY) private readonly mediaRepo: MediaRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An absolute address on this instance (PUBLIC_URL, else the request's origin as the proxy reported it). */
  absolute(req: Request, path: string): string {
    return absoluteUrl(req, this.config.publicUrlConfigured ? this.config.publicUrl : null, path);
  }

  feedUrl(req: Request, showId: string): string {
    return this.absolute(req, `/api/podcasts/shows/${showId}/feed.xml`);
  }

  async episodes(items: EpisodeView[], viewer: string | null): Promise<PodcastEpisodeDto[]> {
    const ids = items.map((e) => e.media.id);
    const [owners, liked, downloads] = await Promise.all([this.accounts.summaries(items.map((e) => e.media.accountId)), this.engagement.likedBy(ids, viewer), this.podcasts.downloads(ids)]);
    return items.map(({ media: m, details: d }) => {
      const o = owners.get(m.accountId);
      const mine = m.userId === viewer;
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        show_id: d.showId,
        show_name: d.showName,
        category: d.category,
        plays: Number(m.views),
        downloads: downloads.get(m.id) ?? 0,
        likes: m.likes,
        liked: liked.has(m.id),
        created_at: m.createdAt.toISOString(),
        episode_number: d.episodeNumber,
        season_number: d.seasonNumber,
        duration_seconds: m.durationSeconds,
        cover_url: this.media.thumbnailUrl(m, viewer),
        stream_url: `/api/podcasts/episode/${m.id}/stream${this.media.query(m, viewer)}`,
        monetization_enabled: m.monetizationEnabled,
        status: shownStatus(m.status),
        failure_reason: mine ? m.failureReason : null,
        owner: o ? { handle: o.handle, display_name: o.displayName } : DELETED,
        is_owner: mine,
      };
    });
  }

  async shows(shows: ShowSummary[], viewer: string | null, req: Request): Promise<PodcastShowDto[]> {
    // The creator's name: the account of the show's latest episode.
    const latest = new Map((await this.mediaRepo.findMany(shows.flatMap((s) => (s.latestEpisodeId ? [s.latestEpisodeId] : [])))).map((m) => [m.id, m]));
    const owners = await this.accounts.summaries([...latest.values()].map((m) => m.accountId));
    return shows.map((s) => {
      const m = s.latestEpisodeId ? latest.get(s.latestEpisodeId) : undefined;
      const o = m ? owners.get(m.accountId) : undefined;
      const owner = o ? { handle: o.handle, display_name: o.displayName } : DELETED;
      return {
        id: s.id,
        show_name: s.showName,
        creator_name: owner.display_name,
        creator_handle: owner.handle,
        category: s.category,
        episode_count: s.episodeCount,
        total_plays: s.totalPlays,
        latest_episode: s.latestEpisodeId && s.latestEpisodeAt ? { id: s.latestEpisodeId, title: s.latestEpisodeTitle ?? '', created_at: s.latestEpisodeAt.toISOString() } : null,
        feed_url: this.feedUrl(req, s.id),
        is_owner: s.userId === viewer,
      };
    });
  }
}
