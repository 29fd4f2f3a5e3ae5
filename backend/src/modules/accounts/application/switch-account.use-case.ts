import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { Account } from '../domain/account.js';
import { AccountNotFound } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, type AccountRepository } from '../domain/ports.js';

@Injectable()
export class SwitchAccountUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
  ) {}

  /** Under the owner's lock, so a deletion running beside it cannot leave the user without an active account. */
  async execute(userId: string, accountId: unknown): Promise<Account> {
    if (typeof accountId !== 'string') throw AccountNotFound();
    const account = await this.uow.inTransaction(async () => {
      await this.accounts.lockOwner(userId);
      if (!(await this.accounts.activate(userId, accountId))) throw AccountNotFound();
      return this.accounts.findOwned(accountId, userId);
    });
    if (!account) throw AccountNotFound();
    await this.events.publish('accounts.active-changed', { userId });
    return account;
  }
}
