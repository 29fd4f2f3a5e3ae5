import { http as rawHttp, HttpResponse } from 'msw';
import { errorBody, http } from '../../mocks/http';
import { MAINTENANCE_CODE } from './MaintenanceStore';
import { MAINTENANCE_MESSAGES } from './messages';

/** The mock server's maintenance switch (what the founder's MAINTENANCE_MODE turns on); tests reset it. */
export const mockMaintenance = { on: false, detail: MAINTENANCE_MESSAGES.defaultDetail as string };

export function setMockMaintenance(on: boolean, detail: string = MAINTENANCE_MESSAGES.defaultDetail): void {
  mockMaintenance.on = on;
  mockMaintenance.detail = detail;
}

/** What the server keeps answering during maintenance (the admins', the founder's, health, features, branding). */
const OPEN = [/^\/api\/admin(\/|$)/, /^\/api\/founder(\/|$)/, /^\/api\/app(\/|$)/, /^\/api\/health$/, /^\/api\/features$/, /^\/api\/(system|updates)(\/|$)/];

/**
 * Maintenance as the server does it: while the switch is on, every other /api call answers 503 SYSTEM.MAINTENANCE with
 * Retry-After, and GET /api/health says so. Put these before the other handlers (tests: `server.use(...)`).
 */
export const maintenanceHandlers = [
  http.get('/api/health', ({ response }) =>
    response(200).json({ status: 'ok', database: 'up', version: '0.1.0-mock', uptime_seconds: 1, maintenance: mockMaintenance.on }),
  ),
  rawHttp.all('*/api/*', ({ request }) => {
    const path = new URL(request.url).pathname;
    // Nothing returned: the next handler answers, as the server's routes do outside maintenance.
    if (!mockMaintenance.on || OPEN.some((re) => re.test(path))) return undefined;
    return HttpResponse.json(errorBody(503, MAINTENANCE_CODE, mockMaintenance.detail), { status: 503, headers: { 'Retry-After': '120' } });
  }),
];
