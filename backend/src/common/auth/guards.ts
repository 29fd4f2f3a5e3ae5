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
 * the reason). A valid token of another audience (a user's, an is_admin user's included, or a founder's, checked against
 * the founder's token version) proves a caller who is not signed in to the console: 403 `AUTH.ADMIN_REQUIRED`.
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
    return (await this.tokens.authenticate(token, 'founder')) !== null;
  }
}

export const FOUNDER_ACCESS_REQUIRED = 'Founder access required: sign in at the founder access screen';

/** The founder's 403: the caller proved who they are, with a token that is not the founder's. */
export const founderAccessRequired = () => new DomainError('forbidden', 'AUTH.FOUNDER_REQUIRED', FOUNDER_ACCESS_REQUIRED);

/**
 * The founder's routes (use `FounderOnly()` from founder-only.ts, which also declares the answers). A founder token that
 * is valid and not revoked (the founder's current token version) passes. No token, a bad, expired or revoked one: 401.
 * A valid token of another audience (a user's, an admin's) proves a caller who is not the founder: 403
 * `AUTH.FOUNDER_REQUIRED`.
 */
@Injectable()
export class FounderAuthGuard extends AuthGuard('founder-jwt') {
  constructor(private readonly tokens: TokenService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (err) {
      if (!(err instanceof UnauthorizedException)) throw err;
      const token = bearerOf(context.switchToHttp().getRequest<Request>());
      if (token && ((await this.tokens.authenticate(token, 'user')) || (await this.tokens.authenticate(token, 'admin')))) throw founderAccessRequired();
      throw err;
    }
  }
}

/** The authenticated principal that the guard put on the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
