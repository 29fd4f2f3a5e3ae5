import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LiveFacade } from '../../live/live.facade.js';
import { PaymentsFacade, type PaymentSession } from '../../payments/payments.facade.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';
import { superChatPosting } from '../domain/super-chat.js';

/**
 * A paid Super Chat session, fulfilled by payments exactly once, inside the transaction that marks it fulfilled: the
 * ledger posting (80% to the streamer, pending; 20% to the platform) and live's record of the Super Chat (with the
 * streamer's notification, a durable event) commit together or not at all, both keyed by the session. Once committed,
 * the stream's open pages hear it.
 */
@Injectable()
export class FulfilSuperChatUseCase implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsFacade,
    private readonly live: LiveFacade,
    @Inject(LEDGER) private readonly ledger: Ledger,
  ) {}

  onModuleInit(): void {
    this.payments.onPaid('super_chat', (s) => this.execute(s));
  }

  async execute(s: PaymentSession): Promise<void | (() => Promise<void>)> {
    const { streamId, streamerUserId, message } = s.reference;
    if (!streamId || !streamerUserId) throw new Error(`super chat session ${s.id} has no stream`);
    await this.ledger.post(superChatPosting({ sessionId: s.id, streamId, streamerUserId, amountCents: s.amountCents, memo: s.packageName }));
    const superChatId = await this.live.recordSuperChat({
      paymentSessionId: s.id,
      streamId,
      userId: s.userId,
      packageId: s.package,
      amountCents: s.amountCents,
      message: message ?? '',
      paidAt: s.paidAt ?? new Date(),
    });
    if (superChatId) return () => this.live.announceSuperChat(superChatId);
  }
}
