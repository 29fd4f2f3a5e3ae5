import { Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { PlayerNames } from '../domain/game.ports.js';

/** Players' display names, through identity's facade. */
@Injectable()
export class IdentityPlayerNames implements PlayerNames {
  constructor(private readonly identity: IdentityFacade) {}

  usernames(userIds: string[]): Promise<Map<string, string>> {
    return userIds.length ? this.identity.usernames(userIds) : Promise.resolve(new Map());
  }
}
