import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_REPOSITORY, type AccountRepository } from '../domain/ports.js';

/**
 * The user is being deleted: every account goes (the primary too), under the owner's lock so no account can be
 * created beside it. Inside the caller's transaction. Returns the ids to purge once committed.
 */
@Injectable()
export class ReleaseAllAccountsUseCase {
  constructor(@Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository) {}

  async execute(userId: string): Promise<string[]> {
    await this.accounts.lockOwner(userId);
    const all = await this.accounts.listOf(userId);
    const now = new Date();
    for (const a of all) a.release(now);
    return all.map((a) => a.id);
  }
}
