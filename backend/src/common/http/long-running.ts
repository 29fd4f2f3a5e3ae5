import { Inject, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** The requests of this process that a rolling restart's drain waits for longer (see InFlight). */
const longRunning = new Set<IncomingMessage>();
const whenIdle = new Set<() => void>();
function track(req: IncomingMessage, res: ServerResponse): void {
  if (longRunning.has(req)) return;
  longRunning.add(req);
  res.once('close', () => {
    longRunning.delete(req);
    if (!longRunning.size) for (const f of [...whenIdle]) f();
  });
}

/**
 * For an operation that works for a long time before it answers (a backup, an update): the socket's idle timeout
 * (HTTP_IDLE_TIMEOUT_MS, which drops silent connections) is off while the server works on this request, and back once
 * the response is sent. The request itself has already arrived whole, so a slow client gains nothing from it. A
 * rolling restart lets such a request finish (up to RESTART_DRAIN_LONG_SECONDS).
 */
@Injectable()
export class LongRunningInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const socket = req.socket;
    socket.setTimeout(0);
    track(req, http.getResponse<Response>());
    http.getResponse<Response>().once('close', () => {
      if (!socket.destroyed) socket.setTimeout(this.config.http.idleTimeoutMs);
    });
    return next.handle();
  }
}

export const LongRunning = () => UseInterceptors(LongRunningInterceptor);

/**
 * For an upload route (a chunk, a one-request upload): its body takes as long as its client is slow to send it, so a
 * rolling restart lets it finish (up to RESTART_DRAIN_LONG_SECONDS), whatever its size. Marked when the route's guards
 * have passed (interceptors run after them): a request that is not signed in, or to another route, is never kept.
 * The socket's idle timeout stays on: an upload that stops sending is dropped as before.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    track(http.getRequest<Request>(), http.getResponse<Response>());
    return next.handle();
  }
}

export const Upload = () => UseInterceptors(UploadInterceptor);

/**
 * A server's connections and its long-running requests (`@LongRunning` operations and `@Upload` routes), for a rolling
 * restart's drain: ordinary requests get the short bound, long-running ones the long bound. Only the connections are
 * counted here (a set of them); which ones have a request in flight, Node's HTTP server knows already (its own
 * closeIdleConnections, taken before the drain turns it off for server.close()).
 */
export class InFlight {
  private readonly sockets = new Set<Socket>();
  /** Cuts the connections with no request in flight (Node's closeIdleConnections of this server). */
  private readonly closeIdle: () => void;

  constructor(server: Server) {
    this.closeIdle = server.closeIdleConnections.bind(server);
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** How many long-running requests this process is serving. */
  static get longRunning(): number {
    return longRunning.size;
  }

  /**
   * Waits until `closed` (the server has no connection left) or the bounds: after `timeoutMs` every connection
   * without a long-running request in flight is cut; the long-running ones get until `longTimeoutMs` (from the start).
   * When the last of them is done before that, the connections with nothing in flight (idle keep-alive ones) are cut
   * and the others are left to finish (a request that came after an upload on its connection is not cut for it);
   * whatever is left at `longTimeoutMs` is cut.
   */
  async settle(closed: Promise<void>, timeoutMs: number, longTimeoutMs: number): Promise<void> {
    /** Resolves true once `closed`, false after `ms` (or, with `untilIdle`, once no long-running request is left). */
    const wait = (ms: number, untilIdle = false) =>
      new Promise<boolean>((resolve) => {
        const done = (finished: boolean) => {
          clearTimeout(timer);
          whenIdle.delete(onIdle);
          resolve(finished);
        };
        const timer = setTimeout(() => done(false), Math.max(0, ms));
        timer.unref();
        const onIdle = () => done(false);
        if (untilIdle) whenIdle.add(onIdle);
        void closed.then(() => done(true));
      });
    const deadline = Date.now() + longTimeoutMs;
    if (await wait(timeoutMs)) return;
    const busy = new Set([...longRunning].map((r) => r.socket));
    for (const s of this.sockets) if (!busy.has(s)) s.destroy();
    if (longRunning.size && (await wait(deadline - Date.now(), true))) return;
    if (Date.now() < deadline) {
      this.closeIdle();
      if (await wait(deadline - Date.now())) return;
    }
    for (const s of this.sockets) s.destroy();
  }
}
