import { Inject, Injectable } from '@nestjs/common';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { Account } from '../domain/account.js';
import { AccountNotFound } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from '../domain/ports.js';

@Injectable()
export class SwitchAccountUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    private readonly events: DomainEvents,
  ) {}

  async execute(userId: string, accountId: unknown): Promise<Account> {
    if (typeof accountId !== 'string' || !(await this.accounts.activate(userId, accountId))) throw AccountNotFound();
    await this.events.publish('accounts.active-changed', { userId });
    const account = await this.accounts.findOwned(accountId, userId);
    if (!account) throw AccountNotFound();
    return account;
  }
}
