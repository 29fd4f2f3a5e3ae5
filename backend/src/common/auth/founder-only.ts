import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { FOUNDER_ACCESS_REQUIRED, FounderAuthGuard } from './guards.js';

/**
 * A founder route (or every route of a controller): the founder token's guard, and its two refusals in the contract.
 * 401: no token, or one that is bad, expired or revoked (the founder was set up again since). 403
 * `AUTH.FOUNDER_REQUIRED`: a valid token of another audience (a user's, an admin's).
 */
export function FounderOnly() {
  return applyDecorators(
    UseGuards(FounderAuthGuard),
    ApiBearerAuth(),
    ApiResponse({ status: 401, type: ErrorResponseDto, description: 'No founder token, or a bad, expired or revoked one' }),
    ApiResponse({ status: 403, type: ErrorResponseDto, description: `A valid token of another audience (a user's or an admin's): '${FOUNDER_ACCESS_REQUIRED}'` }),
  );
}
