import { Injectable } from '@nestjs/common';
import { MarkLiveUseCase } from './application/mark-live.use-case.js';
import { SuperChatRevenue } from './application/super-chat-revenue.js';
import { AnnounceSuperChatUseCase, PrepareSuperChatUseCase, RecordSuperChatUseCase, type SuperChatOrder } from './application/super-chat.use-cases.js';
import type { SuperChatRevenueReader } from './domain/ports.js';
import { LiveContentUseCases, type LiveChatReportTarget, type LiveSearchHit, type LiveStreamReportTarget } from './application/live-content.use-cases.js';
import { LiveDemoSupport } from './application/live-demo-support.js';
import { LiveStreamQueries } from './application/live-stream.queries.js';

export type { LiveChatReportTarget, LiveSearchHit, LiveStreamReportTarget } from './application/live-content.use-cases.js';

export type { SuperChatOrder } from './application/super-chat.use-cases.js';

/**
 * What other contexts may ask of live: the ingest's first media (markLive), and Super Chat for monetization, which
 * charges it (prepare before the checkout, record inside the payment's fulfilment, announce after it committed) and
 * gives live its revenue reader (the ledger).
 */
@Injectable()
export class LiveFacade {
  constructor(
    private readonly markLiveUseCase: MarkLiveUseCase,
    private readonly prepare: PrepareSuperChatUseCase,
    private readonly record: RecordSuperChatUseCase,
    private readonly announce: AnnounceSuperChatUseCase,
    private readonly revenue: SuperChatRevenue,
    private readonly content: LiveContentUseCases,
    private readonly demo: LiveDemoSupport,
    private readonly queries: LiveStreamQueries,
  ) {}

  /** How many live streams there have been, any status (the founder's analytics). */
  streamCount(): Promise<number> {
    return this.queries.count();
  }

  /** The stream's first media arrived: `created` becomes `live` (false when it was live already, or ended). */
  markLive(streamId: string): Promise<boolean> {
    return this.markLiveUseCase.execute(streamId);
  }

  /** Checks a Super Chat before its checkout (message, package, stream) and says what to charge; writes nothing. */
  prepareSuperChat(userId: string, input: { streamId: string; packageId: unknown; message: unknown }): Promise<SuperChatOrder> {
    return this.prepare.execute(userId, input);
  }

  /** Inside the caller's transaction: records a paid Super Chat once per payment session (its id, or null when recorded already). */
  recordSuperChat(p: { paymentSessionId: string; streamId: string; userId: string; packageId: string; amountCents: number; message: string; paidAt: Date }): Promise<string | null> {
    return this.record.execute(p);
  }

  /** After commit: the stream's open pages hear the Super Chat. */
  announceSuperChat(superChatId: string): Promise<void> {
    return this.announce.execute(superChatId);
  }

  /** Where streams' Super Chat revenue is read from (monetization's ledger), registered at start-up. */
  useSuperChatRevenue(reader: SuperChatRevenueReader): void {
    this.revenue.use(reader);
  }

  // Live streams as content: search (social) and reports (moderation).

  /** Streams not ended matching the folded words (title, game, description) or owned by `ownerIds`; typos forgiven. With `gaming`, gaming streams only. */
  searchOpenStreams(q: { folded: string; words: string[]; ownerIds: string[] }, limit: number, opts: { gaming?: boolean } = {}): Promise<LiveSearchHit[]> {
    return this.content.search(q, limit, opts);
  }

  streamReportTarget(streamId: string): Promise<LiveStreamReportTarget | null> {
    return this.content.streamReportTarget(streamId);
  }

  chatMessageReportTarget(messageId: string): Promise<LiveChatReportTarget | null> {
    return this.content.chatMessageReportTarget(messageId);
  }

  /** Moderation takes a stream down: ended now, its recording never published (returns the video it became before, if any). */
  removeStreamByModeration(streamId: string): Promise<{ recordingMediaId: string | null }> {
    return this.content.removeStream(streamId);
  }

  removeChatMessageByModeration(messageId: string): Promise<void> {
    return this.content.removeChatMessage(messageId);
  }

  // The demo's live stream (demo context).

  /** The RTMP port this process's ingest listens on, or null when it does not. */
  ingestPort(): number | null {
    return this.demo.ingestPort();
  }

  /** The user's stream not ended (its id), or null. */
  openStreamOf(userId: string): Promise<{ id: string; status: 'created' | 'live' } | null> {
    return this.demo.openStreamOf(userId);
  }

  /** Starts a stream of the user as POST /api/live/start does; returns its id. */
  startStream(userId: string, input: { title: string; description: string; isVertical: boolean; superChatEnabled: boolean; record: boolean; game?: string | null }): Promise<string> {
    return this.demo.start(userId, input);
  }

  /** A publish token for the stream (valid a minute), named at RTMP publish in place of its owner's stream key. */
  publishTokenFor(streamId: string): string {
    return this.demo.publishToken(streamId);
  }

  /** Ends the user's stream not ended, if any, as its owner would (POST /api/live/{id}/end). */
  endOpenStreamOf(userId: string): Promise<boolean> {
    return this.demo.endOpen(userId);
  }
}

/** The Super Chat packages and message rule, for the checkout's request DTO (monetization's). */
export { SUPER_CHAT_MESSAGE_MAX, SUPER_CHAT_MESSAGES, SUPER_CHAT_PACKAGE_IDS, type SuperChatPackageId } from './domain/super-chat.js';
