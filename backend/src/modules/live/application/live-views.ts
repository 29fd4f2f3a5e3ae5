import { Inject, Injectable } from '@nestjs/common';
import type { LiveStream } from '../domain/live-stream.js';
import { SuperChatRevenue } from './super-chat-revenue.js';
import { LIVE_PRESENCE, LIVE_STREAMS, LIVE_USERS, type LivePresence, type LiveStreamRepository, type UserDirectory } from '../domain/ports.js';

/** A stream as people see it: with its owner's name, the viewers now, and whether the asker likes it. */
export interface LiveStreamView {
  stream: LiveStream;
  username: string;
  viewerCount: number;
  liked: boolean;
  /** Gross Super Chat revenue in cents, from the ledger. */
  superChatRevenueCents: number;
}

/** Builds stream views in one query per kind (names, viewer counts, likes, Super Chat revenue), whatever the number of streams. */
@Injectable()
export class LiveViews {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_PRESENCE) private readonly presence: LivePresence,
    @Inject(LIVE_USERS) private readonly users: UserDirectory,
    private readonly revenue: SuperChatRevenue,
  ) {}

  async of(list: LiveStream[], viewerUserId: string | null): Promise<LiveStreamView[]> {
    if (!list.length) return [];
    const ids = list.map((s) => s.id);
    const [names, counts, liked, revenue] = await Promise.all([
      this.users.usernames([...new Set(list.map((s) => s.userId))]),
      this.presence.viewerCounts(ids),
      viewerUserId ? this.streams.likedBy(viewerUserId, ids) : Promise.resolve(new Set<string>()),
      this.revenue.of(ids),
    ]);
    return list.map((stream) => ({
      stream,
      username: names.get(stream.userId) ?? 'Deleted user',
      viewerCount: counts.get(stream.id) ?? 0,
      liked: liked.has(stream.id),
      superChatRevenueCents: revenue.get(stream.id) ?? 0,
    }));
  }

  async one(stream: LiveStream, viewerUserId: string | null): Promise<LiveStreamView> {
    return (await this.of([stream], viewerUserId))[0];
  }
}
