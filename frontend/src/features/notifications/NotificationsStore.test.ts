import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { mockDb } from '../../mocks/db';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { notify as createNotification, socialDb } from '../../mocks/socialDb';
import type { Notifier } from '../../shared/notifier';
import { RECONNECT_MAX_MS, reconnectDelay } from '../../shared/realtime';
import { demoUser } from '../../test/accounts';
import { fakeSockets } from '../../test/fakeSocket';
import { storeDemoUserToken } from '../../test/session';
import { unreadBadge } from './messages';

let current: RootStore | null = null;
afterEach(() => {
  current?.dispose();
  current = null;
  jest.useRealTimers();
});

/** The demo user signed in, with a fake realtime server. */
async function signedIn() {
  const token = storeDemoUserToken();
  const notify: Notifier = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() };
  const realtime = fakeSockets();
  const store = new RootStore({ notify, socketFactory: realtime.factory });
  current = store;
  await store.auth.init();
  return { store, notify, realtime, token };
}

function addNotifications(count: number, prefix = 'Note') {
  const userId = demoUser().user.id;
  for (let n = 1; n <= count; n += 1) {
    createNotification(userId, { type: 'new_upload', title: `${prefix} ${n}`, message: `Message ${n}`, link: null, dedupeKey: `${prefix}:${n}` }, new Date(Date.now() + n * 1000).toISOString());
  }
}

const pushed = (id: string, title: string, unread: number) => ({
  type: 'notification',
  notification: { id, type: 'new_follower', title, message: `${title}!`, read: false, created_at: new Date().toISOString(), link: null },
  unread_count: unread,
});

describe('NotificationsStore: the list', () => {
  test('loads the newest 20 with the unread count; the bell shows the first 5', async () => {
    addNotifications(25);
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => sent.push(request.url));
    const { store } = await signedIn();

    expect(await store.notifications.load()).toBe(true);

    expect(sent.find((url) => url.includes('/api/notifications'))).toMatch(/limit=20/);
    expect(store.notifications.items).toHaveLength(20);
    expect(store.notifications.items[0].title).toBe('Note 25'); // newest first
    expect(store.notifications.unreadCount).toBe(26); // 25 and the seeded new follower
    expect(store.notifications.bellItems.map((n) => n.title)).toEqual(['Note 25', 'Note 24', 'Note 23', 'Note 22', 'Note 21']);
    expect(store.notifications.badge).toBe('9+');

    await store.notifications.loadMore();
    expect(store.notifications.items).toHaveLength(27);
    expect(store.notifications.nextCursor).toBeNull();
    server.events.removeAllListeners();
  });

  test('the badge: nothing at 0, the count up to 9, then 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });

  test('a failed load says "Failed to load notifications"', async () => {
    server.use(http.get('/api/notifications', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { store, notify } = await signedIn();

    expect(await store.notifications.load()).toBe(false);

    expect(notify.error).toHaveBeenCalledWith('Failed to load notifications', { action: 'notifications.load' });
    expect(store.notifications.status).toBe('error');
  });

  test('marking one read uses the server count; a read one is not sent again; a failure says "Failed to mark as read"', async () => {
    addNotifications(2);
    const { store, notify } = await signedIn();
    await store.notifications.load();
    const [first, second] = store.notifications.items;

    const marking = store.notifications.markRead(first.id);
    expect(store.notifications.readPending.has(first.id)).toBe(true);
    expect(await marking).toBe(true);
    expect(store.notifications.items[0].read).toBe(true);
    expect(store.notifications.unreadCount).toBe(2);
    expect(socialDb.notifications.find((n) => n.id === first.id)?.read).toBe(true);

    expect(await store.notifications.markRead(first.id)).toBe(false); // already read: nothing sent

    server.use(http.post('/api/notifications/{id}/read', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    expect(await store.notifications.markRead(second.id)).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Failed to mark as read', { action: 'notifications.read' });
    expect(store.notifications.items[1].read).toBe(false);
    expect(store.notifications.unreadCount).toBe(2);
  });

  test('mark all as read', async () => {
    addNotifications(3);
    const { store } = await signedIn();
    await store.notifications.load();

    expect(await store.notifications.markAllRead()).toBe(true);

    expect(store.notifications.unreadCount).toBe(0);
    expect(store.notifications.items.every((n) => n.read)).toBe(true);
    expect(store.notifications.badge).toBeNull();
  });
});

describe('NotificationsStore: realtime', () => {
  test('watching opens the socket, signs in with the user token, and takes new notifications live', async () => {
    const { store, realtime, token } = await signedIn();
    const stop = store.notifications.watch();
    await waitFor(() => expect(store.notifications.status).toBe('ready'));
    expect(store.notifications.unreadCount).toBe(1);

    const socket = realtime.latest();
    expect(socket.url).toBe('ws://localhost/api/realtime');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token }]);
    socket.push({ type: 'ready' });
    expect(store.notifications.live).toBe(true);

    for (let n = 2; n <= 10; n += 1) socket.push(pushed(`live-${n}`, `Live ${n}`, n));
    expect(store.notifications.unreadCount).toBe(10);
    expect(store.notifications.badge).toBe('9+');
    expect(store.notifications.bellItems[0]).toMatchObject({ id: 'live-10', title: 'Live 10', read: false });

    socket.push(pushed('live-10', 'Live 10', 10)); // the same one again (a batch re-delivered)
    expect(store.notifications.items.filter((n) => n.id === 'live-10')).toHaveLength(1);

    socket.push({ type: 'notifications.read', id: 'live-10', unread_count: 9 }); // read on another page
    expect(store.notifications.items[0].read).toBe(true);
    expect(store.notifications.badge).toBe('9');

    socket.push({ type: 'notifications.read', id: null, unread_count: 0 }); // all read elsewhere
    expect(store.notifications.items.every((n) => n.read)).toBe(true);
    expect(store.notifications.badge).toBeNull();

    socket.push({ type: 'something-new', data: 1 }); // unknown events are ignored
    stop();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'signed out' });
  });

  test('a dropped socket reconnects after 1 s, 2 s, 4 s…; after it is back the list is read again', async () => {
    const { store, realtime } = await signedIn();
    store.notifications.watch();
    await waitFor(() => expect(store.notifications.status).toBe('ready'));
    realtime.latest().accept();

    jest.useFakeTimers();
    realtime.latest().drop();
    expect(store.notifications.live).toBe(false);
    expect(realtime.sockets).toHaveLength(1);
    jest.advanceTimersByTime(999);
    expect(realtime.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(realtime.sockets).toHaveLength(2);

    realtime.latest().drop(); // the server is still away
    jest.advanceTimersByTime(1999);
    expect(realtime.sockets).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(realtime.sockets).toHaveLength(3);
    jest.useRealTimers();

    // Meanwhile something happened that the page did not hear of.
    addNotifications(1, 'Missed');
    realtime.latest().accept();
    await waitFor(() => expect(store.notifications.items[0]?.title).toBe('Missed 1'));
    expect(store.notifications.unreadCount).toBe(2);

    // Back online: the pause starts again from 1 s.
    jest.useFakeTimers();
    realtime.latest().drop();
    jest.advanceTimersByTime(1000);
    expect(realtime.sockets).toHaveLength(4);
  });

  test('the pause doubles up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(RECONNECT_MAX_MS).toBe(30_000);
  });

  test('signing out closes the socket and forgets the list; nothing reconnects', async () => {
    const { store, realtime } = await signedIn();
    store.notifications.watch();
    await waitFor(() => expect(store.notifications.status).toBe('ready'));
    const socket = realtime.latest();
    socket.accept();

    jest.useFakeTimers();
    store.auth.logout();

    expect(socket.closedWith?.code).toBe(1000);
    expect(store.notifications.items).toEqual([]);
    expect(store.notifications.badge).toBeNull();
    jest.advanceTimersByTime(60_000);
    expect(realtime.sockets).toHaveLength(1);
  });

  test('dispose closes the socket and cancels a pending reconnect', async () => {
    const { store, realtime } = await signedIn();
    store.notifications.watch();
    realtime.latest().accept();
    jest.useFakeTimers();
    realtime.latest().drop();

    store.dispose();
    jest.advanceTimersByTime(60_000);

    expect(realtime.sockets).toHaveLength(1);
  });

  test('a refused token (4401) checks the session: a revoked one signs out, and nothing reconnects', async () => {
    const { store, realtime, token } = await signedIn();
    store.notifications.watch();
    const socket = realtime.latest();
    socket.open();
    mockDb.tokens.delete(token); // revoked elsewhere (sign out everywhere)

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    socket.drop(4401, 'invalid token');

    await waitFor(() => expect(store.auth.user).toBeNull());
    expect(store.notifications.live).toBe(false);
    jest.advanceTimersByTime(60_000);
    expect(realtime.sockets).toHaveLength(1);
  });

  test('a refusal while the session is still good tries again after the pause', async () => {
    const { store, realtime } = await signedIn();
    store.notifications.watch();
    realtime.latest().open();

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    realtime.latest().drop(4401, 'invalid token');

    await waitFor(() => expect(realtime.sockets).toHaveLength(2), { timeout: 3000 }); // after the pause, on the fake clock
    expect(store.auth.user).not.toBeNull();
  });

  test('nothing opens for a visitor', async () => {
    const realtime = fakeSockets();
    const store = new RootStore({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() }, socketFactory: realtime.factory });
    current = store;
    await store.auth.init();

    store.notifications.watch();

    expect(realtime.sockets).toHaveLength(0);
    expect(store.notifications.status).toBe('idle');
  });
});
