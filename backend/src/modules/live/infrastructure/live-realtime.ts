import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { RealtimeGateway, type RoomMember } from '../../../common/realtime/realtime.gateway.js';
import { isUuid } from '../../../common/keyset.js';
import { LiveStreamQueries } from '../application/live-stream.queries.js';
import { liveRoom, type LiveEvents } from '../domain/ports.js';
import { PgLivePresence } from './pg-live-presence.js';

const PREFIX = 'live:';
/** How often, at most, a stream's room hears its viewer count (joins and leaves in between are coalesced). */
const VIEWERS_TICK_MS = 1_000;

/**
 * Live over the realtime socket: the rooms `live:<stream id>` (anyone, visitors too, may follow an existing stream),
 * presence from their members (a socket that joins or leaves, or closes, changes the stream's viewer count; the
 * room hears the new count at most once a second per process, one count read per tick for the streams whose presence
 * changed on this process), and the stream's events, fanned out through the bus to every process.
 */
@Injectable()
export class LiveRealtime implements LiveEvents, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LiveRealtime');
  /** Presence changes per socket and room, in the order the gateway reported them. */
  private readonly chains = new Map<string, Promise<void>>();
  /** Streams whose presence changed here since the last tick. */
  private readonly changed = new Set<string>();
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly presence: PgLivePresence,
    private readonly queries: LiveStreamQueries,
    private readonly orm: MikroORM,
  ) {}

  /** Socket events run outside any HTTP request: each read gets an EntityManager of its own. */
  private isolated<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  onApplicationBootstrap(): void {
    this.gateway.registerRooms(PREFIX, (_userId, room) => this.isolated(() => this.queries.exists(room.slice(PREFIX.length))), {
      visitors: true,
      joined: (room, member) => this.change(room, member, 'joined'),
      left: (room, member) => this.change(room, member, 'left'),
    });
    this.timer = setInterval(() => void this.tick(), VIEWERS_TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopTicking();
  }

  /** Stops the timer (tests then call `tick` themselves). */
  stopTicking(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Sends each stream whose presence changed since the last tick its viewer count (one query for all of them). */
  tick(): Promise<void> {
    this.ticking = this.ticking.then(async () => {
      if (!this.changed.size) return;
      const ids = [...this.changed];
      this.changed.clear();
      let counts: Map<string, number>;
      try {
        counts = await this.presence.viewerCounts(ids);
      } catch (e) {
        for (const id of ids) this.changed.add(id); // tried again on the next tick
        this.logger.warn(`could not read viewer counts: ${(e as Error).message}`);
        return;
      }
      await Promise.all([...counts].map(([id, n]) => this.publish(id, { event: 'viewers', stream_id: id, viewer_count: n })));
    });
    return this.ticking;
  }

  async publish(streamId: string, event: Record<string, unknown>): Promise<void> {
    try {
      await this.gateway.toRoom(liveRoom(streamId), event);
    } catch (e) {
      // The change is committed; an open page that missed it catches up on its next read.
      this.logger.warn(`live event not sent: ${(e as Error).message}`);
    }
  }

  /**
   * A member joined or left: presence counts a signed-in user once, and a visitor once per client address (the
   * gateway's, TRUST_PROXY-aware, so that visitors behind the proxy are not all one address).
   */
  private change(room: string, member: RoomMember, what: 'joined' | 'left'): Promise<void> {
    const streamId = room.slice(PREFIX.length).toLowerCase();
    if (!isUuid(streamId)) return Promise.resolve();
    const key = `${room}|${member.socketId}`;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        if (what === 'joined') await this.presence.joined(streamId, member.socketId, member.userId, member.address);
        else await this.presence.left(streamId, member.socketId);
      } finally {
        this.changed.add(streamId);
      }
    });
    const settled = next.catch(() => undefined);
    this.chains.set(key, settled);
    void settled.then(() => {
      if (this.chains.get(key) === settled) this.chains.delete(key);
    });
    return next;
  }
}
