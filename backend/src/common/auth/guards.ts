import { createParamDecorator, type CanActivate, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { ExtractJwt } from 'passport-jwt';
import { DomainError } from '../errors/domain-error.js';
import type { Audience, Principal } from './principal.js';
import { TokenService } from './token.service.js';
import { AdminJwtStrategy, FounderJwtStrategy, UserJwtStrategy, type AudienceStrategy } from './jwt.strategies.js';
import { authenticateContext } from './strategy-guard.js';

/** A user's routes: a valid, unrevoked user token, else 401. */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(@Inject(UserJwtStrategy) private readonly strategy: AudienceStrategy) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return authenticateContext(this.strategy, context);
  }
}

export const ADMIN_ACCESS_REQUIRED = 'Administrator access required: sign in to the admin console';

/** The admin console's 403: the caller proved who they are, with a token that is not the console's. */
export const adminAccessRequired = () => new DomainError('forbidden', 'AUTH.ADMIN_REQUIRED', ADMIN_ACCESS_REQUIRED);

const bearerOf = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * The guard of an audience's routes that tells a stranger from a visitor: the audience's strategy passes a token that
 * is valid and not revoked; no token, a bad, expired or revoked one is its 401 (the same answer, whatever the reason);
 * a token the server would accept for one of `others` (checked against that audience's token version) proves a caller
 * who is signed in elsewhere: `refusal()`'s 403. Asked only after the strategy refused; anything but its refusal (a
 * database failure while loading the principal) is not an answer about the token and goes up as it is.
 */
function audienceGuard(strategyClass: typeof AdminJwtStrategy, others: readonly Audience[], refusal: () => DomainError) {
  @Injectable()
  class Guard implements CanActivate {
    constructor(
      readonly tokens: TokenService,
      @Inject(strategyClass) private readonly strategy: AudienceStrategy,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      try {
        return await authenticateContext(this.strategy, context);
      } catch (err) {
        if (!(err instanceof UnauthorizedException)) throw err;
        const token = bearerOf(context.switchToHttp().getRequest<Request>());
        if (token) for (const other of others) if (await this.tokens.authenticate(token, other)) throw refusal();
        throw err;
      }
    }
  }
  return Guard;
}

/** The admin console's routes (use `AdminConsole()` from admin-console.ts, which also declares the answers); a user's or the founder's token: 403 `AUTH.ADMIN_REQUIRED`. */
@Injectable()
export class AdminAuthGuard extends audienceGuard(AdminJwtStrategy, ['user', 'founder'], adminAccessRequired) {}

export const FOUNDER_ACCESS_REQUIRED = 'Founder access required: sign in at the founder access screen';

/** The founder's 403: the caller proved who they are, with a token that is not the founder's. */
export const founderAccessRequired = () => new DomainError('forbidden', 'AUTH.FOUNDER_REQUIRED', FOUNDER_ACCESS_REQUIRED);

/** The founder's routes (use `FounderOnly()` from founder-only.ts, which also declares the answers); a user's or an admin's token: 403 `AUTH.FOUNDER_REQUIRED`. */
@Injectable()
export class FounderAuthGuard extends audienceGuard(FounderJwtStrategy, ['user', 'admin'], founderAccessRequired) {}

/** The authenticated principal that the guard put on the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
