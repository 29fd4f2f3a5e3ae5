import type { AuthzCase } from './authz-matrix.table.js';
import { adminConsole, anyone } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for feature flags (see authz-matrix.table.ts). The console's row writes a made-up
 * flag only (created enabled, then set enabled again): every built-in flag stays on, so the rows after these still see
 * uploads, registration and reels working.
 */
export const SYSTEM_FLAGS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  listFeatureFlags: { request: () => ({}), expect: adminConsole(200) },
  setFeatureFlag: { what: 'a made-up flag, left enabled', request: () => ({ params: { name: 'authz_matrix_flag' }, query: { enabled: 'true' } }), expect: adminConsole(200) },
  getFeatures: { request: () => ({}), expect: anyone(200) },
};
