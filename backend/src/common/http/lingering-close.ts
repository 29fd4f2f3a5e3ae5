import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how many bytes, a closing connection keeps reading the rest of a refused request's body. */
export const LINGER_MS = 10_000;
export const LINGER_BYTES = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/**
 * A lingering close, as nginx and Apache do it: when a reply goes out before the request body was read to its end
 * (a refused upload), the connection is closed, but not at once. Closing a socket that still has unread bytes makes
 * the kernel answer with a reset, and a client still writing its body then sees a broken pipe instead of the answer.
 * So the write side is shut after the reply, and the rest of the body is read and dropped until the client closes,
 * or for at most LINGER_MS and LINGER_BYTES.
 */
export function lingerOnClose(request: IncomingMessage): void {
  const socket = request.socket as Socket | null;
  if (!socket || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  // Whatever was reading the body (a multipart parser that stopped) lets go of it; Node's server then drops the rest.
  request.unpipe();
  request.resume();
  let drained = 0;
  const counter = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) socket.destroy();
  };
  request.on('data', counter);
  // Once the reply is out and every byte of the body has been read, nothing is left to reset: close at once, without
  // waiting for the client to close its side (a client that sent its whole body may wait for us).
  let replied = false;
  const closeWhenFlushed = (s: Socket) => (s.writableFinished ? s.destroy() : s.once('finish', () => s.destroy()));
  request.once('end', () => {
    if (replied) closeWhenFlushed(socket);
  });
  // The HTTP server calls destroySoon once the reply is written; shut the write side only, and destroy later.
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    replied = true;
    if (this.writable) this.end();
    if (request.complete) {
      closeWhenFlushed(this);
      return this;
    }
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.resume();
    return this;
  } as Socket['destroySoon'];
}
