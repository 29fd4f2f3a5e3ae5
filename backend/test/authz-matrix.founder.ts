import type { Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { open } from './authz-matrix.shapes.js';
import { FOUNDER } from './founder-fixtures.js';

/**
 * The authorization matrix's rows for the founder's access and money (see authz-matrix.table.ts). The two sign-in
 * forms are open (their answer is about the credentials, not the caller's token); every other founder route takes the
 * founder's token alone: no token 401, a user's (an is_admin user's included) or the admin console's 403.
 */

/** The founder's routes: only the founder token passes. */
export const founderOnly = (ok: number): Record<Who, number> => ({ visitor: 401, owner: 403, other: 403, admin: 403, adminUser: 403, founder: ok });

export const FOUNDER_ACCESS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  founderPersonalLogin: {
    what: "the founder's own email, phone and licence (multipart)",
    request: () => ({ multipart: { fields: { email: FOUNDER.email, phone: FOUNDER.phone, license_number: FOUNDER.licenseNumber } } }),
    expect: open(200),
  },
  founderLogin: { what: "the founder's username and master key", request: () => ({ json: { username: FOUNDER.username, password: FOUNDER.masterKey } }), expect: open(200) },
  getFounderAnalytics: { request: () => ({}), expect: founderOnly(200) },
  getRevenueBreakdown: { request: () => ({}), expect: founderOnly(200) },
  getFounderBankAccount: { request: () => ({}), expect: founderOnly(200) },
  saveFounderBankAccount: {
    request: () => ({ json: { bank_name: 'First Bank', account_number: '000123456789', routing_number: '021000021', account_holder_name: 'Scriven Inc' } }),
    expect: founderOnly(200),
  },
  getFounderPlatformEarnings: { request: () => ({}), expect: founderOnly(200) },
  founderWithdraw: { what: 'below the minimum: the founder is told so, nothing moves', request: () => ({ json: { amount: 1 } }), expect: founderOnly(400) },
};
