import { TOKEN_TTL_SECONDS, type Audience, type TokenClaims } from './principal.js';

/**
 * The claims of a token whose signature, issuer, audience and expiry the JWT library has already checked, or null
 * when a claim that every token Scriven issues carries is missing or out of shape. The library accepts a token
 * without `exp` (it never expires) and an `aud` list naming several audiences; neither is ever issued, so neither is
 * accepted. A lifetime (`exp - iat`) longer than the audience's is refused too.
 */
export function acceptedClaims(raw: unknown, audience: Audience): TokenClaims | null {
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as { sub?: unknown; aud?: unknown; ver?: unknown; exp?: unknown; iat?: unknown };
  if (typeof c.sub !== 'string' || !c.sub) return null;
  if (c.aud !== audience) return null;
  if (typeof c.ver !== 'number' || !Number.isInteger(c.ver)) return null;
  if (typeof c.exp !== 'number' || !Number.isFinite(c.exp) || typeof c.iat !== 'number' || !Number.isFinite(c.iat)) return null;
  if (c.exp - c.iat > TOKEN_TTL_SECONDS[audience]) return null;
  return { sub: c.sub, aud: audience, ver: c.ver };
}
