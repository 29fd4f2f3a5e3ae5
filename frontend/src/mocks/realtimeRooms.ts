import { ws, type WebSocketHandlerConnection } from 'msw';
import { mockDb } from './db';

type Client = WebSocketHandlerConnection['client'];

interface RoomKind {
  /** Whether the room exists (a subscribe to another is refused). */
  exists(room: string): boolean;
  /** A socket joined or left (presence). */
  changed?(room: string): void;
}

/** The mock realtime socket's rooms (`live:<id>`), as the server's gateway keeps them: open to visitors too. */
const kinds = new Map<string, RoomKind>();
const rooms = new Map<string, Set<Client>>();

export function registerMockRooms(prefix: string, kind: RoomKind): void {
  kinds.set(prefix, kind);
}

function kindOf(room: string): RoomKind | undefined {
  for (const [prefix, kind] of kinds) if (room.startsWith(prefix)) return kind;
  return undefined;
}

/** How many sockets follow `room`. */
export function roomMemberCount(room: string): number {
  return rooms.get(room)?.size ?? 0;
}

/** Who each socket is signed in as (its accepted `auth`); a visitor's socket is not here. */
const socketUsers = new WeakMap<Client, string>();

/** The socket signed in as `userId` (the realtime endpoint accepted its `auth`). */
export function identifyRoomSocket(client: Client, userId: string): void {
  socketUsers.set(client, userId);
}

/**
 * The people following `room`, counted as the server counts a stream's viewers: each signed-in user once however many
 * pages they have open, visitors once (every visitor socket here is this one browser, the server's one address),
 * and `exceptUserId` (the streamer on their own page) not at all.
 */
export function roomViewerCount(room: string, exceptUserId?: string): number {
  const people = new Set<string>();
  for (const client of rooms.get(room) ?? []) {
    const userId = socketUsers.get(client);
    if (userId !== exceptUserId) people.add(userId ?? 'visitor');
  }
  return people.size;
}

/**
 * Learns who each realtime socket is, beside the endpoint's own handler (notifications' mocks), which answers it: an
 * `auth` with a token the mock issued names the socket's user. Nothing is sent from here.
 */
export const roomIdentityHandler = ws.link(/\/api\/realtime(\?.*)?$/).addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string' || socketUsers.has(client)) return;
    try {
      const message = JSON.parse(event.data) as { type?: unknown; token?: unknown } | null;
      const userId = message?.type === 'auth' && typeof message.token === 'string' ? mockDb.tokens.get(message.token) : undefined;
      if (userId && mockDb.users.has(userId)) identifyRoomSocket(client, userId);
    } catch {
      // Not JSON: the endpoint answers it.
    }
  });
});

/** Sends `event` to every socket in `room`, as the gateway does (`{ ...event, type: 'room', room }`). */
export function emitToRoom(room: string, event: Record<string, unknown>): void {
  for (const client of rooms.get(room) ?? []) client.send(JSON.stringify({ ...event, type: 'room', room }));
}

/**
 * A `subscribe` or `unsubscribe` from a mock socket (signed in or a visitor's). True when handled; false for another
 * message. A refused subscribe answers an error (signed in) or closes a visitor's socket with 4401, as the server does.
 */
export function handleRoomMessage(client: Client, message: { type?: unknown; room?: unknown }, signedIn: boolean): boolean {
  if (message.type !== 'subscribe' && message.type !== 'unsubscribe') return false;
  const room = typeof message.room === 'string' ? message.room : '';
  if (message.type === 'unsubscribe') {
    if (rooms.get(room)?.delete(client)) kindOf(room)?.changed?.(room);
    client.send(JSON.stringify({ type: 'unsubscribed', room }));
    return true;
  }
  const kind = kindOf(room);
  if (!kind || !kind.exists(room)) {
    if (signedIn) client.send(JSON.stringify({ type: 'error', code: 'unknown_room', message: 'There is no such room' }));
    else client.close(4401, 'authentication required');
    return true;
  }
  const members = rooms.get(room) ?? new Set<Client>();
  members.add(client);
  rooms.set(room, members);
  client.send(JSON.stringify({ type: 'subscribed', room }));
  kind.changed?.(room);
  return true;
}

/** The socket closed: it leaves every room. */
export function leaveRooms(client: Client): void {
  for (const [room, members] of rooms) if (members.delete(client)) kindOf(room)?.changed?.(room);
}
