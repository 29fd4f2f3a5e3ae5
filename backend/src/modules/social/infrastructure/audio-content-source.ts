import { Injectable } from '@nestjs/common';
import { FeatureFlags, type KnownFeature } from '../../../common/features/feature-flags.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { ContentCardView, ContentSource, IndexDocument } from '../domain/ports.js';

/** What differs between the catalog's audio kinds in search and the feed. */
interface AudioKind {
  kind: 'track' | 'episode';
  feature: KnownFeature;
  tab: 'music' | 'podcasts';
  feedType: 'music' | 'podcasts';
  entry(catalog: CatalogFacade, id: string): ReturnType<CatalogFacade['musicIndexEntry']>;
  cards(catalog: CatalogFacade, ids: string[], viewer: string | null): Promise<Omit<ContentCardView, 'kind' | 'isVertical'>[]>;
}

/**
 * One of the catalog's audio kinds (music tracks, podcast episodes) as a search tab and a feed filter. Items stay
 * indexed while their feature is off, but nobody finds them then.
 */
abstract class AudioContentSource implements ContentSource {
  readonly kinds: string[];
  readonly tab: AudioKind['tab'];
  readonly feedType: AudioKind['feedType'];

  protected constructor(
    private readonly catalog: CatalogFacade,
    private readonly accounts: AccountsFacade,
    private readonly features: FeatureFlags,
    private readonly audio: AudioKind,
  ) {
    this.kinds = [audio.kind];
    this.tab = audio.tab;
    this.feedType = audio.feedType;
  }

  shownKinds(): string[] {
    return this.features.isEnabled(this.audio.feature) ? this.kinds : [];
  }

  async document(refId: string): Promise<IndexDocument | null> {
    const e = await this.audio.entry(this.catalog, refId);
    if (!e) return null;
    const owner = (await this.accounts.summaries([e.accountId])).get(e.accountId);
    if (!owner) return null;
    return { kind: this.audio.kind, refId: e.id, ownerUserId: e.userId, accountId: e.accountId, title: e.title, body: e.body, visibility: owner.visibility, popularity: e.popularity, publishedAt: e.publishedAt };
  }

  async cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]> {
    return (await this.audio.cards(this.catalog, refIds, viewerId)).map((c) => ({ ...c, kind: this.audio.kind, isVertical: false }));
  }
}

/** Music tracks (kind `track`): search's music tab and the feed's music filter, found by title, artist and album. */
@Injectable()
export class MusicContentSource extends AudioContentSource {
  constructor(catalog: CatalogFacade, accounts: AccountsFacade, features: FeatureFlags) {
    super(catalog, accounts, features, {
      kind: 'track',
      feature: 'music',
      tab: 'music',
      feedType: 'music',
      entry: (c, id) => c.musicIndexEntry(id),
      cards: async (c, ids, viewer) =>
        (await c.musicCards(ids, viewer)).map((t) => ({
          id: t.id,
          contentType: 'music' as const,
          title: t.title,
          description: [t.artist, t.album ?? ''].join(' ').trim(),
          userId: t.userId,
          username: t.username,
          views: t.plays,
          likes: t.likes,
          thumbnailUrl: t.coverUrl,
          durationSeconds: t.durationSeconds,
          createdAt: t.createdAt,
          music: { artist: t.artist, album: t.album, contentType: t.contentType },
        })),
    });
  }
}

/** Podcast episodes (kind `episode`): search's podcasts tab and the feed's podcasts filter, by title, show and description. */
@Injectable()
export class PodcastContentSource extends AudioContentSource {
  constructor(catalog: CatalogFacade, accounts: AccountsFacade, features: FeatureFlags) {
    super(catalog, accounts, features, {
      kind: 'episode',
      feature: 'podcasts',
      tab: 'podcasts',
      feedType: 'podcasts',
      entry: (c, id) => c.podcastIndexEntry(id),
      cards: async (c, ids, viewer) =>
        (await c.podcastCards(ids, viewer)).map((e) => ({
          id: e.id,
          contentType: 'podcast' as const,
          title: e.title,
          description: e.description,
          userId: e.userId,
          username: e.username,
          views: e.plays,
          likes: e.likes,
          thumbnailUrl: e.coverUrl,
          durationSeconds: e.durationSeconds,
          createdAt: e.createdAt,
          podcast: { showName: e.showName },
        })),
    });
  }
}
