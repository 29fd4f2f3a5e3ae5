import { Strategy as JwtStrategy } from 'passport-jwt';

type Verifier = (token: string, key: unknown, options: { audience?: unknown }, cb: (err: Error | null, payload?: unknown) => void) => void;

const MAX_ENTRIES = 20_000;
const cache = new Map<string, { payload: { exp?: number }; exp: number }>();
let installed = false;
/** Each verifying key's number, part of the cache key: a token verified with one secret is never taken for another's. */
const keyIds = new WeakMap<object, number>();
let nextKeyId = 0;
function keyIdOf(key: unknown): string {
  if (typeof key !== 'object' || key === null) return `s:${String(key)}`;
  let id = keyIds.get(key);
  if (id === undefined) keyIds.set(key, (id = ++nextKeyId));
  return `k:${id}`;
}

/**
 * Remembers tokens whose signature and claims were already verified, so a client repeating its token does not
 * pay for the HMAC and the parsing again. The key includes the verifying key and the expected audience; expiry is checked on every hit;
 * revocation is unaffected (the principal loader checks the token version on every request).
 */
export function installVerifiedTokenCache(): void {
  if (installed) return;
  installed = true;
  const holder = JwtStrategy as unknown as { JwtVerifier: Verifier };
  const verify = holder.JwtVerifier;
  holder.JwtVerifier = (token, key, options, cb) => {
    const cacheKey = `${keyIdOf(key)}\u0000${String(options.audience)}\u0000${token}`;
    const hit = cache.get(cacheKey);
    const now = Date.now() / 1000;
    if (hit && hit.exp > now) return cb(null, hit.payload);
    if (hit) cache.delete(cacheKey);
    verify(token, key, options, (err, payload) => {
      if (!err && payload && typeof (payload as { exp?: unknown }).exp === 'number') {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(cacheKey, { payload: payload as { exp: number }, exp: (payload as { exp: number }).exp });
      }
      cb(err, payload);
    });
  };
}
