import { errorBody, http } from '../../mocks/http';
import { caller, sessionInvalid } from '../../mocks/mediaHelpers';
import type { MockUser } from '../../mocks/db';
import { APP_TOKEN_MESSAGES, APP_TOKEN_NAME_MAX, APP_TOKENS_MAX, type AppTokenDto } from './appTokensStore';

/** The app tokens of QA mode and the tests (docs/api.md "Subsonic API"): per mock user, gone when the mock users are made again. */
const tokens = new WeakMap<MockUser, (AppTokenDto & { token: string })[]>();

function tokensOf(user: MockUser): (AppTokenDto & { token: string })[] {
  let list = tokens.get(user);
  if (!list) {
    list = [];
    tokens.set(user, list);
  }
  return list;
}

function newToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return `sct_${btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

export const appTokensHandlers = [
  http.get('/api/me/app-tokens', ({ request, response }) => {
    const user = caller(request);
    if (!user) return response(401).json(sessionInvalid());
    return response(200).json({ items: tokensOf(user).map(({ id, name, created_at, last_used_at }) => ({ id, name, created_at, last_used_at })) });
  }),

  http.post('/api/me/app-tokens', async ({ request, response }) => {
    const user = caller(request);
    if (!user) return response(401).json(sessionInvalid());
    const body = (await request.json().catch(() => null)) as { name?: unknown } | null;
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name || name.length > APP_TOKEN_NAME_MAX) return response(400).json(errorBody(400, 'IDENTITY.APP_TOKEN_NAME', APP_TOKEN_MESSAGES.name, [{ field: 'name', message: APP_TOKEN_MESSAGES.name }]));
    const list = tokensOf(user);
    if (list.length >= APP_TOKENS_MAX) {
      const detail = `You can have at most ${APP_TOKENS_MAX} app tokens. Revoke one you no longer use first.`;
      return response(400).json(errorBody(400, 'IDENTITY.TOO_MANY_APP_TOKENS', detail, [{ field: 'name', message: detail }]));
    }
    const made = { id: crypto.randomUUID(), name, created_at: new Date().toISOString(), last_used_at: null, token: newToken() };
    list.unshift(made);
    return response(201).json({ id: made.id, name: made.name, created_at: made.created_at, token: made.token });
  }),

  http.delete('/api/me/app-tokens/{id}', ({ request, params, response }) => {
    const user = caller(request);
    if (!user) return response(401).json(sessionInvalid());
    const list = tokensOf(user);
    const at = list.findIndex((t) => t.id === params.id);
    if (at < 0) return response(404).json(errorBody(404, 'IDENTITY.APP_TOKEN_NOT_FOUND', 'App token not found'));
    list.splice(at, 1);
    return response(204).empty();
  }),
];
