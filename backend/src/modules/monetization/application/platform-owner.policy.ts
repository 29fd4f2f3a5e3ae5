import { Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { moneyErrors } from '../domain/rules.js';

/** The platform's own money (earnings, bank account, withdrawals) is the owner's: administrators only. */
@Injectable()
export class PlatformOwnerPolicy {
  constructor(private readonly identity: IdentityFacade) {}

  async require(userId: string): Promise<void> {
    if (!(await this.identity.isAdmin(userId))) throw moneyErrors.adminOnly();
  }
}
