import type { ChatMessage } from '../domain/chat-message.js';
import { superChatColor, type SuperChat } from '../domain/super-chat.js';

/** The chat message as the room's pages receive it (the same fields as the HTTP answer). */
export function chatMessageEvent(m: ChatMessage): Record<string, unknown> {
  return { event: 'comment', stream_id: m.streamId, comment: { id: m.id, user_id: m.userId, username: m.username, message: m.message, created_at: m.createdAt.toISOString() } };
}

/** A Super Chat as pages show it, over the socket and in the HTTP list alike: amount in dollars, its package's colour. */
export interface SuperChatFields {
  id: string;
  username: string;
  amount: number;
  message: string;
  color: ReturnType<typeof superChatColor>;
  package_id: SuperChat['packageId'];
  user_id: string;
  created_at: string;
  pinned_until: string;
}

export function superChatFields(s: SuperChat): SuperChatFields {
  return {
    id: s.id,
    username: s.username,
    amount: s.amountCents / 100,
    message: s.message,
    color: superChatColor(s.packageId),
    package_id: s.packageId,
    user_id: s.userId,
    created_at: s.createdAt.toISOString(),
    pinned_until: s.pinnedUntil.toISOString(),
  };
}

/** A paid Super Chat, with the stream's Super Chat revenue (dollars) now. */
export function superChatEvent(s: SuperChat, revenueCents: number): Record<string, unknown> {
  return { event: 'super_chat', stream_id: s.streamId, super_chat: superChatFields(s), super_chat_revenue: revenueCents / 100 };
}
