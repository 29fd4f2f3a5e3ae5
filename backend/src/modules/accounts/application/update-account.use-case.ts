import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { Account } from '../domain/account.js';
import { validateAccountInput, type AccountInput } from '../domain/account-rules.js';
import { AccountNotFound, HandleTaken } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, type AccountRepository } from '../domain/ports.js';
import { DomainEvents } from '../../../common/events/domain-events.js';

@Injectable()
export class UpdateAccountUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    private readonly durable: DurableEvents,
  ) {}

  async execute(userId: string, accountId: string, input: AccountInput): Promise<Account> {
    const account = await this.accounts.findOwned(accountId, userId);
    if (!account) throw AccountNotFound();
    const { problems, value } = validateAccountInput(input, false);
    if (problems.length) throw new ValidationError(problems);
    if (value.handle && value.handle !== account.handle && (await this.accounts.handleTaken(value.handle, account.id))) throw HandleTaken();
    const before = account.mediaVisibility;
    account.apply(value);
    this.durable.record('accounts.profile-changed', { userId, accountId: account.id });
    await this.uow.commit();
    if (account.mediaVisibility !== before) {
      await this.events.publish('accounts.visibility-changed', { accountId: account.id, visibility: account.mediaVisibility });
    }
    return account;
  }
}
