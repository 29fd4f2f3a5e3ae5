import { Injectable, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AdminAuthGuard, FounderAuthGuard } from '../auth/guards.js';
import { MaintenanceError, MaintenanceMode } from './maintenance-mode.js';

/** Where @UseGuards keeps a class's or a handler's guards (@nestjs/common's GUARDS_METADATA). */
const GUARDS_METADATA = '__guards__';

/**
 * What stays open during maintenance: the admins' routes (/api/admin/**), the founder's (/api/founder/**), the health
 * check, the feature list and the public branding and manifest (/api/app/**), by path; and, wherever they live, the
 * routes of the admin console and the founder (guarded by the admin or founder token: /api/system/**, /api/updates/**,
 * the console's money and moderation routes).
 */
export const MAINTENANCE_OPEN_PREFIXES = ['/api/admin/', '/api/founder/', '/api/app/'] as const;
export const MAINTENANCE_OPEN_PATHS = ['/api/admin', '/api/founder', '/api/app', '/api/health', '/api/features'] as const;

/**
 * Whether a request path stays open during maintenance by its path alone. Routes match whatever the case (Express's
 * default), so the path is compared lower-cased: `/API/videos` is `/api/videos`, not a path outside the API.
 */
export function openDuringMaintenance(path: string): boolean {
  const lower = path.toLowerCase();
  const p = lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
  if (!p.startsWith('/api/') && p !== '/api') return true;
  return (MAINTENANCE_OPEN_PATHS as readonly string[]).includes(p) || MAINTENANCE_OPEN_PREFIXES.some((prefix) => p.startsWith(prefix));
}

/**
 * A global guard: while maintenance is on, every /api route but the open ones answers 503 `SYSTEM.MAINTENANCE` with
 * Retry-After, to users and visitors alike (no token is read). It runs before the routes' own guards.
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  /** Whether each handler belongs to the admin console or the founder (its guards), read from the metadata once. */
  private readonly privileged = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly maintenance: MaintenanceMode,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.maintenance.isOn || context.getType() !== 'http') return true;
    const handler = context.getHandler();
    let privileged = this.privileged.get(handler);
    if (privileged === undefined) {
      const guards = this.reflector.getAllAndMerge<(Type | object)[]>(GUARDS_METADATA, [context.getClass(), handler]) ?? [];
      privileged = guards.some((g) => g === AdminAuthGuard || g === FounderAuthGuard || g instanceof AdminAuthGuard || g instanceof FounderAuthGuard);
      this.privileged.set(handler, privileged);
    }
    if (privileged) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (openDuringMaintenance(request.path)) return true;
    throw new MaintenanceError();
  }
}
