import { SUPER_CHAT_STREAMER_PERCENT } from './rules.js';
import { Accounts, pendingUntil, split, type Posting } from './ledger.js';

/**
 * A paid Super Chat: 80% to the streamer (pending 7 days, like every payment), 20% and any remainder to the
 * platform. Keyed by the payment session (a replay posts nothing), and referenced by the stream, whose Super Chat
 * revenue is the gross of these transactions.
 */
export function superChatPosting(p: { sessionId: string; streamId: string; streamerUserId: string; amountCents: number; memo: string }, now = Date.now()): Posting {
  const { payee, platform } = split(p.amountCents, SUPER_CHAT_STREAMER_PERCENT);
  return {
    idempotencyKey: `payment:${p.sessionId}`,
    kind: 'super_chat',
    memo: p.memo,
    userId: p.streamerUserId,
    maturesAt: pendingUntil(now),
    reference: p.streamId,
    entries: [
      { accountId: Accounts.externalPayments, cents: -p.amountCents },
      { accountId: Accounts.userPending(p.streamerUserId), cents: payee },
      { accountId: Accounts.platformPending('super_chat'), cents: platform },
    ].filter((e) => e.cents !== 0),
  };
}
