import { STATUS_CODES } from 'node:http';

/**
 * The raw response to a request the HTTP parser refused before any route saw it (malformed, headers too large, too
 * slow), with the same error body as every other failure; the connection closes after it.
 */
export function clientErrorResponse(err: NodeJS.ErrnoException): string {
  const [status, code, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  const body = JSON.stringify({ statusCode: status, code, detail, message: detail });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`
  );
}
