import { Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { ViewerEntitlements } from '../domain/ports.js';

/** Premium access as the identity context knows it (premium not expired, or an administrator). */
@Injectable()
export class IdentityEntitlements implements ViewerEntitlements {
  constructor(private readonly identity: IdentityFacade) {}

  hasPremiumAccess(userId: string): Promise<boolean> {
    return this.identity.hasPremiumAccess(userId);
  }

  exists(userId: string): Promise<boolean> {
    return this.identity.exists(userId);
  }
}
