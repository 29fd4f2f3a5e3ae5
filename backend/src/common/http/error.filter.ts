import { noSpace } from '../errors/no-space.js';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { DomainError, type ErrorKind, type FieldProblem } from '../errors/domain-error.js';
import { currentRequestId } from '../logging/request-context.js';
import { spaIndex, wantsSpa } from './spa.js';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  insufficient_storage: 507,
};

const HTTP_CODES: Record<number, { code: string; detail: string }> = {
  400: { code: 'BAD_REQUEST', detail: 'The request is not valid' },
  401: { code: 'UNAUTHENTICATED', detail: 'Authentication is required' },
  403: { code: 'FORBIDDEN', detail: 'You are not allowed to do this' },
  404: { code: 'NOT_FOUND', detail: 'Not found' },
  405: { code: 'METHOD_NOT_ALLOWED', detail: 'Method not allowed' },
  413: { code: 'TOO_LARGE', detail: 'The request body is too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported content type' },
  429: { code: 'RATE_LIMITED', detail: 'Too many requests. Please slow down.' },
};

export interface ErrorBody {
  statusCode: number;
  code: string;
  detail: string;
  message: string;
  errors?: FieldProblem[];
}

/** Writes every failure as { statusCode, code, detail, message }; unknown errors are 500 and never leak. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    if (reply.headersSent) {
      // A failure after the response began (a stream that broke mid-way): the client can only see the cut.
      if (!(exception instanceof DomainError || exception instanceof HttpException)) this.toBody(exception, request);
      reply.destroy();
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 404 && wantsSpa(request.method, request.url)) {
      reply.status(200).setHeader('Cache-Control', 'no-cache');
      reply.type('text/html; charset=utf-8').send(spaIndex.html);
      return;
    }
    const { body, retryAfter } = this.toBody(exception, request);
    if (retryAfter) reply.setHeader('Retry-After', String(retryAfter));
    // Whatever a route set for its success (a file's type, length or range) does not describe the error body.
    for (const name of ['content-type', 'content-length', 'content-range', 'content-disposition', 'etag', 'last-modified']) reply.removeHeader(name);
    reply.status(body.statusCode).json(body);
  }

  toBody(exception: unknown, request?: Request): { body: ErrorBody; retryAfter?: number } {
    if (exception instanceof DomainError) {
      const statusCode = STATUS[exception.kind];
      const body: ErrorBody = { statusCode, code: exception.code, detail: exception.message, message: exception.message };
      if (exception.fields?.length) body.errors = exception.fields;
      return { body, retryAfter: exception.retryAfterSeconds };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const known = HTTP_CODES[statusCode] ?? { code: `HTTP_${statusCode}`, detail: exception.message };
      const response = exception.getResponse();
      let detail = known.detail;
      if (statusCode === 404 && request) detail = `Cannot ${request.method} ${request.url.split('?')[0]}`;
      else if (typeof response === 'object' && response && 'message' in response && typeof response.message === 'string' && statusCode < 500 && statusCode !== 401) {
        detail = response.message;
      }
      return { body: { statusCode, code: known.code, detail, message: detail } };
    }
    // A write that found the disk full (a chunk, a one-request upload, a copy into storage) is the same refusal as
    // the free-space checks made before it, not a server fault.
    if ((exception as { code?: unknown })?.code === 'ENOSPC') return this.toBody(noSpace(), request);
    // A text longer than its column. The DTOs count characters as people see them (an emoji with its variation
    // selector is one), PostgreSQL counts code points, so a text at the limit can still be too long for the column:
    // the statement failed and its transaction rolled back, so nothing changed; the client is told plainly.
    if ((exception as { code?: unknown })?.code === '22001') {
      const detail = 'A text in the request is too long';
      return { body: { statusCode: 400, code: 'VALIDATION_FAILED', detail, message: detail } };
    }
    // The router's own refusal of a path parameter it cannot decode (bad percent-encoding).
    if (exception instanceof URIError) {
      const detail = 'The request URL is not valid';
      return { body: { statusCode: 400, code: 'BAD_REQUEST', detail, message: detail } };
    }
    const correlationId = currentRequestId() ?? randomUUID();
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(`Unhandled error ${correlationId}: ${err.message}`, err.stack);
    const detail = `Internal server error (reference ${correlationId})`;
    return { body: { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, code: 'INTERNAL', detail, message: detail } };
  }
}
