import { createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Principal } from './principal.js';

@Injectable()
export class UserAuthGuard extends AuthGuard('user-jwt') {}

@Injectable()
export class AdminAuthGuard extends AuthGuard('admin-jwt') {}

@Injectable()
export class FounderAuthGuard extends AuthGuard('founder-jwt') {}

/** The authenticated principal that the guard put on the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
