import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError } from '../../../common/errors/domain-error.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { Account, handleCandidates, MAX_ACCOUNTS_PER_USER } from '../domain/account.js';
import { validateAccountInput, type AccountFields, type AccountInput } from '../domain/account-rules.js';
import { AccountLimitReached, AccountNotFound, HandleTaken } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, type AccountRepository } from '../domain/ports.js';

/** Adds a channel to the user's accounts (not made active). Handle from the display name when none is given. */
@Injectable()
export class CreateAccountUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: string, input: AccountInput): Promise<Account> {
    const { problems, value } = validateAccountInput(input, true);
    if (problems.length) throw new ValidationError(problems);
    const derived = !value.handle;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.createOnce(userId, value, derived);
      } catch (e) {
        // Another request took the derived handle between our check and our insert: take the next candidate.
        if (derived && attempt < 4 && e instanceof DomainError && e.code === 'ACCOUNTS.HANDLE_TAKEN') continue;
        throw e;
      }
    }
  }

  /** Counts and inserts under the owner's lock, so concurrent requests cannot pass the limit together. */
  private createOnce(userId: string, value: AccountFields, derived: boolean): Promise<Account> {
    return this.uow.inTransaction(async () => {
      await this.accounts.lockOwner(userId);
      const existing = await this.accounts.listOf(userId);
      // A living user always has a primary account; none means the user was deleted while this request ran.
      if (!existing.some((a) => a.isPrimary)) throw AccountNotFound();
      if (existing.length >= MAX_ACCOUNTS_PER_USER) throw AccountLimitReached(MAX_ACCOUNTS_PER_USER);
      const handle = derived ? await this.accounts.firstFreeHandle(handleCandidates(value.displayName!)) : value.handle!;
      if (!handle || (!derived && (await this.accounts.handleTaken(handle)))) throw HandleTaken();
      const account = Account.create(userId, { ...value, displayName: value.displayName!, handle });
      this.accounts.add(account);
      await this.uow.commit();
      return account;
    });
  }
}
