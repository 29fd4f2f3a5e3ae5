import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request scope: the request id for logs, and the request's EntityManager once something needs one. */
export interface RequestContext {
  requestId: string;
  em?: unknown;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
