import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '../errors/domain-error.js';
import { requestContext } from '../logging/request-context.js';
import { lingerOnClose } from './lingering-close.js';
import { isMultipart } from './multipart.js';
import { controlCharacterIn, jsonDepthExceeds, MAX_JSON_DEPTH, rejectControlCharacters } from './text-guard.js';

/** Bodies parsed by the server itself (JSON and urlencoded forms); files and chunks are streamed by their routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The longest request target accepted (path and query); longer ones are a 414. */
export const MAX_URL_LENGTH = 8 * 1024;

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;
/** The only routes that take raw bytes (application/octet-stream): upload chunks. */
const RAW_BODY_ROUTE = /^\/api\/videos\/upload\/chunk\//;

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

export type RequestWithExtras = Request & { id?: string; rawBody?: string };

/**
 * Each request's id (the client's X-Request-Id when well-formed) and its security headers.
 */
export function requestHeaders(headersFor: (url: string) => Record<string, string>): Middleware {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    (req as RequestWithExtras).id = id;
    const headers = headersFor(req.url);
    for (const name in headers) res.setHeader(name, headers[name]);
    res.setHeader('x-request-id', id);
    next();
  };
}

/**
 * The request's async scope (its id in log lines, an EntityManager forked on first use), entered after the body
 * parsers, whose callbacks come from the socket's own scope.
 */
export function requestScope(): Middleware {
  return (req, _res, next) => requestContext.run({ requestId: (req as RequestWithExtras).id ?? randomUUID() }, next);
}

/**
 * A reply that goes out before the request body was read to its end closes the connection, lingering
 * (lingering-close.ts). A request without a body is complete once its headers are read.
 */
function closeIfUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function closingWriteHead(this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (!req.complete && !this.headersSent) {
      this.setHeader('Connection', 'close');
      lingerOnClose(req);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

const unsupported = () => new DomainError('unsupported_media_type', 'HTTP.UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses, before anything is read, what no route can take: a request target over MAX_URL_LENGTH (414), a path with
 * bad percent-encoding (400) or control characters (404), and a body of a type the server does not read (415). Raw
 * bytes are taken by the upload chunk route alone. (Control characters in the query are refused after parsing.)
 */
export function requestGate(): Middleware {
  return (req, _res, next) => {
    if (req.url.length > MAX_URL_LENGTH) return next(new DomainError('uri_too_long', 'HTTP.URI_TOO_LONG', 'The request URL is too long'));
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next(new DomainError('invalid', 'HTTP.BAD_URL', 'The request URL is not valid'));
    }
    // No resource is named with a control character: such a path finds nothing, whatever route it resembles.
    if (controlCharacterIn(path)) return next(new DomainError('not_found', 'NOT_FOUND', 'Not found'));
    if (!req.path.startsWith('/api/') || !hasBody(req) || req.method === 'GET' || req.method === 'HEAD') return next();
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (type === '') return next(unsupported());
    if (/^application\/([a-z0-9.+-]+\+)?json\b/.test(type) || type.startsWith('application/x-www-form-urlencoded') || isMultipart(req)) return next();
    if (type.startsWith('application/octet-stream') && RAW_BODY_ROUTE.test(req.path)) return next();
    return next(unsupported());
  };
}

/** body-parser's refusals as the error body: too large, not JSON, an encoding or charset it cannot read. */
function asRequestError(err: { type?: string; status?: number; message?: string } | DomainError): DomainError {
  // A refusal of ours thrown inside body-parser comes back stamped with its status (403); a fresh copy carries none,
  // so the error filter maps it by its kind.
  if (err instanceof DomainError) return new DomainError(err.kind, err.code, err.message, err.fields, err.retryAfterSeconds);
  switch (err.type) {
    case 'entity.too.large':
    case 'parameters.too.many':
      return new DomainError('too_large', 'HTTP.BODY_TOO_LARGE', 'The request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return unsupported();
    case 'entity.parse.failed':
      return new DomainError('invalid', 'HTTP.BAD_JSON', 'The request body is not valid JSON');
    default:
      return new DomainError('invalid', 'HTTP.BAD_BODY', 'The request body could not be read');
  }
}

function wrapParser(parser: Middleware): Middleware {
  return (req, res, next) => parser(req, res, (err?: unknown) => next(err ? asRequestError(err as never) : undefined));
}

/**
 * The body parsers: JSON (its depth checked before it is parsed; the raw text kept for the payment webhook, which
 * is verified over the exact bytes), urlencoded forms (flat), then a check of every string for control characters.
 * An empty JSON body is no body.
 */
export function bodyParsers(): Middleware[] {
  const json = express.json({
    limit: BODY_LIMIT_BYTES,
    strict: true,
    type: (req) => /^application\/([a-z0-9.+-]+\+)?json\b/i.test((req.headers['content-type'] as string | undefined) ?? ''),
    verify: (req, _res, buf) => {
      if (jsonDepthExceeds(buf, MAX_JSON_DEPTH)) throw new DomainError('invalid', 'HTTP.TOO_DEEP', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
      if ((req as RequestWithExtras).url?.startsWith('/api/payments/webhook')) (req as RequestWithExtras).rawBody = buf.toString('utf8');
    },
  });
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES, parameterLimit: 200 });
  const text: Middleware = (req, _res, next) => {
    try {
      if (req.body !== undefined) rejectControlCharacters(req.body);
      rejectControlCharacters(req.query);
      next();
    } catch (e) {
      next(e);
    }
  };
  return [wrapParser(json as Middleware), wrapParser(form as Middleware), text];
}

/**
 * Everything above as one middleware, in order: id and headers, the gate, and for a request with a body the lingering
 * close, the parsers and the text check; then the request's scope. A request without a body (most of them: reads,
 * player ranges) pays for none of the body handling.
 */
export function requestPipeline(headersFor: (url: string) => Record<string, string>): Middleware {
  const headers = requestHeaders(headersFor);
  const gate = requestGate();
  const [json, form, text] = bodyParsers();
  const scope = requestScope();
  return (req, res, next) => {
    headers(req, res, () =>
      gate(req, res, (err?: unknown) => {
        if (err) return next(err);
        if (!hasBody(req)) {
          if (req.url.includes('?')) {
            try {
              rejectControlCharacters(req.query);
            } catch (e) {
              return next(e);
            }
          }
          return scope(req, res, next);
        }
        closeIfUnread(req, res);
        json(req, res, (e1?: unknown) => {
          if (e1) return next(e1);
          form(req, res, (e2?: unknown) => {
            if (e2) return next(e2);
            text(req, res, (e3?: unknown) => (e3 ? next(e3) : scope(req, res, next)));
          });
        });
      }),
    );
  };
}
