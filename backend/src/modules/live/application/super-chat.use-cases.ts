import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { isUuid } from '../../../common/keyset.js';
import { liveErrors } from '../domain/live.errors.js';
import { secondsUntil } from '../domain/live.rules.js';
import { LIVE_CHAT, LIVE_CLOCK, LIVE_EVENTS, LIVE_STREAMS, LIVE_SUPER_CHATS, LIVE_USERS, type Clock, type LiveChatRepository, type LiveEvents, type LiveStreamRepository, type SuperChatRepository, type UserDirectory } from '../domain/ports.js';
import { isSuperChatPackage, paidSuperChat, SUPER_CHAT_LIST_MAX, SUPER_CHAT_MESSAGES, SUPER_CHAT_PACKAGES, superChatErrors, superChatMessage, type SuperChat, type SuperChatPackageId } from '../domain/super-chat.js';
import { findStream } from './find-stream.js';
import { superChatEvent } from './live-events.js';
import { SuperChatRevenue } from './super-chat-revenue.js';

/** What a Super Chat checkout sells, once live has checked the stream takes it (monetization charges it). */
export interface SuperChatOrder {
  streamId: string;
  streamerUserId: string;
  streamTitle: string;
  packageId: SuperChatPackageId;
  /** e.g. 'Super Chat (Large)'. */
  packageName: string;
  amountCents: number;
  /** The message, trimmed and checked. */
  message: string;
}

/**
 * Before a Super Chat is paid: the message (non-blank, at most 200 characters) and the package, then the stream
 * (exists, has not ended, takes Super Chats, is not the sender's own), and the sender (not timed out of its chat: a
 * paid message is a chat message too). Nothing is written.
 */
@Injectable()
export class PrepareSuperChatUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_CHAT) private readonly chat: LiveChatRepository,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, input: { streamId: string; packageId: unknown; message: unknown }): Promise<SuperChatOrder> {
    const message = superChatMessage(input.message);
    if (!isSuperChatPackage(input.packageId)) throw superChatErrors.invalid('package_id', SUPER_CHAT_MESSAGES.badPackage);
    const stream = await findStream(this.streams, input.streamId);
    stream.assertAcceptsSuperChatFrom(userId);
    const until = await this.chat.timedOutUntil(stream.id, userId);
    const t = this.clock.now().getTime();
    if (until && until.getTime() > t) throw liveErrors.timedOut(secondsUntil(until.getTime(), t));
    const pkg = SUPER_CHAT_PACKAGES[input.packageId];
    return { streamId: stream.id, streamerUserId: stream.userId, streamTitle: stream.title, packageId: input.packageId, packageName: `Super Chat (${pkg.name})`, amountCents: pkg.cents, message };
  }
}

/**
 * A paid Super Chat joins its stream's chat. Runs inside the payment's fulfilment transaction (the caller's, with the
 * ledger posting): recorded once per payment session, and the streamer's notification is a durable event of the same
 * transaction, so a crash loses or doubles nothing. Returns its id, or null when that session's Super Chat was
 * recorded already (or its stream is gone).
 */
@Injectable()
export class RecordSuperChatUseCase {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_SUPER_CHATS) private readonly superChats: SuperChatRepository,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    private readonly events: DurableEvents,
  ) {}

  async execute(p: { paymentSessionId: string; streamId: string; userId: string; packageId: string; amountCents: number; message: string; paidAt: Date }): Promise<string | null> {
    if (!isSuperChatPackage(p.packageId)) throw new Error(`unknown Super Chat package ${p.packageId}`);
    const stream = isUuid(p.streamId) ? await this.streams.find(p.streamId.toLowerCase()) : null;
    if (!stream) return null;
    const username = (await this.users.usernames([p.userId])).get(p.userId) ?? 'Someone';
    const superChat = paidSuperChat({ streamId: stream.id, userId: p.userId, username, packageId: p.packageId, amountCents: p.amountCents, message: superChatMessage(p.message), paymentSessionId: p.paymentSessionId, paidAt: p.paidAt });
    if (!(await this.superChats.add(superChat))) return null;
    this.events.record('live.super-chat-received', {
      streamerUserId: stream.userId,
      superChatId: superChat.id,
      fromUsername: username,
      amountCents: superChat.amountCents,
      message: superChat.message,
      streamId: stream.id,
    });
    return superChat.id;
  }
}

/**
 * After its payment committed: every open page of the stream hears the Super Chat, with the stream's revenue now. An
 * event lost here (a crash right after commit) costs nothing lasting: the list and the stream already show it.
 */
@Injectable()
export class AnnounceSuperChatUseCase {
  constructor(
    @Inject(LIVE_SUPER_CHATS) private readonly superChats: SuperChatRepository,
    @Inject(LIVE_EVENTS) private readonly events: LiveEvents,
    private readonly revenue: SuperChatRevenue,
  ) {}

  async execute(superChatId: string): Promise<void> {
    const superChat = await this.superChats.find(superChatId);
    if (!superChat) return;
    await this.events.publish(superChat.streamId, superChatEvent(superChat, await this.revenue.ofOne(superChat.streamId)));
  }
}

/** A stream's Super Chats (the newest 100, newest first) and its Super Chat revenue (gross cents, from the ledger). */
@Injectable()
export class ListSuperChatsQuery {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_SUPER_CHATS) private readonly superChats: SuperChatRepository,
    private readonly revenue: SuperChatRevenue,
  ) {}

  async execute(streamId: string): Promise<{ superChats: SuperChat[]; revenueCents: number }> {
    const stream = await findStream(this.streams, streamId);
    const [superChats, revenueCents] = await Promise.all([this.superChats.recent(stream.id, SUPER_CHAT_LIST_MAX), this.revenue.ofOne(stream.id)]);
    return { superChats, revenueCents };
  }
}
