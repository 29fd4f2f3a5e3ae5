import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A user's RTMP stream key: the stream name OBS or ffmpeg publishes with (`rtmp://host:port/live/<key>`). 32 random
 * bytes, URL-safe; `live_` in front so that people recognise it. Found by its SHA-256 (the key itself is never
 * compared or stored in the clear) and never logged.
 */
export const STREAM_KEY_RE = /^live_[A-Za-z0-9_-]{43}$/;

export function newStreamKey(): string {
  return `live_${randomBytes(32).toString('base64url')}`;
}

export function hashStreamKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Whether a key given at publish is the stored one (in constant time). */
export function sameKey(given: string, stored: string): boolean {
  const a = hashStreamKey(given);
  const b = hashStreamKey(stored);
  return timingSafeEqual(a, b);
}
