import { isUuid } from '../../../common/keyset.js';

/** A path id: a uuid (lower-cased), or the route's not-found error. */
export function checkId(id: string, notFound: () => Error): string {
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}
