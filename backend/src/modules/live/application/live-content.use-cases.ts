import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CONTENT, type LiveContentStore, type LiveSearchRow } from '../domain/live-content.js';
import {
  LIVE_CHAT,
  LIVE_CLOCK,
  LIVE_EVENTS,
  LIVE_INGEST,
  LIVE_PRESENCE,
  LIVE_STREAMS,
  LIVE_UNIT_OF_WORK,
  LIVE_USERS,
  type Clock,
  type LiveChatRepository,
  type LiveEvents,
  type LiveIngestControl,
  type LivePresence,
  type LiveStreamRepository,
  type LiveUnitOfWork,
  type UserDirectory,
} from '../domain/ports.js';

/** A stream not ended as search results show it. */
export interface LiveSearchHit extends LiveSearchRow {
  username: string;
  viewerCount: number;
}

/** A stream as a report sees it (whatever its status). */
export interface LiveStreamReportTarget {
  ownerUserId: string;
  title: string;
  description: string;
  ended: boolean;
  recordingMediaId: string | null;
}

/** A chat message not deleted, as a report sees it, with the title of its stream. */
export interface LiveChatReportTarget {
  ownerUserId: string;
  text: string;
  streamId: string;
  streamTitle: string;
}

/**
 * Live streams and their chat as content of the platform: searched (social's `live` tab), reported and taken down
 * (moderation). A stream taken down ends at once (its pages are told, its publisher is cut off) and its recording is
 * never published; a chat message taken down is deleted (its pages drop it).
 */
@Injectable()
export class LiveContentUseCases {
  constructor(
    @Inject(LIVE_CONTENT) private readonly content: LiveContentStore,
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    @Inject(LIVE_PRESENCE) private readonly presence: LivePresence,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    @Inject(LIVE_INGEST) private readonly ingest: LiveIngestControl,
    @Inject(LIVE_UNIT_OF_WORK) private readonly uow: LiveUnitOfWork,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Streams not ended matching the words (folded, letters and digits) in their title, game or description, or whose
   * owner is one of `ownerIds` (the people a name search found); when that finds fewer than `limit`, titles like the
   * whole query by trigrams (a typo) follow. With `gaming`, only gaming streams (and a game like the query too).
   */
  async search(q: { folded: string; words: string[]; ownerIds: string[] }, limit: number, opts: { gaming?: boolean } = {}): Promise<LiveSearchHit[]> {
    const rows = await this.content.search(q.words, q.ownerIds, limit, opts.gaming);
    if (rows.length < limit) rows.push(...(await this.content.similar(q.folded, limit - rows.length, rows.map((r) => r.id), opts.gaming)));
    if (!rows.length) return [];
    const [names, counts] = await Promise.all([this.users.usernames([...new Set(rows.map((r) => r.userId))]), this.presence.viewerCounts(rows.map((r) => r.id))]);
    // A stream whose owner is gone (deleted meanwhile) is not shown.
    return rows.flatMap((r) => {
      const username = names.get(r.userId);
      return username ? [{ ...r, username, viewerCount: counts.get(r.id) ?? 0 }] : [];
    });
  }

  async streamReportTarget(streamId: string): Promise<LiveStreamReportTarget | null> {
    const s = await this.streams.find(streamId);
    return s ? { ownerUserId: s.userId, title: s.title, description: s.description, ended: s.ended, recordingMediaId: s.recordingMediaId } : null;
  }

  async chatMessageReportTarget(messageId: string): Promise<LiveChatReportTarget | null> {
    const m = await this.content.chatMessage(messageId);
    if (!m || m.deletedAt) return null;
    const s = await this.streams.find(m.streamId);
    return s ? { ownerUserId: m.userId, text: m.message, streamId: s.id, streamTitle: s.title } : null;
  }

  /**
   * Moderation takes a stream down (idempotent): it ends now if it had not (its pages hear `ended` with `removed`, its
   * publisher is disconnected) and its recording is never published. Returns the video its recording became before,
   * if it had (moderation takes that down too), or null; null also for an unknown stream.
   */
  async removeStream(streamId: string): Promise<{ recordingMediaId: string | null }> {
    const r = await this.uow.inTransaction(() => this.content.endByModeration(streamId, this.clock.now()));
    if (!r) return { recordingMediaId: null };
    if (r.endedNow) {
      await this.ingest.ended(streamId);
      await this.events.publish(streamId, { event: 'ended', stream_id: streamId, removed: true });
    }
    return { recordingMediaId: r.recordingMediaId };
  }

  /** Moderation deletes a chat message (idempotent): every open page of its stream drops it. */
  async removeChatMessage(messageId: string): Promise<void> {
    const m = await this.content.chatMessage(messageId);
    if (!m || m.deletedAt) return;
    const deleted = await this.uow.inTransaction(() => this.chat.markDeleted(m.id, this.clock.now()));
    if (deleted) await this.events.publish(m.streamId, { event: 'comment_deleted', stream_id: m.streamId, id: m.id });
  }
}
