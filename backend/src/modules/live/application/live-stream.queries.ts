import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import type { ChatMessage } from '../domain/chat-message.js';
import { RECENT_MESSAGES } from '../domain/live.rules.js';
import { LIVE_CHAT, LIVE_STREAMS, type LiveChatRepository, type LiveStreamRepository } from '../domain/ports.js';
import { findStream } from './find-stream.js';
import { LiveViews, type LiveStreamView } from './live-views.js';

/** Reads: the streams on now, one stream, and what a joiner gets (the stream and the newest 50 chat messages). */
@Injectable()
export class LiveStreamQueries {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    private readonly views: LiveViews,
  ) {}

  /** Streams that have not ended (created or live; only gaming streams with `gaming`): the most watched first, then the newest. */
  async list(viewerUserId: string | null, limit: number, opts: { gaming?: boolean; userId?: string } = {}): Promise<LiveStreamView[]> {
    return this.views.of(await this.streams.listOpen(limit, opts), viewerUserId);
  }

  async get(viewerUserId: string | null, streamId: string): Promise<LiveStreamView> {
    return this.views.one(await findStream(this.streams, streamId), viewerUserId);
  }

  /** How many live streams there have been (the founder's analytics). */
  count(): Promise<number> {
    return this.streams.count();
  }

  /** The newest 50 messages not deleted, newest first. */
  async recentMessages(streamId: string): Promise<ChatMessage[]> {
    const stream = await findStream(this.streams, streamId);
    return this.chat.recent(stream.id, RECENT_MESSAGES);
  }

  /** Opening a stream: it (with the viewers now) and the newest 50 messages. Presence itself is the realtime room's. */
  async join(viewerUserId: string | null, streamId: string): Promise<{ stream: LiveStreamView; messages: ChatMessage[] }> {
    const stream = await findStream(this.streams, streamId);
    const [view, messages] = await Promise.all([this.views.one(stream, viewerUserId), this.chat.recent(stream.id, RECENT_MESSAGES)]);
    return { stream: view, messages };
  }

  /** Whether the stream exists (the realtime room's authorizer). */
  async exists(streamId: string): Promise<boolean> {
    return isUuid(streamId) && !!(await this.streams.find(streamId.toLowerCase()));
  }
}
