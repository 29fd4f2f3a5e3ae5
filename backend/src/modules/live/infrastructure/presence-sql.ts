/** A presence row counts while the process holding its socket refreshes it (every 20 s); a crashed process's rows stop counting after 60 s. */
export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_TTL_SECONDS = 60;

/**
 * The people watching stream `s` now (a SQL expression over `live_presence`): each signed-in user once however many
 * pages they have open, each visitor's page once, its owner not counted.
 */
export const VIEWERS_OF_S = `(select count(distinct coalesce(p.user_id, p.socket_id)) from live_presence p where p.stream_id = s.id and p.seen_at > now() - interval '${PRESENCE_TTL_SECONDS} seconds' and p.user_id is distinct from s.user_id)`;
