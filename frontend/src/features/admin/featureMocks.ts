import { bearerToken, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';
import { mockFeatureFlags } from '../features/mocks';

const NAME = /^[a-z][a-z0-9_]{1,63}$/;
const NAME_INVALID = 'Feature flag name must start with a lowercase letter and contain only lowercase letters, digits and underscores (2 to 64 characters)';

/** The console's own token (admin audience), or the username behind it. */
function adminOf(request: Request): string | undefined {
  const token = bearerToken(request.headers.get('Authorization'));
  return token ? mockDb.adminTokens.get(token) : undefined;
}

const invalid = (field: string, detail: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);
const unauthenticated = errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');

/** The admin console's feature flags (GET /api/system/features, POST /api/system/features/{name}), over the mock flags. */
export const featureFlagHandlers = [
  http.get('/api/system/features', ({ request, response }) => {
    if (!adminOf(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    return response(200).json(Object.fromEntries([...mockFeatureFlags.flags].sort(([a], [b]) => a.localeCompare(b))));
  }),

  http.post('/api/system/features/{name}', ({ request, params, query, response }) => {
    const admin = adminOf(request);
    if (!admin) return response.untyped(consoleRefusal(request, unauthenticated));
    const name = decodeURIComponent(String(params.name)).trim();
    if (!name) return response(400).json(invalid('name', 'Feature flag name is required'));
    if (!NAME.test(name)) return response(400).json(invalid('name', NAME_INVALID));
    const enabledText = query.get('enabled');
    if (enabledText !== null && !['', 'true', 'false'].includes(enabledText)) {
      return response(400).json(invalid('enabled', 'enabled must be true or false'));
    }
    const description = query.get('description')?.trim();
    if (description !== undefined && description.length > 500) return response(400).json(invalid('description', 'Description must be at most 500 characters'));
    const enabled = enabledText === 'true' ? true : enabledText === 'false' ? false : undefined;
    const before = mockFeatureFlags.flags.get(name);
    const flag = before
      ? { ...before, enabled: enabled ?? before.enabled, description: description ?? before.description }
      : { enabled: enabled ?? true, description: description ?? '', created_by: admin, built_in: false, created_at: new Date().toISOString() };
    mockFeatureFlags.flags.set(name, flag);
    return response(200).json({ name, ...flag, created: !before });
  }),
];
