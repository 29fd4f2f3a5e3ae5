import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { TOKEN_TTL_SECONDS, type TokenClaims } from './principal.js';

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(claims: TokenClaims): { token: string; expiresIn: number } {
    const expiresIn = TOKEN_TTL_SECONDS[claims.aud];
    const token = this.jwt.sign(
      { ver: claims.ver },
      { subject: claims.sub, audience: claims.aud, expiresIn, issuer: 'scriven', secret: this.config.jwtSecret, algorithm: 'HS256' },
    );
    return { token, expiresIn };
  }
}
