import { HttpResponse } from 'msw';
import type { components } from '../api/schema';
import { bearerToken, mockDb } from './db';
import { errorBody } from './http';
import { ADMIN_MESSAGES } from '../features/admin/AdminStore';

/**
 * How an admin-console route refuses a request without a live admin token, as the server does: a live user token
 * (an is_admin user's too: admins sign in at the console) is 403 `AUTH.ADMIN_REQUIRED`; anything else is the 401
 * whose body the caller gives. Send it with `response.untyped(…)`.
 */
export function consoleRefusal(request: Request, unauthenticated: components['schemas']['ErrorResponseDto']): Response {
  const token = bearerToken(request.headers.get('Authorization'));
  if (token && mockDb.tokens.has(token)) return HttpResponse.json(errorBody(403, 'AUTH.ADMIN_REQUIRED', ADMIN_MESSAGES.adminRequired), { status: 403 });
  return HttpResponse.json(unauthenticated, { status: 401 });
}
