import { createHash } from 'node:crypto';

/**
 * A presence row counts while the process holding its socket refreshes it (every 20 s); a crashed process's rows (or a
 * row whose delete failed) stop counting after 60 s, and the next refresh of any process deletes them.
 */
export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_TTL_SECONDS = 60;

/**
 * The people watching stream `s` now (a SQL expression over `live_presence`): each signed-in user once however many
 * pages they have open, each visitor's address once (its key in `user_id`, see visitorKey), its owner not counted.
 */
export const VIEWERS_OF_S = `(select count(distinct coalesce(p.user_id, p.socket_id)) from live_presence p where p.stream_id = s.id and p.seen_at > now() - interval '${PRESENCE_TTL_SECONDS} seconds' and p.user_id is distinct from s.user_id)`;

/**
 * Who a visitor is in one stream's presence: a UUID-shaped hash of the stream and their client address (the address
 * itself is not stored, and the same address has unrelated keys in different streams). Every page of one address in
 * a stream, on any process, has the same key, so it counts once; it is kept in `user_id` (no user has that id).
 */
export function visitorKey(streamId: string, address: string): string {
  const h = createHash('sha256').update(`live-visitor|${streamId.toLowerCase()}|${address}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so that the key is a well-formed UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
