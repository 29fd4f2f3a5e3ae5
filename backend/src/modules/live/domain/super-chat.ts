import { randomUUID } from 'node:crypto';
import { LiveError } from './live.errors.js';

/**
 * Super Chat (seed 001 §9 prices, product.md §8 colours): a paid, highlighted chat message, pinned at the top of the
 * stream's chat for a time that grows with the package (from when it was paid).
 */
export const SUPER_CHAT_PACKAGES = {
  small: { cents: 199, color: 'blue', pinSeconds: 60, name: 'Small' },
  medium: { cents: 499, color: 'green', pinSeconds: 120, name: 'Medium' },
  large: { cents: 999, color: 'red', pinSeconds: 300, name: 'Large' },
  mega: { cents: 2499, color: 'gold', pinSeconds: 600, name: 'Mega' },
} as const;

export type SuperChatPackageId = keyof typeof SUPER_CHAT_PACKAGES;
export type SuperChatColor = (typeof SUPER_CHAT_PACKAGES)[SuperChatPackageId]['color'];
export const SUPER_CHAT_PACKAGE_IDS = Object.keys(SUPER_CHAT_PACKAGES) as SuperChatPackageId[];
export const SUPER_CHAT_COLORS: SuperChatColor[] = SUPER_CHAT_PACKAGE_IDS.map((id) => SUPER_CHAT_PACKAGES[id].color);

/** A Super Chat's message: non-blank, at most 200 characters. */
export const SUPER_CHAT_MESSAGE_MAX = 200;
/** What a stream's Super Chat list holds: the newest 100. */
export const SUPER_CHAT_LIST_MAX = 100;

export const SUPER_CHAT_MESSAGES = {
  messageRequired: 'Please enter a message',
  messageTooLong: `Super Chat messages can be at most ${SUPER_CHAT_MESSAGE_MAX} characters`,
  badPackage: `package_id must be one of ${SUPER_CHAT_PACKAGE_IDS.slice(0, -1).join(', ')}, ${SUPER_CHAT_PACKAGE_IDS[SUPER_CHAT_PACKAGE_IDS.length - 1]}`,
  streamId: 'stream_id must be the id of a live stream',
} as const;

export const superChatErrors = {
  invalid: (field: string, message: string) => new LiveError('invalid', 'VALIDATION_FAILED', message, [{ field, message }]),
  disabled: () => new LiveError('forbidden', 'SUPER_CHAT.DISABLED', 'Super Chat is not enabled for this stream'),
  ownStream: () => new LiveError('forbidden', 'SUPER_CHAT.OWN_STREAM', 'You cannot Super Chat your own stream'),
};

export function isSuperChatPackage(id: unknown): id is SuperChatPackageId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(SUPER_CHAT_PACKAGES, id);
}

/** Half of a UTF-16 surrogate pair standing alone (JSON's `"\ud83d"`): no UTF-8 text, nor PostgreSQL's jsonb, holds it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The message as sent, checked (the request DTO refuses these first; held here for every caller). A broken character
 * (a lone surrogate) becomes U+FFFD, as it would in any UTF-8 text: stored with the checkout as it is, it would fail.
 */
export function superChatMessage(text: unknown): string {
  const message = typeof text === 'string' ? text.replace(LONE_SURROGATE, '\uFFFD').trim() : '';
  if (!message) throw superChatErrors.invalid('message', SUPER_CHAT_MESSAGES.messageRequired);
  if (message.length > SUPER_CHAT_MESSAGE_MAX) throw superChatErrors.invalid('message', SUPER_CHAT_MESSAGES.messageTooLong);
  return message;
}

/** A paid Super Chat, as the stream's chat shows it. */
export interface SuperChat {
  id: string;
  streamId: string;
  userId: string;
  /** The sender's display name when it was paid. */
  username: string;
  packageId: SuperChatPackageId;
  amountCents: number;
  message: string;
  /** The payment session that paid it (one Super Chat per session). */
  paymentSessionId: string;
  /** When it was paid. */
  createdAt: Date;
  /** Until when it stays pinned at the top of the chat. */
  pinnedUntil: Date;
}

export function superChatColor(packageId: SuperChatPackageId): SuperChatColor {
  return SUPER_CHAT_PACKAGES[packageId].color;
}

/** The Super Chat a paid session makes, paid at `paidAt`: pinned from then for its package's time. */
export function paidSuperChat(p: { streamId: string; userId: string; username: string; packageId: SuperChatPackageId; amountCents: number; message: string; paymentSessionId: string; paidAt: Date }): SuperChat {
  return {
    id: randomUUID(),
    streamId: p.streamId,
    userId: p.userId,
    username: p.username,
    packageId: p.packageId,
    amountCents: p.amountCents,
    message: p.message,
    paymentSessionId: p.paymentSessionId,
    createdAt: p.paidAt,
    pinnedUntil: new Date(p.paidAt.getTime() + SUPER_CHAT_PACKAGES[p.packageId].pinSeconds * 1000),
  };
}
