import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CLOCK, LIVE_EVENTS, LIVE_INGEST, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type Clock, type LiveEvents, type LiveIngestControl, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { findStream } from './find-stream.js';
import { LiveViews, type LiveStreamView } from './live-views.js';

/**
 * Its owner ends a stream (others 403); its open pages are told at once, and the ingest stops its publisher and turns
 * its recording into a video (a durable job, after the commit).
 */
@Injectable()
export class EndLiveStreamUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
    @Inject(LIVE_INGEST) private readonly ingest: LiveIngestControl,
    private readonly views: LiveViews,
  ) {}

  async execute(userId: string, streamId: string): Promise<LiveStreamView> {
    const stream = await this.uow.inTransaction(async () => {
      const s = await findStream(this.streams, streamId, { lock: true });
      s.end(userId, this.clock.now());
      await this.streams.save(s);
      return s;
    });
    await this.ingest.ended(stream.id);
    await this.events.publish(stream.id, { event: 'ended', stream_id: stream.id });
    return this.views.one(stream, userId);
  }
}
