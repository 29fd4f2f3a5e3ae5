import { bearerToken, mockDb, mockId } from '../../mocks/db';
import { http, errorBody } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';
import type { SystemStatus } from './StatusStore';
import type { AdminAccount } from './AdminsStore';
import type { AdminAuditEntry } from './AuditStore';

const adminSession = (authorization: string | null): string | undefined => {
  const token = bearerToken(authorization);
  return token ? mockDb.adminTokens.get(token) : undefined;
};
const sessionInvalid = () => errorBody(401, 'ADMIN.SESSION_INVALID', 'Admin session is not valid');

/** A status as GET /api/system/status answers it (QA mode and tests); `overrides` replace top-level fields. */
export function systemStatusBody(overrides: Partial<SystemStatus> = {}): SystemStatus {
  const uptime = Math.floor((Date.now() - mockDb.startedAt) / 1000);
  const service = (state: SystemStatus['services_status']['database']['state'], detail: string, figures: Record<string, number | string | null> = {}) => ({ state, detail, figures });
  return {
    platform_version: '0.1.0-mock',
    active_users: 3,
    uptime,
    cpu_usage: 12.5,
    memory_usage: 41.2,
    storage_used: 1_610_612_736 + 52_428_800,
    services_status: {
      database: service('up', 'PostgreSQL 16.4 answered in 2 ms', { latency_ms: 2 }),
      storage: service('up', 'Local disk: a probe was written, read back and deleted in 1 ms', { probe_ms: 1 }),
      jobs: service('up', '0 queued, 0 running, 0 failed in the last 24 hours', { queued: 0, active: 0, failed_24h: 0 }),
      realtime: service('up', '2 open connections (1 signed-in user) on this process; events between processes go through PostgreSQL NOTIFY', { connections: 2, bus: 'postgres' }),
      payments: service('not_configured', 'No payment provider: the built-in sandbox checkout charges nothing', { provider: 'sandbox' }),
      mail: service('not_configured', 'No SMTP_URL: mails are written to the log and kept in the outbox (0 waiting in the outbox, 0 failed in the last 24 hours)', { pending: 0, transport: 'log' }),
    },
    details: {
      uptime: { process_seconds: uptime, host_seconds: uptime + 86_400 },
      cpu: { host_percent: 12.5, process_percent: 3.1, window_ms: 5000, cores: 2, load_average: [0.4, 0.3, 0.2] },
      memory: {
        host_total_bytes: 8 * 1024 ** 3,
        host_available_bytes: 4.7 * 1024 ** 3,
        host_used_percent: 41.2,
        process_rss_bytes: 180 * 1024 ** 2,
        process_heap_used_bytes: 90 * 1024 ** 2,
        process_heap_total_bytes: 120 * 1024 ** 2,
      },
      storage: {
        media_bytes: 1_610_612_736,
        media_files: 412,
        media_measured_at: new Date(mockDb.startedAt).toISOString(),
        media_note: 'The size of every file under the media folder, measured in the background every 5 minutes.',
        database_bytes: 52_428_800,
        data_dir_free_bytes: 40 * 1024 ** 3,
        data_dir_total_bytes: 100 * 1024 ** 3,
      },
      active_users_window_minutes: 15,
      workers: [
        { pid: 4242, role: 'api', state: 'up', phase: 'up', uptime_seconds: uptime, cpu_percent: 3.1, rss_bytes: 180 * 1024 ** 2, heap_used_bytes: 90 * 1024 ** 2 },
        { pid: 4243, role: 'jobs', state: 'degraded', phase: 'starting', uptime_seconds: null, cpu_percent: null, rss_bytes: null, heap_used_bytes: null },
      ],
      unavailable: [],
    },
    checked_at: new Date().toISOString(),
    ...overrides,
  };
}

interface ConsoleState {
  admins: AdminAccount[];
  audit: AdminAuditEntry[];
}

/**
 * The console's admins and audit log, made afresh for each mock database (resetMockDb gives `mockDb.feedback` a new
 * array, which marks a reset): the demo admin (`admin`) and mira (is_admin in the demo users).
 */
const states = new WeakMap<object, ConsoleState>();
export function consoleState(): ConsoleState {
  let state = states.get(mockDb.feedback);
  if (!state) {
    const now = Date.now();
    const mira = [...mockDb.users.values()].find((u) => u.user.display_name === 'mira');
    state = {
      admins: [
        { user_id: 'a0000000-0000-4000-8000-000000000001', username: 'admin', email: null, is_admin: true, active: true, since: null, last_seen_at: new Date(now).toISOString() },
        ...(mira ? [{ user_id: mira.user.id, username: 'mira', email: mira.user.email ?? null, is_admin: true as const, active: true, since: '2025-02-01T09:00:00.000Z', last_seen_at: null }] : []),
      ],
      audit: [
        { id: 'audit-2', admin_username: 'admin', action: 'admin.signed_in', target: null, detail: { address: '127.0.0.1' }, created_at: new Date(now - 60_000).toISOString() },
        { id: 'audit-1', admin_username: 'admin', action: 'admin.granted', target: mira?.user.id ?? null, detail: { username: 'mira' }, created_at: '2025-02-01T09:00:00.000Z' },
      ],
    };
    states.set(mockDb.feedback, state);
  }
  return state;
}

function audit(adminUsername: string, action: string, target: string | null, detail: Record<string, unknown> | null): void {
  consoleState().audit.unshift({ id: mockId('audit'), admin_username: adminUsername, action, target, detail, created_at: new Date().toISOString() });
}

/** The server's answers for the Status, Admins and Audit log tabs (the Feedback tab's are in features/feedback/mocks.ts). */
export const systemStatusHandlers = [
  http.get('/api/system/status', ({ request, response }) => {
    if (!adminSession(request.headers.get('Authorization'))) return response.untyped(consoleRefusal(request, sessionInvalid()));
    return response(200).json(systemStatusBody());
  }),

  http.get('/api/system/version', ({ request, response }) => {
    if (!adminSession(request.headers.get('Authorization'))) return response.untyped(consoleRefusal(request, sessionInvalid()));
    return response(200).json({ version: '0.1.0-mock', build_version: '0.1.0-mock', node_version: '24.0.0', commit: null });
  }),

  http.get('/api/admin/admins', ({ request, response }) => {
    if (!adminSession(request.headers.get('Authorization'))) return response.untyped(consoleRefusal(request, sessionInvalid()));
    return response(200).json({ admins: consoleState().admins });
  }),

  http.post('/api/admin/admins', async ({ request, response }) => {
    const actor = adminSession(request.headers.get('Authorization'));
    if (!actor) return response.untyped(consoleRefusal(request, sessionInvalid()));
    const { username } = await request.json();
    const wanted = typeof username === 'string' ? username.trim().toLowerCase() : '';
    if (!wanted) return response(400).json(errorBody(400, 'VALIDATION_FAILED', 'Username is required', [{ field: 'username', message: 'Username is required' }]));
    const found = [...mockDb.users.values()].find((u) => u.user.display_name.toLowerCase() === wanted || u.user.email?.toLowerCase() === wanted);
    if (!found) return response(404).json(errorBody(404, 'SYSTEM.USER_NOT_FOUND', 'User not found'));
    const state = consoleState();
    if (state.admins.some((a) => a.user_id === found.user.id)) return response(409).json(errorBody(409, 'SYSTEM.ALREADY_ADMIN', 'This user is already an admin'));
    state.admins.push({ user_id: found.user.id, username: found.user.display_name, email: found.user.email ?? null, is_admin: true, active: true, since: new Date().toISOString(), last_seen_at: null });
    audit(actor, 'admin.granted', found.user.id, { username: found.user.display_name });
    return response(201).json({ user_id: found.user.id, username: found.user.display_name, is_admin: true });
  }),

  http.delete('/api/admin/admins/{userId}', ({ request, params, response }) => {
    const actor = adminSession(request.headers.get('Authorization'));
    if (!actor) return response.untyped(consoleRefusal(request, sessionInvalid()));
    const state = consoleState();
    const target = state.admins.find((a) => a.user_id === params.userId);
    if (!target) return response(404).json(errorBody(404, 'SYSTEM.ADMIN_NOT_FOUND', 'Admin not found'));
    if (state.admins.length <= 1) return response(409).json(errorBody(409, 'SYSTEM.LAST_ADMIN', 'The last admin cannot be removed'));
    state.admins = state.admins.filter((a) => a !== target);
    audit(actor, 'admin.revoked', target.user_id, { username: target.username, self: target.username === actor });
    if (target.username === actor) for (const [token, name] of mockDb.adminTokens) if (name === actor) mockDb.adminTokens.delete(token);
    return response(204).empty();
  }),

  http.get('/api/admin/audit', ({ request, query, response }) => {
    if (!adminSession(request.headers.get('Authorization'))) return response.untyped(consoleRefusal(request, sessionInvalid()));
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50) || 50));
    const entries = consoleState().audit;
    const cursor = query.get('cursor');
    const start = cursor ? entries.findIndex((e) => e.id === cursor) + 1 : 0;
    const page = entries.slice(start, start + limit);
    return response(200).json({ items: page, next_cursor: start + limit < entries.length ? (page.at(-1)?.id ?? null) : null });
  }),
];
