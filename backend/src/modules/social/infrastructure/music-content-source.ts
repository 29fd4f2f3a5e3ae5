import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { ContentCardView, ContentSource, IndexDocument } from '../domain/ports.js';

/**
 * The catalog's music tracks (kind `track`) in search's music tab and the feed's music filter: found by title, artist
 * and album. They stay indexed while the `music` feature is off, but nobody finds them then.
 */
@Injectable()
export class MusicContentSource implements ContentSource {
  readonly kinds = ['track'];
  readonly tab = 'music' as const;
  readonly feedType = 'music' as const;

  constructor(
    private readonly catalog: CatalogFacade,
    private readonly accounts: AccountsFacade,
    private readonly features: FeatureFlags,
  ) {}

  shownKinds(): string[] {
    return this.features.isEnabled('music') ? this.kinds : [];
  }

  async document(refId: string): Promise<IndexDocument | null> {
    const e = await this.catalog.musicIndexEntry(refId);
    if (!e) return null;
    const owner = (await this.accounts.summaries([e.accountId])).get(e.accountId);
    if (!owner) return null;
    return { kind: 'track', refId: e.id, ownerUserId: e.userId, accountId: e.accountId, title: e.title, body: e.body, visibility: owner.visibility, popularity: e.popularity, publishedAt: e.publishedAt };
  }

  async cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]> {
    return (await this.catalog.musicCards(refIds, viewerId)).map((c) => ({
      id: c.id,
      kind: 'track',
      contentType: 'music' as const,
      title: c.title,
      description: [c.artist, c.album ?? ''].join(' ').trim(),
      userId: c.userId,
      username: c.username,
      views: c.plays,
      likes: c.likes,
      thumbnailUrl: c.coverUrl,
      isVertical: false,
      durationSeconds: c.durationSeconds,
      createdAt: c.createdAt,
      music: { artist: c.artist, album: c.album, contentType: c.contentType },
    }));
  }
}
