import { Inject, Injectable } from '@nestjs/common';
import type { LiveStream } from '../domain/live-stream.js';
import { LIVE_PRESENCE, LIVE_STREAMS, LIVE_USERS, type LivePresence, type LiveStreamRepository, type UserDirectory } from '../domain/ports.js';

/** A stream as people see it: with its owner's name, the viewers now, and whether the asker likes it. */
export interface LiveStreamView {
  stream: LiveStream;
  username: string;
  viewerCount: number;
  liked: boolean;
  /** Super Chat revenue in cents: 0 until Super Chat lands (it will come from the ledger). */
  superChatRevenueCents: number;
}

/** Builds stream views in one query per kind (names, viewer counts, likes), whatever the number of streams. */
@Injectable()
export class LiveViews {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_PRESENCE) private readonly presence: LivePresence,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
  ) {}

  async of(list: LiveStream[], viewerUserId: string | null): Promise<LiveStreamView[]> {
    if (!list.length) return [];
    const ids = list.map((s) => s.id);
    const [names, counts, liked] = await Promise.all([
      this.users.usernames([...new Set(list.map((s) => s.userId))]),
      this.presence.viewerCounts(ids),
      viewerUserId ? this.streams.likedBy(viewerUserId, ids) : Promise.resolve(new Set<string>()),
    ]);
    return list.map((stream) => ({
      stream,
      username: names.get(stream.userId) ?? 'Deleted user',
      viewerCount: counts.get(stream.id) ?? 0,
      liked: liked.has(stream.id),
      superChatRevenueCents: 0,
    }));
  }

  async one(stream: LiveStream, viewerUserId: string | null): Promise<LiveStreamView> {
    return (await this.of([stream], viewerUserId))[0];
  }
}
