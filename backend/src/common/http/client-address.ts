import type { Request } from 'express';

/** The client's address: the socket's peer, or with TRUST_PROXY the proxy's X-Forwarded-For (Express's req.ip). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}
