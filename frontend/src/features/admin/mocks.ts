import { HttpResponse } from 'msw';
import { DEMO_CREDENTIALS, bearerToken, mockDb, mockId } from '../../mocks/db';
import { http, errorBody } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';
import { adminMoneyHandlers } from './moneyMocks';
import { systemStatusHandlers } from './statusMocks';

/** The server's answers for the admin console, backed by the in-memory mock data. */
export const adminHandlers = [
  http.post('/api/admin/login', async ({ request, response }) => {
    const { username, password } = await request.json();
    const { admin } = DEMO_CREDENTIALS;
    if (username !== admin.username || password !== admin.password) {
      return response(401).json(errorBody(401, 'ADMIN.INVALID_CREDENTIALS', 'Invalid credentials'));
    }
    const token = mockId('mock-admin-token');
    mockDb.adminTokens.set(token, username);
    return response(200).json({ access_token: token, username });
  }),

  http.get('/api/admin/verify', ({ request, response }) => {
    const token = bearerToken(request.headers.get('Authorization'));
    const username = token ? mockDb.adminTokens.get(token) : undefined;
    if (!username) {
      return response.untyped(
        consoleRefusal(request, errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.')),
      );
    }
    return response(200).json({ username, is_admin: true });
  }),

  http.get('/api/health', ({ response }) =>
    response.untyped(
      HttpResponse.json({
        status: 'ok',
        database: 'up',
        version: '0.1.0-mock',
        uptime_seconds: Math.floor((Date.now() - mockDb.startedAt) / 1000),
      }),
    ),
  ),

  ...adminMoneyHandlers,
  ...systemStatusHandlers,
];
