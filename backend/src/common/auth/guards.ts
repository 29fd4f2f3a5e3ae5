import { createParamDecorator, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt } from 'passport-jwt';
import { DomainError } from '../errors/domain-error.js';
import type { Principal } from './principal.js';
import { TokenService } from './token.service.js';

@Injectable()
export class UserAuthGuard extends AuthGuard('user-jwt') {}

export const ADMIN_ACCESS_REQUIRED = 'Administrator access required: sign in to the admin console';

/** The admin console's 403: the caller proved who they are, with a token that is not the console's. */
export const adminAccessRequired = () => new DomainError('forbidden', 'AUTH.ADMIN_REQUIRED', ADMIN_ACCESS_REQUIRED);

const bearerOf = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * The admin console's routes (use `AdminConsole()` from admin-console.ts, which also declares the answers). An admin
 * token that is valid and not revoked passes. No token, a bad, expired or revoked one: 401 (the same answer, whatever
 * the reason). A valid token of another audience (a user's, an is_admin user's included, or a founder's) proves a
 * caller who is not signed in to the console: 403 `AUTH.ADMIN_REQUIRED`.
 */
@Injectable()
export class AdminAuthGuard extends AuthGuard('admin-jwt') {
  constructor(private readonly tokens: TokenService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (err) {
      // Anything but the strategy's refusal (a database failure while loading the admin) is not an answer about the token.
      if (!(err instanceof UnauthorizedException)) throw err;
      const token = bearerOf(context.switchToHttp().getRequest<Request>());
      if (token && (await this.ofAnotherAudience(token))) throw adminAccessRequired();
      throw err;
    }
  }

  /** Whether the token is one the server would accept on the routes of another audience. Only ever asked after the admin strategy refused it. */
  private async ofAnotherAudience(token: string): Promise<boolean> {
    if (await this.tokens.authenticate(token, 'user')) return true;
    // Founder tokens: no context loads them yet (identity's principal loader leaves them to the founder context, to
    // come), so there is no token version to compare; a founder token the server signed, unexpired, with every claim,
    // is taken as one. Once the founder context loads them, use authenticate(token, 'founder') here.
    return this.tokens.verify(token, 'founder') !== null;
  }
}

@Injectable()
export class FounderAuthGuard extends AuthGuard('founder-jwt') {}

/** The authenticated principal that the guard put on the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
