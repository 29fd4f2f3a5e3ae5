import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import passport from 'passport';
import type { Request, Response } from 'express';
import type { Principal } from './principal.js';
import type { AudienceStrategy } from './jwt.strategies.js';

/**
 * Authenticates the request with this app's own strategy instance and puts the principal on it (`CurrentPrincipal`).
 * The strategy runs as passport runs one it knows by name: on an object made from it for this request alone (passport
 * sets success, fail and error on it). A token refused (none, bad, expired, revoked) is a 401 `UnauthorizedException`;
 * anything else the strategy hit (a database failure while loading the principal) goes up as it is.
 */
export async function authenticateContext(strategy: AudienceStrategy, context: ExecutionContext): Promise<true> {
  const http = context.switchToHttp();
  const req = http.getRequest<Request & { user?: Principal }>();
  const res = http.getResponse<Response>();
  req.user = await new Promise<Principal>((resolve, reject) => {
    const middleware = passport.authenticate(Object.create(strategy) as passport.Strategy, { session: false }, (err: unknown, user: Principal | false) => {
      if (err) reject(err);
      else if (!user) reject(new UnauthorizedException());
      else resolve(user);
    }) as (req: Request, res: Response, next: (err?: unknown) => void) => void;
    middleware(req, res, (err?: unknown) => reject(err ?? new UnauthorizedException()));
  });
  return true;
}
