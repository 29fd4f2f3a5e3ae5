/**
 * The realtime connection (`/api/realtime`, a WebSocket): signs in with the user token after opening, hands the
 * server's events to a listener, and reconnects with a growing pause (1 s doubling to 30 s) until it is stopped.
 */

/** The part of a WebSocket the client uses, so tests can hand it a fake. */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** Opens a socket to `url`; the browser's WebSocket by default. */
export type SocketFactory = (url: string) => RealtimeSocket;

export const browserSocket: SocketFactory = (url) => new WebSocket(url) as RealtimeSocket;

export const REALTIME_PATH = '/api/realtime';
/** The server closes with this code when the token is missing, wrong, revoked or expired. */
export const AUTH_REFUSED_CODE = 4401;
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The pause before reconnect attempt `attempt` (0 for the first): 1 s, 2 s, 4 s… at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
}

/** ws://host/api/realtime on an http page, wss:// on an https one. */
export function realtimeUrl(origin: string | undefined = globalThis.location?.origin): string {
  const base = origin && origin !== 'null' ? origin : 'http://localhost';
  const url = new URL(REALTIME_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A message from the server, parsed; unknown kinds are passed on as they are. */
export type RealtimeEvent = { type: string; [key: string]: unknown };

export interface RealtimeListener {
  /** The server accepted the token. `reconnected` is true for every connection after the first. */
  onReady(reconnected: boolean): void;
  onEvent(event: RealtimeEvent): void;
  /** The socket closed (a reconnection follows unless stopped or refused). */
  onDisconnected?(): void;
  /** The server refused the token (4401); the client waits for `retry()` or `stop()`. */
  onAuthRefused?(): void;
}

export interface RealtimeClientOptions {
  url?: string;
  socketFactory?: SocketFactory;
  /** The stored user token, read on every connection. */
  getToken: () => string | null;
  listener: RealtimeListener;
}

/**
 * A socket to `/api/realtime` that reconnects with a growing pause (1 s doubling to 30 s) until stopped: the connection
 * cycle shared by the user's realtime client and a live stream's room. A subclass says what to send once open, what
 * the server's messages mean, and whether a lost connection is tried again.
 */
export abstract class ReconnectingSocket {
  private socket: RealtimeSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private running = false;
  private readonly url: string;
  private readonly factory: SocketFactory;

  constructor(
    options: { url?: string; socketFactory?: SocketFactory },
    private readonly closeReason: string,
  ) {
    this.url = options.url ?? realtimeUrl();
    this.factory = options.socketFactory ?? browserSocket;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.started();
    this.connect();
  }

  /** Closes the socket and cancels any reconnection. */
  stop(): void {
    this.running = false;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(1000, this.closeReason);
      } catch {
        // Already closed.
      }
    }
  }

  /** Called by start(), before the first connection. */
  protected abstract started(): void;
  /** Whether to connect now (the user token is read here); false stops the client. */
  protected abstract mayConnect(): boolean;
  /** The socket opened. */
  protected abstract opened(send: (message: object) => void): void;
  /** A message of the server's (a JSON object). */
  protected abstract received(data: Record<string, unknown>, send: (message: object) => void): void;
  /** The connection was lost while running: true reconnects after the pause, false waits (see `retry()`). */
  protected abstract lost(close: CloseEvent): boolean;

  /** The connection works: the next loss starts the pauses over from 1 s. */
  protected connected(): void {
    this.attempt = 0;
  }

  /** After a connection that was not tried again: tries again after the usual pause. */
  retry(): void {
    if (this.running && !this.socket && this.timer === null) this.schedule();
  }

  private connect(): void {
    this.clearTimer();
    if (!this.running) return;
    if (!this.mayConnect()) {
      this.running = false;
      return;
    }
    let socket: RealtimeSocket;
    try {
      socket = this.factory(this.url);
    } catch {
      this.schedule();
      return;
    }
    this.socket = socket;
    const send = (message: object) => socket.send(JSON.stringify(message));
    socket.onopen = () => {
      if (this.socket === socket) this.opened(send);
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      const data = parse(message.data);
      if (data) this.received(data, send);
    };
    socket.onerror = () => {
      // A close always follows; it decides what happens next.
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      detach(socket);
      this.socket = null;
      if (this.running && this.lost(close)) this.schedule();
    };
  }

  private schedule(): void {
    this.clearTimer();
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The user's realtime connection: signs in with the user token after opening and hands the server's events on. */
export class RealtimeClient extends ReconnectingSocket {
  private everReady = false;
  private token: string | null = null;

  constructor(private readonly options: RealtimeClientOptions) {
    super(options, 'signed out');
  }

  protected started(): void {
    this.everReady = false;
  }

  protected mayConnect(): boolean {
    this.token = this.options.getToken();
    return this.token !== null && this.token !== '';
  }

  protected opened(send: (message: object) => void): void {
    send({ type: 'auth', token: this.token });
  }

  protected received(data: Record<string, unknown>): void {
    if (typeof data.type !== 'string') return;
    if (data.type === 'ready') {
      const reconnected = this.everReady;
      this.everReady = true;
      this.connected();
      this.options.listener.onReady(reconnected);
      return;
    }
    this.options.listener.onEvent(data as RealtimeEvent);
  }

  protected lost(close: CloseEvent): boolean {
    this.options.listener.onDisconnected?.();
    // Reconnecting with a refused token would be refused again: the owner checks the session first, then retry().
    if (close.code === AUTH_REFUSED_CODE && this.options.listener.onAuthRefused) {
      this.options.listener.onAuthRefused();
      return false;
    }
    return true;
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
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
