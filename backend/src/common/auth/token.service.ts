import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { acceptedClaims } from './claims.js';
import { PRINCIPAL_LOADER, TOKEN_TTL_SECONDS, type Audience, type Principal, type PrincipalLoader, type TokenClaims } from './principal.js';

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PRINCIPAL_LOADER) private readonly loader: PrincipalLoader,
  ) {}

  /**
   * The principal a token stands for, checked as the HTTP guards check it (signature, audience, expiry, revocation);
   * null for a bad or revoked token. A database failure while loading the principal is thrown, not taken as a no.
   * Needs an EntityManager context (a request, or MikroORM's RequestContext).
   */
  async authenticate(token: string, audience: Audience): Promise<Principal | null> {
    const claims = this.verify(token, audience);
    return claims ? this.loader.load(claims) : null;
  }

  /**
   * The claims of a token this server signed for the audience (signature, issuer, audience, expiry and every claim
   * checked as the guards check them), or null. Revocation is not checked: that is `authenticate`'s loader.
   */
  verify(token: string, audience: Audience): TokenClaims | null {
    let raw: object;
    try {
      raw = this.jwt.verify<object>(token, { secret: this.config.jwtSecret, audience, issuer: 'scriven', algorithms: ['HS256'] });
    } catch {
      return null;
    }
    return acceptedClaims(raw, audience);
  }

  issue(claims: TokenClaims): { token: string; expiresIn: number } {
    const expiresIn = TOKEN_TTL_SECONDS[claims.aud];
    const token = this.jwt.sign(
      { ver: claims.ver },
      { subject: claims.sub, audience: claims.aud, expiresIn, issuer: 'scriven', secret: this.config.jwtSecret, algorithm: 'HS256' },
    );
    return { token, expiresIn };
  }
}
