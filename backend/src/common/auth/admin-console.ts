import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { ADMIN_ACCESS_REQUIRED, AdminAuthGuard } from './guards.js';

/**
 * An admin-console route (or every route of a controller): the admin token's guard, and its two refusals in the
 * contract. 401: no token, or one that is bad, expired or revoked (a removed admin's). 403 `AUTH.ADMIN_REQUIRED`: a valid
 * token of another audience (a user's, an is_admin user's included: admins sign in at the console; or a founder's).
 */
export function AdminConsole() {
  return applyDecorators(
    UseGuards(AdminAuthGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 401, type: ErrorResponseDto, description: 'No admin token, or a bad, expired or revoked one' }),
    ApiResponse({ status: 403, type: ErrorResponseDto, description: `A valid token of another audience (a user's or a founder's): '${ADMIN_ACCESS_REQUIRED}'` }),
  );
}
