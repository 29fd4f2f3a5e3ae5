import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { ContentCardView, ContentSource, IndexDocument } from '../domain/ports.js';

/**
 * The catalog's tournaments in search's gaming tab (seed 002 §3 Gaming items): found by name (typos forgiven), game
 * and description. Cancelled ones are not found, nor those of an organizer who deleted their account. Never in feeds, nor counted as anyone's content. They stay indexed
 * while the `gaming` feature is off, but nobody finds them then. Kept in step by `catalog.tournament-changed`.
 */
@Injectable()
export class TournamentContentSource implements ContentSource {
  readonly kinds = ['tournament'];
  readonly tab = 'gaming' as const;
  readonly feedType = null;

  constructor(
    private readonly catalog: CatalogFacade,
    private readonly identity: IdentityFacade,
    private readonly features: FeatureFlags,
  ) {}

  shownKinds(): string[] {
    return this.features.isEnabled('gaming') ? this.kinds : [];
  }

  async document(refId: string): Promise<IndexDocument | null> {
    const t = await this.catalog.tournamentDocument(refId);
    // Not found: cancelled ones, and those whose organizer deleted their account.
    if (!t || t.status === 'cancelled' || !(await this.identity.exists(t.organizerId))) return null;
    return {
      kind: 'tournament',
      refId: t.id,
      ownerUserId: t.organizerId,
      accountId: null,
      title: t.name,
      body: `${t.game}\n${t.description}`,
      visibility: 'public',
      popularity: t.currentParticipants,
      publishedAt: t.createdAt,
    };
  }

  async cards(refIds: string[], viewerId: string | null): Promise<ContentCardView[]> {
    // Cancelled ones are left out here too: the index follows a tournament's changes a moment after they commit
    // (a durable event), and search shows nothing cancelled meanwhile.
    return (await this.catalog.tournamentCards(refIds, viewerId)).filter((t) => t.status !== 'cancelled').map((t) => ({
      id: t.id,
      kind: 'tournament',
      contentType: 'tournament' as const,
      title: t.name,
      description: t.description,
      userId: t.organizerId,
      username: t.organizerName,
      views: 0,
      likes: 0,
      thumbnailUrl: null,
      isVertical: false,
      durationSeconds: null,
      createdAt: t.createdAt,
      tournament: { game: t.game, prizePool: t.prizePool, status: t.status },
    }));
  }
}
