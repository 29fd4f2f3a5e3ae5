import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type Clock, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { findStream } from './find-stream.js';

/**
 * The ingest's call when a stream's first media arrives: `created` becomes `live` (a stream already live, or ended,
 * stays as it is). Returns whether it changed; the open pages hear the new status.
 */
@Injectable()
export class MarkLiveUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(streamId: string): Promise<boolean> {
    const changed = await this.uow.inTransaction(async () => {
      const s = await findStream(this.streams, streamId, { lock: true });
      if (!s.markLive(this.clock.now())) return false;
      await this.streams.save(s);
      return true;
    });
    if (changed) await this.events.publish(streamId.toLowerCase(), { event: 'status', stream_id: streamId.toLowerCase(), status: 'live' });
    return changed;
  }
}
