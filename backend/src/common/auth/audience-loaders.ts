import { Injectable } from '@nestjs/common';
import type { Audience, Principal, PrincipalLoader, TokenClaims } from './principal.js';

/**
 * Principal loaders of the audiences whose subjects another context owns than the one that provides PRINCIPAL_LOADER
 * (identity): the founder context registers the founder's here at start, so identity's loader can hand founder
 * tokens over without depending on the founder context. An audience nobody registered loads no one (null).
 */
@Injectable()
export class AudienceLoaders {
  private readonly loaders = new Map<Audience, PrincipalLoader>();

  register(audience: Audience, loader: PrincipalLoader): void {
    this.loaders.set(audience, loader);
  }

  async load(claims: TokenClaims): Promise<Principal | null> {
    const loader = this.loaders.get(claims.aud);
    return loader ? loader.load(claims) : null;
  }
}
