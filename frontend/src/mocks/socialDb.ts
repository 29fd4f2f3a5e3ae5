import type { components } from '../api/schema';

type NotificationDto = components['schemas']['NotificationDto'];

/** A follow: `followerId` follows `followeeId`. */
export interface MockFollow {
  followerId: string;
  followeeId: string;
  created_at: string;
}

/** A notification of `userId`; one per user and dedupe key, as the server keeps them. */
export interface MockNotification extends NotificationDto {
  userId: string;
  dedupeKey: string;
}

/** What the realtime socket pushes to a user's open pages. */
export type MockRealtimeEvent =
  | { type: 'notification'; notification: NotificationDto; unread_count: number }
  | { type: 'notifications.read'; id: string | null; unread_count: number }
  /** An admin restarted the `frontend` service: a new version of the app is served. */
  | { type: 'app_updated' };

type Listener = (userId: string, event: MockRealtimeEvent) => void;

/** The in-memory follows and notifications behind the mock API (QA mode and tests). */
export const socialDb = {
  follows: [] as MockFollow[],
  notifications: [] as MockNotification[],
};

const listeners = new Set<Listener>();
let sequence = 0;

/** The realtime mock hears of every event here, to push it to the user's sockets. */
export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRealtime(userId: string, event: MockRealtimeEvent): void {
  for (const listener of listeners) listener(userId, event);
}

export function isFollowing(followerId: string, followeeId: string): boolean {
  return socialDb.follows.some((f) => f.followerId === followerId && f.followeeId === followeeId);
}

export function followersOf(userId: string): string[] {
  return socialDb.follows.filter((f) => f.followeeId === userId).map((f) => f.followerId);
}

export function followingOf(userId: string): string[] {
  return socialDb.follows.filter((f) => f.followerId === userId).map((f) => f.followeeId);
}

export function unreadCount(userId: string): number {
  return socialDb.notifications.filter((n) => n.userId === userId && !n.read).length;
}

/** The wire form (what the list and the socket show). */
export function notificationDto(n: MockNotification): NotificationDto {
  const { userId: _userId, dedupeKey: _dedupeKey, ...dto } = n;
  return dto;
}

export interface NotificationDraft {
  type: string;
  title: string;
  message: string;
  link: NotificationDto['link'];
  dedupeKey: string;
}

/** Creates it (once per user and dedupe key) and pushes it to the user's open pages; returns it when created. */
export function notify(userId: string, draft: NotificationDraft, createdAt = new Date().toISOString()): MockNotification | null {
  if (socialDb.notifications.some((n) => n.userId === userId && n.dedupeKey === draft.dedupeKey)) return null;
  sequence += 1;
  const notification: MockNotification = {
    id: `notification-${sequence}-${Math.random().toString(36).slice(2, 10)}`,
    userId,
    dedupeKey: draft.dedupeKey,
    type: draft.type,
    title: draft.title,
    message: draft.message,
    read: false,
    created_at: createdAt,
    link: draft.link,
  };
  socialDb.notifications.push(notification);
  emitRealtime(userId, { type: 'notification', notification: notificationDto(notification), unread_count: unreadCount(userId) });
  return notification;
}

/** The server's texts (backend notifications domain). */
export const notificationDrafts = {
  newFollower: (followerId: string, name: string): NotificationDraft => ({
    type: 'new_follower',
    title: 'New follower',
    message: `${name} started following you`,
    link: { kind: 'user', id: followerId },
    dedupeKey: `follow:${followerId}`,
  }),
  newUpload: (mediaId: string, kind: 'video' | 'reel', creator: string, title: string): NotificationDraft => ({
    type: 'new_upload',
    title: kind === 'reel' ? 'New short' : 'New video',
    message: `${creator} uploaded "${title.length > 200 ? `${title.slice(0, 199)}…` : title}"`,
    link: { kind, id: mediaId },
    dedupeKey: `upload:${mediaId}`,
  }),
};

/** Tells every follower of `creatorId` about a new upload (the server does it once processing has published it). */
export function notifyFollowersOfUpload(creatorId: string, creatorName: string, mediaId: string, kind: 'video' | 'reel', title: string): void {
  for (const follower of followersOf(creatorId)) notify(follower, notificationDrafts.newUpload(mediaId, kind, creatorName, title));
}

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export interface SocialOwners {
  ada: { userId: string; name: string };
  mira: { userId: string; name: string };
}

/** The demo data: mira follows ada; ada has a new-follower notification (unread) and an older, read one. */
export function resetSocialDb(owners: SocialOwners | null): void {
  socialDb.follows = [];
  socialDb.notifications = [];
  if (!owners) return;
  const { ada, mira } = owners;
  socialDb.follows.push({ followerId: mira.userId, followeeId: ada.userId, created_at: ago(30) });
  const welcome = notify(
    ada.userId,
    {
      type: 'partner_decision',
      title: 'Partner program: approved',
      message: 'Your partner program application was approved. You can now turn on monetization.',
      link: null,
      dedupeKey: 'partner:demo',
    },
    ago(72),
  );
  if (welcome) welcome.read = true;
  notify(ada.userId, notificationDrafts.newFollower(mira.userId, mira.name), ago(30));
}

export function snapshotSocialDb() {
  return { follows: socialDb.follows, notifications: socialDb.notifications };
}

export function restoreSocialDb(data: ReturnType<typeof snapshotSocialDb> | undefined): void {
  // A snapshot from before follows existed has none.
  socialDb.follows = data?.follows ?? [];
  socialDb.notifications = data?.notifications ?? [];
}
