import type { Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';

/**
 * The authorization matrix's rows for the founder's System and Controls (see authz-matrix.table.ts): no token 401, a
 * valid token of another audience (any user's, the admin console's) 403 `AUTH.FOUNDER_REQUIRED`, the founder's own
 * token passes. The emergency action is sent with an unknown action, so the founder's call is refused by validation
 * (400) after the guard let it through, and nothing is switched for the rows that follow.
 */
const founderOnly = (ok: number): Record<Who, number> => ({ visitor: 401, owner: 403, other: 403, admin: 403, adminUser: 403, founder: ok });

export const FOUNDER_SYSTEM_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  platformHealth: { request: () => ({}), expect: founderOnly(200) },
  systemControls: { request: () => ({}), expect: founderOnly(200) },
  emergencyAction: {
    what: 'an unknown action (the founder passes the guard and is told the action is not one; nothing is switched)',
    request: () => ({ json: { action: 'NOT_AN_ACTION', reason: 'authorization matrix' } }),
    expect: founderOnly(400),
  },
};
