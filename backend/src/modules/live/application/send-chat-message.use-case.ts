import { Inject, Injectable } from '@nestjs/common';
import { newChatMessage, type ChatMessage } from '../domain/chat-message.js';
import { liveErrors } from '../domain/live.errors.js';
import { MESSAGES_PER_WINDOW, MESSAGE_WINDOW_MS, secondsUntil } from '../domain/live.rules.js';
import { LIVE_CHAT, LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_UNIT_OF_WORK, LIVE_USERS, type Clock, type LiveChatRepository, type LiveEvents, type LiveStreamRepository, type LiveUnitOfWork, type UserDirectory } from '../domain/ports.js';
import { chatMessageEvent } from './live-events.js';
import { findStream } from './find-stream.js';


/**
 * A chat message to a stream that has not ended. In one transaction, serialised per sender (an advisory lock) so that
 * the checks hold however many requests arrive at once: not timed out (403 with the time left), at most 3 messages per
 * 2 seconds across every stream (429), slow mode for everyone but the streamer (429). The message is committed before
 * the answer, then fanned out to the stream's open pages on every process.
 */
@Injectable()
export class SendChatMessageUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, streamId: string, text: string): Promise<ChatMessage> {
    const stream = await findStream(this.streams, streamId);
    stream.assertOpen();
    const username = (await this.users.usernames([userId])).get(userId) ?? 'Deleted user';
    const message = await this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      const now = this.clock.now();
      const t = now.getTime();
      const until = await this.chat.timedOutUntil(stream.id, userId);
      if (until && until.getTime() > t) throw liveErrors.timedOut(secondsUntil(until.getTime(), t));
      const recent = await this.chat.sentSince(userId, new Date(t - MESSAGE_WINDOW_MS));
      if (recent.count >= MESSAGES_PER_WINDOW) throw liveErrors.tooManyMessages(secondsUntil((recent.oldest?.getTime() ?? t) + MESSAGE_WINDOW_MS, t));
      if (stream.slowModeSeconds > 0 && !stream.isOwner(userId)) {
        const last = await this.chat.lastSentAt(stream.id, userId);
        const next = last ? last.getTime() + stream.slowModeSeconds * 1000 : 0;
        if (next > t) throw liveErrors.slowMode(stream.slowModeSeconds, secondsUntil(next, t));
      }
      const m = newChatMessage(stream.id, userId, username, text, now);
      await this.chat.add(m);
      return m;
    });
    await this.events.publish(stream.id, chatMessageEvent(message));
    return message;
  }
}
