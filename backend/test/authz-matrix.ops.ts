import type { AuthzCase } from './authz-matrix.table.js';
import { adminConsole, anyone, open, platform, users } from './authz-matrix.shapes.js';

/** The authorization matrix's rows for the admin console's status, version, backups, updates and restarts (see authz-matrix.table.ts). */
export const SYSTEM_OPS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {};
