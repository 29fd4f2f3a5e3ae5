import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { LiveFacade } from '../../live/live.facade.js';
import type { LiveCardView, LiveSearchSource } from '../domain/ports.js';

/**
 * Live streams on now, searched by the live context in its own table; nobody finds them while `live` is off, nor
 * gaming streams in the gaming tab while `gaming` is.
 */
@Injectable()
export class FacadeLiveSearchSource implements LiveSearchSource {
  constructor(
    private readonly live: LiveFacade,
    private readonly features: FeatureFlags,
  ) {}

  shown(): boolean {
    return this.features.isEnabled('live');
  }

  shownGaming(): boolean {
    return this.features.isEnabled('live') && this.features.isEnabled('gaming');
  }

  async search(q: { folded: string; words: string[]; ownerIds: string[] }, limit: number, opts: { gaming?: boolean } = {}): Promise<LiveCardView[]> {
    return (await this.live.searchOpenStreams(q, limit, opts)).map((h) => ({
      id: h.id,
      title: h.title,
      description: h.description,
      game: h.game,
      status: h.status,
      userId: h.userId,
      username: h.username,
      viewerCount: h.viewerCount,
      likes: h.likes,
      isVertical: h.isVertical,
      superChatEnabled: h.superChatEnabled,
      createdAt: h.createdAt,
    }));
  }
}
