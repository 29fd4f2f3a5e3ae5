import { randomUUID } from 'node:crypto';
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
  if (!message || message.length > MESSAGE_MAX) throw new Error('a chat message is non-blank and at most 500 characters'); // the DTO refuses these first
  return { id: randomUUID(), streamId, userId, username, message, createdAt: now };
}
