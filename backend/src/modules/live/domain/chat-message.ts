import { randomUUID } from 'node:crypto';
import { LIVE_MESSAGES, liveErrors } from './live.errors.js';
import { MESSAGE_MAX } from './live.rules.js';

/** A live chat message (seed 002 §3 Live comment: id, username, message), with its sender and time. */
export interface ChatMessage {
  id: string;
  streamId: string;
  userId: string;
  /** The sender's display name when they sent it. */
  username: string;
  message: string;
  createdAt: Date;
}

export function newChatMessage(streamId: string, userId: string, username: string, text: string, now: Date): ChatMessage {
  const message = text.trim();
  // The DTO refuses these first.
  if (!message) throw liveErrors.invalid('message', LIVE_MESSAGES.messageRequired);
  if (message.length > MESSAGE_MAX) throw liveErrors.invalid('message', LIVE_MESSAGES.messageTooLong);
  return { id: randomUUID(), streamId, userId, username, message, createdAt: now };
}
