import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { TokenService } from '../auth/token.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REALTIME_BUS, type RealtimeBus } from './realtime-bus.js';

export const REALTIME_PATH = '/api/realtime';
const AUTH_TIMEOUT_MS = 10_000;
const MAX_SOCKETS_PER_USER = 20;
const MAX_ROOMS_PER_SOCKET = 20;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/** Open connections per address (signed in or not) and per process. */
const MAX_SOCKETS_PER_ADDRESS = 50;
const MAX_SOCKETS = 20_000;
/** Messages a connection may send per 10 seconds. */
const MAX_MESSAGES_PER_10S = 40;

interface Client {
  /** This connection's id, unique across processes (presence counts a visitor's or a user's socket by it). */
  id: string;
  ws: WebSocket;
  address: string;
  authenticating: boolean;
  messages: { window: number; count: number };
  userId: string | null;
  token: string | null;
  alive: boolean;
  rooms: Set<string>;
}

/**
 * Decides whether a user may join a room (`live:<id>` and so on); registered by the context that owns the prefix.
 * `userId` is null for a visitor's socket (only asked for prefixes registered with `visitors: true`).
 */
export type RoomAuthorizer = (userId: string | null, room: string) => Promise<boolean>;

/** A connection in a room: its id (unique across processes), its user (null: a visitor) and its client's address. */
export interface RoomMember {
  socketId: string;
  userId: string | null;
  /** The client's address as the HTTP side sees it (X-Forwarded-For's with TRUST_PROXY): a visitor counts once per address. */
  address: string;
}

/**
 * Takes an upgrade request for another WebSocket path (a live stream's browser ingest, say) that a context registered
 * with `registerUpgrade`; `address` is the client's (TRUST_PROXY-aware). The handler owns the socket from then on.
 */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, address: string) => void;

/**
 * The client's address of an upgrade request, as Express's `req.ip` gives it for HTTP requests: the socket's peer, or
 * with TRUST_PROXY the first (client's) address of X-Forwarded-For, when it is one.
 */
export function upgradeClientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const header = req.headers['x-forwarded-for'];
  if (!trustProxy || header === undefined) return peer;
  const first = (Array.isArray(header) ? header[0] : header).split(',')[0].trim();
  return isIP(first) ? first : peer;
}

/**
 * What a context hears about its rooms' members (presence): `joined` is awaited before the socket is told `subscribed`;
 * `left` follows an unsubscribe, a close or an eviction, called after `joined` (which it may overtake while `joined` still
 * runs: a hook serialises the two per socket and room). A failure in either is logged, never sent to the socket.
 */
export interface RoomHooks {
  /**
   * Sockets that did not sign in may follow these rooms (a visitor watching a live stream). Such a socket lives while
   * it follows a room: it must subscribe within the sign-in time, and a refused subscribe, or leaving its last room,
   * closes it with 4401, as an unsigned socket always was.
   */
  visitors?: boolean;
  joined?(room: string, member: RoomMember): Promise<void>;
  left?(room: string, member: RoomMember): Promise<void>;
}

interface BusMessage {
  to: 'user' | 'room';
  target: string;
  event: Record<string, unknown>;
}

/**
 * The WebSocket endpoint (`/api/realtime`). A client sends `{ "type": "auth", "token": <user token> }` first; the
 * token is checked as the HTTP guards check it (and again every heartbeat, so revocation closes the socket). Events
 * for a user or a room go through the realtime bus, so whichever process holds the socket delivers them.
 *
 * Messages from the server: `{ type: 'ready' }`, then events such as `{ type: 'notification', ... }` or
 * `{ type: 'room', room, ... }`. From the client: `subscribe` / `unsubscribe` with a `room`. A socket that does not
 * sign in may only follow rooms registered with `visitors: true` (a visitor watching a live stream), and lives while it does.
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly rooms = new Map<string, Set<Client>>();
  /** Room prefixes (`live:`) with who may join them and who hears of members joining and leaving. */
  private readonly roomKinds = new Map<string, { authorize: RoomAuthorizer; hooks: RoomHooks }>();
  private readonly perAddress = new Map<string, number>();
  /** Sockets that did not sign in and follow a visitors' room (pinged by the heartbeat like signed-in ones). */
  private readonly visitors = new Set<Client>();
  private rechecking = false;
  private server?: Server;
  private heartbeat?: NodeJS.Timeout;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head);
  /** Other WebSocket paths, each taken by the context that registered it (`registerUpgrade`). */
  private readonly upgrades: { path: RegExp; handler: UpgradeHandler }[] = [];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly tokens: TokenService,
    @Inject(REALTIME_BUS) private readonly bus: RealtimeBus,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The principal of a token, with an EntityManager of its own (socket events run outside any HTTP request). */
  private authenticate(token: string) {
    return RequestContext.create(this.orm.em, () => this.tokens.authenticate(token, 'user'));
  }

  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    this.server?.on('upgrade', this.onUpgrade);
    this.bus.subscribe('realtime', (m) => this.deliverLocally(m as BusMessage));
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Another WebSocket path on the same HTTP server (the path without its query must match `path`): its upgrades go to
   * `handler` with the client's address. Every other path that is not /api/realtime is refused (the socket destroyed).
   */
  registerUpgrade(path: RegExp, handler: UpgradeHandler): void {
    this.upgrades.push({ path, handler });
  }

  /** Room prefixes (`live:`), who may join them and, optionally, who hears of members joining and leaving. */
  registerRooms(prefix: string, authorize: RoomAuthorizer, hooks: RoomHooks = {}): void {
    this.roomKinds.set(prefix, { authorize, hooks });
  }

  private roomKind(room: string): { authorize: RoomAuthorizer; hooks: RoomHooks } | undefined {
    for (const [prefix, kind] of this.roomKinds) if (room.startsWith(prefix)) return kind;
    return undefined;
  }

  /** Tells the room's owner that a member left (after an unsubscribe, a close or an eviction). */
  private left(room: string, c: Client): void {
    const left = this.roomKind(room)?.hooks.left;
    if (left) void left(room, { socketId: c.id, userId: c.userId, address: c.address }).catch((e: Error) => this.logger.warn(`realtime leave hook failed: ${e.message}`));
  }

  /** Sends an event to every open page of a user, on whichever server process holds it. */
  async toUser(userId: string, event: Record<string, unknown>): Promise<void> {
    await this.bus.publish('realtime', { to: 'user', target: userId, event } satisfies BusMessage);
  }

  async toRoom(room: string, event: Record<string, unknown>): Promise<void> {
    await this.bus.publish('realtime', { to: 'room', target: room, event } satisfies BusMessage);
  }

  /** This process's connections now (the admin console's status): open sockets, signed-in users, followed rooms, and the bus. */
  stats(): { sockets: number; users: number; rooms: number; bus: 'postgres' | 'redis' } {
    return { sockets: this.wss.clients.size, users: this.byUser.size, rooms: this.rooms.size, bus: this.bus.name };
  }

  /** Sends to every signed-in socket of this process (a `frontend` restart's `app_updated`); returns how many got it. */
  broadcastLocal(event: Record<string, unknown>): number {
    let n = 0;
    for (const set of this.byUser.values()) for (const c of set) if (this.send(c, event)) n++;
    return n;
  }

  /** Closes every socket of this process (an API worker that drains for a rolling restart: the pages reconnect to another). */
  closeAll(code: number, reason: string): void {
    for (const ws of this.wss.clients) ws.close(code, reason);
  }

  /** Users with an open socket on this process (for fan-outs that deliver to the connected ones only). */
  connectedUsers(): string[] {
    return [...this.byUser.keys()];
  }

  /** Sends to this process's sockets of a user; returns how many got it. */
  sendLocal(userId: string, event: Record<string, unknown>): number {
    let n = 0;
    for (const c of this.byUser.get(userId) ?? []) if (this.send(c, event)) n++;
    return n;
  }

  private deliverLocally(m: BusMessage): void {
    if (!m || typeof m.target !== 'string' || typeof m.event !== 'object') return;
    if (m.to === 'user') this.sendLocal(m.target, m.event);
    else if (m.to === 'room') {
      const members = this.rooms.get(m.target);
      if (!members?.size) return;
      // Encoded once for the whole room (a busy stream's chat reaches thousands of sockets per message).
      const text = JSON.stringify({ ...m.event, type: 'room', room: m.target });
      for (const c of members) this.send(c, text);
    }
  }

  /** Sends an event (or its JSON text) unless the socket is closed; a socket this far behind is closed (1013). */
  private send(c: Client, event: Record<string, unknown> | string): boolean {
    if (c.ws.readyState !== c.ws.OPEN) return false;
    if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      c.ws.close(1013, 'too slow');
      return false;
    }
    c.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
    return true;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    const address = upgradeClientAddress(req, this.config.trustProxy);
    if (path !== REALTIME_PATH) {
      const other = this.upgrades.find((u) => u.path.test(path));
      if (other) other.handler(req, socket, head, address);
      else socket.destroy();
      return;
    }
    if (this.wss.clients.size >= MAX_SOCKETS || (this.perAddress.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, address));
  }

  private accept(ws: WebSocket, address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const client: Client = { id: randomUUID(), ws, address, authenticating: false, messages: { window: 0, count: 0 }, userId: null, token: null, alive: true, rooms: new Set() };
    const timer = setTimeout(() => client.userId || client.rooms.size || ws.close(4401, 'authentication required'), AUTH_TIMEOUT_MS);
    ws.on('pong', () => (client.alive = true));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearTimeout(timer);
      this.forget(client);
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return void ws.close(1003, 'text frames only');
      const window = Math.floor(Date.now() / 10_000);
      if (client.messages.window !== window) client.messages = { window, count: 0 };
      if (++client.messages.count > MAX_MESSAGES_PER_10S) return void ws.close(1008, 'too many messages');
      void this.receive(client, data.toString()).catch((e: Error) => this.logger.warn(`realtime message failed: ${e.message}`));
    });
  }

  private async receive(c: Client, text: string): Promise<void> {
    let msg: { type?: unknown; token?: unknown; room?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      return this.error(c, 'invalid_message', 'Messages must be JSON');
    }
    if (!msg || typeof msg !== 'object') return this.error(c, 'invalid_message', 'Messages must be JSON objects');
    if (msg.type === 'auth') {
      if (c.userId || c.authenticating) return this.error(c, 'already_authenticated', 'This connection is already signed in');
      c.authenticating = true;
      const token = typeof msg.token === 'string' && msg.token.length <= 4096 ? msg.token : '';
      let principal;
      try {
        principal = token ? await this.authenticate(token) : null;
      } catch (e) {
        this.logger.warn(`realtime sign-in could not be checked: ${(e as Error).message}`);
        return void c.ws.close(1011, 'try again');
      }
      if (!principal) return void c.ws.close(4401, 'invalid token');
      if (c.ws.readyState !== c.ws.OPEN) return;
      // From here to the end of the block nothing awaits, so the count and the eviction are one step per process
      // however many sockets of the user finish authenticating at once. The evicted socket leaves the user's set now,
      // not when its close handshake ends: otherwise every newcomer would pick the same, still-listed oldest socket.
      c.userId = principal.userId;
      c.token = token;
      const mine = this.byUser.get(principal.userId) ?? new Set<Client>();
      for (const oldest of mine) {
        if (mine.size < MAX_SOCKETS_PER_USER) break;
        mine.delete(oldest);
        this.leaveRooms(oldest);
        oldest.ws.close(4429, 'too many connections');
      }
      mine.add(c);
      this.byUser.set(principal.userId, mine);
      this.visitors.delete(c);
      this.send(c, { type: 'ready' });
      return;
    }
    const visitor = !c.userId;
    // A visitor may only follow (and leave) rooms open to visitors; anything else asks them to sign in first.
    const refuseVisitor = () => void c.ws.close(4401, 'authentication required');
    if (visitor && msg.type !== 'subscribe' && msg.type !== 'unsubscribe') return refuseVisitor();
    if (msg.type === 'subscribe' || msg.type === 'unsubscribe') {
      const room = typeof msg.room === 'string' ? msg.room : '';
      if (msg.type === 'unsubscribe') {
        if (c.rooms.delete(room)) this.leaveRoom(room, c);
        if (visitor && !c.rooms.size) return refuseVisitor();
        return void this.send(c, { type: 'unsubscribed', room });
      }
      if (c.rooms.has(room)) return void this.send(c, { type: 'subscribed', room });
      const kind = this.roomKind(room);
      if (visitor && !kind?.hooks.visitors) return refuseVisitor();
      if (!kind || room.length > 200) return this.error(c, 'unknown_room', 'There is no such room');
      if (c.rooms.size >= MAX_ROOMS_PER_SOCKET) return this.error(c, 'too_many_rooms', `A connection may follow at most ${MAX_ROOMS_PER_SOCKET} rooms`);
      if (!(await kind.authorize(c.userId, room))) return visitor ? refuseVisitor() : this.error(c, 'forbidden_room', 'You cannot join this room');
      // The socket may have closed, or subscribed already, while the authorizer ran.
      if (c.ws.readyState !== c.ws.OPEN || c.rooms.has(room)) return;
      c.rooms.add(room);
      this.rooms.set(room, (this.rooms.get(room) ?? new Set()).add(c));
      if (!c.userId) this.visitors.add(c);
      const joined = kind.hooks.joined;
      if (joined) {
        try {
          await joined(room, { socketId: c.id, userId: c.userId, address: c.address });
        } catch (e) {
          this.logger.warn(`realtime join hook failed: ${(e as Error).message}`);
        }
        // Closed or unsubscribed meanwhile: `left` has been called already (after `joined`).
        if (!c.rooms.has(room)) return;
      }
      return void this.send(c, { type: 'subscribed', room });
    }
    return this.error(c, 'unknown_type', 'Unknown message type');
  }

  private error(c: Client, code: string, message: string): void {
    this.send(c, { type: 'error', code, message });
  }

  private forget(c: Client): void {
    this.visitors.delete(c);
    const n = (this.perAddress.get(c.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(c.address, n);
    else this.perAddress.delete(c.address);
    if (c.userId) {
      const mine = this.byUser.get(c.userId);
      mine?.delete(c);
      if (mine && !mine.size) this.byUser.delete(c.userId);
    }
    this.leaveRooms(c);
  }

  private leaveRooms(c: Client): void {
    for (const room of c.rooms) this.leaveRoom(room, c);
    c.rooms.clear();
  }

  /** Takes the socket out of the room's members (the room goes with its last one) and tells the room's owner. */
  private leaveRoom(room: string, c: Client): void {
    const members = this.rooms.get(room);
    members?.delete(c);
    if (members && !members.size) this.rooms.delete(room);
    this.left(room, c);
  }

  /**
   * Drops connections that did not answer the last ping (checked and re-armed in one synchronous pass), then
   * re-checks signed-in connections' tokens: an expired or revoked one closes its socket; a database failure
   * closes nothing.
   */
  private async beat(): Promise<void> {
    const signedIn: Client[] = [];
    for (const set of this.byUser.values()) signedIn.push(...set);
    for (const c of [...signedIn, ...this.visitors]) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      for (const c of signedIn) {
        if (c.ws.readyState !== c.ws.OPEN || !c.token) continue;
        try {
          if (!(await this.authenticate(c.token))) c.ws.close(4401, 'token no longer valid');
        } catch {
          return; // the database is unreachable: try again at the next beat
        }
      }
    } finally {
      this.rechecking = false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.heartbeat);
    this.server?.off('upgrade', this.onUpgrade);
    for (const ws of this.wss.clients) ws.close(1012, 'server restarting');
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}
