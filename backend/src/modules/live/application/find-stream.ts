import { isUuid } from '../../../common/keyset.js';
import { liveErrors } from '../domain/live.errors.js';
import type { LiveStream } from '../domain/live-stream.js';
import type { LiveStreamRepository } from '../domain/ports.js';

/** The stream of a client-sent id, or 404 (an id that is not a uuid matches nothing). */
export async function findStream(streams: LiveStreamRepository, id: string, opts?: { lock?: boolean }): Promise<LiveStream> {
  const stream = isUuid(id) ? await streams.find(id.toLowerCase(), opts) : null;
  if (!stream) throw liveErrors.streamNotFound();
  return stream;
}
