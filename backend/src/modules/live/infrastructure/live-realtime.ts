import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { RealtimeGateway, type RoomMember } from '../../../common/realtime/realtime.gateway.js';
import { isUuid } from '../../../common/keyset.js';
import { LiveStreamQueries } from '../application/live-stream.queries.js';
import { liveRoom, type LiveEvents } from '../domain/ports.js';
import { PgLivePresence } from './pg-live-presence.js';

const PREFIX = 'live:';

/**
 * Live over the realtime socket: the rooms `live:<stream id>` (anyone, visitors too, may follow an existing stream),
 * presence from their members (a socket that joins or leaves, or closes, changes the stream's viewer count, and the
 * room hears the new count), and the stream's events, fanned out through the bus to every process.
 */
@Injectable()
export class LiveRealtime implements LiveEvents, OnApplicationBootstrap {
  private readonly logger = new Logger('LiveRealtime');
  /** Presence changes per socket and room, in the order the gateway reported them. */
  private readonly chains = new Map<string, Promise<void>>();

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
  }

  async publish(streamId: string, event: Record<string, unknown>): Promise<void> {
    try {
      await this.gateway.toRoom(liveRoom(streamId), event);
    } catch (e) {
      // The change is committed; an open page that missed it catches up on its next read.
      this.logger.warn(`live event not sent: ${(e as Error).message}`);
    }
  }

  private change(room: string, member: RoomMember, what: 'joined' | 'left'): Promise<void> {
    const streamId = room.slice(PREFIX.length).toLowerCase();
    if (!isUuid(streamId)) return Promise.resolve();
    const key = `${room}|${member.socketId}`;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (what === 'joined') await this.presence.joined(streamId, member.socketId, member.userId);
      else await this.presence.left(streamId, member.socketId);
      await this.announceViewers(streamId);
    });
    const settled = next.catch(() => undefined);
    this.chains.set(key, settled);
    void settled.then(() => {
      if (this.chains.get(key) === settled) this.chains.delete(key);
    });
    return next;
  }

  private async announceViewers(streamId: string): Promise<void> {
    const view = await this.isolated(() => this.queries.get(null, streamId)).catch(() => null);
    if (view) await this.publish(streamId, { event: 'viewers', stream_id: streamId, viewer_count: view.viewerCount });
  }
}
