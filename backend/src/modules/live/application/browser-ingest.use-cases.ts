import { Inject, Injectable } from '@nestjs/common';
import type { LiveStatus } from '../domain/live-stream.js';
import { LIVE_CLOCK, LIVE_KEYS, LIVE_STREAMS, type Clock, type LiveStreamRepository, type StreamKeyRepository } from '../domain/ports.js';
import { findStream } from './find-stream.js';

/**
 * What the browser ingest (camera and microphone over a WebSocket) asks of live: may this user send media to this
 * stream, and with what (its media is published over RTMP to this server's own ingest, like OBS's, naming a publish
 * token instead of the owner's stream key, which so never reaches a command line: stream-key.ts), and the stream's
 * status while it runs.
 */
@Injectable()
export class BrowserIngestUseCases {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_KEYS) private readonly keys: StreamKeyRepository,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The stream (its id, lower case) and a publish token for it (valid a minute), for its owner while it is open. Throws
   * LIVE.STREAM_NOT_FOUND, LIVE.NOT_OWNER (another user's stream) or LIVE.ENDED.
   */
  async publishKey(userId: string, streamId: string): Promise<{ streamId: string; key: string }> {
    const stream = await findStream(this.streams, streamId);
    stream.assertOwner(userId);
    stream.assertOpen();
    return { streamId: stream.id, key: this.keys.publishToken(stream.id, this.clock.now()) };
  }

  /** The stream's status now (null: it is gone). */
  async statusOf(streamId: string): Promise<LiveStatus | null> {
    return (await this.streams.find(streamId))?.status ?? null;
  }

  /** Which of these streams are still open (one read). */
  openAmong(streamIds: string[]): Promise<Set<string>> {
    return this.streams.openAmong(streamIds);
  }
}
