import { Inject, Injectable } from '@nestjs/common';
import { liveErrors } from '../domain/live.errors.js';
import { LiveStream, type StartInput } from '../domain/live-stream.js';
import { LIVE_CLOCK, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type Clock, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { LiveViews, type LiveStreamView } from './live-views.js';

/**
 * Starts a stream (`created` until its first media): one per user that has not ended, checked under a per-user lock
 * (the partial unique index is the backstop: a lost race answers the same 409).
 */
@Injectable()
export class StartLiveStreamUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
    private readonly views: LiveViews,
  ) {}

  async execute(userId: string, input: StartInput): Promise<LiveStreamView> {
    const stream = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      if (await this.streams.openOf(userId)) throw liveErrors.alreadyLive();
      const s = LiveStream.start(userId, input, this.clock.now());
      await this.streams.add(s);
      return s;
    });
    return this.views.one(stream, userId);
  }
}
