/** Texts of seed 002 §8 (Social) and seed 000 §2 (the bell), used verbatim. */
export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Failed to load notifications',
  markReadFailed: 'Failed to mark as read',
  empty: 'No notifications yet',
} as const;

/** Seed 002 §9: the list asks for 20. */
export const NOTIFICATIONS_LIMIT = 20;
/** Seed 000 §2, §9: the bell lists at most 5 and its badge shows 9+ above 9. */
export const BELL_ITEMS = 5;
export const BELL_BADGE_MAX = 9;

/** The bell's badge: the count, or '9+' above 9; nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : String(count);
}
