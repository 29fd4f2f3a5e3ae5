import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createSecretKey } from 'node:crypto';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { acceptedClaims } from './claims.js';
import { installVerifiedTokenCache } from './verified-token-cache.js';
import { PRINCIPAL_LOADER, type Audience, type Principal, type PrincipalLoader } from './principal.js';

installVerifiedTokenCache();

/**
 * A strategy of this app: the guards (strategy-guard.ts) run this very instance, never one looked up by name in
 * passport's process-wide registry, where the app created last would take every name over (two apps in one process,
 * as the tests make, would authenticate each other's requests with the other's secret and database). It registers on a
 * Passport of its own, so the process-wide one is never touched.
 */
function strategyFor(audience: Audience) {
  @Injectable()
  class AudienceStrategy extends PassportStrategy(Strategy, `${audience}-jwt`) {
    getPassportInstance(): passport.Authenticator {
      return new passport.Passport();
    }

    constructor(
      @Inject(APP_CONFIG) config: AppConfig,
      @Inject(PRINCIPAL_LOADER) private readonly loader: PrincipalLoader,
    ) {
      super({
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // A prepared KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public key on every request.
        secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as string,
        audience,
        issuer: 'scriven',
        algorithms: ['HS256'],
        ignoreExpiration: false,
      });
    }

    async validate(raw: unknown): Promise<Principal> {
      const claims = acceptedClaims(raw, audience);
      if (!claims) throw new UnauthorizedException();
      const principal = await this.loader.load(claims);
      if (!principal) throw new UnauthorizedException();
      return principal;
    }
  }
  return AudienceStrategy;
}

export type AudienceStrategy = InstanceType<ReturnType<typeof strategyFor>>;
export const UserJwtStrategy = strategyFor('user');
export const AdminJwtStrategy = strategyFor('admin');
export const FounderJwtStrategy = strategyFor('founder');
