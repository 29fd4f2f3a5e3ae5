import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

/**
 * A publish token: what this server's own publishers (the browser ingest's ffmpeg) name as the RTMP stream instead of
 * the owner's stream key, so that the key never appears in a process's command line. It names one stream, expires a
 * minute after it is made (it is needed only to start publishing), and is signed with the server's secret:
 * `pub_<stream id, 32 hex>_<expiry, unix seconds>_<HMAC-SHA-256, base64url>`.
 */
export const PUBLISH_TOKEN_RE = /^pub_([0-9a-f]{32})_(\d{10})_([A-Za-z0-9_-]{43})$/;
export const PUBLISH_TOKEN_TTL_SECONDS = 60;

function tokenMac(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(`live-publish:${body}`).digest('base64url');
}

export function newPublishToken(secret: Buffer, streamId: string, now: Date): string {
  const body = `${streamId.replace(/-/g, '').toLowerCase()}_${Math.floor(now.getTime() / 1000) + PUBLISH_TOKEN_TTL_SECONDS}`;
  return `pub_${body}_${tokenMac(secret, body)}`;
}

/** The stream a publish token names (its id with dashes), or null when it is malformed, forged or expired. */
export function streamOfPublishToken(secret: Buffer, token: string, now: Date): string | null {
  const m = PUBLISH_TOKEN_RE.exec(token);
  if (!m) return null;
  const [, hex, expiry, mac] = m;
  const want = Buffer.from(tokenMac(secret, `${hex}_${expiry}`));
  const given = Buffer.from(mac);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  if (Number(expiry) * 1000 < now.getTime()) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
