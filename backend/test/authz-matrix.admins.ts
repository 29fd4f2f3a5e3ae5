import type { AuthzCase } from './authz-matrix.table.js';
import { adminConsole, anyone, open, platform, users } from './authz-matrix.shapes.js';

/** The authorization matrix's rows for the admin console's admin accounts, the admin audit log and the feedback inbox (see authz-matrix.table.ts). */
export const SYSTEM_ADMINS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {};
