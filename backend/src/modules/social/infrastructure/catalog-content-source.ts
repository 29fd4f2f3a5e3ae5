import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { ContentCardView, ContentSource, IndexDocument } from '../domain/ports.js';

/**
 * Videos and reels (the catalog's movies are not searched: the Cinema room lists them). Reels stay indexed while the
 * `reels` feature is off, but nobody finds them then (search, suggestions, feeds).
 */
@Injectable()
export class CatalogContentSource implements ContentSource {
  readonly kinds = ['video', 'reel'];
  readonly tab = 'videos' as const;
  readonly feedType = 'videos' as const;

  constructor(
    private readonly catalog: CatalogFacade,
    private readonly accounts: AccountsFacade,
    private readonly features: FeatureFlags,
  ) {}

  shownKinds(): string[] {
    return this.features.isEnabled('reels') ? this.kinds : this.kinds.filter((k) => k !== 'reel');
  }

  async document(refId: string): Promise<IndexDocument | null> {
    const e = await this.catalog.indexEntry(refId);
    if (!e) return null;
    // The account's current visibility is the truth (the catalog's copy may still be catching up).
    const owner = (await this.accounts.summaries([e.accountId])).get(e.accountId);
    if (!owner) return null;
    return { kind: e.kind, refId: e.id, ownerUserId: e.userId, accountId: e.accountId, title: e.title, body: e.body, visibility: owner.visibility, popularity: e.popularity, publishedAt: e.publishedAt };
  }

  async cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]> {
    return (await this.catalog.cards(refIds, viewerId)).map((c) => ({ ...c, contentType: 'video' as const }));
  }
}
