import { Inject, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * For an operation that works for a long time before it answers (a backup, an update): the socket's idle timeout
 * (HTTP_IDLE_TIMEOUT_MS, which drops silent connections) is off while the server works on this request, and back once
 * the response is sent. The request itself has already arrived whole, so a slow client gains nothing from it.
 */
@Injectable()
export class LongRunningInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const socket = http.getRequest<Request>().socket;
    socket.setTimeout(0);
    http.getResponse<Response>().once('close', () => {
      if (!socket.destroyed) socket.setTimeout(this.config.http.idleTimeoutMs);
    });
    return next.handle();
  }
}

export const LongRunning = () => UseInterceptors(LongRunningInterceptor);
