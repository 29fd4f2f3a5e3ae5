import type { AuthzCase } from './authz-matrix.table.js';
import { adminConsole, anyone, open, platform, users } from './authz-matrix.shapes.js';

/** The authorization matrix's rows for the admin console's status, version, backups, updates and restarts (see authz-matrix.table.ts). */
export const SYSTEM_OPS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  // Status and version
  getSystemStatus: { request: () => ({}), expect: adminConsole(200) },
  getSystemVersion: { request: () => ({}), expect: adminConsole(200) },

  // Backups and updates (the backup made here is deleted by the row after; an apply names a version no build has).
  createBackup: { request: () => ({ query: { backup_name: 'authz_matrix_backup' } }), expect: adminConsole(201) },
  listBackups: { request: () => ({}), expect: adminConsole(200) },
  deleteBackup: { request: () => ({ params: { name: 'authz_matrix_backup' } }), expect: adminConsole(204) },
  getBackupSettings: { request: () => ({}), expect: adminConsole(200) },
  updateBackupSettings: { request: () => ({ json: { keep_last: 7, daily_enabled: false, daily_hour_utc: 3 } }), expect: adminConsole(200) },
  checkForUpdates: { request: () => ({}), expect: adminConsole(200) },
  applyUpdate: { what: 'a version no build has', request: () => ({ params: { version: '9.9.9' }, query: { backup_first: 'true' } }), expect: adminConsole(404) },

  // Restarts (the tests' server runs without `npm start`'s supervisor: a restart is refused with 409; workers.test.ts restarts for real)
  restartServices: { what: 'without the supervisor', request: () => ({ json: { services: ['frontend'] } }), expect: adminConsole(409) },
  getRestartState: { request: () => ({}), expect: adminConsole(200) },
};
