import { Inject, Injectable } from '@nestjs/common';
import { LIVE_CLOCK, LIVE_KEYS, type Clock, type StreamKeyRepository } from '../domain/ports.js';
import { newStreamKey } from '../domain/stream-key.js';

/** A user's RTMP stream key: shown to them (made on first sight), and regenerated when it leaked. */
@Injectable()
export class StreamKeyUseCases {
  constructor(
    @Inject(LIVE_KEYS) private readonly keys: StreamKeyRepository,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  /** The user's key; the first call makes it. */
  async keyOf(userId: string): Promise<string> {
    const key = await this.keys.keyOf(userId);
    if (key) return key;
    await this.keys.addIfAbsent(userId, newStreamKey(), this.clock.now());
    return (await this.keys.keyOf(userId))!;
  }

  /** A new key; the old one is refused from now on, and a publisher connected with it is disconnected within seconds. */
  async regenerate(userId: string): Promise<string> {
    const key = newStreamKey();
    await this.keys.replace(userId, key, this.clock.now());
    return key;
  }

  /** A publish token for the stream (valid a minute): what this server's own publishers name instead of the key. */
  publishToken(streamId: string): string {
    return this.keys.publishToken(streamId, this.clock.now());
  }
}
