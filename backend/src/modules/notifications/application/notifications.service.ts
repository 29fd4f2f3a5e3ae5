import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { REALTIME_BUS, type RealtimeBus } from '../../../common/realtime/realtime-bus.js';
import { RealtimeGateway } from '../../../common/realtime/realtime.gateway.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { NOTIFICATION_STORE, type Notification, type NotificationDraft, type NotificationStore } from '../domain/notification.js';

/** The wire form of a notification, shared by the HTTP answers and the realtime events. */
export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  link: { kind: string; id: string } | null;
}

export function view(n: Notification): NotificationView {
  return { id: n.id, type: n.type, title: n.title, message: n.message, read: n.read, created_at: n.createdAt.toISOString(), link: n.link };
}

const BATCH_CHANNEL = 'notifications.batch';

/**
 * Reading and creating notifications, and pushing them to open pages. A single notification goes to its user's
 * sockets through the gateway; a fan-out batch is announced once, and each process delivers to the users it holds.
 */
@Injectable()
export class NotificationsService implements OnModuleInit {
  private readonly logger = new Logger('Notifications');

  constructor(
    @Inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @Inject(REALTIME_BUS) private readonly bus: RealtimeBus,
    private readonly gateway: RealtimeGateway,
    private readonly orm: MikroORM,
    private readonly identity: IdentityFacade,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe(BATCH_CHANNEL, (m) => {
      const { key, from, to } = (m ?? {}) as { key?: unknown; from?: unknown; to?: unknown };
      if (typeof key === 'string' && typeof from === 'string' && typeof to === 'string') {
        void this.deliverBatch(key, from, to).catch((e: Error) => this.logger.warn(`batch delivery: ${e.message}`));
      }
    });
  }

  list(userId: string, limit: number, cursor: string | undefined) {
    return Promise.all([this.store.list(userId, limit, cursor), this.store.unreadCount(userId)]);
  }

  async markRead(userId: string, id: string): Promise<{ notification: Notification; unread: number } | null> {
    const n = await this.store.markRead(userId, id);
    if (!n) return null;
    const unread = await this.store.unreadCount(userId);
    await this.push(userId, { type: 'notifications.read', id, unread_count: unread });
    return { notification: n, unread };
  }

  async markAllRead(userId: string): Promise<number> {
    const updated = await this.store.markAllRead(userId);
    await this.push(userId, { type: 'notifications.read', id: null, unread_count: 0 });
    return updated;
  }

  /**
   * Creates it (once per dedupe key) and pushes it to the user's open pages. A user deleted meanwhile keeps nothing:
   * the check comes after the insert, so either it sees the user gone, or the deletion's own clean-up (the
   * identity.user-changed handler, which checks after the user row went) runs after the insert and removes it.
   */
  async notify(userId: string, draft: NotificationDraft): Promise<void> {
    const n = await this.store.create(userId, draft);
    if (!n) return;
    if (!(await this.identity.exists(userId))) {
      await this.store.removeAllOf(userId);
      return;
    }
    await this.push(userId, { type: 'notification', notification: view(n), unread_count: await this.store.unreadCount(userId) });
  }

  /**
   * The same notification for a page of users (ids in ascending order); open pages hear of it through one
   * announcement naming the page's id range, so each user is pushed it once.
   */
  async notifyMany(userIds: string[], draft: NotificationDraft): Promise<number> {
    const created = await this.store.createMany(userIds, draft);
    if (created) {
      // As in notify: users deleted meanwhile keep nothing.
      const living = await this.identity.usernames(userIds);
      for (const gone of userIds.filter((u) => !living.has(u))) await this.store.removeAllOf(gone);

      const announcement = { key: draft.dedupeKey, from: userIds[0], to: userIds[userIds.length - 1] };
      await this.bus.publish(BATCH_CHANNEL, announcement).catch((e: Error) => this.logger.warn(`announce: ${e.message}`));
    }
    return created;
  }

  private async push(userId: string, event: Record<string, unknown>): Promise<void> {
    await this.gateway.toUser(userId, event).catch((e: Error) => this.logger.warn(`push: ${e.message}`));
  }

  /** On every process: the batch's notifications of the users connected here, with their unread counts. */
  private async deliverBatch(key: string, from: string, to: string): Promise<void> {
    const connected = this.gateway.connectedUsers().filter((u) => u >= from && u <= to);
    if (!connected.length) return;
    await RequestContext.create(this.orm.em, async () => {
      for (let i = 0; i < connected.length; i += 5000) {
        const users = connected.slice(i, i + 5000);
        const rows = (await this.store.byKeyFor(key, users)).filter((n) => !n.read);
        if (!rows.length) continue;
        const counts = await this.store.unreadCounts(rows.map((n) => n.userId));
        for (const n of rows) this.gateway.sendLocal(n.userId, { type: 'notification', notification: view(n), unread_count: counts.get(n.userId) ?? 1 });
      }
    });
  }
}
