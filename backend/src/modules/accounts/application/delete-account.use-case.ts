import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DomainEvents } from '../../../common/events/domain-events.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { AccountNotFound } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, type AccountRepository } from '../domain/ports.js';
import { AccountPurge } from './account-purge.js';

/** Deletes one of the user's accounts (never the primary). Its content is removed by a background job. */
@Injectable()
export class DeleteAccountUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly purge: AccountPurge,
    private readonly events: DomainEvents,
    private readonly durable: DurableEvents,
  ) {}

  /** One transaction under the owner's lock: the deletion and the primary's return to active happen together. */
  async execute(userId: string, accountId: string): Promise<void> {
    const wasActive = await this.uow.inTransaction(async () => {
      await this.accounts.lockOwner(userId);
      const account = await this.accounts.findOwned(accountId, userId);
      if (!account) throw AccountNotFound();
      const active = account.isActive;
      account.markDeleted();
      // Search and feeds drop the account's content at once, before the purge job removes it.
      this.durable.record('accounts.profile-changed', { userId, accountId });
      await this.uow.commit();
      if (active) await this.accounts.activatePrimary(userId);
      return active;
    });
    if (wasActive) await this.events.publish('accounts.active-changed', { userId });
    await this.purge.schedule(accountId);
  }
}
