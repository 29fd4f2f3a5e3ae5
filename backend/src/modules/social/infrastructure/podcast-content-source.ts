import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { ContentCardView, ContentSource, IndexDocument } from '../domain/ports.js';

/**
 * The catalog's podcast episodes (kind `episode`) in search's podcasts tab and the feed's podcasts filter: found by
 * title, show name and description. They stay indexed while the `podcasts` feature is off, but nobody finds them then.
 */
@Injectable()
export class PodcastContentSource implements ContentSource {
  readonly kinds = ['episode'];
  readonly tab = 'podcasts' as const;
  readonly feedType = 'podcasts' as const;

  constructor(
    private readonly catalog: CatalogFacade,
    private readonly accounts: AccountsFacade,
    private readonly features: FeatureFlags,
  ) {}

  shownKinds(): string[] {
    return this.features.isEnabled('podcasts') ? this.kinds : [];
  }

  async document(refId: string): Promise<IndexDocument | null> {
    const e = await this.catalog.podcastIndexEntry(refId);
    if (!e) return null;
    const owner = (await this.accounts.summaries([e.accountId])).get(e.accountId);
    if (!owner) return null;
    return { kind: 'episode', refId: e.id, ownerUserId: e.userId, accountId: e.accountId, title: e.title, body: e.body, visibility: owner.visibility, popularity: e.popularity, publishedAt: e.publishedAt };
  }

  async cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]> {
    return (await this.catalog.podcastCards(refIds, viewerId)).map((c) => ({
      id: c.id,
      kind: 'episode',
      contentType: 'podcast' as const,
      title: c.title,
      description: c.description,
      userId: c.userId,
      username: c.username,
      views: c.plays,
      likes: c.likes,
      thumbnailUrl: c.coverUrl,
      isVertical: false,
      durationSeconds: c.durationSeconds,
      createdAt: c.createdAt,
      podcast: { showName: c.showName },
    }));
  }
}
