import { Inject, Injectable } from '@nestjs/common';
import { LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { findStream } from './find-stream.js';
import { LiveViews, type LiveStreamView } from './live-views.js';

/** The streamer sets slow mode (seconds between one viewer's messages; 0 is off); the open pages hear it. */
@Injectable()
export class SetSlowModeUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    private readonly views: LiveViews,
  ) {}

  async execute(userId: string, streamId: string, seconds: number): Promise<LiveStreamView> {
    const stream = await this.uow.inTransaction(async () => {
      const s = await findStream(this.streams, streamId, { lock: true });
      s.setSlowMode(userId, seconds);
      await this.streams.save(s);
      return s;
    });
    await this.events.publish(stream.id, { event: 'slow_mode', stream_id: stream.id, slow_mode_seconds: seconds });
    return this.views.one(stream, userId);
  }
}
