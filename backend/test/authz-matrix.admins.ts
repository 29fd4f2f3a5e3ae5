import type { AuthzCase } from './authz-matrix.table.js';
import { adminConsole } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the admin console's admin accounts, the admin audit log and the feedback inbox
 * (see authz-matrix.table.ts; listFeedback's row is in the table itself). Granting and removing leave the world as it
 * was: the admin asks for a user who does not exist and removes someone who is not an admin (404 both), so no
 * caller's tokens or role change for the rows after these.
 */
export const SYSTEM_ADMINS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  listAdmins: { request: () => ({}), expect: adminConsole(200) },
  grantAdmin: { what: 'a user who does not exist', request: () => ({ json: { username: 'authz_matrix_nobody' } }), expect: adminConsole(404) },
  revokeAdmin: { what: 'a user who is not an admin', request: (w) => ({ params: { userId: w.other.id } }), expect: adminConsole(404) },
  listAdminAudit: { request: () => ({ query: { limit: '5' } }), expect: adminConsole(200) },
};
