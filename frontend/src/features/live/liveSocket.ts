import { AUTH_REFUSED_CODE, ReconnectingSocket, type SocketFactory } from '../../shared/realtime';
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
export class LiveRoomSocket extends ReconnectingSocket {
  private subscribedOnce = false;
  private tokenRefused = false;
  private token: string | null = null;

  constructor(private readonly options: LiveRoomSocketOptions) {
    super(options, 'left the stream');
  }

  protected started(): void {
    this.subscribedOnce = false;
  }

  protected mayConnect(): boolean {
    this.token = this.tokenRefused ? null : this.options.getToken();
    return true;
  }

  protected opened(send: (message: object) => void): void {
    if (this.token) send({ type: 'auth', token: this.token });
    else send({ type: 'subscribe', room: this.options.room });
  }

  protected received(data: Record<string, unknown>, send: (message: object) => void): void {
    if (data.type === 'ready') return send({ type: 'subscribe', room: this.options.room });
    if (data.type === 'subscribed' && data.room === this.options.room) {
      const again = this.subscribedOnce;
      this.subscribedOnce = true;
      this.connected();
      this.options.listener.onSubscribed(again);
      return;
    }
    if (data.type === 'room' && data.room === this.options.room && typeof data.event === 'string') {
      this.options.listener.onEvent(data as unknown as LiveRoomEvent);
    }
  }

  protected lost(close: CloseEvent): boolean {
    if (close.code === AUTH_REFUSED_CODE && this.token) this.tokenRefused = true;
    this.options.listener.onDisconnected?.();
    return true;
  }
}
