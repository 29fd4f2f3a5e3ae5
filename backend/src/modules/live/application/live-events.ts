import type { ChatMessage } from '../domain/chat-message.js';

/** The chat message as the room's pages receive it (the same fields as the HTTP answer). */
export function chatMessageEvent(m: ChatMessage): Record<string, unknown> {
  return { event: 'comment', stream_id: m.streamId, comment: { id: m.id, user_id: m.userId, username: m.username, message: m.message, created_at: m.createdAt.toISOString() } };
}
