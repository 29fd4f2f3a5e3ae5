import type { Request } from 'express';

/** The client's address: the socket's peer, or with TRUST_PROXY the proxy's X-Forwarded-For (Express's req.ip). */
export function clientAddress(req: Request): string {
  // Without X-Forwarded-For, req.ip is the peer whatever TRUST_PROXY says; reading it directly skips proxy-addr's parsing.
  if (req.headers['x-forwarded-for'] === undefined && req.socket?.remoteAddress) return req.socket.remoteAddress;
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}
