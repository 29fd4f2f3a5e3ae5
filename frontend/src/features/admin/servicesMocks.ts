import type { components } from '../../api/schema';
import { bearerToken, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';

type Restart = components['schemas']['ServiceRestartDto'];
const unauthenticated = errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');
const SERVICES = ['frontend', 'backend', 'all'];

function isAdmin(request: Request): boolean {
  const token = bearerToken(request.headers.get('Authorization'));
  return !!token && mockDb.adminTokens.has(token);
}

/** The mock supervisor: a restart stays 'restarting' for `pollsUntilDone` polls, then ends as `outcome`. */
function initialState() {
  return { supervised: true, restarts: [] as Restart[], pollsUntilDone: 1, outcome: 'done' as 'done' | 'failed', failureDetail: 'backend: a new api worker did not start' };
}
export const mockServices = initialState();
export function resetMockServices(): void {
  Object.assign(mockServices, initialState());
}

/** GET and POST /api/system/restart. */
export const servicesHandlers = [
  http.get('/api/system/restart', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    mockServices.restarts = mockServices.restarts.map((r) => {
      if (r.state !== 'restarting' || mockServices.pollsUntilDone-- > 0) return r;
      const failed = mockServices.outcome === 'failed';
      return { ...r, state: mockServices.outcome, finished_at: new Date().toISOString(), detail: failed ? mockServices.failureDetail : null };
    });
    return response(200).json({ supervised: mockServices.supervised, restarts: mockServices.restarts });
  }),
  http.post('/api/system/restart', async ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    const body = (await request.json()) as { services?: unknown };
    const services = Array.isArray(body.services) ? body.services : [];
    if (!services.length || services.some((s) => !SERVICES.includes(s as string))) {
      return response(400).json(errorBody(400, 'VALIDATION_FAILED', 'services must be a list of one to three of frontend, backend, all'));
    }
    if (!mockServices.supervised) return response(409).json(errorBody(409, 'RESTART_NEEDS_SUPERVISOR', 'Restarts need the supervisor (npm start)'));
    const now = new Date().toISOString();
    for (const service of services as Restart['service'][]) {
      mockServices.restarts = [...mockServices.restarts.filter((r) => r.service !== service), { service, state: 'restarting', started_at: now, finished_at: null, detail: null }];
    }
    return response(202).json({ services: services as Restart['service'][], status: 'restarting' });
  }),
];
