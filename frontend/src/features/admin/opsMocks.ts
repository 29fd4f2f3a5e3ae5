import type { components } from '../../api/schema';
import { bearerToken, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';

type Backup = components['schemas']['BackupDto'];
type Update = components['schemas']['UpdateDto'];
type Settings = components['schemas']['BackupSettingsDto'];

const unauthenticated = errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');
const NAME = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_.-]{1,100}$/;
const NAME_INVALID = 'backup_name must be 1 to 100 letters, digits, underscores, dots or dashes, without ".."';

function isAdmin(request: Request): boolean {
  const token = bearerToken(request.headers.get('Authorization'));
  return !!token && mockDb.adminTokens.has(token);
}

export const SAMPLE_UPDATE: Update = {
  version: '0.2.0',
  description: 'Music and podcasts.',
  features: ['Music library', 'Podcast episodes'],
  bug_fixes: ['Shorts keep their place after a reload'],
  release_date: '2026-12-01',
  size_mb: 14.5,
};

function initialState() {
  return {
    current: '0.1.0',
    build: '0.2.0',
    updates: [SAMPLE_UPDATE] as Update[],
    backups: [
      {
        name: 'manual_backup_2026-11-20',
        backup_path: '/srv/scriven/data/backups/manual_backup_2026-11-20',
        size_bytes: 5 * 1024 * 1024,
        created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
        kind: 'manual',
        verify_status: 'verified',
        verify_error: null,
        verified_at: new Date(Date.now() - 3 * 3600_000 + 60_000).toISOString(),
      },
      {
        name: 'scheduled_backup_2026-11-19',
        backup_path: '/srv/scriven/data/backups/scheduled_backup_2026-11-19',
        size_bytes: 4 * 1024 * 1024,
        created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        kind: 'scheduled',
        verify_status: 'failed',
        verify_error: 'db/users.copy.gz has changed since the backup was made (checksum mismatch)',
        verified_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
    ] as Backup[],
    settings: { keep_last: 7, daily_enabled: false, daily_hour_utc: 3 } as Settings,
  };
}

/** The mock instance's updates and backups. */
export const mockOps = initialState();

export function resetMockOps(): void {
  Object.assign(mockOps, initialState());
}

/** The console's Updates tab: GET /api/updates/check, POST /api/updates/apply/{version}, and the backups routes. */
export const opsHandlers = [
  http.get('/api/updates/check', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    return response(200).json({ current_version: mockOps.current, build_version: mockOps.build, updates: mockOps.updates });
  }),

  http.post('/api/updates/apply/{version}', ({ request, params, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    const version = String(params.version);
    if (!mockOps.updates.some((u) => u.version === version)) {
      return response(404).json(errorBody(404, 'SYSTEM.RELEASE_NOT_FOUND', `Version ${version} is not a release this build contains`));
    }
    const from = mockOps.current;
    mockOps.current = version;
    mockOps.updates = mockOps.updates.filter((u) => u.version !== version);
    return response(200).json({
      version,
      success: true,
      steps: [
        { name: 'backup', status: 'ok', detail: 'Backup pre_update_2026-12-01 written (5242880 bytes)', duration_ms: 120 },
        { name: 'migrations', status: 'ok', detail: 'No pending migrations', duration_ms: 3 },
        { name: 'health check', status: 'ok', detail: 'Database answers, storage is writable, jobs are running', duration_ms: 2 },
        { name: 'record version', status: 'ok', detail: `Installed version ${from} → ${version}`, duration_ms: 1 },
      ],
    });
  }),

  http.post('/api/system/backup', ({ request, query, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    const given = query.get('backup_name');
    if (given !== null && !NAME.test(given)) return response(400).json(errorBody(400, 'VALIDATION_FAILED', NAME_INVALID, [{ field: 'backup_name', message: NAME_INVALID }]));
    const base = `manual_backup_${new Date().toISOString().slice(0, 10)}`;
    let name = given ?? base;
    if (given !== null && mockOps.backups.some((b) => b.name === given)) return response(409).json(errorBody(409, 'SYSTEM.BACKUP_EXISTS', `A backup named "${given}" already exists`));
    for (let i = 2; mockOps.backups.some((b) => b.name === name); i++) name = `${base}_${i}`;
    const backup: Backup = {
      name,
      backup_path: `/srv/scriven/data/backups/${name}`,
      size_bytes: 6 * 1024 * 1024,
      created_at: new Date().toISOString(),
      kind: 'manual',
      verify_status: 'pending',
      verify_error: null,
      verified_at: null,
    };
    mockOps.backups = [backup, ...mockOps.backups];
    return response(201).json(backup);
  }),

  http.get('/api/system/backups', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    return response(200).json({ backups: mockOps.backups });
  }),

  http.delete('/api/system/backups/{name}', ({ request, params, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    const name = String(params.name);
    if (!mockOps.backups.some((b) => b.name === name)) return response(404).json(errorBody(404, 'SYSTEM.BACKUP_NOT_FOUND', 'Backup not found'));
    mockOps.backups = mockOps.backups.filter((b) => b.name !== name);
    return response(204).empty();
  }),

  http.get('/api/system/backup-settings', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    return response(200).json(mockOps.settings);
  }),

  http.put('/api/system/backup-settings', async ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(consoleRefusal(request, unauthenticated));
    const body = (await request.json()) as Settings;
    if (!Number.isInteger(body.keep_last) || body.keep_last < 1 || body.keep_last > 100) {
      const detail = 'keep_last must be a whole number from 1 to 100';
      return response(400).json(errorBody(400, 'VALIDATION_FAILED', detail, [{ field: 'keep_last', message: detail }]));
    }
    mockOps.settings = { keep_last: body.keep_last, daily_enabled: body.daily_enabled, daily_hour_utc: body.daily_hour_utc };
    mockOps.backups = mockOps.backups.slice(0, body.keep_last);
    return response(200).json(mockOps.settings);
  }),
];
