import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { byId, PagedList, type Page, type PageOutcome, type PageRequest } from '../../shared/pagedList';
import { RealtimeClient, type RealtimeEvent, type SocketFactory } from '../../shared/realtime';
import type { LoadStatus } from '../../shared/resource';
import { BELL_ITEMS, NOTIFICATIONS_LIMIT, NOTIFICATION_MESSAGES, unreadBadge } from './messages';
import type { NotificationDto } from './types';

export interface NotificationsStoreOptions {
  /** Opens the realtime socket; the browser's WebSocket by default (tests pass a fake). */
  socketFactory?: SocketFactory;
  /** The socket's address; ws(s)://<this host>/api/realtime by default. */
  realtimeUrl?: string;
}

/**
 * Notifications (seed 000 §2 bell, seed 002 §2.11, §4, §7, §8): the newest 20 with the unread count, more on demand,
 * marking one or all read, and the live updates of the realtime socket (new notifications, reads made on another
 * page). The socket runs while something watches (the header's bell) and the user is signed in; it reconnects with a
 * growing pause, and after a reconnect the list is read again, since events may have been missed meanwhile.
 */
export class NotificationsStore {
  /** Newest first, a page at a time; each page also says how many are unread. */
  readonly list = new PagedList<NotificationDto, number>((request) => this.fetchPage(request), byId);
  unreadCount = 0;
  /** Notifications with a mark-as-read call under way. */
  readPending = new Set<string>();
  markAllPending = false;
  /** True while the realtime socket is signed in. */
  live = false;

  private readonly realtime: RealtimeClient;
  private watchers = 0;
  /** Whose notifications are held: a different user signing in starts from nothing. */
  private owner: string | null = null;
  private readonly stopReaction: IReactionDisposer;

  constructor(
    readonly root: RootStore,
    options: NotificationsStoreOptions = {},
  ) {
    this.realtime = new RealtimeClient({
      url: options.realtimeUrl,
      socketFactory: options.socketFactory,
      getToken: () => this.root.auth.token,
      listener: {
        onReady: (reconnected) => this.onReady(reconnected),
        onEvent: (event) => this.onEvent(event),
        onDisconnected: () => runInAction(() => (this.live = false)),
        onAuthRefused: () => void this.onAuthRefused(),
      },
    });
    makeAutoObservable<this, 'realtime' | 'watchers' | 'owner' | 'stopReaction' | 'fetchPage'>(
      this,
      { root: false, list: false, realtime: false, watchers: false, owner: false, stopReaction: false, fetchPage: false },
      { autoBind: true },
    );
    // Signing out closes the socket and forgets the list; signing in while watched opens it.
    this.stopReaction = reaction(
      () => this.root.auth.user?.id ?? null,
      (userId) => {
        if (userId === null) this.stop();
        else if (this.watchers > 0) this.start();
      },
    );
  }

  get items(): readonly NotificationDto[] {
    return this.list.items;
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get nextCursor(): string | null {
    return this.list.nextCursor;
  }

  get loadingMore(): boolean {
    return this.list.loadingMore;
  }

  /** The bell's dropdown: the first five. */
  get bellItems(): NotificationDto[] {
    return this.items.slice(0, BELL_ITEMS);
  }

  /** The bell's badge text: the count, '9+' above 9, or null when nothing is unread. */
  get badge(): string | null {
    return unreadBadge(this.unreadCount);
  }

  /** Loads the list and keeps it live while shown; returns the function that stops. */
  watch(): () => void {
    this.watchers += 1;
    if (this.watchers === 1) this.start();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.watchers -= 1;
      if (this.watchers > 0) return;
      this.realtime.stop();
      runInAction(() => (this.live = false));
    };
  }

  /**
   * The newest page (20) and the unread count; a reload keeps the list shown. `quiet` leaves out the error toast (a
   * reload after a reconnect).
   */
  async load({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> {
    if (!this.root.auth.token) return false;
    return this.counted(await this.list.load(), quiet);
  }

  async loadMore(): Promise<boolean> {
    return this.counted(await this.list.loadMore(), false);
  }

  /** A page shown brings the unread count with it; a failed one says so (unless `quiet`). */
  private counted(outcome: PageOutcome, quiet: boolean): boolean {
    if (outcome === 'loaded' && this.list.meta !== null) this.unreadCount = this.list.meta;
    if (outcome === 'failed' && !quiet) this.root.notify.error(NOTIFICATION_MESSAGES.loadFailed, { action: 'notifications.load' });
    if (outcome === 'loaded') this.root.notify.clear('notifications.load');
    return outcome === 'loaded';
  }

  /** An unread notification, clicked, becomes read (seed 002 §4); a read one or one already being marked is left. */
  async markRead(id: string): Promise<boolean> {
    const item = this.items.find((entry) => entry.id === id);
    if (!item || item.read || this.readPending.has(id)) return false;
    this.readPending.add(id);
    let unread: number | undefined;
    try {
      const { data } = await this.root.api.POST('/api/notifications/{id}/read', { params: { path: { id } } });
      unread = data?.unread_count;
    } catch {
      unread = undefined;
    }
    runInAction(() => {
      this.readPending.delete(id);
      if (unread === undefined) return;
      this.setRead(id);
      this.unreadCount = unread;
    });
    if (unread === undefined) this.root.notify.error(NOTIFICATION_MESSAGES.markReadFailed, { action: 'notifications.read' });
    else this.root.notify.clear('notifications.read');
    return unread !== undefined;
  }

  async markAllRead(): Promise<boolean> {
    if (this.markAllPending) return false;
    this.markAllPending = true;
    let unread: number | undefined;
    try {
      const { data } = await this.root.api.POST('/api/notifications/read-all');
      unread = data?.unread_count;
    } catch {
      unread = undefined;
    }
    runInAction(() => {
      this.markAllPending = false;
      if (unread === undefined) return;
      this.list.map((item) => (item.read ? item : { ...item, read: true }));
      this.unreadCount = unread;
    });
    if (unread === undefined) this.root.notify.error(NOTIFICATION_MESSAGES.markReadFailed, { action: 'notifications.read' });
    else this.root.notify.clear('notifications.read');
    return unread !== undefined;
  }

  reset(): void {
    this.list.reset();
    this.unreadCount = 0;
    this.readPending.clear();
    this.markAllPending = false;
  }

  /** Closes the socket for good (tests, hot reload). */
  dispose(): void {
    this.stopReaction();
    this.realtime.stop();
    this.watchers = 0;
  }

  private start(): void {
    const userId = this.root.auth.user?.id ?? null;
    if (!this.root.auth.token || userId === null) return;
    if (userId !== this.owner) {
      this.reset();
      this.owner = userId;
    }
    void this.load();
    this.realtime.start();
  }

  private stop(): void {
    this.realtime.stop();
    this.live = false;
    this.owner = null;
    this.reset();
  }

  private onReady(reconnected: boolean): void {
    this.live = true;
    if (reconnected) void this.load({ quiet: true });
  }

  private onEvent(event: RealtimeEvent): void {
    if (event.type === 'app_updated') {
      this.root.ui.markAppUpdated();
      return;
    }
    if (event.type === 'notification') {
      const notification = asNotification(event.notification);
      if (!notification) return;
      const known = this.items.some((item) => item.id === notification.id);
      if (known) this.list.map((item) => (item.id === notification.id ? notification : item));
      else this.list.set([notification, ...this.items]);
      if (typeof event.unread_count === 'number') this.unreadCount = event.unread_count;
      else if (!known && !notification.read) this.unreadCount += 1;
      return;
    }
    if (event.type === 'notifications.read') {
      // Read on another page (or this one: the server tells every open page).
      if (event.id === null || event.id === undefined) this.list.map((item) => (item.read ? item : { ...item, read: true }));
      else if (typeof event.id === 'string') this.setRead(event.id);
      if (typeof event.unread_count === 'number') this.unreadCount = event.unread_count;
    }
  }

  /** The server refused the token: if the session is still good (a passing failure), try again; if not, /me signs out. */
  private async onAuthRefused(): Promise<void> {
    runInAction(() => (this.live = false));
    const stillSignedIn = await this.root.auth.loadMe();
    if (stillSignedIn && this.watchers > 0) this.realtime.retry();
  }

  private setRead(id: string): void {
    this.list.map((item) => (item.id === id && !item.read ? { ...item, read: true } : item));
  }

  private async fetchPage({ cursor, signal }: PageRequest): Promise<Page<NotificationDto, number> | undefined> {
    const { data } = await this.root.api.GET('/api/notifications', {
      params: { query: { limit: String(NOTIFICATIONS_LIMIT), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    return data && { items: data.notifications, next: data.next_cursor, meta: data.unread_count };
  }
}

function asNotification(value: unknown): NotificationDto | null {
  if (!value || typeof value !== 'object') return null;
  const n = value as Partial<NotificationDto>;
  if (typeof n.id !== 'string' || typeof n.title !== 'string' || typeof n.message !== 'string') return null;
  return {
    id: n.id,
    type: typeof n.type === 'string' ? n.type : 'other',
    title: n.title,
    message: n.message,
    read: n.read === true,
    created_at: typeof n.created_at === 'string' ? n.created_at : new Date().toISOString(),
    link: n.link && typeof n.link === 'object' && typeof n.link.kind === 'string' && typeof n.link.id === 'string' ? n.link : null,
  };
}
