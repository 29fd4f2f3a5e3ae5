import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type ApiClient = ReturnType<typeof createClient<paths>>;

export interface ApiClientOptions {
  /** The stored user token, if any; sent as `Authorization: Bearer <token>`. */
  getUserToken: () => string | null;
  /** Defaults to this page's origin: the API is served by the same host under /api. */
  baseUrl?: string;
}

/**
 * The one typed client of the app (openapi-fetch over the generated schema).
 * Paths start with /api. Requests that already carry an Authorization header (admin calls use the
 * admin token) keep it; every other request gets the user token when one is stored.
 */
export function createApiClient({ getUserToken, baseUrl = sameOrigin() }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    // Looked up on every call, so a mock service worker or msw/node installed later still intercepts.
    fetch: (request) => globalThis.fetch(request),
  });

  const bearer: Middleware = {
    onRequest({ request }) {
      const token = getUserToken();
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
  };
  client.use(bearer);
  return client;
}

/**
 * The page's own origin. In a browser this is the same as a relative base URL (''); spelling it out
 * keeps `new Request()` valid where relative URLs are not resolved (Node's Request in the tests).
 */
function sameOrigin(): string {
  return globalThis.location?.origin && globalThis.location.origin !== 'null' ? globalThis.location.origin : '';
}

/** Builds the Authorization header for a token of another audience (admin, founder). */
export function bearerHeader(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
