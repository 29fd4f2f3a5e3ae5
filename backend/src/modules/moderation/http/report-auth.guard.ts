import { HttpException, Injectable, type ExecutionContext } from '@nestjs/common';
import { UserAuthGuard } from '../../../common/auth/guards.js';
import { moderationErrors } from '../domain/moderation.errors.js';

/**
 * The user guard of the report route: a visitor (no token, or one that is not a valid user token) is told to sign
 * in with the seed's own sentence, 'Please login to report content' (401 AUTH.REQUIRED), instead of the generic 401.
 * Failures that are not about the token (the database down) pass through unchanged.
 */
@Injectable()
export class ReportAuthGuard extends UserAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await super.canActivate(context);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === 401) throw moderationErrors.loginRequired();
      throw err;
    }
  }
}
