import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import type { MediaKind } from '../domain/media.js';
import { ModerationRemovalUseCases } from './moderation-removal.use-cases.js';

const MEDIA_KINDS: readonly string[] = ['video', 'reel', 'movie'] satisfies MediaKind[];

/**
 * The catalog's side of moderation's durable events: removed content is hidden (and its files purged when asked),
 * purged later, or restored. The moderation use case has usually done the same through the facade already; these
 * are the backstop, idempotent, and an event older than the item's last opposite change is ignored (see asOf).
 * Other content types (profiles; later kinds of their own contexts) are not the catalog's.
 */
@Injectable()
export class ModerationEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly removal: ModerationRemovalUseCases,
  ) {}

  onModuleInit(): void {
    this.durable.on('moderation.content-removed', async ({ contentType, contentId, purgeFiles }, { createdAt }) => {
      if (MEDIA_KINDS.includes(contentType)) await this.removal.removeMedia(contentId, { purgeFiles, asOf: createdAt });
      else if (contentType === 'comment') await this.removal.removeComment(contentId);
    });
    this.durable.on('moderation.content-purge', async ({ contentType, contentId }, { createdAt }) => {
      if (MEDIA_KINDS.includes(contentType)) await this.removal.purgeRemoved(contentId, { asOf: createdAt });
    });
    this.durable.on('moderation.content-restored', async ({ contentType, contentId }, { createdAt }) => {
      if (MEDIA_KINDS.includes(contentType)) await this.removal.restoreMedia(contentId, { asOf: createdAt });
    });
  }
}
