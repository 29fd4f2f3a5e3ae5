import { decodeCursor, encodeCursor, isUuid } from '../../../common/keyset.js';
import { moderationErrors } from '../domain/moderation.errors.js';

/**
 * Keyset cursors of moderation's lists, opaque to clients. A cursor that is not one of ours is refused (400), as
 * social's lists do, rather than silently starting over.
 */
export const timeCursor = {
  encode: (at: Date, id: string): string => encodeCursor(at, id),
  decode(cursor: string | null): { at: Date; id: string } | null {
    if (cursor === null || cursor === '') return null;
    const c = decodeCursor(cursor);
    if (!c) throw moderationErrors.badCursor();
    return c;
  },
};

/** The open queue's order: report count (descending), first report, id. */
export const queueCursor = {
  encode: (count: number, at: Date, id: string): string => Buffer.from(`${count}|${at.toISOString()}|${id}`, 'utf8').toString('base64url'),
  decode(cursor: string | null): { count: number; at: Date; id: string } | null {
    if (cursor === null || cursor === '') return null;
    const [n, iso, id] = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
    const count = /^\d{1,9}$/.test(n ?? '') ? Number(n) : NaN;
    const at = new Date(iso ?? '');
    const year = at.getUTCFullYear();
    if (!Number.isSafeInteger(count) || Number.isNaN(at.getTime()) || year < 1970 || year > 9999 || !isUuid(id)) throw moderationErrors.badCursor();
    return { count, at, id };
  },
};

/** The audit log's order: time, then the order rows were written in (a sequence number). */
export const seqCursor = {
  encode: (at: Date, seq: string | number): string => Buffer.from(`${at.toISOString()}|${seq}`, 'utf8').toString('base64url'),
  decode(cursor: string | null): { at: Date; seq: string } | null {
    if (cursor === null || cursor === '') return null;
    const [iso, seq] = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
    const at = new Date(iso ?? '');
    const year = at.getUTCFullYear();
    if (Number.isNaN(at.getTime()) || year < 1970 || year > 9999 || !/^\d{1,18}$/.test(seq ?? '')) throw moderationErrors.badCursor();
    return { at, seq: seq! };
  },
};
