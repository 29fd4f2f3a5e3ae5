import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { UserJwtStrategy, type AudienceStrategy } from './jwt.strategies.js';
import { authenticateContext } from './strategy-guard.js';

/**
 * For routes open to visitors that answer differently to a signed-in user (lists, views): a valid user token sets the
 * principal, no token leaves it null, and a bad token is refused as elsewhere.
 */
@Injectable()
export class OptionalUserAuthGuard implements CanActivate {
  constructor(@Inject(UserJwtStrategy) private readonly strategy: AudienceStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!req.headers.authorization) return true;
    return authenticateContext(this.strategy, context);
  }
}
