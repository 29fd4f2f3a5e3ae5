import { applyDecorators, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { FeatureFlags, type KnownFeature } from './feature-flags.js';

const FEATURES = 'scriven:requires-feature';

/**
 * The route (or every route of the controller) answers 503 `SYSTEM.FEATURE_DISABLED`, naming the feature, while the
 * feature is switched off. Checked by FeatureGuard, a global guard: it runs before the routes' own guards, so a disabled
 * route answers 503 to everyone, signed in or not (no token is read for it).
 */
export function RequiresFeature(...names: KnownFeature[]) {
  return applyDecorators(
    SetMetadata(FEATURES, names),
    ApiResponse({ status: 503, type: ErrorResponseDto, description: `${names.map((n) => `"${n}"`).join(', ')} switched off (SYSTEM.FEATURE_DISABLED)` }),
  );
}

@Injectable()
export class FeatureGuard implements CanActivate {
  /** Each handler's features (the controller's and its own), read from the metadata once. */
  private readonly needs = new WeakMap<object, string[]>();

  constructor(
    private readonly reflector: Reflector,
    private readonly flags: FeatureFlags,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let names = this.needs.get(handler);
    if (!names) {
      names = this.reflector.getAllAndMerge<string[]>(FEATURES, [context.getClass(), handler]) ?? [];
      this.needs.set(handler, names);
    }
    for (const name of names) this.flags.assertEnabled(name);
    return true;
  }
}
