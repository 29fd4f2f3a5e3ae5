import { decodeCursor as decode } from '../../../common/keyset.js';
import { BadCursor } from './social.errors.js';

export { encodeCursor, isUuid } from '../../../common/keyset.js';

/** Social lists refuse a cursor that is not theirs (a 400), rather than silently starting over. */
export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (cursor === undefined || cursor === '') return null;
  const c = decode(cursor);
  if (!c) throw BadCursor();
  return c;
}
