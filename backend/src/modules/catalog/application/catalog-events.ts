import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../../common/events/domain-events.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { editorFilesOf } from './editor.use-cases.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { HOME_FEED, MEDIA_REPOSITORY, VIEWER_ENTITLEMENTS, type HomeFeed, type MediaRepository, type ViewerEntitlements } from '../domain/ports.js';
import { MOVIE_RATINGS, type MovieRatings } from '../domain/movie-rating.js';
import { MUSIC_REPOSITORY, type MusicRepository } from '../domain/music.js';
import { PODCAST_REPOSITORY, type PodcastRepository } from '../domain/podcast.js';
import { MediaService } from './media.service.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/** Keeps the catalog in step with accounts: visibility copied onto media; a purged account's media removed. */
@Injectable()
export class CatalogEvents implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly service: MediaService,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly durable: DurableEvents,
    @Inject(VIEWER_ENTITLEMENTS) private readonly viewers: ViewerEntitlements,
    @Inject(HOME_FEED) private readonly home: HomeFeed,
    @Inject(MOVIE_RATINGS) private readonly ratings: MovieRatings,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(PODCAST_REPOSITORY) private readonly podcasts: PodcastRepository,
  ) {}

  onModuleInit(): void {
    this.events.on('accounts.visibility-changed', async ({ accountId, visibility }) => {
      await this.media.setVisibilityOfAccount(accountId, visibility);
      this.service.forgetCached();
    });
    this.events.on('accounts.purging', ({ accountId }) => this.purge(accountId));
    this.durable.on('identity.user-changed', ({ userId }) => this.forgetDeletedViewer(userId));
  }

  /**
   * A deleted user's viewing: where they stopped in each video goes, their movie ratings are taken back (each
   * movie's average moves as if they had removed it), and their listening marks of music tracks and podcast episodes go
   * (their playlists and podcast subscriptions go with the user row). Idempotent: run again, it finds nothing left.
   */
  async forgetDeletedViewer(userId: string): Promise<void> {
    if (await this.viewers.exists(userId)) return;
    await this.home.forgetViewer(userId);
    await this.music.forgetListener(`u:${userId}`);
    await this.podcasts.forgetListener(`u:${userId}`);
    for (const movieId of await this.ratings.ratedBy(userId)) await this.ratings.unrate(movieId, userId);
  }

  /** Files first (idempotent), then rows; run again by the purge job's retry if anything fails. */
  async purge(accountId: string): Promise<void> {
    const items = await this.media.listOfAccount(accountId);
    for (const m of items) {
      await this.storage.delete(m.originalKey);
      if (m.thumbnailKey) await this.storage.delete(m.thumbnailKey);
      await this.storage.deletePrefix(`hls/${m.id}/`);
      for (const key of editorFilesOf(m.id)) await this.storage.delete(key);
      this.media.remove(m);
      this.durable.record('catalog.media-changed', { mediaId: m.id });
    }
    await this.media.removeEngagementOf(items.map((m) => m.id));
    await this.uow.commit();
    this.service.forgetCached();
  }
}
