import type { SuperChatColor, SuperChatPackageId } from './types';

/** Texts of the Live section: seed 002 §8 (Live) and seed 001 §8 (Super Chat) verbatim, and the few the screens add. */
export const LIVE_MESSAGES = {
  started: 'Live stream started!',
  ended: 'Live stream ended!',
  startFailed: (detail: string) => `Failed to start live stream: ${detail}`,
  endFailed: 'Failed to end live stream',
  commentFailed: 'Failed to send comment',
  joinFailed: 'Failed to join stream',
  superChatFailed: (detail: string) => `Failed to send Super Chat: ${detail}`,
  loadFailed: 'Failed to load live streams',
  likeFailed: 'Failed to like stream',
  deleteFailed: (detail: string) => `Failed to delete message: ${detail}`,
  timeoutFailed: (detail: string) => `Failed to time out: ${detail}`,
  timedOut: (name: string, minutes: number) => `${name} is timed out for ${minutes} minute${minutes === 1 ? '' : 's'}`,
  slowModeFailed: (detail: string) => `Failed to change slow mode: ${detail}`,
  noStreamsTitle: 'No Live Streams',
  noStreamsText: 'Be the first to go live!',
  waiting: 'Waiting for the stream to start',
  endedTitle: 'This stream has ended',
  notFound: 'Live stream not found',
  superChatMessageRequired: 'Please enter a message',
  superChatMessageTooLong: `Super Chat messages can be at most 200 characters`,
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

export interface SuperChatPackage {
  id: SuperChatPackageId;
  label: string;
  /** USD (seed 001 §9). */
  amount: number;
  color: SuperChatColor;
  /** How long it stays pinned in the chat (CONTRACT). */
  pinSeconds: number;
}

/** Seed 001 §9 prices, product.md §8 colours, the contract's pinning times. */
export const SUPER_CHAT_PACKAGES: readonly SuperChatPackage[] = [
  { id: 'small', label: 'Small', amount: 1.99, color: 'blue', pinSeconds: 60 },
  { id: 'medium', label: 'Medium', amount: 4.99, color: 'green', pinSeconds: 120 },
  { id: 'large', label: 'Large', amount: 9.99, color: 'red', pinSeconds: 300 },
  { id: 'mega', label: 'Mega', amount: 24.99, color: 'gold', pinSeconds: 600 },
];

export const SUPER_CHAT_MESSAGE_MAX = 200;
export const CHAT_MESSAGE_MAX = 500;

/** The Mantine colour of a Super Chat colour: gold, red, green, otherwise blue (seed 002 §2.7). */
export function superChatMantineColor(color: string): string {
  if (color === 'gold') return 'yellow';
  if (color === 'red') return 'red';
  if (color === 'green') return 'green';
  return 'blue';
}

/** The Live section's tabs (seed 002 §2.7), as `ui.tabOf('live', …)` holds them. */
export const LIVE_TABS = { now: 'now', goLive: 'go-live', myStream: 'my-stream' } as const;
export type LiveTab = (typeof LIVE_TABS)[keyof typeof LIVE_TABS];

/** Live Now reads the list again this often while the tab is visible, so viewer counts stay current. */
export const STREAMS_REFRESH_MS = 15_000;

/** The streamer's timeout choices (seconds): 1, 5 and 10 minutes. */
export const TIMEOUT_CHOICES = [60, 300, 600] as const;
/** Slow mode choices (seconds between one viewer's messages; 0 is off). */
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120] as const;

/** How far behind the live edge (seconds) the player still counts as live (the red LIVE badge). */
export const LIVE_EDGE_SECONDS = 3;

/** The live playlist of a stream (LL-HLS). */
export function livePlaylistUrl(streamId: string): string {
  return `/api/live/${encodeURIComponent(streamId)}/hls/index.m3u8`;
}
