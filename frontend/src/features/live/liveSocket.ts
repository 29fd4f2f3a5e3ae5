import { AUTH_REFUSED_CODE, browserSocket, realtimeUrl, reconnectDelay, type RealtimeSocket, type SocketFactory } from '../../shared/realtime';
import type { LiveRoomEvent } from './types';

export interface LiveRoomSocketListener {
  /** The server confirmed the subscription. `again` is true for every subscription after the first (a reconnect). */
  onSubscribed(again: boolean): void;
  onEvent(event: LiveRoomEvent): void;
  /** The socket closed; a reconnection follows unless stopped. */
  onDisconnected?(): void;
}

export interface LiveRoomSocketOptions {
  /** `live:<stream id>`. */
  room: string;
  /** The user token, read on every connection; visitors (null) follow the room without signing in. */
  getToken: () => string | null;
  socketFactory?: SocketFactory;
  url?: string;
  listener: LiveRoomSocketListener;
}

/**
 * One stream's room over the realtime socket (`/api/realtime`): signs in when there is a token (a visitor does not:
 * live rooms are open to visitors), subscribes to the room, hands its events on, and reconnects with the usual growing
 * pause (1 s doubling to 30 s) until stopped. A token the server refuses (4401) is dropped: the page follows the room
 * as a visitor.
 */
export class LiveRoomSocket {
  private socket: RealtimeSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private subscribedOnce = false;
  private running = false;
  private tokenRefused = false;
  private readonly url: string;
  private readonly factory: SocketFactory;

  constructor(private readonly options: LiveRoomSocketOptions) {
    this.url = options.url ?? realtimeUrl();
    this.factory = options.socketFactory ?? browserSocket;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.subscribedOnce = false;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(1000, 'left the stream');
      } catch {
        // Already closed.
      }
    }
  }

  private connect(): void {
    this.timer = null;
    if (!this.running) return;
    const token = this.tokenRefused ? null : this.options.getToken();
    let socket: RealtimeSocket;
    try {
      socket = this.factory(this.url);
    } catch {
      this.schedule();
      return;
    }
    this.socket = socket;
    const subscribe = () => socket.send(JSON.stringify({ type: 'subscribe', room: this.options.room }));
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (token) socket.send(JSON.stringify({ type: 'auth', token }));
      else subscribe();
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      const data = parse(message.data);
      if (!data) return;
      if (data.type === 'ready') return subscribe();
      if (data.type === 'subscribed' && data.room === this.options.room) {
        const again = this.subscribedOnce;
        this.subscribedOnce = true;
        this.attempt = 0;
        this.options.listener.onSubscribed(again);
        return;
      }
      if (data.type === 'room' && data.room === this.options.room && typeof data.event === 'string') {
        this.options.listener.onEvent(data as unknown as LiveRoomEvent);
      }
    };
    socket.onerror = () => {
      // A close always follows.
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      detach(socket);
      this.socket = null;
      if (!this.running) return;
      if (close.code === AUTH_REFUSED_CODE && token) this.tokenRefused = true;
      this.options.listener.onDisconnected?.();
      this.schedule();
    };
  }

  private schedule(): void {
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }
}

function detach(socket: RealtimeSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
