import type { RealtimeSocket, SocketFactory } from '../shared/realtime';

/** A WebSocket stand-in the test plays the server of: it opens, answers, and drops when told. */
export class FakeSocket implements RealtimeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  /** The page closed it. */
  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }

  // The server's side.

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  push(event: Record<string, unknown>): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  /** Opens and accepts the token, as the server does. */
  accept(): void {
    this.open();
    this.push({ type: 'ready' });
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason, wasClean: code !== 1006 } as CloseEvent);
  }
}

/** A socket factory that keeps every socket it made, newest last. */
export function fakeSockets(): { factory: SocketFactory; sockets: FakeSocket[]; latest: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    factory: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    sockets,
    latest: () => {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}
