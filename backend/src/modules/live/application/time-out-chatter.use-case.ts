import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { liveErrors } from '../domain/live.errors.js';
import { LIVE_CHAT, LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, LIVE_USERS, type Clock, type LiveChatRepository, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork, type UserDirectory } from '../domain/ports.js';
import { findStream } from './find-stream.js';

/**
 * The streamer times a user out of their stream's chat for 10 s to 24 h (LiveStream.timeOut), replacing a
 * timeout in force (0 is not a timeout: a new, shorter one ends it sooner). The open pages hear it.
 */
@Injectable()
export class TimeOutChatterUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(ownerId: string, streamId: string, targetUserId: string, seconds: number): Promise<{ userId: string; until: Date }> {
    const stream = await findStream(this.streams, streamId);
    stream.assertOwner(ownerId);
    stream.assertOpen();
    const userId = targetUserId.toLowerCase();
    if (!isUuid(userId) || !(await this.users.exists(userId))) throw liveErrors.userNotFound();
    const now = this.clock.now();
    const until = stream.timeOut(ownerId, userId, seconds, now);
    await this.uow.inTransaction(() => this.chat.setTimeout(stream.id, userId, until, now));
    await this.events.publish(stream.id, { event: 'timeout', stream_id: stream.id, user_id: userId, until: until.toISOString() });
    return { userId, until };
  }
}
