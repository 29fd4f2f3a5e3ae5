/** Live's limits (issue 13, product.md §7). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;
/** A gaming stream's game: non-blank, at most 100 characters. */
export const GAME_MAX = 100;
/** A chat message: non-blank, at most 500 characters. */
export const MESSAGE_MAX = 500;
/** Each user sends at most 3 chat messages per 2 seconds (across every stream). */
export const MESSAGES_PER_WINDOW = 3;
export const MESSAGE_WINDOW_MS = 2000;
/** Slow mode: 0 (off) to 1 hour between one viewer's messages. */
export const SLOW_MODE_MAX_SECONDS = 3600;
/** A timeout runs from 10 seconds to 24 hours. */
export const TIMEOUT_MIN_SECONDS = 10;
export const TIMEOUT_MAX_SECONDS = 24 * 3600;
/** What a late joiner gets of the chat: the newest 50 messages. */
export const RECENT_MESSAGES = 50;

/** The files of a live stream's LL-HLS a player may ask for (its ingest writes exactly these names). */
export const LIVE_HLS_FILE_RE = /^(init-\d{1,6}\.mp4|p\d{1,9}\.\d{1,4}\.m4s|s\d{1,9}\.m4s)$/;

/** A duration as people read it: "45 s", "3 min", "2 h 5 min" (rounded up to the unit shown). */
export function readableDuration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.ceil(s / 60)} min`;
  const minutes = Math.ceil(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Whole seconds from `now` to `at` (ms), at least 1: how long a timeout or a limit still holds. */
export const secondsUntil = (at: number, now: number): number => Math.max(1, Math.ceil((at - now) / 1000));
