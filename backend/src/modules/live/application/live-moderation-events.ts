import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { LiveContentUseCases } from './live-content.use-cases.js';

/**
 * Live's side of moderation's durable `moderation.content-removed`: a live stream taken down ends, a chat message
 * taken down is deleted. Moderation has usually done it through LiveFacade already; this is the backstop, idempotent.
 * (The video a stream's recording became, if any, is the catalog's, taken down by moderation's direct call.)
 */
@Injectable()
export class LiveModerationEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly content: LiveContentUseCases,
  ) {}

  onModuleInit(): void {
    this.durable.on('moderation.content-removed', async ({ contentType, contentId }) => {
      if (contentType === 'live_stream') await this.content.removeStream(contentId);
      else if (contentType === 'live_chat_message') await this.content.removeChatMessage(contentId);
    });
  }
}
