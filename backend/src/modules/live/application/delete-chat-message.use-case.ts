import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { liveErrors } from '../domain/live.errors.js';
import { LIVE_CHAT, LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, type Clock, type LiveChatRepository, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork } from '../domain/ports.js';
import { findStream } from './find-stream.js';

/** The streamer deletes a message of their stream's chat (others 403); every open page drops it at once. */
@Injectable()
export class DeleteChatMessageUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, streamId: string, messageId: string): Promise<string> {
    const stream = await findStream(this.streams, streamId);
    stream.assertOwner(userId);
    const message = isUuid(messageId) ? await this.chat.find(stream.id, messageId.toLowerCase()) : null;
    if (!message) throw liveErrors.messageNotFound();
    const deleted = await this.uow.inTransaction(() => this.chat.markDeleted(message.id, this.clock.now()));
    if (deleted) await this.events.publish(stream.id, { event: 'comment_deleted', stream_id: stream.id, id: message.id });
    return message.id;
  }
}
