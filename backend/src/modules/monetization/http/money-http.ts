import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { isUuid } from '../../../common/keyset.js';
import type { DecisionRequestDto } from './monetization.dto.js';

/**
 * An admin's decision on one item: the item as it now is, 404 for an unknown id, 409 when already decided. (@HttpCode(200)
 * stays beside it on each route, where the OpenAPI generator sees it.)
 */
export function AdminDecision(type: new () => unknown) {
  return applyDecorators(
    AdminConsole(),
    ApiResponse({ status: 200, type }),
    ApiResponse({ status: 404, type: ErrorResponseDto }),
    ApiResponse({ status: 409, type: ErrorResponseDto }),
  );
}

/** The addresses this site is reached at, for checking a checkout's return address. */
export function siteOrigins(req: Request): string[] {
  const host = req.headers.host;
  return host ? [`${req.protocol}://${host}`] : [];
}

/** An admin's optional reason (shown to the creator; at most 500 characters, checked by DecisionRequestDto), or null. */
export function reasonOf(body: DecisionRequestDto): string | null {
  return body.reason?.trim() || null;
}

/** A path id: a uuid (lower-cased), or the route's not-found error. */
export function checkId(id: string, notFound: () => Error): string {
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}
