import { Injectable } from '@nestjs/common';
import { AudienceLoaders } from '../../../common/auth/audience-loaders.js';
import type { Principal, PrincipalLoader, TokenClaims } from '../../../common/auth/principal.js';
import { UserActivity } from './admin-accounts.use-cases.js';
import { PrincipalCache } from './principal-cache.js';

/**
 * A token is good while its user exists, is active, still has the token's version, and (for admin) is an admin.
 * An accepted token counts as the user's activity (last seen, at most one write a minute). Founder tokens are not
 * users': the founder context's loader (registered in AudienceLoaders) decides them.
 */
@Injectable()
export class IdentityPrincipalLoader implements PrincipalLoader {
  constructor(
    private readonly cache: PrincipalCache,
    private readonly activity: UserActivity,
    private readonly audiences: AudienceLoaders,
  ) {}

  async load(claims: TokenClaims): Promise<Principal | null> {
    if (claims.aud === 'founder') return this.audiences.load(claims);
    const user = await this.cache.get(claims.sub);
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) return null;
    if (claims.aud === 'admin' && !user.isAdmin) return null;
    await this.activity.seen(user.id);
    return { userId: user.id, audience: claims.aud };
  }
}
