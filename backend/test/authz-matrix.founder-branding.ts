import type { Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { open } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the founder's logo and the app's public branding (see authz-matrix.table.ts).
 * The founder's routes: no token 401, a valid token of another audience (any user's, the admin console's) 403
 * `AUTH.FOUNDER_REQUIRED`, the founder's own token passes. The public branding and icons read no token at all.
 */

/** The founder's routes (seed 001 §7, CONTRACT: only a founder token is accepted on /api/founder/*). */
const founderOnly = (ok: number): Record<Who, number> => ({ visitor: 401, owner: 403, other: 403, admin: 403, adminUser: 403, founder: ok });

/** A 1×1 PNG (transparent): a real image, so the founder's upload goes through. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const FOUNDER_BRANDING_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  currentLogo: { request: () => ({}), expect: founderOnly(200) },
  uploadLogo: {
    what: 'a small PNG in logo_file',
    request: () => ({ multipart: { file: { field: 'logo_file', filename: 'logo.png', bytes: TINY_PNG, contentType: 'image/png' } } }),
    expect: founderOnly(200),
  },
  resetLogo: { request: () => ({}), expect: founderOnly(200) },
  appBranding: { request: () => ({}), expect: open(200) },
  appIcon: { what: 'the current favicon (a redirect to its versioned URL)', request: () => ({ params: { version: 'current', file: 'favicon-32.png' } }), expect: open(302) },
};
