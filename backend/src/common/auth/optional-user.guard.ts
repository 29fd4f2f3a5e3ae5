import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/**
 * For routes open to visitors that answer differently to a signed-in user (lists, views): a valid user token sets the
 * principal, no token leaves it null, and a bad token is refused as elsewhere.
 */
@Injectable()
export class OptionalUserAuthGuard extends AuthGuard('user-jwt') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!req.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }
}
