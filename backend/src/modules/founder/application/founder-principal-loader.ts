import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AudienceLoaders } from '../../../common/auth/audience-loaders.js';
import type { Principal, PrincipalLoader, TokenClaims } from '../../../common/auth/principal.js';
import { FOUNDER_ACCOUNT_STORE, type FounderAccountStore } from '../domain/ports.js';

/**
 * Founder tokens (registered for the founder audience at start): good while a founder is set up, the token names them,
 * and it carries their current token version (setting the founder up again revokes every earlier token). One small
 * read per request, so a revocation holds in every process at once.
 */
@Injectable()
export class FounderPrincipalLoader implements PrincipalLoader, OnModuleInit {
  constructor(
    @Inject(FOUNDER_ACCOUNT_STORE) private readonly store: FounderAccountStore,
    private readonly audiences: AudienceLoaders,
  ) {}

  onModuleInit(): void {
    this.audiences.register('founder', this);
  }

  async load(claims: TokenClaims): Promise<Principal | null> {
    if (claims.aud !== 'founder') return null;
    const founder = await this.store.tokenState();
    if (!founder || founder.id !== claims.sub || founder.tokenVersion !== claims.ver) return null;
    return { userId: founder.id, audience: 'founder' };
  }
}
