import { Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { ClipVideo, ClipVideos } from '../domain/community-ports.js';

/**
 * Clip posts' videos through the catalog's cards: a card exists only for a ready, public video or reel that is not
 * removed, so a post shows its video while others may watch it, and a clip attaches only such a video of its author.
 */
@Injectable()
export class CatalogClipVideos implements ClipVideos {
  constructor(private readonly catalog: CatalogFacade) {}

  async ownReadyVideo(userId: string, videoId: string): Promise<ClipVideo | null> {
    const [card] = await this.catalog.cards([videoId], userId);
    if (!card || card.kind !== 'video' || card.userId !== userId) return null;
    return { id: card.id, title: card.title, thumbnailUrl: card.thumbnailUrl, durationSeconds: card.durationSeconds };
  }

  async shown(videoIds: string[], viewerId: string | null): Promise<Map<string, ClipVideo>> {
    const ids = [...new Set(videoIds)];
    if (!ids.length) return new Map();
    const cards = await this.catalog.cards(ids, viewerId);
    return new Map(cards.filter((c) => c.kind === 'video').map((c) => [c.id, { id: c.id, title: c.title, thumbnailUrl: c.thumbnailUrl, durationSeconds: c.durationSeconds }]));
  }
}
