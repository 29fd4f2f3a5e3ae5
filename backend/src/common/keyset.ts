/** Ids are UUIDs; a client-sent id that is not one matches nothing (a 404, never a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}

/** Keyset cursors: the last row's time and id, opaque to clients. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');
}

/** The cursor's time and id; null when it is not one of ours (or its date is outside what the database holds). */
export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id] = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const year = at.getUTCFullYear();
  return Number.isNaN(at.getTime()) || year < 1970 || year > 9999 || !isUuid(id) ? null : { at, id };
}

/** A list's `limit` query parameter: a whole number from 1 to 100, `fallback` when absent or unreadable. */
export function pageSize(raw: unknown, fallback = 20): number {
  return Math.min(100, Math.max(1, Number.parseInt(String(raw ?? fallback), 10) || fallback));
}

/**
 * The MikroORM condition for the rows after a cursor in (createdAt, id) order, 'desc' for newest first and 'asc' for
 * oldest first; null when there is no cursor or it is not one of ours (the list then starts at the beginning).
 */
export function afterCursor(cursor: string | undefined, order: 'asc' | 'desc'): { $or: object[] } | null {
  const c = cursor ? decodeCursor(cursor) : null;
  if (!c) return null;
  const beyond = order === 'asc' ? '$gt' : '$lt';
  return { $or: [{ createdAt: { [beyond]: c.at } }, { createdAt: c.at, id: { [beyond]: c.id } }] };
}
