import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type Clock, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { findStream } from './find-stream.js';

/** A user likes a stream that has not ended, or takes the like back (one per user, serialised per user); the open pages hear the count. */
@Injectable()
export class ToggleLiveLikeUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, streamId: string): Promise<{ liked: boolean; likes: number }> {
    const stream = await findStream(this.streams, streamId);
    stream.assertOpen();
    const result = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      return this.streams.toggleLike(stream.id, userId, this.clock.now());
    });
    await this.events.publish(stream.id, { event: 'likes', stream_id: stream.id, likes: result.likes });
    return result;
  }
}
