import { Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { UserDirectory } from '../domain/ports.js';

/** Users' display names and existence, through identity's facade. */
@Injectable()
export class IdentityUserDirectory implements UserDirectory {
  constructor(private readonly identity: IdentityFacade) {}

  usernames(userIds: string[]): Promise<Map<string, string>> {
    return this.identity.usernames(userIds);
  }

  exists(userId: string): Promise<boolean> {
    return this.identity.exists(userId);
  }
}
