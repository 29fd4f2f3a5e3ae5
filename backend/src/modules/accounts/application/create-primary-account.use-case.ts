import { Inject, Injectable } from '@nestjs/common';
import { Account, handleCandidates } from '../domain/account.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from '../domain/ports.js';

/**
 * The first account of a new user: type creator, handle from the display name, primary and active. Joins the
 * caller's unit of work (registration's): no flush here.
 */
@Injectable()
export class CreatePrimaryAccountUseCase {
  constructor(@Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository) {}

  async execute(input: { userId: string; displayName: string }): Promise<Account> {
    const candidates = handleCandidates(input.displayName);
    const handle = (await this.accounts.firstFreeHandle(candidates)) ?? `${candidates[0].slice(0, 20)}${Date.now().toString(36).slice(-8)}`;
    const account = Account.primary(input.userId, input.displayName, handle);
    this.accounts.add(account);
    return account;
  }
}
