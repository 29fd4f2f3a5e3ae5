import { ws, type WebSocketHandlerConnection } from 'msw';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { caller, page, sessionInvalid } from '../../mocks/mediaHelpers';
import { emitRealtime, notificationDto, onRealtimeEvent, socialDb, unreadCount } from '../../mocks/socialDb';
import { handleRoomMessage, leaveRooms } from '../../mocks/realtimeRooms';

const notFound = () => errorBody(404, 'NOTIFICATIONS.NOT_FOUND', 'Notification not found');

/** The realtime endpoint (`/api/realtime`) as the server runs it: auth first, then the user's events. */
export const realtimeLink = ws.link(/\/api\/realtime(\?.*)?$/);

/** Open mock sockets and whose they are (null until their auth message was accepted). */
const sockets = new Map<WebSocketHandlerConnection['client'], string | null>();

onRealtimeEvent((userId, event) => {
  for (const [client, owner] of sockets) {
    if (owner === userId) client.send(JSON.stringify(event));
  }
});

/** How many mock sockets are signed in as `userId` (tests wait for the bell's socket). */
export function openSocketsOf(userId: string): number {
  return [...sockets.values()].filter((owner) => owner === userId).length;
}

/** Closes every mock socket as a server restart would (1012), so pages reconnect. */
export function dropRealtimeConnections(): void {
  for (const client of [...sockets.keys()]) {
    sockets.delete(client);
    client.close(1012, 'server restarting');
  }
}

function parseMessage(data: unknown): { type?: unknown; token?: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as { type?: unknown; token?: unknown }) : null;
  } catch {
    return null;
  }
}

const realtimeHandler = realtimeLink.addEventListener('connection', ({ client }) => {
  sockets.set(client, null);
  client.addEventListener('close', () => {
    sockets.delete(client);
    leaveRooms(client);
  });
  client.addEventListener('message', (event) => {
    const message = parseMessage(event.data);
    if (!message) {
      client.send(JSON.stringify({ type: 'error', code: 'invalid_message', message: 'Messages must be JSON' }));
      return;
    }
    const owner = sockets.get(client) ?? null;
    if (message.type === 'auth') {
      if (owner) {
        client.send(JSON.stringify({ type: 'error', code: 'already_authenticated', message: 'This connection is already signed in' }));
        return;
      }
      const userId = typeof message.token === 'string' ? mockDb.tokens.get(message.token) : undefined;
      if (!userId || !mockDb.users.has(userId)) {
        sockets.delete(client);
        client.close(4401, 'invalid token');
        return;
      }
      sockets.set(client, userId);
      client.send(JSON.stringify({ type: 'ready' }));
      return;
    }
    // Rooms (a live stream's) are open to visitors' sockets too.
    if (handleRoomMessage(client, message as { type?: unknown; room?: unknown }, owner !== null)) return;
    if (!owner) {
      sockets.delete(client);
      client.close(4401, 'authentication required');
      return;
    }
    client.send(JSON.stringify({ type: 'error', code: 'unknown_type', message: 'Unknown message type' }));
  });
});

/** The server's answers for the notification list, marking read, and the realtime socket. */
export const notificationsHandlers = [
  http.get('/api/notifications', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const mine = socialDb.notifications.filter((n) => n.userId === me.user.id);
    const { items, next } = page(mine, new URL(request.url));
    return response(200).json({
      notifications: items.map(notificationDto),
      unread_count: unreadCount(me.user.id),
      next_cursor: next,
    });
  }),

  http.post('/api/notifications/read-all', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    let updated = 0;
    for (const n of socialDb.notifications) {
      if (n.userId === me.user.id && !n.read) {
        n.read = true;
        updated += 1;
      }
    }
    emitRealtime(me.user.id, { type: 'notifications.read', id: null, unread_count: 0 });
    return response(200).json({ updated, unread_count: 0 });
  }),

  http.post('/api/notifications/{id}/read', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const notification = socialDb.notifications.find((n) => n.id === params.id && n.userId === me.user.id);
    if (!notification) return response(404).json(notFound());
    notification.read = true;
    const unread = unreadCount(me.user.id);
    emitRealtime(me.user.id, { type: 'notifications.read', id: notification.id, unread_count: unread });
    return response(200).json({ id: notification.id, read: true, unread_count: unread });
  }),

  realtimeHandler,
];
