import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { CONTENT_DIRECTORY, type ContentDirectory } from '../domain/ports.js';

/**
 * The backstop of a live stream's removal, which spans two contexts: the stream ends (live) and the video its recording
 * became, if any, goes too (catalog). A decision asks for both right after its commit (DecisionRecorder.applied); if
 * that fails halfway or the process dies first, the decision's durable `moderation.content-removed` runs the same
 * idempotent removal here, through the content directory, so the recording is never left up. (Media and comments are
 * the catalog's own handlers'; a live chat message is live's.)
 */
@Injectable()
export class LiveRemovalEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
  ) {}

  onModuleInit(): void {
    this.durable.on('moderation.content-removed', async ({ contentType, contentId, purgeFiles }) => {
      if (contentType === 'live_stream') await this.content.remove('live_stream', contentId, { purgeFiles });
    });
  }
}
