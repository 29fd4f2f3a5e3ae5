import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { LiveContentUseCases } from './live-content.use-cases.js';

/**
 * Live's side of moderation's durable `moderation.content-removed`: a chat message taken down is deleted. Moderation
 * has usually done it through LiveFacade already; this is the backstop, idempotent. (A live stream taken down is
 * moderation's own backstop, LiveRemovalEvents: its end and the takedown of the video its recording became go
 * together through the content directory.)
 */
@Injectable()
export class LiveModerationEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly content: LiveContentUseCases,
  ) {}

  onModuleInit(): void {
    this.durable.on('moderation.content-removed', async ({ contentType, contentId }) => {
      if (contentType === 'live_chat_message') await this.content.removeChatMessage(contentId);
    });
  }
}
